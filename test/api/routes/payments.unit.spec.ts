import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hmacHex } from '../../../api/payments/port.ts';
import type { PaymentPurposes, VerifiedPayment } from '../../../api/payments/purposes.ts';
import { paymentsRoutes, razorpayReturnRoutes } from '../../../api/payments/routes.ts';
import { walletRoutes } from '../../../api/wallet/routes.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';

const WEBHOOK_SECRET = 'route-test-webhook-secret';
let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps({ env: { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET } });
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string } };

const order = (userId: string, purpose = 'deposit', amountPaise = 500_00) =>
  deps.payments.createOrder({ amountPaise, receipt: 'r1', notes: { purpose, userId }, returnPath: '/wallet' });

const captured = (orderId: string, paymentId: string, amount: number) =>
  JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured' } } },
  });

describe('paymentsRoutes', () => {
  it('hands a signed webhook to the applier of its purpose, and refuses a bad signature', async () => {
    const applied: VerifiedPayment[] = [];
    const purposes: PaymentPurposes = {
      deposit: (payment) => {
        applied.push(payment);
        return Promise.resolve({ applied: true });
      },
    };
    const app = mount(deps, '/api/payments', paymentsRoutes(deps, purposes));
    const { providerOrderId } = await order('u1');
    const raw = captured(providerOrderId, 'pay_1', 500_00);
    const post = (body: string, signature: string) =>
      call<{ ok: boolean; applied?: boolean; ignored?: boolean } & Failure>(app, 'POST', '/api/payments/webhook', {
        body,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
      });

    const forged = await post(raw, hmacHex('someone-else', raw));
    expect(forged.status).toBe(401);
    expect(forged.body.error.code).toBe('BAD_SIGNATURE');
    expect(applied).toEqual([]);

    const hook = await post(raw, hmacHex(WEBHOOK_SECRET, raw));
    expect(hook.body).toEqual({ ok: true, applied: true });
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ providerOrderId, paymentId: 'pay_1', amountPaise: 500_00, userId: null });
    expect(applied[0]!.notes).toMatchObject({ purpose: 'deposit', userId: 'u1' });

    const other = await order('u1', 'league_fee');
    const unknownPurpose = captured(other.providerOrderId, 'pay_2', 500_00);
    expect((await post(unknownPurpose, hmacHex(WEBHOOK_SECRET, unknownPurpose))).body).toEqual({
      ok: true,
      ignored: true,
    });
    expect(applied).toHaveLength(1);
  });

  it('shows the sandbox checkout to its payer only, and paying returns signed', async () => {
    const app = mount(deps, '/api/payments', paymentsRoutes(deps, {}));
    const payer = await signedIn(deps);
    const someone = await signedIn(deps);
    const { providerOrderId, checkoutUrl } = await order(payer.user.id);

    expect((await call<Failure>(app, 'GET', checkoutUrl)).status).toBe(401);
    const notTheirs = await call<Failure>(app, 'GET', checkoutUrl, { cookie: someone.cookie });
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.error.code).toBe('PAYMENT_ORDER_NOT_FOUND');
    const page = await call<string>(app, 'GET', checkoutUrl, { cookie: payer.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const paid = await app.request(`${checkoutUrl}/pay`, { method: 'POST', headers: { cookie: payer.cookie } });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!, 'http://local');
    expect(back.pathname).toBe('/wallet');
    expect(back.searchParams.get('razorpay_order_id')).toBe(providerOrderId);
    expect(back.searchParams.get('razorpay_signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('razorpayReturnRoutes', () => {
  it('redirects the payer back to the return page with the signed fields', async () => {
    const app = mount(deps, '/api/payments', razorpayReturnRoutes(deps));
    const { providerOrderId } = await order('u1');
    const form = new FormData();
    form.set('razorpay_payment_id', 'pay_9');
    form.set('razorpay_signature', 'abc123');
    const back = await app.request(`/api/payments/razorpay/callback/${providerOrderId}`, {
      method: 'POST',
      body: form,
    });
    expect(back.status).toBe(303);
    const to = new URL(back.headers.get('location')!, 'http://local');
    expect(to.pathname).toBe('/wallet');
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      payment_success: '1',
      razorpay_order_id: providerOrderId,
      razorpay_payment_id: 'pay_9',
      razorpay_signature: 'abc123',
    });

    const cancelled = await app.request(`/api/payments/razorpay/callback/${providerOrderId}`, {
      method: 'POST',
      body: new FormData(),
    });
    expect(new URL(cancelled.headers.get('location')!, 'http://local').searchParams.get('payment_success')).toBe('0');
    const unknown = await call<Failure>(app, 'POST', '/api/payments/razorpay/callback/order_nosuch1', {
      form: new FormData(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('PAYMENT_ORDER_NOT_FOUND');
  });
});

describe('walletRoutes', () => {
  it('tops up my wallet through the sandbox checkout, once per payment', async () => {
    const app = mount(deps, '/api/me/wallet', walletRoutes(deps));
    expect((await call(app, 'GET', '/api/me/wallet')).status).toBe(401);
    const { cookie } = await signedIn(deps);
    expect((await call(app, 'GET', '/api/me/wallet', { cookie })).body).toMatchObject({ cash: 0, reward_cash: 0 });

    const odd = await call<Failure>(app, 'POST', '/api/me/wallet/deposits', { cookie, json: { amount: 150 } });
    expect(odd.status).toBe(422);
    expect(odd.body.error.code).toBe('INVALID_DEPOSIT');

    const started = await call<{ order_id: string; checkout_url: string; amount: number }>(
      app,
      'POST',
      '/api/me/wallet/deposits',
      { cookie, json: { amount: 500_00 } },
    );
    expect(started.status).toBe(200);
    expect(started.body.amount).toBe(500_00);
    const back = new URL(deps.payments.sandbox!.pay(started.body.order_id)!, 'http://local').searchParams;
    const callback = {
      razorpay_order_id: back.get('razorpay_order_id')!,
      razorpay_payment_id: back.get('razorpay_payment_id')!,
      razorpay_signature: back.get('razorpay_signature')!,
    };

    const forged = await call<Failure>(app, 'POST', '/api/me/wallet/deposits/verify', {
      cookie,
      json: { ...callback, razorpay_signature: '0'.repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('PAYMENT_VERIFICATION_FAILED');

    const verified = await call<{ applied: boolean; cash: number }>(app, 'POST', '/api/me/wallet/deposits/verify', {
      cookie,
      json: callback,
    });
    expect(verified.body).toMatchObject({ applied: true, cash: 500_00 });
    const again = await call<{ applied: boolean; cash: number }>(app, 'POST', '/api/me/wallet/deposits/verify', {
      cookie,
      json: callback,
    });
    expect(again.body).toMatchObject({ applied: false, cash: 500_00 });

    const history = await call<{ transactions: { type: string; amount: number }[] }>(
      app,
      'GET',
      '/api/me/wallet/transactions',
      { cookie },
    );
    expect(history.body.transactions).toEqual([expect.objectContaining({ type: 'deposit', amount: 500_00 })]);
  });
});
