import { randomBytes } from 'node:crypto';
import { DomainError } from '../../engine/decider.ts';
import { walletDecider, walletStream, WALLET_MESSAGES } from '../../engine/wallet.ts';
import type { SessionUser } from '../auth/session.ts';
import { actorOf } from '../auth/session.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import type { PaymentCallback } from '../payments/port.ts';
import type { PaymentApplier } from '../payments/purposes.ts';

/** What a deposit applier needs: the clock and the command handler. */
export type DepositApplyDeps = Pick<Deps, 'clock' | 'commands'>;
/** What starting and verifying a top-up need. */
export type DepositDeps = DepositApplyDeps & Pick<Deps, 'store' | 'payments'>;

/** Largest single top-up: ₹50,000. */
export const MAX_DEPOSIT_PAISE = 50_000_00;

/** Creates a provider order for a top-up and records it in the member's wallet; returns where to pay. */
export const startDeposit = async (deps: DepositDeps, user: SessionUser, amountPaise: number) => {
  if (
    !Number.isSafeInteger(amountPaise) ||
    amountPaise <= 0 ||
    amountPaise > MAX_DEPOSIT_PAISE ||
    amountPaise % 100 !== 0
  ) {
    throw new DomainError('INVALID_DEPOSIT', WALLET_MESSAGES.INVALID_DEPOSIT);
  }
  const receipt = `dep_${randomBytes(8).toString('hex')}`;
  const order = await deps.payments.createOrder({
    amountPaise,
    receipt,
    notes: { purpose: 'deposit', userId: user.id },
    returnPath: '/wallet',
  });
  const now = deps.clock.now();
  await handleCommand(
    deps.commands,
    walletStream(user.id),
    walletDecider,
    { type: 'CreateDepositOrder', data: { orderId: order.providerOrderId, amount: amountPaise, now } },
    { actor: actorOf(user), now, commandId: `deposit-order:${order.providerOrderId}` },
  );
  return { order_id: order.providerOrderId, checkout_url: order.checkoutUrl, amount: amountPaise };
};

/**
 * Credits a verified payment to the wallet that created the order: once per payment id (the wallet
 * decider ignores a repeat), for exactly the order's amount, and only for the order's owner.
 */
export const applyDepositPayment: PaymentApplier<DepositApplyDeps> = async (deps, payment) => {
  const owner = payment.notes.userId;
  if (!owner) throw new DomainError('PAYMENT_ORDER_NOT_FOUND', WALLET_MESSAGES.PAYMENT_ORDER_NOT_FOUND);
  if (payment.userId !== null && payment.userId !== owner) {
    throw new ApiError(403, 'FORBIDDEN', 'This payment belongs to another member.');
  }
  const now = deps.clock.now();
  const result = await handleCommand(
    deps.commands,
    walletStream(owner),
    walletDecider,
    {
      type: 'ConfirmDeposit',
      data: { orderId: payment.providerOrderId, paymentId: payment.paymentId, amount: payment.amountPaise, now },
    },
    {
      actor: payment.userId ? { userId: owner, role: 'member' } : 'system',
      now,
      commandId: `deposit:${payment.paymentId}`,
    },
  );
  return { applied: result.events.length > 0 };
};

/** The checkout return: verifies the signature and credits the deposit (idempotent). */
export const verifyDeposit = async (deps: DepositDeps, user: SessionUser, callback: PaymentCallback) => {
  if (!deps.payments.verifyCallback(callback)) {
    throw new ApiError(400, 'PAYMENT_VERIFICATION_FAILED', 'Payment verification failed');
  }
  const { state } = await loadState(deps.store, walletStream(user.id), walletDecider);
  const order = state.orders[callback.orderId];
  if (!order) throw new DomainError('PAYMENT_ORDER_NOT_FOUND', WALLET_MESSAGES.PAYMENT_ORDER_NOT_FOUND);
  return applyDepositPayment(deps, {
    providerOrderId: callback.orderId,
    paymentId: callback.paymentId,
    amountPaise: order.amount,
    notes: { purpose: 'deposit', userId: user.id },
    userId: user.id,
  });
};
