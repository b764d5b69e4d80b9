import type { Deps } from './deps.ts';
import type { PaymentPurposes } from './payments/purposes.ts';
import { applyPurchasePayment } from './rooms/purchase.ts';
import { applyShopPayment } from './shop/checkout.ts';
import { applyDepositPayment } from './wallet/deposits.ts';

/**
 * Wires the features the payments feature is paid for: each `notes.purpose` a payment order is made
 * with, and the feature's applier with what it needs. A feature that takes payments adds a line here.
 */
export const paymentPurposes = (deps: Pick<Deps, 'clock' | 'commands' | 'store' | 'log'>): PaymentPurposes => ({
  deposit: (payment) => applyDepositPayment(deps, payment),
  room_purchase: (payment) => applyPurchasePayment(deps, payment),
  shop_order: (payment) => applyShopPayment(deps, payment),
});
