import type { Deps } from '../deps.ts';

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

/**
 * Applies a verified payment to its stream, idempotently by payment id, checking the amount and the
 * order's owner. Resolves with whether this call changed anything.
 */
export type PaymentApplier = (deps: Deps, payment: VerifiedPayment) => Promise<{ applied: boolean }>;

/** One applier per `notes.purpose`. Each feature adds a line (lazy imports keep this file free of cycles). */
export const paymentPurposes: Record<string, PaymentApplier> = {
  deposit: async (deps, p) => (await import('../wallet/deposits.ts')).applyDepositPayment(deps, p),
  room_purchase: async (deps, p) => (await import('../rooms/purchase.ts')).applyPurchasePayment(deps, p),
  shop_order: async (deps, p) => (await import('../shop/checkout.ts')).applyShopPayment(deps, p),
};
