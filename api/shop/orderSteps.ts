import { cartDecider, cartStream } from '../../engine/cart.ts';
import { DomainError } from '../../engine/decider.ts';
import type { Actor } from '../../engine/eventStore.ts';
import type { OrderCommand, PlacedOrder } from '../../engine/order.ts';
import { ORDER_MESSAGES, orderDecider, orderStream } from '../../engine/order.ts';
import type { ProductCommand } from '../../engine/product.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { ordersNeedingWork } from '../../projections/orders.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { returnPaymentToWallet } from '../wallet/returns.ts';
import { refundRewardCash } from './rewards.ts';
import { everyInterval } from '../repeat.ts';

/** What the order steps need: the order, product, cart and wallet streams. */
export type OrderStepDeps = Pick<Deps, 'clock' | 'commands' | 'store'>;

export const orderCommand = (
  deps: Pick<Deps, 'clock' | 'commands'>,
  orderId: string,
  command: OrderCommand,
  actor: Actor,
  commandId: string,
) =>
  handleCommand(deps.commands, orderStream(orderId), orderDecider, command, {
    actor,
    now: deps.clock.now(),
    commandId,
  });

export const loadOrder = async (deps: Pick<Deps, 'store'>, orderId: string): Promise<PlacedOrder> => {
  const { state } = await loadState(deps.store, orderStream(orderId), orderDecider);
  if (state.status === 'none') throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
  return state;
};

/** Sends each of the order's products its stock command, once per order, step and product. */
const commandEachProduct = async (
  deps: Pick<Deps, 'commands'>,
  orderId: string,
  order: PlacedOrder,
  now: number,
  step: string,
  command: (line: PlacedOrder['lines'][number]) => ProductCommand,
) => {
  for (const line of order.lines) {
    await handleCommand(deps.commands, productStream(line.productId), productDecider, command(line), {
      actor: 'system',
      now,
      commandId: `${step}:${orderId}:${line.productId}`,
    });
  }
};

/**
 * Gives back what an unpaid order held — its stock reservations and any reward cash it spent —
 * then marks it released. Every step is idempotent, so the sweeper may run it again after a crash.
 */
export const releaseShopOrder = async (deps: OrderStepDeps, orderId: string): Promise<void> => {
  const order = await loadOrder(deps, orderId);
  if (order.status === 'paid' || order.status === 'awaiting_payment' || order.released) return;
  const now = deps.clock.now();
  await commandEachProduct(deps, orderId, order, now, 'release', () => ({
    type: 'ReleaseStock',
    data: { reservationId: orderId, reason: order.status, now },
  }));
  await refundRewardCash(deps, order.userId, orderId, order.applied_reward);
  await orderCommand(deps, orderId, { type: 'MarkShopOrderReleased', data: { now } }, 'system', `released:${orderId}`);
};

/** After payment: sells the reserved units and takes the bought lines out of the cart, exactly once. */
export const settleShopOrder = async (deps: OrderStepDeps, orderId: string): Promise<void> => {
  const order = await loadOrder(deps, orderId);
  if (order.status !== 'paid' || order.settled) return;
  const now = deps.clock.now();
  await commandEachProduct(deps, orderId, order, now, 'commit', (line) => ({
    type: 'CommitStock',
    data: { reservationId: orderId, quantity: line.quantity, now },
  }));
  await handleCommand(
    deps.commands,
    cartStream(order.userId),
    cartDecider,
    {
      type: 'CheckOutCart',
      data: { orderId, lines: order.lines.map((l) => ({ productId: l.productId, quantity: l.quantity })), now },
    },
    { actor: 'system', now, commandId: `cart-checkout:${orderId}` },
  );
  await orderCommand(deps, orderId, { type: 'MarkShopOrderSettled', data: { now } }, 'system', `settled:${orderId}`);
};

/**
 * Puts every late payment of the order that is not back yet into the member's wallet, then marks
 * it returned. The wallet credit is once per payment id, so after a crash between the two steps
 * (or in two processes at once) it is credited once. A late payment is always of the order's total:
 * the order decider records no other amount.
 */
