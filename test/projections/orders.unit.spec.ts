import { describe, it } from 'vitest';
import type { OrderEvent } from '../../engine/order.ts';
import {
  awaitingOrdersOfUser,
  orderIdByProviderOrder,
  ordersNeedingWork,
  ordersOfUser as orderRowsOfUser,
  paidOrders as paidOrderRows,
  shopOrderById as shopOrderRowById,
} from '../../projections/orders.ts';
import { given, on } from '../helpers/readModel.ts';
import { toShopOrder } from '../../api/shop/views.ts';

/** The read model's rows as the api maps them for members (api/shop/views.ts): what a screen shows. */
const ordersOfUser = (...a: Parameters<typeof orderRowsOfUser>) => orderRowsOfUser(...a).map(toShopOrder);
const paidOrders = (...a: Parameters<typeof paidOrderRows>) => paidOrderRows(...a).map(toShopOrder);
const shopOrderById = (...a: Parameters<typeof shopOrderRowById>) => {
  const row = shopOrderRowById(...a);
  return row && toShopOrder(row);
};

const order = (e: OrderEvent, at?: string) => on('order-o1', e, at);
const placed = order({
  type: 'ShopOrderPlaced',
  data: {
    orderId: 'o1',
    orderCode: 'VD-0001',
    userId: 'u1',
    lines: [
      {
        productId: 'p1',
        product_code: 'SAR001',
        name: 'Silk saree',
        image_url: '/img/saree.jpg',
        price: 12_000_00,
        quantity: 1,
        reward_points: 120,
        applied_reward: 100_00,
      },
      {
        productId: 'p2',
        product_code: 'DHO001',
        name: 'Dhoti',
        image_url: '/img/dhoti.jpg',
        price: 800_00,
        quantity: 2,
        reward_points: 8,
        applied_reward: 0,
      },
    ],
    billing: { name: 'Asha', email: 'asha@example.in', phone: '9876543210', address: '12 Anna Salai, Chennai' },
    expiresAt: 60_000,
    subtotal: 13_600_00,
    applied_reward: 100_00,
    total_amount: 13_500_00,
    at: 0,
  },
});
const paymentOrder = order({
  type: 'ShopPaymentOrderCreated',
  data: { provider: 'razorpay', providerOrderId: 'order_RZP1', amountPaise: 13_500_00, at: 1 },
});

const paid = order({
  type: 'ShopOrderPaid',
  data: { paymentId: 'pay_1', providerOrderId: 'order_RZP1', amountPaise: 13_500_00, source: 'webhook', at: 2 },
});

describe('shop orders read model', () => {
  it('shows a placed order awaiting payment to its member, and to the sweeper once it expires', () => {
    given(placed, paymentOrder)
      .thenRows(
        (db) => ordersOfUser(db, 'u1').map((o) => [o.order_code, o.product_name, o.payment_status, o.items.length]),
        [['VD-0001', 'Silk saree + 1 more', 'pending', 2]],
      )
      .thenRows((db) => awaitingOrdersOfUser(db, 'u1'), ['o1'])
      .thenRows((db) => orderIdByProviderOrder(db, 'order_RZP1'), { id: 'o1', userId: 'u1' })
      .thenRows((db) => ordersNeedingWork(db, 59_999), [])
      .thenRows((db) => ordersNeedingWork(db, 60_000), [{ id: 'o1', status: 'awaiting_payment' }]);
  });

  it('moves a paid order through settlement and shipment', () => {
    given(placed, paymentOrder, paid)
      .thenRows((db) => ordersNeedingWork(db, 0), [{ id: 'o1', status: 'paid' }])
      .thenRows(
        (db) => paidOrders(db).map((o) => [o.id, o.payment_id, o.shipment_status]),
        [['o1', 'pay_1', 'pending']],
      );
    given(
      placed,
      paymentOrder,
      paid,
      order({ type: 'ShopOrderSettled', data: { at: 3 } }),
      order({ type: 'ShipmentStatusChanged', data: { from: 'pending', to: 'shipped', at: 4 } }),
    )
      .thenRows((db) => ordersNeedingWork(db, 0), [])
      .thenRows((db) => paidOrders(db, 'shipped').map((o) => o.id), ['o1'])
      .thenRows(
        (db) => shopOrderById(db, 'o1')?.items.map((i) => [i.product_code, i.quantity]),
        [
          ['SAR001', 1],
          ['DHO001', 2],
        ],
      );
  });

  it('owes a refund for a paid order cancelled under the refund rule until it is refunded, and never for a cancel from before', () => {
    const settled = order({ type: 'ShopOrderSettled', data: { at: 3 } });
    const cancel = (refund: boolean) =>
      order({
        type: 'ShipmentStatusChanged',
        data: refund
          ? { from: 'pending', to: 'cancelled', at: 4, refund: true }
          : { from: 'pending', to: 'cancelled', at: 4 },
      });
    given(placed, paymentOrder, paid, settled, cancel(true))
      .thenRows((db) => ordersNeedingWork(db, 0), [{ id: 'o1', status: 'paid' }])
      .thenRows((db) => shopOrderById(db, 'o1')?.shipment_status, 'cancelled');
    given(
      placed,
      paymentOrder,
      paid,
      settled,
      cancel(true),
      order({ type: 'ShopOrderRefunded', data: { amountPaise: 13_500_00, rewardCash: 100_00, at: 5 } }),
    ).thenRows((db) => ordersNeedingWork(db, 0), []);
    // Recorded before cancels refunded: nothing owed, whatever a rebuild of the read model sees.
    given(placed, paymentOrder, paid, settled, cancel(false))
      .thenRows((db) => ordersNeedingWork(db, 0), [])
      .thenRows((db) => shopOrderById(db, 'o1')?.shipment_status, 'cancelled');
  });

  it('releases a failed order once, and counts late payments until each is back in the wallet', () => {
    given(placed, paymentOrder, order({ type: 'ShopOrderPaymentFailed', data: { reason: 'declined', at: 2 } }))
      .thenRows((db) => ordersNeedingWork(db, 0), [{ id: 'o1', status: 'failed' }])
      .thenRows((db) => shopOrderById(db, 'o1')?.payment_status, 'failed');
    given(
      placed,
      order({ type: 'ShopOrderExpired', data: { at: 2 } }),
      order({ type: 'ShopOrderReleased', data: { at: 3 } }),
      order({ type: 'ShopOrderLatePayment', data: { paymentId: 'pay_9', amountPaise: null, at: 4 } }),
    )
      .thenRows((db) => ordersNeedingWork(db, 0), [{ id: 'o1', status: 'expired' }])
      .thenRows(
        (db) => db.sqlite.prepare("SELECT status, released, late_payments FROM rm_shop_orders WHERE id = 'o1'").get(),
        { status: 'expired', released: 1, late_payments: 1 },
      );
    given(
      placed,
      order({ type: 'ShopOrderExpired', data: { at: 2 } }),
      order({ type: 'ShopOrderReleased', data: { at: 3 } }),
      order({ type: 'ShopOrderLatePayment', data: { paymentId: 'pay_9', amountPaise: null, at: 4 } }),
      order({ type: 'ShopLatePaymentReturned', data: { paymentId: 'pay_9', at: 5 } }),
    ).thenRows((db) => ordersNeedingWork(db, 0), []);
  });
});
