import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { hmacHex, signPayment } from '../../api/payments/port.ts';
import type { Client } from '../helpers/http.ts';
import { loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

const WEBHOOK_SECRET = 'whsec_test_only';

type Wallet = { cash: number; reward_cash: number };
type Order = { order_id: string; checkout_url: string; amount: number };

const returnParams = (location: string | null) => Object.fromEntries(new URL(location ?? '/', 'http://x').searchParams);

const webhook = (server: TestServer, body: unknown, secret = WEBHOOK_SECRET) => {
  const raw = JSON.stringify(body);
  return fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(secret, raw) },
    body: raw,
  });
};
const captured = (orderId: string, paymentId: string, amount: number) => ({
  event: 'payment.captured',
  payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured', notes: {} } } },
});

describe('payments: sandbox provider (default)', () => {
  let server: TestServer;
  let member: Client;
  let other: Client;
  beforeAll(async () => {
    server = await startTestServer({
      seed: true,
      clock: createManualClock(),
      env: { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    member = await loggedIn(server, MEMBER.email, MEMBER.password);
    other = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
  });
  afterAll(async () => {
    await server.stop();
  });

  const balance = async (c: Client) => (await c.call<Wallet>('GET', '/api/me/wallet')).body;

  it('tops up through the hosted checkout page and credits once per payment id', async () => {
    const before = await balance(member);
    const { status, body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 100_00 });
    expect(status).toBe(200);
    expect(order.checkout_url).toBe(`/api/payments/sandbox/checkout/${order.order_id}`);

    const page = await fetch(`${server.url}${order.checkout_url}`, { headers: { cookie: member.cookie ?? '' } });
    const html = await page.text();
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(html).toContain('Pay ₹100.00');
    expect(html).toContain(`action="${order.checkout_url}/pay"`);
    expect(html).toContain(`action="${order.checkout_url}/cancel"`);
    expect(html).not.toMatch(/<script/i);

    const paid = await sandboxCheckout(server, member, order.checkout_url);
    expect(paid.status).toBe(303);
    const back = returnParams(paid.headers.get('location'));
    expect(paid.headers.get('location')).toMatch(/^\/wallet\?/);
    expect(back).toMatchObject({ payment_success: '1', order_id: order.order_id, razorpay_order_id: order.order_id });
    expect(back.razorpay_payment_id).toMatch(/^pay_sbx_/);

    const callback = {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    };
    const first = await member.call<Wallet & { applied: boolean }>('POST', '/api/me/wallet/deposits/verify', callback);
    expect(first.body).toMatchObject({ success: true, applied: true, cash: before.cash + 100_00 });
    const again = await member.call<Wallet & { applied: boolean }>('POST', '/api/me/wallet/deposits/verify', callback);
    expect(again.body).toMatchObject({ applied: false, cash: before.cash + 100_00 });
    // Paying the same order twice on the sandbox page returns the same payment, never a second credit.
    const repaid = await sandboxCheckout(server, member, order.checkout_url);
    expect(returnParams(repaid.headers.get('location')).razorpay_payment_id).toBe(back.razorpay_payment_id);
    // The webhook for the same payment changes nothing either.
    const hook = await webhook(server, captured(order.order_id, back.razorpay_payment_id!, 100_00));
    expect(await hook.json()).toEqual({ ok: true, applied: false });
    expect((await balance(member)).cash).toBe(before.cash + 100_00);

    const { transactions } = (
      await member.call<{ transactions: { type: string; amount: number; sign: string; payment_id: string }[] }>(
        'GET',
        '/api/me/wallet/transactions',
      )
    ).body;
    expect(transactions[0]).toMatchObject({
      type: 'deposit',
      amount: 100_00,
      sign: '+',
      payment_id: back.razorpay_payment_id,
    });
  });

  it('refuses a forged signature and another member’s order', async () => {
    const otherBefore = await balance(other);
    const { body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 50_00 });
    const forged = await member.call('POST', '/api/me/wallet/deposits/verify', {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: 'pay_forged1',
      razorpay_signature: 'f'.repeat(64),
    });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({
      error: { code: 'PAYMENT_VERIFICATION_FAILED', message: 'Payment verification failed' },
    });

    const paid = await sandboxCheckout(server, member, order.checkout_url);
    const back = returnParams(paid.headers.get('location'));
    const stolen = await other.call('POST', '/api/me/wallet/deposits/verify', {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    });
    expect(stolen.status).toBe(404);
    expect((await balance(other)).cash).toBe(otherBefore.cash);
  });

  it('refuses a zero or negative deposit with the spec text', async () => {
    for (const amount of [0, -100, 12.5]) {
      const res = await member.call('POST', '/api/me/wallet/deposits', { amount });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: { code: 'INVALID_DEPOSIT', message: '⚠️ Invalid deposit amount' } });
    }
  });

  it('cancel returns with payment_success=0 and credits nothing', async () => {
    const before = await balance(member);
    const { body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 200_00 });
    const res = await sandboxCheckout(server, member, order.checkout_url, 'cancel');
    expect(res.status).toBe(303);
    expect(returnParams(res.headers.get('location'))).toEqual({ payment_success: '0', order_id: order.order_id });
    const payAfterCancel = await sandboxCheckout(server, member, order.checkout_url);
    expect(payAfterCancel.status).toBe(404);
    expect(await balance(member)).toMatchObject({ cash: before.cash, reward_cash: before.reward_cash });
  });

  it('applies a signed webhook once, checks the amount, and rejects a bad signature', async () => {
    const before = await balance(member);
    const { body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 50_00 });
    expect((await webhook(server, captured(order.order_id, 'pay_hook1', 50_00), 'wrong-secret')).status).toBe(401);
    expect(await (await webhook(server, captured(order.order_id, 'pay_hook0', 49_00))).json()).toMatchObject({
      applied: false,
      code: 'PAYMENT_AMOUNT_MISMATCH',
    });
    expect(await (await webhook(server, captured(order.order_id, 'pay_hook1', 50_00))).json()).toEqual({
      ok: true,
      applied: true,
    });
    expect(await (await webhook(server, captured(order.order_id, 'pay_hook1', 50_00))).json()).toEqual({
      ok: true,
      applied: false,
    });
    expect((await balance(member)).cash).toBe(before.cash + 50_00);
  });

  it('a second payment captured for a top-up already paid goes to the wallet, once', async () => {
    const before = await balance(member);
    const { body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 200_00 });
    const paid = await sandboxCheckout(server, member, order.checkout_url);
    const back = returnParams(paid.headers.get('location'));
    await member.call('POST', '/api/me/wallet/deposits/verify', {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    });
    expect((await balance(member)).cash).toBe(before.cash + 200_00);
    // The provider captured a second attempt on the same order (a late UPI approval from another
    // tab) and says so, twice: ₹200 more was taken from the member, so ₹200 more is theirs.
    const second = captured(order.order_id, 'pay_second_attempt', 200_00);
    expect(await (await webhook(server, second)).json()).toEqual({ ok: true, applied: true });
    expect(await (await webhook(server, second)).json()).toEqual({ ok: true, applied: false });
    expect((await balance(member)).cash).toBe(before.cash + 400_00);
    const { transactions } = (
      await member.call<{ transactions: { type: string; amount: number; payment_id: string }[] }>(
        'GET',
        '/api/me/wallet/transactions',
      )
    ).body;
    expect(transactions[0]).toMatchObject({ type: 'deposit', amount: 200_00, payment_id: 'pay_second_attempt' });
  });

  it('needs a session for wallet calls', async () => {
    const res = await fetch(`${server.url}/api/me/wallet`);
    expect(res.status).toBe(401);
  });
});

