import { randomBytes } from 'node:crypto';
import type { OrderBook } from './orderBook.ts';
import type { PaymentProvider } from './port.ts';
import { signPayment, verifySignature, verifyWebhookSignature, withQuery } from './port.ts';

const token = (bytes = 9) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export interface SandboxControls {
  /** Completes the checkout (idempotent) and returns the signed return path. */
  pay(orderId: string): string | null;
  /** Cancels it and returns the return path with `payment_success=0`. */
  cancel(orderId: string): string | null;
}

/**
 * The default provider: no network. Orders live in the local order book; the hosted checkout page
 * is served at `/api/payments/sandbox/checkout/:orderId`, and paying redirects to the return path
 * signed exactly like Razorpay (`razorpay_signature` = HMAC-SHA256 of `order_id|payment_id`).
 */
export const sandboxProvider = (opts: {
  keySecret: string;
  webhookSecret: string;
  book: OrderBook;
  now: () => number;
}): PaymentProvider & { sandbox: SandboxControls } => {
  const { keySecret, webhookSecret, book } = opts;
  return {
    kind: 'sandbox',
    createOrder: ({ amountPaise, receipt, notes, returnPath }) => {
      if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0)
        return Promise.reject(new Error('Amount must be positive paise'));
      const providerOrderId = `order_sbx_${token()}`;
      book.add({ providerOrderId, amountPaise, receipt, notes, returnPath, createdAt: opts.now() });
      return Promise.resolve({ providerOrderId, checkoutUrl: `/api/payments/sandbox/checkout/${providerOrderId}` });
    },
    verifyCallback: (callback) => verifySignature(keySecret, callback),
    verifyWebhook: (rawBody, header) => verifyWebhookSignature(webhookSecret, rawBody, header),
    sandbox: {
      pay: (orderId) => {
        const existing = book.get(orderId);
        if (!existing || existing.status === 'cancelled') return null;
        const order = existing.status === 'paid' ? existing : book.markPaid(orderId, `pay_sbx_${token()}`);
        if (!order?.paymentId) return null;
        return withQuery(order.returnPath, {
          payment_success: '1',
          order_id: orderId,
          razorpay_order_id: orderId,
          razorpay_payment_id: order.paymentId,
          razorpay_signature: signPayment(keySecret, orderId, order.paymentId),
        });
      },
      cancel: (orderId) => {
        const order = book.get(orderId);
        if (!order) return null;
        if (order.status === 'created') book.markCancelled(orderId);
        return withQuery(order.returnPath, { payment_success: '0', order_id: orderId });
      },
    },
  };
};
