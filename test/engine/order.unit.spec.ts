import { describe, expect, it } from 'vitest';
import type { OrderEvent, OrderLine, PlaceOrderData } from '../../engine/order.ts';
import { lineRewardCap, orderDecider, orderTotals, paymentStatusOf } from '../../engine/order.ts';
import { specFor } from '../helpers/decider.ts';

const now = Date.parse('2026-11-22T06:00:00Z');
const spec = specFor(orderDecider);

const line = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  productId: 'p1',
  product_code: 'VD1001',
  name: 'Steel Tiffin Box',
  image_url: '/products/vd1001.svg',
  price: 50_000,
  quantity: 2,
  reward_points: 30,
  applied_reward: 0,
  ...overrides,
});

const placeData = (overrides: Partial<PlaceOrderData> = {}): PlaceOrderData => ({
  orderId: 'o1',
  orderCode: 'VD-0001',
  userId: 'u1',
  lines: [line()],
  billing: { name: 'Kavya', email: 'kavya@example.in', phone: '9876543210', address: 'Thanjavur' },
  rewardCash: 10_000,
  now,
  expiresAt: now + 15 * 60_000,
  ...overrides,
});

const placed = (overrides: Partial<PlaceOrderData> = {}): OrderEvent => {
  const [event] = orderDecider.decide(
    { type: 'PlaceShopOrder', data: placeData(overrides) },
    orderDecider.initialState,
  );
  return event!;
};
const paymentOrder: OrderEvent = {
  type: 'ShopPaymentOrderCreated',
  data: { provider: 'sandbox', providerOrderId: 'order_X', amountPaise: 100_000, at: now },
};
const paid: OrderEvent = {
  type: 'ShopOrderPaid',
  data: { paymentId: 'pay_1', providerOrderId: 'order_X', amountPaise: 100_000, source: 'callback', at: now },
};
const confirm = (paymentId = 'pay_1', providerOrderId = 'order_X', amountPaise: number | null = 100_000) =>
  ({ type: 'ConfirmShopPayment', data: { paymentId, providerOrderId, amountPaise, source: 'callback', now } }) as const;

