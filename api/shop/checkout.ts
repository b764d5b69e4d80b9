import { randomBytes } from 'node:crypto';
import { cartDecider, cartStream } from '../../engine/cart.ts';
import { DomainError } from '../../engine/decider.ts';
import type { Actor } from '../../engine/eventStore.ts';
import type { Billing, OrderLine, PlaceOrderData, PlacedOrder } from '../../engine/order.ts';
import { ORDER_MESSAGES, orderDecider } from '../../engine/order.ts';
import type { ProductCommand } from '../../engine/product.ts';
import { PRODUCT_MESSAGES, productDecider, productStream } from '../../engine/product.ts';
import { awaitingOrdersOfUser } from '../../projections/orders.ts';
import type { SessionUser } from '../auth/session.ts';
import { actorOf } from '../auth/session.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { inLane } from '../realtime/lanes.ts';
import { ApiError } from '../http/errors.ts';
import type { PaymentApplier } from '../payments/purposes.ts';
import { RETURNED_TO_WALLET, returnPaymentToWallet, RETURNED_TO_WALLET_MESSAGE } from '../wallet/returns.ts';
import type { OrderStepDeps } from './orderSteps.ts';
import { failAndRelease, loadOrder, orderCommand, returnLatePayments, settleShopOrder } from './orderSteps.ts';
import { rewardCashAfterRefunds, rewardCashOf, spendRewardCash } from './rewards.ts';

/** What applying a shop payment needs (a late or second payment goes to the wallet). */
export type ShopPaymentDeps = OrderStepDeps & Pick<Deps, 'log'>;
/** What a checkout needs besides: the member's awaiting orders and the payment port. */
export type CheckoutDeps = ShopPaymentDeps & Pick<Deps, 'readDb' | 'payments'>;

/** How long stock stays reserved for an unpaid order before the sweeper gives it back. */
export const ORDER_HOLD_MS = 30 * 60_000;
export const SHOP_PURPOSE = 'shop_order';
export const SHOP_RETURN_PATH = '/checkout';
export const LATE_PAYMENT_MESSAGE = `This order expired before your payment arrived. ${RETURNED_TO_WALLET_MESSAGE}`;
export const SECOND_PAYMENT_MESSAGE = `This order is already paid. ${RETURNED_TO_WALLET_MESSAGE}`;
export const SUPERSEDED_MESSAGE =
  'This checkout was replaced by a newer one from your account, so nothing was charged for it. Please finish the newer checkout.';

/** Refusals that mean the order was cancelled (by a newer checkout or the member) while this checkout ran. */
const CANCELLED_UNDERNEATH = new Set(['RESERVATION_RELEASED', 'REWARD_DEBIT_VOIDED', 'ORDER_NOT_PAYABLE']);
const cancelledUnderneath = (error: unknown) =>
  error instanceof DomainError && CANCELLED_UNDERNEATH.has(error.code)
    ? new ApiError(409, 'CHECKOUT_SUPERSEDED', SUPERSEDED_MESSAGE)
    : null;

const newOrderId = () => `o${randomBytes(8).toString('hex')}`;
const newOrderCode = () => `VD-${[...randomBytes(8)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('')}`;

/** Prices the member's cart from the product streams (never from the client) with the rewards they chose. */
const priceCart = async (
  deps: Pick<Deps, 'store'>,
  userId: string,
  appliedRewards: Record<string, number>,
): Promise<OrderLine[]> => {
  const { state: cart } = await loadState(deps.store, cartStream(userId), cartDecider);
  if (cart.lines.length === 0) throw new DomainError('CART_EMPTY', ORDER_MESSAGES.cartEmpty);
  const lines: OrderLine[] = [];
  for (const { productId, quantity } of cart.lines) {
    const { state } = await loadState(deps.store, productStream(productId), productDecider);
    if (state.status !== 'listed' || !state.product.is_active) {
      throw new DomainError('PRODUCT_NOT_FOUND', PRODUCT_MESSAGES.notFound, { productId });
    }
    const p = state.product;
    lines.push({
      productId,
      product_code: p.product_code,
      name: p.name,
      image_url: p.image_url,
      price: p.price,
      quantity,
      reward_points: p.reward_points,
      applied_reward: appliedRewards[productId] ?? 0,
    });
  }
  return lines;
};

/**
 * Decides the new order, its stock and its reward cash as they will be once the member's orders
 * awaiting payment are cancelled (their units free, their reward cash back), without appending
 * anything: it throws the refusal the checkout itself would answer. The checkout's own steps, on
 * the streams, still decide after the supersede; this only keeps a refused attempt from cancelling
 * an order that was fine.
 */
