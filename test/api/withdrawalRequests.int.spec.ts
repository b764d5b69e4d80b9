import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { MyWithdrawals, WithdrawalDto } from '../../api/contract/withdrawals.ts';
import { sweepWithdrawals } from '../../api/wallet/withdrawals.ts';
import { StoreUnavailableError } from '../../engine/eventStore.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { deposit } from './roomsHelpers.ts';

/**
 * A withdrawal request sent twice (a double tap, a retry, a crafted request), two at once, or cut
 * between its hold and its record: what is recorded and paid out is what the wallet holds, the
 * daily maximum holds, and held cash never stays without a withdrawal to show for it.
 */
const env = { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0' };
const cash = async (m: Client) => (await m.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;
const mine = async (m: Client) => (await m.call<MyWithdrawals>('GET', '/api/me/withdrawals')).body.withdrawals;
const ask = (m: Client, amount: number, id = randomUUID()) =>
  m.call<{ withdrawal?: WithdrawalDto; message?: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/me/withdrawals',
    { request_id: id, amount, destination: { kind: 'upi', vpa: 'arun@okaxis' } },
  );
/** The same request id sent twice, the second with another amount, `stagger` ms after the first. */
const twice = async (m: Client, first: number, second: number, stagger: number) => {
  const id = randomUUID();
  const one = ask(m, first, id);
  await new Promise((r) => setTimeout(r, stagger));
  await Promise.all([one, ask(m, second, id)]);
  return (await mine(m)).find((w) => w.id === id);
};

describe('one request id sent twice with two amounts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { ...env, WITHDRAWAL_DAILY_MAX_PAISE: '100000000' } });
  });
  afterAll(() => server.stop());

  it('records and pays out exactly the amount held from the wallet', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const m = await loggedIn(server, 'member2@vetrideals.in', 'Member@123');
    await deposit(server, m, 50_000_00);
    const seen: { held: number; recorded: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const before = await cash(m);
      const row = await twice(m, 100_00, 5_000_00, i % 10);
      if (row) seen.push({ held: before - (await cash(m)), recorded: row.amount });
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((s) => s.held !== s.recorded)).toEqual([]);
    // The payout sends what was recorded, which is what was held.
    const last = (await mine(m))[0]!;
    await admin.call('POST', `/api/admin/withdrawals/${last.id}/approve`);
    const file = join(server.dataDir, 'payouts.ndjson');
    const sent = existsSync(file)
      ? readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { withdrawalId: string; amountPaise: number })
      : [];
    expect(sent.find((p) => p.withdrawalId === last.id)?.amountPaise).toBe(last.amount);
  });

  it('never records more than the wallet held, and the second amount is refused in words', async () => {
    const m = await loggedIn(server, 'member4@vetrideals.in', 'Member@123');
    await deposit(server, m, 1_000_00);
    const overdrawn: { balanceBefore: number; recorded: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const before = await cash(m);
      const row = await twice(m, 100_00, 40_000_00, i % 10);
      if (row && row.amount > before) overdrawn.push({ balanceBefore: before, recorded: row.amount });
    }
    expect(overdrawn).toEqual([]);
    const id = randomUUID();
    expect((await ask(m, 100_00, id)).status).toBe(200);
    expect((await ask(m, 200_00, id)).body.error).toMatchObject({
      code: 'WITHDRAWAL_AMOUNT_CHANGED',
      message:
        'This request was already sent for another amount, so nothing more was held. Check the amount and send it again.',
    });
  });
});

describe('the daily maximum', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, env });
  });
  afterAll(() => server.stop());

  it('holds against two requests sent at once', async () => {
    const m = await loggedIn(server, 'member3@vetrideals.in', 'Member@123');
    await deposit(server, m, 50_000_00);
    const before = await cash(m);
    // The default daily maximum is ₹25,000: of two ₹20,000 requests at once, one is refused.
    const answers = await Promise.all([ask(m, 20_000_00), ask(m, 20_000_00)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.error).toEqual({
      code: 'WITHDRAWAL_DAILY_LIMIT',
      message: 'You can withdraw up to ₹25,000 a day; ₹5,000 is left today.',
      details: { dailyMax: '₹25,000', leftToday: '₹5,000' },
    });
    const requested = (await mine(m)).filter((w) => w.status === 'requested');
    expect(requested.reduce((s, w) => s + w.amount, 0)).toBe(20_000_00);
    expect(await cash(m)).toBe(before - 20_000_00);
  });
});

