import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The payment port. Deposits, won-deal purchases and shop checkouts all pay through it.
 * `sandbox` (default) serves a local hosted checkout page; `razorpay` uses Razorpay's Orders API.
 * Both sign the checkout callback exactly as Razorpay does: HMAC-SHA256 of `order_id|payment_id`
 * with the key secret, hex-encoded.
 */
export interface PaymentProvider {
  readonly kind: 'sandbox' | 'razorpay';
  /** Creates an order for `amountPaise` and says where to send the payer. */
  createOrder(input: CreateOrderInput): Promise<CreatedOrder>;
  /** True when the checkout callback's signature is genuine (constant-time compare). */
  verifyCallback(callback: PaymentCallback): boolean;
  /** True when a webhook's `X-Razorpay-Signature` matches HMAC-SHA256(rawBody, webhook secret). */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): boolean;
}

export interface CreateOrderInput {
  amountPaise: number;
  /** Our own reference, at most 40 characters (Razorpay's limit). */
  receipt: string;
  /** Copied onto the order and its payments; `purpose` routes webhooks (see `purposes.ts`). */
  notes: Record<string, string> & { purpose: string };
  /** Same-site path the checkout returns to, e.g. `/wallet`. The return adds `payment_success`, `order_id`
   * and, on success, `razorpay_order_id`, `razorpay_payment_id`, `razorpay_signature`. */
  returnPath: string;
}

export interface CreatedOrder {
  providerOrderId: string;
  /** Same-origin URL of the hosted checkout page to open (a full page navigation). */
  checkoutUrl: string;
}

export interface PaymentCallback {
  orderId: string;
  paymentId: string;
  signature: string;
}

export const hmacHex = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(payload).digest('hex');

/** Razorpay's checkout signature: HMAC-SHA256(`order_id|payment_id`, key secret) in hex. */
export const signPayment = (keySecret: string, orderId: string, paymentId: string): string =>
  hmacHex(keySecret, `${orderId}|${paymentId}`);

export const constantTimeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

export const verifySignature = (keySecret: string, { orderId, paymentId, signature }: PaymentCallback): boolean =>
  typeof signature === 'string' && constantTimeEqual(signPayment(keySecret, orderId, paymentId), signature);

export const verifyWebhookSignature = (secret: string, rawBody: string, header: string | undefined): boolean =>
  typeof header === 'string' && constantTimeEqual(hmacHex(secret, rawBody), header);

/** Only same-site absolute paths may be returned to (no open redirects). */
export const safeReturnPath = (path: string): string =>
  path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/';

export const withQuery = (path: string, params: Record<string, string>): string => {
  const url = new URL(safeReturnPath(path), 'http://local');
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
};