export const returnLatePayments = async (deps: OrderStepDeps & Pick<Deps, 'log'>, orderId: string) => {
  const order = await loadOrder(deps, orderId);
  for (const paymentId of order.latePayments) {
    if (order.lateReturned.includes(paymentId)) continue;
    await returnPaymentToWallet(deps, order.userId, paymentId, order.total_amount);
    const now = deps.clock.now();
    await orderCommand(
      deps,
      orderId,
      { type: 'MarkLatePaymentReturned', data: { paymentId, now } },
      'system',
      `late-returned:${orderId}:${paymentId}`,
    );
  }
};

/**
 * An admin cancelled a paid order: its units come back to stock, the amount paid goes to the
 * member's wallet as cash (like every payment nothing can take), the reward cash it used comes
 * back, then the order is marked refunded. Each step is once per order (its own ids), so the
 * sweeper finishes it after a crash, and two processes doing it at once give back everything once.
 */
export const refundCancelledOrder = async (deps: OrderStepDeps & Pick<Deps, 'log'>, orderId: string) => {
  const order = await loadOrder(deps, orderId);
  // A cancel recorded before cancels refunded carries no `refund`: what was agreed then stands.
  if (order.status !== 'paid' || order.shipment !== 'cancelled' || !order.refundDue || order.refunded) return;
  const now = deps.clock.now();
  await commandEachProduct(deps, orderId, order, now, 'return', (line) => ({
    type: 'ReturnStock',
    data: { reservationId: orderId, quantity: line.quantity, now },
  }));
  await returnPaymentToWallet(deps, order.userId, `refund-${orderId}`, order.total_amount);
  await refundRewardCash(deps, order.userId, orderId, order.applied_reward);
  await orderCommand(deps, orderId, { type: 'MarkShopOrderRefunded', data: { now } }, 'system', `refunded:${orderId}`);
};

/** Fails an unpaid order and gives back what it held. */
export const failAndRelease = async (deps: OrderStepDeps, orderId: string, reason: string) => {
  const now = deps.clock.now();
  await orderCommand(deps, orderId, { type: 'FailShopPayment', data: { reason, now } }, 'system', `fail:${orderId}`);
  await releaseShopOrder(deps, orderId);
};

/**
 * Finishes or compensates half-done checkouts: expires unpaid orders past their hold, releases
 * failed and expired ones, settles paid ones, refunds paid ones an admin cancelled, returns late
 * payments to the wallet. Safe to run from any process, any number of times.
 * Each run walks every order with work left, a page at a time by order id, so one that fails
 * every time (logged, tried again next run) never keeps the rest waiting.
 */
export const sweepShopOrders = async (
  deps: OrderStepDeps & Pick<Deps, 'readDb' | 'log'>,
  { pageSize = 100 } = {},
): Promise<number> => {
  const now = deps.clock.now();
  let seen = 0;
  for (let after = ''; ;) {
    const work = ordersNeedingWork(deps.readDb, now, { after, limit: pageSize });
    for (const { id, status } of work) {
      try {
        if (status === 'awaiting_payment') {
          await orderCommand(deps, id, { type: 'ExpireShopOrder', data: { now } }, 'system', `expire:${id}`);
          await releaseShopOrder(deps, id);
        } else if (status === 'paid') {
          // A cancelled order's units are returned first, so its settlement sells nothing.
          await refundCancelledOrder(deps, id);
          await settleShopOrder(deps, id);
        } else {
          await releaseShopOrder(deps, id);
        }
        await returnLatePayments(deps, id);
      } catch (error) {
        deps.log.error('shop sweeper could not finish an order', { orderId: id, error });
      }
    }
    seen += work.length;
    if (work.length < pageSize) return seen;
    after = work.at(-1)!.id;
  }
};

/** Runs the sweeper every `intervalMs` (0 = never; tests call `sweepShopOrders` by hand). Returns a stop function. */
export const startShopSweeper = (
  deps: OrderStepDeps & Pick<Deps, 'readDb' | 'log'>,
  intervalMs: number,
): (() => void) =>
  everyInterval(
    intervalMs,
    () => sweepShopOrders(deps),
    (error) => deps.log.error('shop sweeper failed', { error }),
  );
