import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import type { AuthEnv } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe } from '../http/openapi.ts';
import { razorpayCheckoutPage, sandboxCheckoutPage, sandboxRefusalPage } from './pages.ts';
import { withQuery } from './port.ts';
import type { PaymentPurposes } from './purposes.ts';

const RAZORPAY_HOSTED_CHECKOUT = 'https://api.razorpay.com/v1/checkout/embedded';

const WebhookBody = z.object({
  event: z.string(),
  payload: z.object({
    payment: z
      .object({
        entity: z.object({
          id: z.string(),
          order_id: z.string().nullable().optional(),
          amount: z.number().int(),
          status: z.string().optional(),
          notes: z.union([z.record(z.string(), z.string()), z.array(z.never())]).optional(),
        }),
      })
      .optional(),
  }),
});

const orderParam = (id: string | undefined) => {
  if (!id || !/^[A-Za-z0-9_]{6,64}$/.test(id))
    throw new ApiError(404, 'PAYMENT_ORDER_NOT_FOUND', 'No such payment order.');
  return id;
};

/**
 * The payment provider's pages and hooks: the sandbox hosted checkout, the page in front of
 * Razorpay's hosted checkout and its callback, and the webhook (verified, idempotent by payment id),
 * which hands each payment to the applier of its `notes.purpose` in `purposes`.
 */
export const paymentsRoutes = (deps: Pick<Deps, 'payments' | 'config' | 'log'>, purposes: PaymentPurposes) => {
  const { payments } = deps;
  const app = new Hono<AuthEnv>();

  /**
   * The sandbox stands in for the provider's own checkout, where only the payer can pay: its page,
   * Pay and Cancel need the session of the member the order was made for. Anyone else is told to
   * log in (401) or that there is no such order for them (404, the same as an unknown id).
   */
  const payersOrder = (c: Context<AuthEnv>) => {
    const id = orderParam(c.req.param('orderId'));
    const user = c.get('user');
    if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in to pay.');
    const order = payments.sandbox ? payments.book.get(id) : null;
    if (!order || order.notes.userId !== user.id)
      throw new ApiError(404, 'PAYMENT_ORDER_NOT_FOUND', 'No such payment order.');
    return order;
  };

  app.get(
    '/sandbox/checkout/:orderId',
    describe({
      summary: 'Sandbox hosted checkout page (HTML), for the payer only',
      tags: ['payments'],
      access: 'member',
    }),
    (c) => {
      let order;
      try {
        order = payersOrder(c);
      } catch (error) {
        // A browser gets a page that says why; an API client the JSON error.
        if (!(error instanceof ApiError) || !c.req.header('accept')?.includes('text/html')) throw error;
        return c.html(sandboxRefusalPage(error.message), error.status as 401 | 404);
      }
      c.header('Cache-Control', 'no-store');
      return c.html(sandboxCheckoutPage(order));
    },
  );
  app.post(
    '/sandbox/checkout/:orderId/pay',
    describe({
      summary: 'Sandbox: the payer pays, then returns signed like Razorpay',
      tags: ['payments'],
      access: 'member',
    }),
    (c) => {
      const to = payments.sandbox?.pay(payersOrder(c).providerOrderId);
      if (!to) throw new ApiError(404, 'PAYMENT_ORDER_NOT_FOUND', 'No such payment order, or it was cancelled.');
      return c.redirect(to, 303);
    },
  );
  app.post(
    '/sandbox/checkout/:orderId/cancel',
    describe({ summary: 'Sandbox: the payer cancels and returns', tags: ['payments'], access: 'member' }),
    (c) => {
      const to = payments.sandbox?.cancel(payersOrder(c).providerOrderId);
      if (!to) throw new ApiError(404, 'PAYMENT_ORDER_NOT_FOUND', 'No such payment order.');
      return c.redirect(to, 303);
    },
  );

  const origin = (url: string) => deps.config.PUBLIC_URL?.replace(/\/$/, '') ?? new URL(url).origin;
  app.get(
    '/razorpay/checkout/:orderId',
    describe({ summary: 'Page that hands over to Razorpay hosted checkout', tags: ['payments'] }),
    (c) => {
      const id = orderParam(c.req.param('orderId'));
      const order = payments.kind === 'razorpay' ? payments.book.get(id) : null;
      if (!order || !payments.keyId)
        return c.html('<!doctype html><title>Not found</title><p>No such payment order.</p>', 404);
      c.header('Cache-Control', 'no-store');
      const base = origin(c.req.url);
      return c.html(
        razorpayCheckoutPage(order, {
          keyId: payments.keyId,
          checkoutUrl: RAZORPAY_HOSTED_CHECKOUT,
          callbackUrl: `${base}/api/payments/razorpay/callback/${encodeURIComponent(id)}`,
          cancelUrl: `${base}/api/payments/razorpay/cancel/${encodeURIComponent(id)}`,
        }),
      );
    },
  );
  app.get(
    '/razorpay/cancel/:orderId',
    describe({ summary: 'Razorpay cancel: back to the return page', tags: ['payments'] }),
    (c) => {
      const id = orderParam(c.req.param('orderId'));
      const order = payments.book.get(id);
      return c.redirect(withQuery(order?.returnPath ?? '/', { payment_success: '0', order_id: id }), 303);
    },
  );

  app.post(
    '/webhook',
    describe({ summary: 'Payment webhook (X-Razorpay-Signature); applies captured payments once', tags: ['payments'] }),
    async (c) => {
      const raw = await c.req.text();
      if (!payments.verifyWebhook(raw, c.req.header('x-razorpay-signature'))) {
        throw new ApiError(401, 'BAD_SIGNATURE', 'The webhook signature is not valid.');
      }
      let parsed: z.infer<typeof WebhookBody>;
      try {
        parsed = WebhookBody.parse(JSON.parse(raw));
      } catch {
        throw new ApiError(400, 'BAD_REQUEST', 'Unreadable webhook body.');
      }
      const entity = parsed.payload.payment?.entity;
      if (!['payment.captured', 'order.paid'].includes(parsed.event) || !entity?.order_id) {
        return c.json({ ok: true, ignored: true });
      }
      const local = payments.book.get(entity.order_id);
      const notes = { ...(Array.isArray(entity.notes) ? {} : entity.notes), ...(local?.notes ?? {}) };
      const applier = purposes[notes.purpose ?? ''];
      if (!applier) {
        deps.log.warn('webhook for an order with no known purpose', { orderId: entity.order_id });
        return c.json({ ok: true, ignored: true });
      }
      try {
        const { applied } = await applier({
          providerOrderId: entity.order_id,
          paymentId: entity.id,
          amountPaise: entity.amount,
          notes,
          userId: null,
        });
        return c.json({ ok: true, applied });
      } catch (error) {
        // A rule refused it (wrong amount, unknown order): retrying will not help, so answer 200 and log.
        if (error instanceof DomainError || error instanceof ApiError) {
          deps.log.warn('webhook payment refused', { orderId: entity.order_id, code: error.code });
          return c.json({ ok: true, applied: false, code: error.code });
        }
        throw error;
      }
    },
  );
  return app;
};