const checkBeforeSuperseding = async (
  deps: Pick<Deps, 'store'>,
  order: Omit<PlaceOrderData, 'rewardCash' | 'expiresAt'>,
  previous: readonly string[],
) => {
  const replaced = await Promise.all(previous.map((id) => loadOrder(deps, id)));
  const rewardCash = await rewardCashAfterRefunds(deps, order.userId, replaced, order.now);
  orderDecider.decide(
    { type: 'PlaceShopOrder', data: { ...order, rewardCash, expiresAt: order.now + ORDER_HOLD_MS } },
    orderDecider.initialState,
  );
  for (const line of order.lines) {
    let { state } = await loadState(deps.store, productStream(line.productId), productDecider);
    for (const { orderId } of replaced) {
      const release: ProductCommand = {
        type: 'ReleaseStock',
        data: { reservationId: orderId, reason: 'superseded', now: order.now },
      };
      state = productDecider.decide(release, state).reduce(productDecider.evolve, state);
    }
    productDecider.decide(
      {
        type: 'ReserveStock',
        data: { reservationId: order.orderId, quantity: line.quantity, now: order.now, expiresAt: order.now },
      },
      state,
    );
  }
};

export interface CheckoutResult {
  order_id: string;
  order_code: string;
  total: number;
  /** True when reward cash paid it all and no payment is needed. */
  paid: boolean;
  razorpay_order_id: string | null;
  checkout_url: string | null;
}

/**
 * Checkout as a saga: record the order → reserve every line's stock on its product stream
 * (expected revision: of two buyers of the last unit only one gets it) → spend reward cash on
 * the wallet → create the provider order. Any refusal gives back what was taken, and nothing is
 * charged: the provider order is created only after stock and reward cash are secured.
 */
export const placeShopOrder = (
  deps: CheckoutDeps,
  user: SessionUser,
  input: { billing: Billing; appliedRewards: Record<string, number> },
): Promise<CheckoutResult> =>
  // One checkout at a time per member in this process, so a double tap on "Pay" runs its steps one
  // after the other. Across processes the product and wallet streams decide: a release recorded
  // before a reservation or a reward debit makes that step refused (see releaseShopOrder).
  inLane(deps, `checkout:${user.id}`, () => checkout(deps, user, input));

const checkout = async (
  deps: CheckoutDeps,
  user: SessionUser,
  input: { billing: Billing; appliedRewards: Record<string, number> },
): Promise<CheckoutResult> => {
  const lines = await priceCart(deps, user.id, input.appliedRewards);
  const orderId = newOrderId();
  const orderCode = newOrderCode();
  const now = deps.clock.now();
  // A new checkout replaces the member's orders still awaiting payment, but only once it is known to
  // go through: a refused attempt (too much reward cash, sold out) leaves them as they were.
  // With none to replace (most checkouts) the steps below decide alone: nothing to check first.
  const previous = awaitingOrdersOfUser(deps.readDb, user.id);
  if (previous.length > 0)
    await checkBeforeSuperseding(
      deps,
      { orderId, orderCode, userId: user.id, lines, billing: input.billing, now },
      previous,
    );
  for (const id of previous) await failAndRelease(deps, id, 'superseded');
  // Read after the supersede, so the reward cash the replaced orders held is back.
  const rewardCash = await rewardCashOf(deps, user.id);

  const actor = actorOf(user);
  const placed = await orderCommand(
    deps,
    orderId,
    {
      type: 'PlaceShopOrder',
      data: {
        orderId,
        orderCode,
        userId: user.id,
        lines,
        billing: input.billing,
        rewardCash,
        now,
        expiresAt: now + ORDER_HOLD_MS,
      },
    },
    actor,
    `place:${orderId}`,
  );
  const order = placed.state as PlacedOrder;

  try {
    for (const line of lines) {
      await handleCommand(
        deps.commands,
        productStream(line.productId),
        productDecider,
        {
          type: 'ReserveStock',
          data: { reservationId: orderId, quantity: line.quantity, now, expiresAt: order.expiresAt },
        },
        { actor, now, commandId: `reserve:${orderId}:${line.productId}` },
      );
    }
    if (order.applied_reward > 0) {
      await spendRewardCash(deps, actor, user.id, orderId, order.applied_reward, orderCode);
    }
  } catch (error) {
    await failAndRelease(deps, orderId, error instanceof DomainError ? error.code : 'error');
    throw cancelledUnderneath(error) ?? error;
  }

  if (order.total_amount === 0) {
    await applyConfirmation(
      deps,
      orderId,
      { paymentId: `reward-${orderId}`, providerOrderId: null, amountPaise: 0, source: 'reward_cash' },
      actor,
    );
    return {
      order_id: orderId,
      order_code: orderCode,
      total: 0,
      paid: true,
      razorpay_order_id: null,
      checkout_url: null,
    };
  }

  let provider: { providerOrderId: string; checkoutUrl: string };
  try {
    provider = await deps.payments.createOrder({
      amountPaise: order.total_amount,
      receipt: orderCode,
      notes: { purpose: SHOP_PURPOSE, orderId, userId: user.id },
      returnPath: SHOP_RETURN_PATH,
    });
    await orderCommand(
      deps,
      orderId,
      {
        type: 'AttachPaymentOrder',
        data: {
          provider: deps.payments.kind,
          providerOrderId: provider.providerOrderId,
          amountPaise: order.total_amount,
          now,
        },
      },
      actor,
      `attach:${orderId}`,
    );
  } catch (error) {
    await failAndRelease(deps, orderId, 'provider_error');
    const superseded = cancelledUnderneath(error);
    if (superseded) throw superseded;
    deps.log.error('checkout: could not create the payment order', { orderId, error });
    throw new ApiError(502, 'CHECKOUT_FAILED', 'Checkout failed');
  }
  return {
    order_id: orderId,
    order_code: orderCode,
    total: order.total_amount,
    paid: false,
    razorpay_order_id: provider.providerOrderId,
    checkout_url: provider.checkoutUrl,
  };
};

