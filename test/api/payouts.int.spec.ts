import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WithdrawalDto } from '../../api/contract/withdrawals.ts';
import { razorpayPayouts } from '../../api/payouts/index.ts';
import { dataDirSecret } from '../../api/secrets.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { deposit } from './roomsHelpers.ts';

/**
 * Razorpay's Payouts API, stood in on 127.0.0.1: it checks what we send and answers as Razorpay
 * does, or (`answer` = 'drop') breaks the connection, or answers a body that is not JSON.
 */
const seen: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let answer: { status: number; body: Record<string, unknown> | string } | 'drop' = { status: 200, body: {} };
/** Payouts Razorpay holds, by our reference: what `GET /v1/payouts?reference_id=` finds. */
const made = new Map<string, { id: string; status: string }>();
/** The next POST makes this payout whatever its answer says (a 5xx or a dropped line after the fact). */
let makeAnyway: { id: string; status: string } | null = null;
const lookups: string[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://razorpay.test');
    if (url.pathname === '/v1/payouts' && req.method === 'GET') {
      const reference = url.searchParams.get('reference_id') ?? '';
      lookups.push(reference);
      const payout = made.get(reference);
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ entity: 'collection', count: payout ? 1 : 0, items: payout ? [payout] : [] }));
    }
    if (url.pathname !== '/v1/payouts' || req.method !== 'POST') return void res.writeHead(404).end();
    const sent = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
    seen.push({ headers: req.headers, body: sent });
    if (makeAnyway) made.set(String(sent.reference_id), makeAnyway);
    makeAnyway = null;
    if (answer === 'drop') return void res.socket?.destroy();
    if (answer.status < 300 && typeof answer.body === 'object' && typeof answer.body.id === 'string')
      made.set(String(sent.reference_id), { id: answer.body.id, status: String(answer.body.status) });
    const { status, body } = answer;
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(typeof body === 'string' ? body : JSON.stringify(body));
  });
});
let apiUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const payouts = () =>
  razorpayPayouts({
    keyId: 'rzp_test_k',
    keySecret: 's3cret',
    accountNumber: '2323230000000001',
    webhookSecret: 'wh',
    apiUrl,
  });

