import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { razorpayPayouts } from '../../api/payouts/index.ts';

/** Razorpay's Payouts API, stood in on 127.0.0.1: it checks what we send and answers as Razorpay does. */
const seen: { headers: IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
let answer: { status: number; body: Record<string, unknown> } = { status: 200, body: {} };
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.url !== '/v1/payouts' || req.method !== 'POST') return void res.writeHead(404).end();
    seen.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
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
});
