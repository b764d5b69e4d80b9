import { randomBytes } from 'node:crypto';
import { DomainError } from '../../engine/decider.ts';
import type { DeliveryAddress } from '../../engine/room.ts';
import { ROOM_MESSAGES, roomDecider, roomError, roomStream } from '../../engine/room.ts';
import type { SessionUser } from '../auth/session.ts';
import { actorOf } from '../auth/session.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import type { PaymentCallback } from '../payments/port.ts';
import type { PaymentApplier } from '../payments/purposes.ts';
import { RETURNED_TO_WALLET, returnPaymentToWallet, RETURNED_TO_WALLET_MESSAGE } from '../wallet/returns.ts';

/** The room's refusals of a payment nothing can take any more: its amount goes to the payer's wallet. */
const RETURNED_WHEN = ['ALREADY_PURCHASED', 'OFFER_PASSED', 'PURCHASE_WINDOW_EXPIRED'] as const;
const returnedWhen = (code: string): code is (typeof RETURNED_WHEN)[number] =>
  (RETURNED_WHEN as readonly string[]).includes(code);

/** What recording a purchase payment needs (a refused second payment goes to the wallet). */
export type PurchaseApplyDeps = Pick<Deps, 'clock' | 'commands' | 'log'>;
/** What starting and verifying a purchase need. */
export type PurchaseDeps = PurchaseApplyDeps & Pick<Deps, 'store' | 'payments'>;

/**
 * Starts paying for a won deal (or one offered to a runner-up): the room checks the offer holder, window and address first (no provider
 * order is made for a refused purchase), then the order is created and recorded on the room.
 */
export const startPurchase = async (deps: PurchaseDeps, user: SessionUser, code: string, address: DeliveryAddress) => {
  const stream = roomStream(code);
  const now = deps.clock.now();
  const { state } = await loadState(deps.store, stream, roomDecider);
  roomDecider.decide({ type: 'CreatePurchaseOrder', data: { orderId: '-', userId: user.id, address, now } }, state);
  if (state.status !== 'ended' || !state.offer) throw roomError('PURCHASE_NOT_OPEN');
  // The holder's own price from the room: the winning deal, or a runner-up's last deal.
  const amountPaise = state.offer.price;
  const order = await deps.payments.createOrder({
    amountPaise,
    receipt: `deal_${code}_${randomBytes(4).toString('hex')}`,
    notes: { purpose: 'room_purchase', userId: user.id, roomCode: code },
    returnPath: `/purchase/${code}`,
  });
  await handleCommand(
    deps.commands,
    stream,
    roomDecider,
    { type: 'CreatePurchaseOrder', data: { orderId: order.providerOrderId, userId: user.id, address, now } },
    { actor: actorOf(user), now, commandId: `purchase-order:${order.providerOrderId}` },
  );
  return { order_id: order.providerOrderId, checkout_url: order.checkoutUrl, amount: amountPaise };
};

/**
 * Records a verified payment for a won deal: once per payment id, for the holder's price, by the
 * holder of the purchase offer only. A second, different payment for a deal already bought, or a
 * late one from a member whose offer has passed to a runner-up or whose room has ended unsold, is
 * put into the wallet of the member who made the order (the room refuses a payment for anyone
 * else's order before those answers).
 */
export const applyPurchasePayment: PaymentApplier<PurchaseApplyDeps> = async (deps, payment) => {
  try {
    return await confirmPurchasePayment(deps, payment);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const code = error.code;
    if (!returnedWhen(code)) throw error;
    await returnPaymentToWallet(deps, payment.notes.userId!, payment.paymentId, payment.amountPaise);
    throw roomError(
      code,
      RETURNED_TO_WALLET,
      `${ROOM_MESSAGES[code].replace(/\.$/, '')}. ${RETURNED_TO_WALLET_MESSAGE}`,
    );
  }
};

const confirmPurchasePayment: PaymentApplier<PurchaseApplyDeps> = async (deps, payment) => {
  const owner = payment.notes.userId;
  const code = payment.notes.roomCode;
  if (!owner || !code) throw roomError('PAYMENT_ORDER_NOT_FOUND');
  if (payment.userId !== null && payment.userId !== owner) {
    throw new ApiError(403, 'FORBIDDEN', 'This payment belongs to another member.');
  }
  const now = deps.clock.now();
  const result = await handleCommand(
    deps.commands,
    roomStream(code),
    roomDecider,
    {
      type: 'ConfirmPurchase',
      data: {
        orderId: payment.providerOrderId,
        paymentId: payment.paymentId,
        userId: owner,
        amount: payment.amountPaise,
        now,
      },
    },
    {
      actor: payment.userId ? { userId: owner, role: 'member' } : 'system',
      now,
      commandId: `purchase:${payment.paymentId}`,
    },
  );
  return { applied: result.events.length > 0 };
};

/** The checkout return for a purchase: verify the signature, then record the payment. */
export const verifyPurchase = async (
  deps: PurchaseDeps,
  user: SessionUser,
  code: string,
  callback: PaymentCallback,
) => {
  if (!deps.payments.verifyCallback(callback)) {
    throw new ApiError(400, 'PAYMENT_VERIFICATION_FAILED', 'Payment verification failed');
  }
  const { state } = await loadState(deps.store, roomStream(code), roomDecider);
  if (state.status === 'none') throw roomError('ROOM_NOT_FOUND');
  // Only the member who made the order can return with its payment: anyone else's is not theirs to find.
  const order = state.status === 'ended' ? state.orders[callback.orderId] : undefined;
  if (!order || order.userId !== user.id) throw roomError('PAYMENT_ORDER_NOT_FOUND');
  return applyPurchasePayment(deps, {
    providerOrderId: callback.orderId,
    paymentId: callback.paymentId,
    amountPaise: order.amount,
    notes: { purpose: 'room_purchase', userId: order.userId, roomCode: code },
    userId: user.id,
  });
};