describe('payments: razorpay adapter against a mocked Razorpay API', () => {
  const KEY_ID = 'rzp_test_abc123';
  const KEY_SECRET = 'rzp_secret_xyz';
  const seen: { path: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
  const razorpay = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `order_RZP${seen.length}TEST`,
          entity: 'order',
          amount: body.amount,
          currency: 'INR',
          status: 'created',
        }),
      );
    });
  });
  let server: TestServer;
  let member: Client;
  beforeAll(async () => {
    await new Promise<void>((resolve) => razorpay.listen(0, '127.0.0.1', resolve));
    const { port } = razorpay.address() as AddressInfo;
    server = await startTestServer({
      seed: true,
      clock: createManualClock(),
      env: {
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_API_URL: `http://127.0.0.1:${port}`,
        PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
    });
    member = await loggedIn(server, MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await server.stop();
    await new Promise((resolve) => razorpay.close(resolve));
  });

  it('creates the order with basic auth, hands over to Razorpay, and verifies the signed return', async () => {
    const walletBefore = (await member.call<Wallet>('GET', '/api/me/wallet')).body.cash;
    const { body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 200_00 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/orders');
    expect(seen[0]!.auth).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(seen[0]!.body).toMatchObject({ amount: 200_00, currency: 'INR', notes: { purpose: 'deposit' } });
    expect(order.order_id).toBe('order_RZP1TEST');

    const page = await fetch(`${server.url}${order.checkout_url}`, { headers: { cookie: member.cookie ?? '' } });
    const html = await page.text();
    expect(html).toContain('action="https://api.razorpay.com/v1/checkout/embedded"');
    expect(html).toContain(`value="${KEY_ID}"`);
    expect(html).toContain(`/api/payments/razorpay/callback/${order.order_id}`);
    expect(html).not.toMatch(/<script/i);
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self' https:\/\/api\.razorpay\.com/);

    const paymentId = 'pay_RZPREAL001';
    const form = new URLSearchParams({
      razorpay_payment_id: paymentId,
      razorpay_order_id: order.order_id,
      razorpay_signature: signPayment(KEY_SECRET, order.order_id, paymentId),
    });
    // Razorpay's page posts back from its own site: cross-site, yet only a redirect.
    const callback = await fetch(`${server.url}/api/payments/razorpay/callback/${order.order_id}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: 'https://api.razorpay.com', 'sec-fetch-site': 'cross-site' },
    });
    expect(callback.status).toBe(303);
    const back = returnParams(callback.headers.get('location'));
    expect(back).toMatchObject({ payment_success: '1', razorpay_payment_id: paymentId });
    const verified = await member.call<Wallet>('POST', '/api/me/wallet/deposits/verify', {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    });
    expect(verified.body).toMatchObject({ cash: walletBefore + 200_00, applied: true });
    const sandboxSigned = await member.call('POST', '/api/me/wallet/deposits/verify', {
      razorpay_order_id: order.order_id,
      razorpay_payment_id: 'pay_other',
      razorpay_signature: signPayment('some-other-secret', order.order_id, 'pay_other'),
    });
    expect(sandboxSigned.status).toBe(400);
  });
});