describe('the Razorpay Payouts adapter', () => {
  it('sends a UPI payout with basic auth, the idempotency key and the fund account inline', async () => {
    answer = { status: 200, body: { id: 'pout_1', status: 'processed' } };
    const outcome = await payouts().pay({
      withdrawalId: 'b5a9a3c2-0000-4000-8000-000000000001',
      amountPaise: 300_00,
      destination: { kind: 'upi', vpa: 'arun@okaxis' },
    });
    expect(outcome).toEqual({ status: 'processed', payoutId: 'pout_1' });
    const { headers, body } = seen.at(-1)!;
    expect(headers.authorization).toBe(`Basic ${Buffer.from('rzp_test_k:s3cret').toString('base64')}`);
    expect(headers['x-payout-idempotency']).toBe('b5a9a3c2-0000-4000-8000-000000000001');
    expect(body).toMatchObject({
      account_number: '2323230000000001',
      amount: 300_00,
      currency: 'INR',
      mode: 'UPI',
      purpose: 'payout',
      fund_account: { account_type: 'vpa', vpa: { address: 'arun@okaxis' } },
      reference_id: 'b5a9a3c2-0000-4000-8000-000000000001',
    });
  });

  it('sends a bank payout by IMPS, and reads processing, failed and refused answers', async () => {
    const bank = { kind: 'bank' as const, accountNumber: '123456789012', ifsc: 'SBIN0001234', holder: 'Arun Kumar' };
    answer = { status: 200, body: { id: 'pout_2', status: 'processing' } };
    expect(await payouts().pay({ withdrawalId: 'w2', amountPaise: 100_00, destination: bank })).toEqual({
      status: 'processing',
      payoutId: 'pout_2',
    });
    expect(seen.at(-1)!.body).toMatchObject({
      mode: 'IMPS',
      fund_account: {
        account_type: 'bank_account',
        bank_account: { ifsc: 'SBIN0001234', account_number: '123456789012', name: 'Arun Kumar' },
      },
    });
    answer = {
      status: 200,
      body: { id: 'pout_3', status: 'reversed', status_details: { description: 'Beneficiary bank offline' } },
    };
    expect(await payouts().pay({ withdrawalId: 'w3', amountPaise: 100_00, destination: bank })).toEqual({
      status: 'failed',
      payoutId: 'pout_3',
      reason: 'Beneficiary bank offline',
    });
    answer = { status: 400, body: { error: { description: 'The amount must be at least INR 1.00' } } };
    expect(await payouts().pay({ withdrawalId: 'w4', amountPaise: 100_00, destination: bank })).toEqual({
      status: 'failed',
      payoutId: null,
      reason: 'The amount must be at least INR 1.00',
    });
  });

  it('reads a broken connection, a 5xx and an unreadable answer as unknown: still processing, never failed', async () => {
    const upi = { kind: 'upi' as const, vpa: 'arun@okaxis' };
    const unknown = { status: 'processing', payoutId: '' };
    answer = 'drop';
    expect(await payouts().pay({ withdrawalId: 'w5', amountPaise: 100_00, destination: upi })).toEqual(unknown);
    answer = { status: 502, body: { error: { code: 'SERVER_ERROR', description: 'Bad gateway' } } };
    expect(await payouts().pay({ withdrawalId: 'w6', amountPaise: 100_00, destination: upi })).toEqual(unknown);
    answer = { status: 200, body: '<html>upstream timed out</html>' };
    expect(await payouts().pay({ withdrawalId: 'w7', amountPaise: 100_00, destination: upi })).toEqual(unknown);
    answer = { status: 503, body: { id: 'pout_8', status: 'queued' } };
    expect(await payouts().pay({ withdrawalId: 'w8', amountPaise: 100_00, destination: upi })).toEqual({
      status: 'processing',
      payoutId: 'pout_8',
    });
  });
});

