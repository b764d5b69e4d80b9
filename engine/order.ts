import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/** One line of a shop order, priced by the server. Money in paise; `reward_points` per unit, 1 point = ₹1. */
export interface OrderLine {
  productId: string;
  product_code: string;
  name: string;
  image_url: string;
  price: number;
  quantity: number;
  reward_points: number;
  /** Reward cash applied to this line, paise. */
  applied_reward: number;
}

/** Checkout billing details; the spec gives them no validation. */
export interface Billing {
  name: string;
  email: string;
  phone: string;
  address: string;
}

export const SHIPMENT_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export type PaymentStatus = 'pending' | 'paid' | 'failed';

/** Where each shipment status may go next (admins move orders along). */
export const SHIPMENT_NEXT: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  pending: ['shipped', 'cancelled'],
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export const REWARD_POINT_PAISE = 100;

/** Storefront §5: reward applied to a line is at most item reward points × quantity (and never more than the line costs). */
export const lineRewardCap = (line: Pick<OrderLine, 'price' | 'quantity' | 'reward_points'>): number =>
  Math.min(line.reward_points * line.quantity * REWARD_POINT_PAISE, line.price * line.quantity);

/** Sum of price × quantity minus applied rewards, never below 0. */
export const orderTotals = (lines: readonly OrderLine[]) => {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const applied = lines.reduce((sum, l) => sum + l.applied_reward, 0);
  return { subtotal, applied_reward: applied, total_amount: Math.max(0, subtotal - applied) };
};

export interface PlaceOrderData {
  orderId: string;
  orderCode: string;
  userId: string;
  lines: OrderLine[];
  billing: Billing;
  /** The member's reward cash at checkout, paise. */
  rewardCash: number;
  now: number;
  expiresAt: number;
}

export type OrderCommand =
  | { type: 'PlaceShopOrder'; data: PlaceOrderData }
  | {
      type: 'AttachPaymentOrder';
      data: { provider: string; providerOrderId: string; amountPaise: number; now: number };
    }
  | {
      type: 'ConfirmShopPayment';
      data: {
        paymentId: string;
        providerOrderId: string | null;
        amountPaise: number | null;
        source: string;
        now: number;
      };
    }
  | { type: 'FailShopPayment'; data: { reason: string; now: number } }
  | { type: 'ExpireShopOrder'; data: { now: number } }
  | { type: 'MarkShopOrderSettled'; data: { now: number } }
  | { type: 'MarkShopOrderReleased'; data: { now: number } }
  /** A cancelled paid order's money, reward cash and units are back (the last step of the cancel). */
  | { type: 'MarkShopOrderRefunded'; data: { now: number } }
  /** A late payment is back in the member's wallet (the second step after recording it). */
  | { type: 'MarkLatePaymentReturned'; data: { paymentId: string; now: number } }
  | { type: 'SetShipmentStatus'; data: { status: ShipmentStatus; now: number } };

export type OrderEvent =
  | {
      type: 'ShopOrderPlaced';
      data: Omit<PlaceOrderData, 'rewardCash' | 'now'> & {
        subtotal: number;
        applied_reward: number;
        total_amount: number;
        at: number;
      };
    }
  | {
      type: 'ShopPaymentOrderCreated';
      data: { provider: string; providerOrderId: string; amountPaise: number; at: number };
    }
  | {
      type: 'ShopOrderPaid';
      data: { paymentId: string; providerOrderId: string | null; amountPaise: number; source: string; at: number };
    }
  | { type: 'ShopOrderPaymentFailed'; data: { reason: string; at: number } }
  | { type: 'ShopOrderExpired'; data: { at: number } }
  | { type: 'ShopOrderLatePayment'; data: { paymentId: string; amountPaise: number | null; at: number } }
  | { type: 'ShopOrderSettled'; data: { at: number } }
  | { type: 'ShopOrderReleased'; data: { at: number } }
  | { type: 'ShopLatePaymentReturned'; data: { paymentId: string; at: number } }
  /** What a cancelled paid order gave back: the amount paid to the wallet as cash, and the reward cash. */
  | { type: 'ShopOrderRefunded'; data: { amountPaise: number; rewardCash: number; at: number } }
  | {
      type: 'ShipmentStatusChanged';
      /**
       * `refund`: a cancel recorded since cancels refund (the money, reward cash and units come
       * back). A cancel recorded before has none: whatever was agreed then stands, never refunded again.
       */
      data: { from: ShipmentStatus; to: ShipmentStatus; at: number; refund?: true };
    };

export type OrderStatus = 'awaiting_payment' | 'paid' | 'failed' | 'expired';

