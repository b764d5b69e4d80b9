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

/** What a deposit applier needs: the clock, the command handler and the log. */
export type DepositApplyDeps = Pick<Deps, 'clock' | 'commands' | 'log'>;
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
 * decider ignores a repeat), for exactly the order's amount, and only for the order's owner. A
 * second, different payment for an order already paid (a late attempt the provider captured too)
 * goes to the same wallet as a payment nothing could take, once: never kept without a credit.
 */
export const applyDepositPayment: PaymentApplier<DepositApplyDeps> = async (deps, payment) => {
  try {
    return await confirmDeposit(deps, payment);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'DEPOSIT_ALREADY_PAID')) throw error;
    await returnPaymentToWallet(deps, payment.notes.userId!, payment.paymentId, payment.amountPaise);
    return { applied: true };
  }
};

const confirmDeposit: PaymentApplier<DepositApplyDeps> = async (deps, payment) => {
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

/**
 * Puts a verified payment that nothing can take any more into its payer's wallet, as a top-up of
 * exactly the paid amount: money paid is never kept without a purchase. Once per payment id, so a
 * replayed callback or webhook, or a retry after a crash between the two steps, credits it once.
 * (Re-exported by `returns.ts`, where the room and shop appliers find it.)
 */
export const returnPaymentToWallet = async (
  deps: DepositApplyDeps,
  userId: string,
  paymentId: string,
  amountPaise: number,
) => {
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) return { returned: 0 };
  const orderId = `return-${paymentId}`;
  const now = deps.clock.now();
  await handleCommand(
    deps.commands,
    walletStream(userId),
    walletDecider,
    { type: 'CreateDepositOrder', data: { orderId, amount: amountPaise, now } },
    { actor: 'system', now, commandId: `return-order:${paymentId}` },
  );
  // Credited like any top-up whose payment arrived (the payment id is what makes it once).
  const { applied } = await confirmDeposit(deps, {
    providerOrderId: orderId,
    paymentId,
    amountPaise,
    notes: { userId },
    userId: null,
  });
  if (applied)
    deps.log.warn('a payment nothing could take was returned to the wallet', { userId, paymentId, amountPaise });
  return { returned: amountPaise };
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