/**
 * Where Razorpay's hosted checkout sends the payer back: a cross-site form POST from
 * api.razorpay.com, so it is mounted outside the same-origin write guard. It changes nothing; it
 * only redirects to our return page with the signed fields, which the member's verify call checks.
 */
export const razorpayReturnRoutes = (deps: Pick<Deps, 'payments'>) => {
  const { payments } = deps;
  return new Hono().post(
    '/razorpay/callback/:orderId',
    describe({ summary: 'Razorpay posts here after checkout', tags: ['payments'] }),
    async (c) => {
      const id = orderParam(c.req.param('orderId'));
      const order = payments.book.get(id);
      if (!order) throw new ApiError(404, 'PAYMENT_ORDER_NOT_FOUND', 'No such payment order.');
      const form = await c.req.parseBody();
      const paymentId = typeof form.razorpay_payment_id === 'string' ? form.razorpay_payment_id : '';
      const signature = typeof form.razorpay_signature === 'string' ? form.razorpay_signature : '';
      if (!paymentId || !signature)
        return c.redirect(withQuery(order.returnPath, { payment_success: '0', order_id: id }), 303);
      return c.redirect(
        withQuery(order.returnPath, {
          payment_success: '1',
          order_id: id,
          razorpay_order_id: id,
          razorpay_payment_id: paymentId,
          razorpay_signature: signature,
        }),
        303,
      );
    },
  );
};
