import type { OrderBook } from './orderBook.ts';
import type { PaymentProvider } from './port.ts';
import { verifySignature, verifyWebhookSignature } from './port.ts';

export class PaymentProviderError extends Error {
  readonly code = 'PAYMENT_PROVIDER';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * Razorpay: orders are created with `POST {apiUrl}/v1/orders` (basic auth with the key id and
 * secret); the payer goes to our page `/api/payments/razorpay/checkout/:orderId`, which posts to
 * Razorpay's hosted checkout; Razorpay posts back to `/api/payments/razorpay/callback`, which
 * redirects to the return path with the signed fields. Verification is the same HMAC as the sandbox.
 */
export const razorpayProvider = (opts: {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  apiUrl: string;
  book: OrderBook;
  now: () => number;
  fetch?: typeof fetch;
}): PaymentProvider => {
  const { keyId, keySecret, webhookSecret, book } = opts;
  const doFetch = opts.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  return {
    kind: 'razorpay',
    async createOrder({ amountPaise, receipt, notes, returnPath }) {
      let response: Response;
      try {
        response = await doFetch(`${opts.apiUrl.replace(/\/$/, '')}/v1/orders`, {
          method: 'POST',
          headers: { Authorization: auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt: receipt.slice(0, 40), notes }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (cause) {
        throw new PaymentProviderError('Could not reach Razorpay', { cause });
      }
      const body = (await response.json().catch(() => null)) as {
        id?: string;
        amount?: number;
        error?: { description?: string };
      } | null;
      if (!response.ok || !body?.id) {
        throw new PaymentProviderError(`Razorpay refused the order: ${body?.error?.description ?? response.status}`);
      }
      if (body.amount !== undefined && body.amount !== amountPaise) {
        throw new PaymentProviderError('Razorpay created the order for a different amount');
      }
      book.add({ providerOrderId: body.id, amountPaise, receipt, notes, returnPath, createdAt: opts.now() });
      return {
        providerOrderId: body.id,
        checkoutUrl: `/api/payments/razorpay/checkout/${encodeURIComponent(body.id)}`,
      };
    },
    verifyCallback: (callback) => verifySignature(keySecret, callback),
    verifyWebhook: (rawBody, header) => verifyWebhookSignature(webhookSecret, rawBody, header),
  };
};