const applyConfirmation = async (
  deps: ShopPaymentDeps,
  orderId: string,
  payment: { paymentId: string; providerOrderId: string | null; amountPaise: number | null; source: string },
  actor: Actor,
) => {
  let result;
  try {
    result = await orderCommand(
      deps,
      orderId,
      { type: 'ConfirmShopPayment', data: { ...payment, now: deps.clock.now() } },
      actor,
      `payment:${orderId}:${payment.paymentId}`,
    );
  } catch (error) {
    // A second, different payment for an order already paid: nothing can take it, so it goes to the wallet.
    if (!(error instanceof DomainError && error.code === 'ORDER_ALREADY_PAID')) throw error;
    const order = await loadOrder(deps, orderId);
    await returnPaymentToWallet(deps, order.userId, payment.paymentId, payment.amountPaise ?? order.total_amount);
    throw new ApiError(409, 'ORDER_ALREADY_PAID', SECOND_PAYMENT_MESSAGE, RETURNED_TO_WALLET);
  }
  const state = result.state as PlacedOrder;
  if (state.status === 'paid' && state.paymentId === payment.paymentId) {
    // The payment is recorded: whatever happens to the settlement now, the member's answer is that
    // it was received. A settlement that fails is finished by the sweeper (it tries again each run).
    try {
      await settleShopOrder(deps, orderId);
    } catch (error) {
      deps.log.error('shop order paid but not settled yet; the sweeper will finish it', { orderId, error });
    }
    return { applied: result.events.some((e) => e.type === 'ShopOrderPaid') };
  }
  // The order expired or failed before the payment arrived (recorded as a late payment): the money
  // goes to the member's wallet, once, however often the callback or webhook is replayed.
  deps.log.warn('shop payment arrived for an order that is no longer payable', {
    orderId,
    paymentId: payment.paymentId,
  });
  if (state.latePayments.includes(payment.paymentId)) await returnLatePayments(deps, orderId);
  throw new ApiError(409, 'ORDER_EXPIRED', LATE_PAYMENT_MESSAGE, RETURNED_TO_WALLET);
};

/**
 * Applies a verified payment (checkout callback or webhook) to its shop order: only for the
 * order's owner, only for this order's provider order and amount, and once per payment id — a
 * replayed callback or webhook appends nothing.
 */
export const applyShopPayment: PaymentApplier<ShopPaymentDeps> = async (deps, payment) => {
  const { orderId, userId: owner } = payment.notes;
  if (!orderId || !owner) throw new DomainError('PAYMENT_ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
  if (payment.userId !== null && payment.userId !== owner) {
    throw new ApiError(403, 'FORBIDDEN', 'This payment belongs to another member.');
  }
  const order = await loadOrder(deps, orderId);
  if (order.userId !== owner) throw new ApiError(403, 'FORBIDDEN', 'This payment belongs to another member.');
  return applyConfirmation(
    deps,
    orderId,
    {
      paymentId: payment.paymentId,
      providerOrderId: payment.providerOrderId,
      amountPaise: payment.amountPaise,
      source: payment.userId ? 'callback' : 'webhook',
    },
    payment.userId ? { userId: owner, role: 'member' } : 'system',
  );
};

/** The member left the provider's checkout without paying: the order fails and gives back stock and reward cash. */
export const abandonShopOrder = async (deps: OrderStepDeps, user: SessionUser, orderId: string, reason: string) => {
  const order = await loadOrder(deps, orderId);
  if (order.userId !== user.id) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
  if (order.status !== 'awaiting_payment') return { released: false };
  await failAndRelease(deps, orderId, reason);
  return { released: true };
};
