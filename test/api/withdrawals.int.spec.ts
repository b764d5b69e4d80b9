import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { MyWithdrawals, WithdrawalDto } from '../../api/contract/withdrawals.ts';
import { dataDirSecret } from '../../api/secrets.ts';
import type { Client } from '../helpers/http.ts';
import { AUDITOR_LOGIN, loggedIn } from '../helpers/http.ts';
import { createRoom, deposit, startRoomsServer } from './roomsHelpers.ts';

const clock = createManualClock('2026-11-24T04:30:00.000Z');
let started: Awaited<ReturnType<typeof startRoomsServer>>;
let member: Client;

beforeAll(async () => {
  started = await startRoomsServer(clock, { NOTIFY_INTERVAL_MS: '0' });
  member = started.members[0]!;
});
afterAll(() => started.server.stop());

const cash = async (m: Client) => (await m.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;
const ask = (m: Client, amount: number, destination: Record<string, string>, id = randomUUID()) =>
  m.call<{ withdrawal: WithdrawalDto; message: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/me/withdrawals',
    { request_id: id, amount, destination },
  );
const upi = (vpa: string) => ({ kind: 'upi', vpa });

describe('withdrawals: held at once, approved and paid out, or rejected and returned, once', () => {
  it('holds the amount at once; an admin approves and the sandbox pays it', async () => {
    await deposit(started.server, member, 1_000_00);
    const before = await cash(member);
    const id = randomUUID();
    const asked = await ask(member, 300_00, upi('arun@okaxis'), id);
    expect(asked.status).toBe(200);
    expect(asked.body.withdrawal).toMatchObject({
      status: 'requested',
      amount: 300_00,
      destination: 'UPI arun@okaxis',
    });
    expect(await cash(member)).toBe(before - 300_00);
    // The same request again (a double tap, a retry) holds nothing more.
    expect((await ask(member, 300_00, upi('arun@okaxis'), id)).status).toBe(200);
    expect(await cash(member)).toBe(before - 300_00);

    const approved = await started.admin.call<{ withdrawal: WithdrawalDto; message: string }>(
      'POST',
      `/api/admin/withdrawals/${id}/approve`,
    );
    expect(approved.body.withdrawal.status).toBe('paid');
    expect(approved.body.message).toBe('Paid ₹300 to UPI arun@okaxis.');
    expect(await cash(member)).toBe(before - 300_00);
    expect((await started.admin.call('POST', `/api/admin/withdrawals/${id}/approve`)).status).toBe(422);
    const mine = (await member.call<MyWithdrawals>('GET', '/api/me/withdrawals')).body;
    expect(mine.withdrawals[0]).toMatchObject({ id, status: 'paid' });
    expect(mine.limits.left_today).toBe(mine.limits.daily_max - 300_00);
  });

  it('a rejection needs a reason, returns the cash once, and the member sees why', async () => {
    const before = await cash(member);
    const id = randomUUID();
    await ask(
      member,
      200_00,
      { kind: 'bank', account_number: '123456789012', ifsc: 'sbin0001234', holder: 'Arun Kumar' },
      id,
    );
    expect(await cash(member)).toBe(before - 200_00);
    const noReason = await started.admin.call('POST', `/api/admin/withdrawals/${id}/reject`, { reason: ' ' });
    expect(noReason.status).toBe(422);
    const rejected = await started.admin.call<{ withdrawal: WithdrawalDto }>(
      'POST',
      `/api/admin/withdrawals/${id}/reject`,
      {
        reason: 'Bank details do not match your profile',
      },
    );
    expect(rejected.body.withdrawal).toMatchObject({
      status: 'rejected',
      reason: 'Bank details do not match your profile',
      destination: 'A/c ••••9012 (SBIN0001234)',
    });
    expect(await cash(member)).toBe(before);
    expect(
      (await started.admin.call('POST', `/api/admin/withdrawals/${id}/reject`, { reason: 'again, twice' })).status,
    ).toBe(422);
    expect(await cash(member)).toBe(before);
  });

  it('a failed payout returns the cash once, even when the provider says so again by webhook', async () => {
    const before = await cash(member);
    const id = randomUUID();
    await ask(member, 150_00, upi('fail@okaxis'), id);
    const approved = await started.admin.call<{ withdrawal: WithdrawalDto }>(
      'POST',
      `/api/admin/withdrawals/${id}/approve`,
    );
    expect(approved.body.withdrawal).toMatchObject({ status: 'failed' });
    expect(await cash(member)).toBe(before);

    const secret = dataDirSecret(started.server.dataDir, 'payout-webhook');
    const body = JSON.stringify({
      event: 'payout.failed',
      payload: { payout: { entity: { id: 'pout_x', reference_id: id, status: 'failed' } } },
    });
    const sign = (raw: string) => createHmac('sha256', secret).update(raw).digest('hex');
    const hook = (raw: string, signature: string) =>
      fetch(`${started.server.url}/api/payouts/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, origin: started.server.url },
        body: raw,
      });
    expect((await hook(body, 'bad')).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await hook(body, sign(body))).status).toBe(200);
    expect(await cash(member)).toBe(before);
  });

  it('holds to the limits and the balance: minimum, daily maximum, reward cash never, held cash not for pre-books', async () => {
    const two = started.members[1]!;
    const refused = async (amount: number, destination = upi('priya@okicici')) =>
      (await ask(two, amount, destination)).body;
    expect(await refused(50_00)).toMatchObject({
      error: { code: 'WITHDRAWAL_TOO_SMALL', message: 'The smallest withdrawal is ₹100.' },
    });
    expect(await refused(100_50)).toMatchObject({ error: { code: 'WITHDRAWAL_AMOUNT' } });
    expect(await refused(30_000_00)).toMatchObject({ error: { code: 'WITHDRAWAL_DAILY_LIMIT' } });
    expect(await refused(100_00, upi('not-a-upi'))).toMatchObject({ error: { code: 'WITHDRAWAL_DESTINATION' } });
    // Only cash: all of it out, and nothing is left for a pre-book.
    const all = await cash(two);
    const rounded = Math.floor(all / 100_00) * 100_00;
    expect((await ask(two, rounded, upi('priya@okicici'))).status).toBe(200);
    expect(await refused(100_00)).toMatchObject({ error: { code: 'INSUFFICIENT_FUNDS' } });
    const code = await createRoom(started.admin, started.productId, clock.now() + 60 * 60_000, {
      entry_fee: all - rounded + 10_00,
      max_participants: 2,
    });
    expect((await two.call('POST', `/api/rooms/${code}/prebook`)).status).not.toBe(200);
  });

  it('admins decide, auditors only read, members see only their own', async () => {
    const auditor = await loggedIn(started.server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
    const queue = await auditor.call<{ withdrawals: WithdrawalDto[] }>(
      'GET',
      '/api/admin/withdrawals?status=requested',
    );
    expect(queue.status).toBe(200);
    expect(queue.body.withdrawals.every((w) => w.status === 'requested')).toBe(true);
    const pending = queue.body.withdrawals[0]!;
    expect((await auditor.call('POST', `/api/admin/withdrawals/${pending.id}/approve`)).status).toBe(403);
    expect((await member.call('GET', '/api/admin/withdrawals')).status).toBe(403);
    expect(
      (await member.call('POST', `/api/admin/withdrawals/${pending.id}/reject`, { reason: 'not mine' })).status,
    ).toBe(403);
    const others = (await member.call<MyWithdrawals>('GET', '/api/me/withdrawals')).body.withdrawals;
    expect(others.some((w) => w.id === pending.id)).toBe(false);
  });
});