describe('shop order', () => {
  describe('reward cash rule (storefront §5)', () => {
    it('caps a line at reward points × quantity, and at what the line costs', () => {
      expect(lineRewardCap(line())).toBe(6_000);
      expect(lineRewardCap(line({ price: 1_000, quantity: 1 }))).toBe(1_000);
    });

    it('totals price × quantity minus applied rewards', () => {
      expect(
        orderTotals([line({ applied_reward: 6_000 }), line({ productId: 'p2', price: 10_000, quantity: 1 })]),
      ).toEqual({
        subtotal: 110_000,
        applied_reward: 6_000,
        total_amount: 104_000,
      });
    });

    it('places an order with rewards within the bound', () => {
      const event = placed({ lines: [line({ applied_reward: 6_000 })], rewardCash: 6_000 });
      expect(event).toMatchObject({
        type: 'ShopOrderPlaced',
        data: { subtotal: 100_000, applied_reward: 6_000, total_amount: 94_000, at: now },
      });
      expect(event.data).not.toHaveProperty('rewardCash');
    });

    it('refuses more than reward points × quantity on a line', () =>
      spec()
        .when({
          type: 'PlaceShopOrder',
          data: placeData({ lines: [line({ applied_reward: 6_100 })], rewardCash: 1e6 }),
        })
        .thenThrows('REWARD_ABOVE_LIMIT'));

    it('refuses more than the member’s reward cash over all lines', () =>
      spec()
        .when({
          type: 'PlaceShopOrder',
          data: placeData({
            lines: [line({ applied_reward: 4_000 }), line({ productId: 'p2', applied_reward: 4_000 })],
            rewardCash: 7_999,
          }),
        })
        .thenThrows('REWARD_ABOVE_BALANCE'));

    it('refuses negative or fractional rewards and an empty cart', () => {
      spec()
        .when({ type: 'PlaceShopOrder', data: placeData({ lines: [line({ applied_reward: -100 })] }) })
        .thenThrows('REWARD_ABOVE_LIMIT');
      spec()
        .when({ type: 'PlaceShopOrder', data: placeData({ lines: [line({ applied_reward: 0.5 })] }) })
        .thenThrows('REWARD_ABOVE_LIMIT');
      spec()
        .when({ type: 'PlaceShopOrder', data: placeData({ lines: [] }) })
        .thenThrows('CART_EMPTY', 'Cart is empty.');
    });
  });

  describe('payment', () => {
    it('attaches a provider order only for the order total', () => {
      spec([placed()])
        .when({
          type: 'AttachPaymentOrder',
          data: { provider: 'sandbox', providerOrderId: 'order_X', amountPaise: 100_000, now },
        })
        .then([paymentOrder]);
      spec([placed()])
        .when({
          type: 'AttachPaymentOrder',
          data: { provider: 'sandbox', providerOrderId: 'order_X', amountPaise: 100, now },
        })
        .thenThrows('PAYMENT_MISMATCH');
    });

    it('accepts the matching payment once; a replay appends nothing', () => {
      spec([placed(), paymentOrder]).when(confirm()).then([paid]);
      spec([placed(), paymentOrder, paid]).when(confirm()).thenNothing();
    });

    it('refuses a payment for another provider order or another amount', () => {
      spec([placed(), paymentOrder])
        .when(confirm('pay_1', 'order_OTHER'))
        .thenThrows('PAYMENT_MISMATCH', 'Payment verification failed');
      spec([placed(), paymentOrder])
        .when(confirm('pay_1', 'order_X', 1_00))
        .thenThrows('PAYMENT_MISMATCH');
      spec([placed()]).when(confirm()).thenThrows('PAYMENT_MISMATCH');
    });

    it('refuses a second, different payment for a paid order', () =>
      spec([placed(), paymentOrder, paid]).when(confirm('pay_2')).thenThrows('ORDER_ALREADY_PAID'));

    it('records a payment after expiry as late, once, without paying the order', () => {
      const expired: OrderEvent = { type: 'ShopOrderExpired', data: { at: now } };
      const { events, state } = spec([placed(), paymentOrder, expired]).when(confirm()).result();
      expect(events).toEqual([
        { type: 'ShopOrderLatePayment', data: { paymentId: 'pay_1', amountPaise: 100_000, at: now } },
      ]);
      expect(state.status).toBe('expired');
      spec([placed(), paymentOrder, expired, ...events])
        .when(confirm())
        .thenNothing();
    });

    it('is paid by reward cash alone only when the total is 0', () => {
      const free = placed({ lines: [line({ price: 3_000, quantity: 1, applied_reward: 3_000 })] });
      const byReward = {
        type: 'ConfirmShopPayment',
        data: { paymentId: 'reward-o1', providerOrderId: null, amountPaise: 0, source: 'reward_cash', now },
      } as const;
      expect(spec([free]).when(byReward).result().state.status).toBe('paid');
      spec([placed()]).when(byReward).thenThrows('PAYMENT_MISMATCH');
    });

    it('expires only once its time has passed, and only while unpaid', () => {
      spec([placed()])
        .when({ type: 'ExpireShopOrder', data: { now: now + 60_000 } })
        .thenNothing();
      spec([placed()])
        .when({ type: 'ExpireShopOrder', data: { now: now + 15 * 60_000 } })
        .then([{ type: 'ShopOrderExpired', data: { at: now + 15 * 60_000 } }]);
      spec([placed(), paymentOrder, paid])
        .when({ type: 'ExpireShopOrder', data: { now: now + 1e9 } })
        .thenNothing();
    });

    it('maps order status to the spec’s payment status', () => {
      expect(paymentStatusOf('awaiting_payment')).toBe('pending');
      expect(paymentStatusOf('paid')).toBe('paid');
      expect(paymentStatusOf('expired')).toBe('failed');
    });
  });

  describe('shipment', () => {
    const ship = (status: 'shipped' | 'delivered' | 'cancelled' | 'pending') =>
      ({ type: 'SetShipmentStatus', data: { status, now } }) as const;
    const shipped: OrderEvent = { type: 'ShipmentStatusChanged', data: { from: 'pending', to: 'shipped', at: now } };

    it('moves pending → shipped → delivered', () => {
      spec([placed(), paymentOrder, paid]).when(ship('shipped')).then([shipped]);
      spec([placed(), paymentOrder, paid, shipped])
        .when(ship('delivered'))
        .then([{ type: 'ShipmentStatusChanged', data: { from: 'shipped', to: 'delivered', at: now } }]);
    });

    it('can cancel before delivery, not after', () => {
      expect(spec([placed(), paymentOrder, paid]).when(ship('cancelled')).result().state).toMatchObject({
        shipment: 'cancelled',
      });
      const delivered: OrderEvent = {
        type: 'ShipmentStatusChanged',
        data: { from: 'shipped', to: 'delivered', at: now },
      };
      spec([placed(), paymentOrder, paid, shipped, delivered])
        .when(ship('cancelled'))
        .thenThrows('SHIPMENT_TRANSITION_INVALID');
    });

    it('refunds a cancelled paid order once: the amount paid and the reward cash it used', () => {
      const withReward = placed({ lines: [line({ applied_reward: 6_000 })] });
      const refund = { type: 'MarkShopOrderRefunded', data: { now } } as const;
      // An admin's cancel says it refunds.
      const cancelled = spec([withReward, paymentOrder, paid]).when(ship('cancelled')).result().events[0]!;
      expect(cancelled).toEqual({
        type: 'ShipmentStatusChanged',
        data: { from: 'pending', to: 'cancelled', at: now, refund: true },
      });
      const { events, state } = spec([withReward, paymentOrder, paid, cancelled]).when(refund).result();
      expect(events).toEqual([
        { type: 'ShopOrderRefunded', data: { amountPaise: 94_000, rewardCash: 6_000, at: now } },
      ]);
      expect(state).toMatchObject({ status: 'paid', shipment: 'cancelled', refunded: true });
      spec([withReward, paymentOrder, paid, cancelled, ...events])
        .when(refund)
        .thenNothing();
      // Only a cancelled paid order.
      spec([withReward, paymentOrder, paid]).when(refund).thenNothing();
      spec([withReward, paymentOrder, paid, shipped]).when(refund).thenNothing();
    });

    it('never refunds a cancel recorded before cancels refunded: what was agreed then stands', () => {
      const cancelledBefore: OrderEvent = {
        type: 'ShipmentStatusChanged',
        data: { from: 'pending', to: 'cancelled', at: now },
      };
      const { state } = spec([placed(), paymentOrder, paid, cancelledBefore])
        .when({ type: 'MarkShopOrderRefunded', data: { now } })
        .result();
      expect(state).toMatchObject({ shipment: 'cancelled', refundDue: false, refunded: false });
      spec([placed(), paymentOrder, paid, cancelledBefore])
        .when({ type: 'MarkShopOrderRefunded', data: { now } })
        .thenNothing();
    });

    it('refuses to ship an unpaid order or to skip back', () => {
      spec([placed()]).when(ship('shipped')).thenThrows('SHIPMENT_TRANSITION_INVALID');
      spec([placed(), paymentOrder, paid, shipped]).when(ship('pending')).thenThrows('SHIPMENT_TRANSITION_INVALID');
      spec([placed(), paymentOrder, paid, shipped]).when(ship('shipped')).thenNothing();
    });
  });

  describe('saga markers', () => {
    it('settles a paid order once and releases a failed one once', () => {
      spec([placed(), paymentOrder, paid])
        .when({ type: 'MarkShopOrderSettled', data: { now } })
        .then([{ type: 'ShopOrderSettled', data: { at: now } }]);
      spec([placed(), paymentOrder, paid, { type: 'ShopOrderSettled', data: { at: now } }])
        .when({ type: 'MarkShopOrderSettled', data: { now } })
        .thenNothing();
      const failed: OrderEvent = { type: 'ShopOrderPaymentFailed', data: { reason: 'declined', at: now } };
      spec([placed(), failed])
        .when({ type: 'MarkShopOrderReleased', data: { now } })
        .then([{ type: 'ShopOrderReleased', data: { at: now } }]);
      spec([placed()]).when({ type: 'MarkShopOrderReleased', data: { now } }).thenNothing();
    });

    it('marks a late payment returned to the wallet once, and only a recorded one', () => {
      const expired: OrderEvent = { type: 'ShopOrderExpired', data: { at: now } };
      const late: OrderEvent = {
        type: 'ShopOrderLatePayment',
        data: { paymentId: 'pay_1', amountPaise: 100_000, at: now },
      };
      const returned = { type: 'MarkLatePaymentReturned', data: { paymentId: 'pay_1', now } } as const;
      const { events, state } = spec([placed(), paymentOrder, expired, late]).when(returned).result();
      expect(events).toEqual([{ type: 'ShopLatePaymentReturned', data: { paymentId: 'pay_1', at: now } }]);
      expect(state).toMatchObject({ latePayments: ['pay_1'], lateReturned: ['pay_1'] });
      spec([placed(), paymentOrder, expired, late, ...events])
        .when(returned)
        .thenNothing();
      spec([placed(), paymentOrder, expired]).when(returned).thenNothing();
    });
  });
});
