import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { RevenueReport } from '../../api/contract/admin.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** The admins' CSV exports on a seeded server: rows that match what members and screens see, filters, roles. */

const clock = createManualClock(Date.parse('2026-11-22T04:30:00.000Z'));
let server: TestServer;
let auditor: Client;

/** Parses our CSV (quoted cells with doubled quotes, CRLF rows) into header → value records. */
const parse = (text: string): Record<string, string>[] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  const [header, ...data] = rows;
  return data.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
};
const download = async (c: Client | null, path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: c?.cookie ? { cookie: c.cookie } : {} });
  return { status: res.status, disposition: res.headers.get('content-disposition'), rows: parse(await res.text()) };
};

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' } });
  auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
});
afterAll(async () => {
  await server.stop();
});

describe('CSV exports', () => {
  it('deals: every accepted deal of the matching rooms, in order, in rupees and India time', async () => {
    const out = await download(auditor, '/api/admin/deals.csv?q=VTR100');
    expect(out.status).toBe(200);
    expect(out.disposition).toBe('attachment; filename="vetri-deals-2026-11-22.csv"');
    const history = (await (await fetch(`${server.url}/api/rooms/VTR100/bids`)).json()) as {
      history: { bid_amount: number }[];
    };
    expect(out.rows.map((r) => Number(r['Price (₹)']))).toEqual(
      history.history.map((h) => h.bid_amount / 100).sort((a, b) => a - b),
    );
    expect(out.rows.map((r) => r['Deal no.'])).toEqual(out.rows.map((_, i) => String(i + 1)));
    expect(out.rows[0]!['Time (IST)']).toMatch(/^2026-11-22T\d\d:\d\d:\d\d\+05:30$/);
    expect((await download(auditor, '/api/admin/deals.csv?q=NOSUCHROOM')).rows).toEqual([]);
  });

  it('wallet transactions: a member’s rows are exactly their own transaction list', async () => {
    const member = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
    const me = (await member.call<{ user: { id: string } }>('GET', '/api/auth/session')).body.user.id;
    const own = (
      await member.call<{ transactions: { id: string; type: string; amount: number; sign: '+' | '-' }[] }>(
        'GET',
        '/api/me/wallet/transactions',
      )
    ).body.transactions;
    const out = await download(auditor, '/api/admin/wallet-transactions.csv');
    const mine = out.rows.filter((r) => r['Member id'] === me);
    expect(mine.length).toBe(own.length);
    expect(
      new Set(mine.map((r) => `${r['Transaction id']}|${r.Type}|${Math.round(Number(r['Amount (₹)']) * 100)}`)),
    ).toEqual(new Set(own.map((t) => `${t.id}|${t.type}|${t.sign === '-' ? -t.amount : t.amount}`)));
    const deposits = await download(auditor, '/api/admin/wallet-transactions.csv?type=deposit');
    expect(deposits.rows.length).toBeGreaterThan(0);
    expect(deposits.rows.every((r) => r.Type === 'deposit')).toBe(true);
    expect((await download(auditor, '/api/admin/wallet-transactions.csv?from=2026-11-23')).rows).toEqual([]);
  });

  it('users: the list’s search, and no secrets', async () => {
    const out = await download(auditor, '/api/admin/users.csv?search=member1@');
    expect(out.rows.map((r) => r.Email)).toEqual(['member1@vetrideals.in']);
    expect(Object.keys(out.rows[0]!)).toEqual([
      'User id',
      'Name',
      'Email',
      'Mobile',
      'District',
      'Role',
      'Access',
      'Referral code',
      'Joined (IST)',
    ]);
    const all = await download(auditor, '/api/admin/users.csv');
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const listed = (await admin.call<{ total_users: number }>('GET', '/api/admin/users')).body.total_users;
    expect(all.rows).toHaveLength(listed);
    expect(JSON.stringify(all.rows)).not.toMatch(/scrypt|argon|\$2[aby]\$|password/i);
  });

  it('orders: the header and filter of the orders screen', async () => {
    const out = await download(auditor, '/api/admin/orders.csv?shipment_status=shipped');
    expect(out.status).toBe(200);
    expect((await download(auditor, '/api/admin/orders.csv?shipment_status=lost')).status).toBe(400);
  });

  it('is for admins and auditors only', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    for (const path of ['deals', 'wallet-transactions', 'orders', 'users']) {
      expect((await download(member, `/api/admin/${path}.csv`)).status).toBe(403);
      expect((await download(null, `/api/admin/${path}.csv`)).status).toBe(401);
    }
  });
});

describe('the revenue report', () => {
  it('sums the seeded log per day and month, and its liabilities equal the members’ wallets', async () => {
    const day = (await auditor.call<RevenueReport>('GET', '/api/admin/revenue')).body;
    expect(day.period).toBe('day');
    expect(day.series).toHaveLength(30);
    expect(day.to).toBe('2026-11-22');
    const wallets = server.deps.readDb.sqlite
      .prepare('SELECT sum(cash) AS cash, sum(reward_cash) AS reward, sum(held) AS held FROM rm_wallets')
      .get() as { cash: number; reward: number; held: number };
    expect(day.liabilities).toEqual({
      wallet_cash: wallets.cash,
      reward_outstanding: wallets.reward,
      fees_in_escrow: wallets.held,
    });
    const deposits = (await download(auditor, '/api/admin/wallet-transactions.csv?type=deposit')).rows;
    expect(day.totals.deposits).toBe(deposits.reduce((s, r) => s + Math.round(Number(r['Amount (₹)']) * 100), 0));
    expect(day.totals.fees_kept).toBe(50_00);
    expect(day.series.at(-1)!.values.deposits).toBe(day.totals.deposits);

    const month = (await auditor.call<RevenueReport>('GET', '/api/admin/revenue?period=month')).body;
    expect(month.series.map((m) => m.period)).toHaveLength(12);
    expect(month.series.at(-1)).toMatchObject({ period: '2026-11' });
    expect(month.totals).toEqual(day.totals);
  });

  it('refuses a backwards range, and members', async () => {
    expect((await auditor.call('GET', '/api/admin/revenue?from=2026-11-20&to=2026-11-01')).status).toBe(400);
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    expect((await member.call('GET', '/api/admin/revenue')).status).toBe(403);
  });
});