describe('a withdrawal request cut between its hold and its record', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vetri-withdraw-'));
  const clock = createManualClock('2026-11-24T04:30:00.000Z');
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, dataDir, env, clock });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The store refuses the next append to a `withdrawal-…` stream (a full disk, a lock), once. */
  const failNextWithdrawalAppend = () => {
    const store = server.deps.store;
    const append = store.append.bind(store);
    let armed = true;
    store.append = (stream, events, options) => {
      if (armed && stream.startsWith('withdrawal-')) {
        armed = false;
        return Promise.reject(new StoreUnavailableError('disk full (test)'));
      }
      return append(stream, events, options);
    };
  };

  it('gives the cash back at the next start when the member never retries', async () => {
    let m = await loggedIn(server, 'member2@vetrideals.in', 'Member@123');
    await deposit(server, m, 2_000_00);
    const before = await cash(m);
    failNextWithdrawalAppend();
    expect((await ask(m, 1_000_00)).status).toBe(503);
    expect(await cash(m)).toBe(before - 1_000_00);
    // The member gives up; the server restarts a minute later on the same data.
    await server.stop();
    clock.advance(60_000);
    server = await startTestServer({ dataDir, env, clock });
    m = await loggedIn(server, 'member2@vetrideals.in', 'Member@123');
    expect(await cash(m)).toBe(before);
    expect(await mine(m)).toEqual([]);
  });

  it('a retry with the same id records the held amount; another amount under it is refused', async () => {
    const m = await loggedIn(server, 'member3@vetrideals.in', 'Member@123');
    await deposit(server, m, 1_000_00);
    const before = await cash(m);
    const id = randomUUID();
    failNextWithdrawalAppend();
    expect((await ask(m, 100_00, id)).status).toBe(503);
    // The member edits the amount and presses again under the same id: nothing is recorded.
    const edited = await ask(m, 20_000_00, id);
    expect(edited.body.error?.code).toBe('WITHDRAWAL_AMOUNT_CHANGED');
    expect(await mine(m)).toEqual([]);
    // The same request again completes it, for what was held.
    const retried = await ask(m, 100_00, id);
    expect(retried.status).toBe(200);
    expect(retried.body.withdrawal).toMatchObject({ id, amount: 100_00, status: 'requested' });
    expect(await cash(m)).toBe(before - 100_00);
    // The sweeper leaves a recorded withdrawal's hold alone.
    clock.advance(60_000);
    await sweepWithdrawals({ ...server.deps, payouts: server.deps.payouts! });
    expect(await cash(m)).toBe(before - 100_00);
  });

  it('the running sweeper gives the cash back once, and a late retry of that request is refused in words', async () => {
    const m = await loggedIn(server, 'member4@vetrideals.in', 'Member@123');
    await deposit(server, m, 1_000_00);
    const before = await cash(m);
    const id = randomUUID();
    failNextWithdrawalAppend();
    expect((await ask(m, 300_00, id)).status).toBe(503);
    const sweep = () => sweepWithdrawals({ ...server.deps, payouts: server.deps.payouts! });
    // A hold this young may still be recorded by its request: left alone.
    await sweep();
    expect(await cash(m)).toBe(before - 300_00);
    clock.advance(60_000);
    await sweep();
    await sweep();
    expect(await cash(m)).toBe(before);
    const late = await ask(m, 300_00, id);
    expect(late.body.error).toEqual({
      code: 'WITHDRAWAL_ABANDONED',
      message:
        'This request took too long and was cancelled; its amount goes back to your wallet. Please send a new request.',
    });
    expect(await cash(m)).toBe(before);
    expect(await mine(m)).toEqual([]);
  });
});
