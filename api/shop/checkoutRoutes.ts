import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import { ORDER_MESSAGES } from '../../engine/order.ts';
import { orderIdByProviderOrder, shopOrderById } from '../../projections/orders.ts';
import { profileOf, userById } from '../../projections/users.ts';
import type { AuthEnv } from '../auth/session.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, jsonBody } from '../http/openapi.ts';
import { cartPayload } from './cart.ts';
import type { CheckoutDeps } from './checkout.ts';
import { SHOP_PURPOSE, abandonShopOrder, applyShopPayment, placeShopOrder } from './checkout.ts';

const text = (max: number) => z.string().trim().max(max).default('');

/** Billing fields have no validation (storefront §5); applied rewards are paise per product id. */
export const CheckoutBody = z.object({
  name: text(120),
  email: text(254),
  phone: text(30),
  address: text(500),
  appliedRewards: z.record(z.string().max(40), z.number().int().min(0)).default({}),
});

export const VerifyBody = z.object({
  razorpay_order_id: z.string().max(80),
  razorpay_payment_id: z.string().max(80),
  razorpay_signature: z.string().max(200),
  order_id: z.string().max(80).optional(),
});

/** Finds our order for a provider order id and checks it is the member's. */
const ownOrder = (deps: Pick<Deps, 'readDb'>, providerOrderId: string, userId: string) => {
  const found = orderIdByProviderOrder(deps.readDb, providerOrderId);
  if (!found || found.userId !== userId) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
  return found.id;
};

/** Checkout: billing details, reward cash per item, Proceed to Payment, and the payment's return. */
export const checkoutRoutes = (deps: CheckoutDeps) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get(
      '/',
      describe({ summary: 'Cart, reward cash and billing details for checkout', tags: ['shop'], access: 'member' }),
      async (c) => {
        const user = currentUser(c);
        const row = userById(deps.readDb, user.id);
        const profile = row ? profileOf(row) : null;
        const address = profile
          ? [profile.address_line1, profile.address_line2, profile.city, profile.state, profile.postal_code]
              .filter(Boolean)
              .join(', ')
          : '';
        return c.json({
          ...(await cartPayload(deps, user.id)),
          billing: { name: user.name, email: user.email, phone: profile?.mobile || row?.phone || '', address },
        });
      },
    )
    .post(
      '/',
      describe({
        summary: 'Place the order and create the payment order (Proceed to Payment)',
        tags: ['shop'],
        access: 'member',
      }),
      jsonBody(CheckoutBody),
      async (c) => {
        const { appliedRewards, ...billing } = c.req.valid('json');
        const result = await placeShopOrder(deps, currentUser(c), { billing, appliedRewards });
        return c.json({ success: true, ...result });
      },
    )
    .post(
      '/verify',
      describe({ summary: 'Verify the signed payment return and apply it once', tags: ['shop'], access: 'member' }),
      jsonBody(VerifyBody),
      async (c) => {
        const user = currentUser(c);
        const body = c.req.valid('json');
        const callback = {
          orderId: body.razorpay_order_id,
          paymentId: body.razorpay_payment_id,
          signature: body.razorpay_signature,
        };
        if (!deps.payments.verifyCallback(callback)) {
          throw new ApiError(400, 'PAYMENT_VERIFICATION_FAILED', ORDER_MESSAGES.verificationFailed);
        }
        const orderId = ownOrder(deps, callback.orderId, user.id);
        const local = deps.payments.book.get(callback.orderId);
        if (!local || local.notes.purpose !== SHOP_PURPOSE) {
          throw new ApiError(400, 'PAYMENT_VERIFICATION_FAILED', ORDER_MESSAGES.verificationFailed);
        }
        await applyShopPayment(deps, {
          providerOrderId: callback.orderId,
          paymentId: callback.paymentId,
          amountPaise: local.amountPaise,
          notes: local.notes,
          userId: user.id,
        });
        const order = shopOrderById(deps.readDb, orderId);
        return c.json({
          success: true,
          message: 'Payment Successful!',
          order_id: orderId,
          order_code: order?.orderCode ?? null,
        });
      },
    )
    .post(
      '/cancel',
      describe({ summary: 'Give up an unpaid order (payment failed or cancelled)', tags: ['shop'], access: 'member' }),
      jsonBody(z.object({ razorpay_order_id: z.string().max(80), reason: z.string().max(200).default('cancelled') })),
      async (c) => {
        const user = currentUser(c);
        const body = c.req.valid('json');
        const orderId = ownOrder(deps, body.razorpay_order_id, user.id);
        return c.json({ success: true, ...(await abandonShopOrder(deps, user, orderId, body.reason)) });
      },
    );