describe('withdrawals paid out through Razorpay', () => {
  let app: TestServer;
  let admin: Client;
  let member: Client;
  beforeAll(async () => {
    app = await startTestServer({
      seed: true,
      env: {
        SCHEDULER_INTERVAL_MS: '0',
        SWEEPER_INTERVAL_MS: '0',
        NOTIFY_INTERVAL_MS: '0',
        PAYOUT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_test_k',
        RAZORPAY_KEY_SECRET: 's3cret',
        RAZORPAYX_ACCOUNT_NUMBER: '2323230000000001',
        RAZORPAY_API_URL: apiUrl,
      },
    });
    admin = await loggedIn(app, ADMIN.email, ADMIN.password);
    member = await loggedIn(app, 'member2@vetrideals.in', 'Member@123');
    await deposit(app, member, 10_000_00);
  });
  afterAll(() => app.stop());

  const cash = async () => (await member.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;
  const ask = async (amount: number) => {
    const id = randomUUID();
    await member.call('POST', '/api/me/withdrawals', {
      request_id: id,
      amount,
      destination: { kind: 'upi', vpa: 'arun@okaxis' },
    });
    return id;
  };
  const approve = (id: string) =>
    admin.call<{ withdrawal: WithdrawalDto; message: string }>('POST', `/api/admin/withdrawals/${id}/approve`);
  const statusOf = async (id: string) =>
    (await member.call<{ withdrawals: WithdrawalDto[] }>('GET', '/api/me/withdrawals')).body.withdrawals.find(
      (w) => w.id === id,
    )?.status;
  const signed = (raw: string) =>
    fetch(`${app.url}/api/payouts/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', dataDirSecret(app.dataDir, 'payout-webhook'))
          .update(raw)
          .digest('hex'),
      },
      body: raw,
    });
  const hook = (event: string, id: string) =>
    signed(
      JSON.stringify({
        event,
        payload: { payout: { entity: { id: `pout_${id.slice(0, 8)}`, reference_id: id, status: 'processed' } } },
      }),
    );

  it('a signed webhook body that is not JSON is refused in words, not a server error', async () => {
    const refused = await signed('{"event": "payout.processed", "payload": ');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: 'Unreadable webhook body.' } });
  });

  it('a 5xx answer keeps the cash held while the payout may still be made; its webhook then pays it once', async () => {
    const before = await cash();
    const id = await ask(500_00);
    answer = { status: 502, body: { error: { code: 'SERVER_ERROR', description: 'Bad gateway' } } };
    const approved = await approve(id);
    expect(approved.body.withdrawal.status).toBe('approved');
    expect(await cash()).toBe(before - 500_00);
    // Razorpay had made the payout after all, and says so.
    expect((await hook('payout.processed', id)).status).toBe(200);
    expect({ status: await statusOf(id), walletChange: (await cash()) - before }).toEqual({
      status: 'paid',
      walletChange: -500_00,
    });
  });

  it('a payout that could not be started is retried by approving again, under the same idempotency key', async () => {
    const before = await cash();
    const id = await ask(300_00);
    answer = 'drop';
    const first = await approve(id);
    expect(first.body.withdrawal.status).toBe('approved');
    expect(first.body.message).toBe('Approved. The payout is on its way; its result will show here.');
    expect(await cash()).toBe(before - 300_00);
    // No webhook will come for a payout Razorpay never received: the admin approves again.
    answer = { status: 200, body: { id: 'pout_retried', status: 'processed' } };
    const retried = await approve(id);
    expect(retried.status).toBe(200);
    expect(retried.body.withdrawal.status).toBe('paid');
    expect(retried.body.message).toBe('Paid ₹300 to UPI arun@okaxis.');
    const keys = seen.filter((s) => s.body.reference_id === id).map((s) => s.headers['x-payout-idempotency']);
    expect(keys).toEqual([id, id]);
    expect(await cash()).toBe(before - 300_00);
    // Paid now: nothing more to approve.
    expect((await approve(id)).status).toBe(422);
  });

  it('a retry finds the payout the first request made: read as it stands, never refused into a refund', async () => {
    const before = await cash();
    const id = await ask(250_00);
    // Razorpay made the payout but answered 502: unknown, the cash stays held.
    makeAnyway = { id: 'pout_made', status: 'processing' };
    answer = { status: 502, body: { error: { description: 'Bad gateway' } } };
    expect((await approve(id)).body.withdrawal.status).toBe('approved');
    // Sent again it would be refused (another body under the same key): it is not sent again.
    answer = {
      status: 400,
      body: { error: { description: 'Different request details for the same idempotency key' } },
    };
    const retried = await approve(id);
    expect(retried.body.withdrawal.status).toBe('approved');
    expect(await cash()).toBe(before - 250_00);
    expect(lookups.filter((r) => r === id)).toHaveLength(1);
    expect(seen.filter((s) => s.body.reference_id === id)).toHaveLength(1);
    // Once it is processed, the next retry reads it so: paid, once.
    made.set(id, { id: 'pout_made', status: 'processed' });
    const again = await approve(id);
    expect(again.body.withdrawal.status).toBe('paid');
    expect(seen.filter((s) => s.body.reference_id === id)).toHaveLength(1);
    expect(await cash()).toBe(before - 250_00);
  });

  it('a 4xx refusal fails the payout and returns the cash once', async () => {
    const before = await cash();
    const id = await ask(200_00);
    answer = { status: 400, body: { error: { description: 'The fund account is not valid' } } };
    const approved = await approve(id);
    expect(approved.body.withdrawal.status).toBe('failed');
    expect(approved.body.message).toBe(
      "The payout failed (The fund account is not valid); ₹200 went back to the member's wallet.",
    );
    expect(await cash()).toBe(before);
  });
});