export type PlacedOrder = Extract<OrderEvent, { type: 'ShopOrderPlaced' }>['data'] & {
  status: OrderStatus;
  provider: string | null;
  providerOrderId: string | null;
  paymentId: string | null;
  /** Payments that arrived after the order stopped being payable (each goes to the wallet). */
  latePayments: string[];
  /** Late payments already back in the wallet; the others are the sweeper's to return. */
  lateReturned: string[];
  shipment: ShipmentStatus;
  /** Stock committed and cart cleared after payment. */
  settled: boolean;
  /** Stock and reward cash given back after a failure or expiry. */
  released: boolean;
  /** Paid, then cancelled by an admin under the refund rule: its refund is owed until `refunded`. */
  refundDue: boolean;
  /** Paid, then cancelled by an admin, and everything given back. */
  refunded: boolean;
};

export type OrderState = { status: 'none' } | PlacedOrder;

export const ORDER_MESSAGES = {
  cartEmpty: 'Cart is empty.',
  verificationFailed: 'Payment verification failed',
  notFound: 'Order not found',
} as const;

export const orderStream = (id: string): string => `order-${id}`;

export const paymentStatusOf = (status: OrderStatus): PaymentStatus =>
  status === 'paid' ? 'paid' : status === 'awaiting_payment' ? 'pending' : 'failed';

const placed = (state: OrderState): PlacedOrder => {
  if (state.status === 'none') throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
  return state;
};

const placeOrder = (state: OrderState, d: PlaceOrderData): OrderEvent[] => {
  if (state.status !== 'none') return [];
  if (d.lines.length === 0) throw new DomainError('CART_EMPTY', ORDER_MESSAGES.cartEmpty);
  for (const line of d.lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new DomainError('QUANTITY_INVALID', 'Quantity cannot be less than 1.');
    }
    if (
      !Number.isSafeInteger(line.applied_reward) ||
      line.applied_reward < 0 ||
      line.applied_reward > lineRewardCap(line)
    ) {
      throw new DomainError(
        'REWARD_ABOVE_LIMIT',
        `Reward Cash on ${line.name} can be at most its reward points × quantity.`,
        {
          productId: line.productId,
          name: line.name,
          max: lineRewardCap(line),
        },
      );
    }
  }
  const totals = orderTotals(d.lines);
  if (totals.applied_reward > d.rewardCash) {
    throw new DomainError('REWARD_ABOVE_BALANCE', 'You don’t have that much Reward Cash.', {
      rewardCash: d.rewardCash,
      applied: totals.applied_reward,
    });
  }
  const { rewardCash: _cash, now, ...rest } = d;
  return [{ type: 'ShopOrderPlaced', data: { ...rest, ...totals, at: now } }];
};

const confirmPayment = (
  s: PlacedOrder,
  d: Extract<OrderCommand, { type: 'ConfirmShopPayment' }>['data'],
): OrderEvent[] => {
  if (s.paymentId === d.paymentId || s.latePayments.includes(d.paymentId)) return [];
  const expected = s.providerOrderId;
  const viaRewardCash = d.source === 'reward_cash';
  if (viaRewardCash ? s.total_amount !== 0 : expected === null || d.providerOrderId !== expected) {
    throw new DomainError('PAYMENT_MISMATCH', ORDER_MESSAGES.verificationFailed);
  }
  if (d.amountPaise !== null && d.amountPaise !== s.total_amount) {
    throw new DomainError('PAYMENT_MISMATCH', ORDER_MESSAGES.verificationFailed, { amountPaise: d.amountPaise });
  }
  if (s.status === 'paid') throw new DomainError('ORDER_ALREADY_PAID', 'This order is already paid.');
  if (s.status !== 'awaiting_payment') {
    return [{ type: 'ShopOrderLatePayment', data: { paymentId: d.paymentId, amountPaise: d.amountPaise, at: d.now } }];
  }
  return [
    {
      type: 'ShopOrderPaid',
      data: {
        paymentId: d.paymentId,
        providerOrderId: d.providerOrderId,
        amountPaise: s.total_amount,
        source: d.source,
        at: d.now,
      },
    },
  ];
};

export const initialState: OrderState = { status: 'none' };

