import { walletBalances } from '../projections/wallets.ts';
import { createSessions } from './auth/session.ts';
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

/**
 * What follows from the store, the read models and the clock alone: commands with read-your-writes,
 * sessions read from the read model, and a member's balances. The server and the route tests'
 * in-memory adapters both build these the same way.
 */
export const storeDeps = ({
  config,
  clock,
  store,
  readDb,
  projections,
}: Pick<Deps, 'config' | 'clock' | 'store' | 'readDb' | 'projections'>): Pick<
  Deps,
  'commands' | 'sessions' | 'walletOf'
> => ({
  commands: { store, waitForProjections: (position) => projections.waitFor(position, config.PROJECTION_WAIT_MS) },
  sessions: createSessions(readDb, clock, projections),
  walletOf: (userId) => walletBalances(readDb, userId),
});
