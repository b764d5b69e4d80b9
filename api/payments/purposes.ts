/** A payment whose signature has been checked, on its way to the stream it pays for. */
export interface VerifiedPayment {
  providerOrderId: string;
  paymentId: string;
  /** What the provider says was paid (webhooks), or the order's own amount (checkout callbacks). */
  amountPaise: number;
  notes: Record<string, string>;
  /** The signed-in member for checkout callbacks; null for webhooks (the order's owner is used). */
  userId: string | null;
}

/** What applying a payment answers: whether this call changed anything. */
export type PaymentApplied = Promise<{ applied: boolean }>;

/**
 * How a feature applies a verified payment to its stream, idempotently by payment id, checking the
 * amount and the order's owner; `D` is what the feature needs to do it.
 */
export type PaymentApplier<D> = (deps: D, payment: VerifiedPayment) => PaymentApplied;

/**
 * The appliers by `notes.purpose` (deposit, room_purchase, shop_order), already given their
 * dependencies. Built by the composition root (`api/compose.ts`) and handed to the payments routes,
 * so the payments feature knows no feature it is paid for.
 */
export type PaymentPurposes = Readonly<Record<string, (payment: VerifiedPayment) => PaymentApplied>>;