export const decide = (command: OrderCommand, state: OrderState): OrderEvent[] => {
  switch (command.type) {
    case 'PlaceShopOrder':
      return placeOrder(state, command.data);
    case 'AttachPaymentOrder': {
      const s = placed(state);
      const { provider, providerOrderId, amountPaise, now } = command.data;
      if (s.providerOrderId === providerOrderId) return [];
      if (s.status !== 'awaiting_payment' || s.providerOrderId !== null) {
        throw new DomainError('ORDER_NOT_PAYABLE', 'This order can no longer be paid.');
      }
      if (amountPaise !== s.total_amount) throw new DomainError('PAYMENT_MISMATCH', 'Checkout failed');
      return [{ type: 'ShopPaymentOrderCreated', data: { provider, providerOrderId, amountPaise, at: now } }];
    }
    case 'ConfirmShopPayment':
      return confirmPayment(placed(state), command.data);
    case 'FailShopPayment': {
      const s = placed(state);
      if (s.status !== 'awaiting_payment') return [];
      return [{ type: 'ShopOrderPaymentFailed', data: { reason: command.data.reason, at: command.data.now } }];
    }
    case 'ExpireShopOrder': {
      const s = placed(state);
      if (s.status !== 'awaiting_payment' || command.data.now < s.expiresAt) return [];
      return [{ type: 'ShopOrderExpired', data: { at: command.data.now } }];
    }
    case 'MarkShopOrderSettled': {
      const s = placed(state);
      if (s.status !== 'paid' || s.settled) return [];
      return [{ type: 'ShopOrderSettled', data: { at: command.data.now } }];
    }
    case 'MarkShopOrderReleased': {
      const s = placed(state);
      if (s.status === 'paid' || s.status === 'awaiting_payment' || s.released) return [];
      return [{ type: 'ShopOrderReleased', data: { at: command.data.now } }];
    }
    case 'MarkShopOrderRefunded': {
      const s = placed(state);
      if (s.status !== 'paid' || s.shipment !== 'cancelled' || !s.refundDue || s.refunded) return [];
      return [
        {
          type: 'ShopOrderRefunded',
          data: { amountPaise: s.total_amount, rewardCash: s.applied_reward, at: command.data.now },
        },
      ];
    }
    case 'MarkLatePaymentReturned': {
      const s = placed(state);
      const { paymentId, now } = command.data;
      if (!s.latePayments.includes(paymentId) || s.lateReturned.includes(paymentId)) return [];
      return [{ type: 'ShopLatePaymentReturned', data: { paymentId, at: now } }];
    }
    case 'SetShipmentStatus': {
      const s = placed(state);
      const to = command.data.status;
      if (s.shipment === to) return [];
      if (s.status !== 'paid' || !SHIPMENT_NEXT[s.shipment].includes(to)) {
        throw new DomainError('SHIPMENT_TRANSITION_INVALID', `An order that is ${s.shipment} cannot be marked ${to}.`, {
          from: s.shipment,
          to,
        });
      }
      const at = command.data.now;
      // A cancel refunds the member (refundCancelledOrder); the event says so, for this cancel only.
      return [
        {
          type: 'ShipmentStatusChanged',
          data: to === 'cancelled' ? { from: s.shipment, to, at, refund: true } : { from: s.shipment, to, at },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

export const evolve = (state: OrderState, event: OrderEvent): OrderState => {
  if (event.type === 'ShopOrderPlaced') {
    return {
      ...event.data,
      status: 'awaiting_payment',
      provider: null,
      providerOrderId: null,
      paymentId: null,
      latePayments: [],
      lateReturned: [],
      shipment: 'pending',
      settled: false,
      released: false,
      refundDue: false,
      refunded: false,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ShopPaymentOrderCreated':
      return { ...state, provider: event.data.provider, providerOrderId: event.data.providerOrderId };
    case 'ShopOrderPaid':
      return { ...state, status: 'paid', paymentId: event.data.paymentId };
    case 'ShopOrderPaymentFailed':
      return { ...state, status: 'failed' };
    case 'ShopOrderExpired':
      return { ...state, status: 'expired' };
    case 'ShopOrderLatePayment':
      return { ...state, latePayments: [...state.latePayments, event.data.paymentId] };
    case 'ShopOrderRefunded':
      return { ...state, refunded: true };
    case 'ShopLatePaymentReturned':
      return { ...state, lateReturned: [...state.lateReturned, event.data.paymentId] };
    case 'ShopOrderSettled':
      return { ...state, settled: true };
    case 'ShopOrderReleased':
      return { ...state, released: true };
    case 'ShipmentStatusChanged':
      return {
        ...state,
        shipment: event.data.to,
        refundDue: state.refundDue || (event.data.to === 'cancelled' && event.data.refund === true),
      };
    default:
      return state;
  }
};

/**
 * A shop order (`order-{id}`). Guarantees: prices and reward cash per line follow the spec's
 * rule (0 to item reward points × quantity, in total no more than the member's reward cash;
 * total never below 0); a payment is accepted only for this order's provider order and amount,
 * and once: a replayed callback or webhook appends nothing; a payment after the order stopped
 * being payable is recorded as late, and marked returned once it is in the wallet; shipment moves pending → shipped →
 * delivered, or to cancelled, only after payment; a cancelled paid order is refunded once.
 */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState,
  decide,
  evolve,
};
