import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, or } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { OrderEvent, OrderStatus, ShipmentStatus } from '../engine/order.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';

export const shopOrdersTable = sqliteTable('rm_shop_orders', {
  id: text('id').primaryKey(),
  orderCode: text('order_code').notNull(),
  userId: text('user_id').notNull(),
  status: text('status').$type<OrderStatus>().notNull(),
  shipmentStatus: text('shipment_status').$type<ShipmentStatus>().notNull(),
  subtotal: integer('subtotal').notNull(),
  appliedReward: integer('applied_reward').notNull(),
  totalAmount: integer('total_amount').notNull(),
  provider: text('provider'),
  providerOrderId: text('provider_order_id'),
  paymentId: text('payment_id'),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  contactNumber: text('contact_number').notNull(),
  address: text('address').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  settled: integer('settled').notNull(),
  released: integer('released').notNull(),
  latePayments: integer('late_payments').notNull(),
  /** Late payments already back in the member's wallet. */
  lateReturned: integer('late_returned').notNull(),
  /** A paid order an admin cancelled under the refund rule (its ShipmentStatusChanged says `refund`). */
  refundDue: integer('refund_due').notNull(),
  /** A paid order an admin cancelled, with its money, reward cash and units given back. */
  refunded: integer('refunded').notNull(),
});

export const shopOrderLinesTable = sqliteTable('rm_shop_order_lines', {
  orderId: text('order_id').notNull(),
  lineNo: integer('line_no').notNull(),
  productId: text('product_id').notNull(),
  productCode: text('product_code').notNull(),
  name: text('name').notNull(),
  imageUrl: text('image_url').notNull(),
  price: integer('price').notNull(),
  quantity: integer('quantity').notNull(),
  rewardPoints: integer('reward_points').notNull(),
  appliedReward: integer('applied_reward').notNull(),
});

const STATEMENTS = {
  place: `INSERT INTO rm_shop_orders (id, order_code, user_id, status, shipment_status, subtotal, applied_reward, total_amount,
      full_name, email, contact_number, address, created_at, updated_at, expires_at, settled, released, late_payments,
      late_returned, refund_due, refunded)
    VALUES (?, ?, ?, 'awaiting_payment', 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, 0) ON CONFLICT DO NOTHING`,
  line: `INSERT INTO rm_shop_order_lines (order_id, line_no, product_id, product_code, name, image_url, price, quantity,
      reward_points, applied_reward) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  paymentOrder: 'UPDATE rm_shop_orders SET provider = ?, provider_order_id = ?, updated_at = ? WHERE id = ?',
  paid: "UPDATE rm_shop_orders SET status = 'paid', payment_id = ?, updated_at = ? WHERE id = ?",
  status: 'UPDATE rm_shop_orders SET status = ?, updated_at = ? WHERE id = ?',
  latePayment: 'UPDATE rm_shop_orders SET late_payments = late_payments + 1, updated_at = ? WHERE id = ?',
  lateReturned: 'UPDATE rm_shop_orders SET late_returned = late_returned + 1, updated_at = ? WHERE id = ?',
  refunded: 'UPDATE rm_shop_orders SET refunded = 1, updated_at = ? WHERE id = ?',
  settled: 'UPDATE rm_shop_orders SET settled = 1, updated_at = ? WHERE id = ?',
  released: 'UPDATE rm_shop_orders SET released = 1, updated_at = ? WHERE id = ?',
  shipment:
    'UPDATE rm_shop_orders SET shipment_status = ?, refund_due = MAX(refund_due, ?), updated_at = ? WHERE id = ?',
};

/** Shop orders with their lines, payment and shipment status; also what the checkout sweeper still has to do. */
export const ordersProjector = defineReadModel<OrderEvent>()({
  name: 'shop-orders',
  version: 4,
  tables: {
    rm_shop_orders: `CREATE TABLE IF NOT EXISTS rm_shop_orders (
      id TEXT PRIMARY KEY, order_code TEXT NOT NULL, user_id TEXT NOT NULL, status TEXT NOT NULL,
      shipment_status TEXT NOT NULL, subtotal INTEGER NOT NULL, applied_reward INTEGER NOT NULL,
      total_amount INTEGER NOT NULL, provider TEXT, provider_order_id TEXT, payment_id TEXT,
      full_name TEXT NOT NULL, email TEXT NOT NULL, contact_number TEXT NOT NULL, address TEXT NOT NULL,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL, expires_at INTEGER NOT NULL, settled INTEGER NOT NULL,
      released INTEGER NOT NULL, late_payments INTEGER NOT NULL, late_returned INTEGER NOT NULL,
      refund_due INTEGER NOT NULL, refunded INTEGER NOT NULL)`,
    rm_shop_order_lines: `CREATE TABLE IF NOT EXISTS rm_shop_order_lines (
      order_id TEXT NOT NULL, line_no INTEGER NOT NULL, product_id TEXT NOT NULL, product_code TEXT NOT NULL,
      name TEXT NOT NULL, image_url TEXT NOT NULL, price INTEGER NOT NULL, quantity INTEGER NOT NULL,
      reward_points INTEGER NOT NULL, applied_reward INTEGER NOT NULL, PRIMARY KEY (order_id, line_no))`,
  },
  indexes: {
    rm_shop_orders_user: 'CREATE INDEX IF NOT EXISTS rm_shop_orders_user ON rm_shop_orders(user_id, created_at)',
    rm_shop_orders_provider: 'CREATE INDEX IF NOT EXISTS rm_shop_orders_provider ON rm_shop_orders(provider_order_id)',
  },
  statements: STATEMENTS,
  on: {
    ShopOrderPlaced: (e, { sql }) => {
      const d = e.data;
      const at = e.metadata.at;
      sql.place.run(
        d.orderId,
        d.orderCode,
        d.userId,
        d.subtotal,
        d.applied_reward,
        d.total_amount,
        d.billing.name,
        d.billing.email,
        d.billing.phone,
        d.billing.address,
        at,
        at,
        d.expiresAt,
      );
      d.lines.forEach((l, lineNo) =>
        sql.line.run(
          d.orderId,
          lineNo,
          l.productId,
          l.product_code,
          l.name,
          l.image_url,
          l.price,
          l.quantity,
          l.reward_points,
          l.applied_reward,
        ),
      );
    },
    ShopPaymentOrderCreated: (e, { sql }, id) =>
      sql.paymentOrder.run(e.data.provider, e.data.providerOrderId, e.metadata.at, id),
    ShopOrderPaid: (e, { sql }, id) => sql.paid.run(e.data.paymentId, e.metadata.at, id),
    ShopOrderPaymentFailed: (e, { sql }, id) => sql.status.run('failed', e.metadata.at, id),
    ShopOrderExpired: (e, { sql }, id) => sql.status.run('expired', e.metadata.at, id),
    ShopOrderLatePayment: (e, { sql }, id) => sql.latePayment.run(e.metadata.at, id),
    ShopLatePaymentReturned: (e, { sql }, id) => sql.lateReturned.run(e.metadata.at, id),
    ShopOrderRefunded: (e, { sql }, id) => sql.refunded.run(e.metadata.at, id),
    ShopOrderSettled: (e, { sql }, id) => sql.settled.run(e.metadata.at, id),
    ShopOrderReleased: (e, { sql }, id) => sql.released.run(e.metadata.at, id),
    ShipmentStatusChanged: (e, { sql }, id) =>
      sql.shipment.run(e.data.to, e.data.to === 'cancelled' && e.data.refund === true ? 1 : 0, e.metadata.at, id),
  },
});

export type ShopOrderRow = typeof shopOrdersTable.$inferSelect;

const linesOf = ({ orm }: ReadDb, ids: string[]) => {
  if (ids.length === 0) return new Map<string, (typeof shopOrderLinesTable.$inferSelect)[]>();
  const rows = orm
    .select()
    .from(shopOrderLinesTable)
    .where(inArray(shopOrderLinesTable.orderId, ids))
    .orderBy(asc(shopOrderLinesTable.lineNo))
    .all();
  const byOrder = new Map<string, typeof rows>();
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  return byOrder;
};

export type ShopOrderLineRow = typeof shopOrderLinesTable.$inferSelect;
/** An order's row with its lines in order (the api maps it to the contract's ShopOrder). */
export type ShopOrderWithLines = ShopOrderRow & { lines: ShopOrderLineRow[] };

const withLines = (db: ReadDb, rows: ShopOrderRow[]): ShopOrderWithLines[] => {
  const lines = linesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((o) => ({ ...o, lines: lines.get(o.id) ?? [] }));
};

/** A member's orders, newest first. Orders refused before any payment was asked for (e.g. sold out) are left out. */
export const ordersOfUser = (db: ReadDb, userId: string) =>
  withLines(
    db,
    db.orm
      .select()
      .from(shopOrdersTable)
      .where(
        and(
          eq(shopOrdersTable.userId, userId),
          or(isNotNull(shopOrdersTable.providerOrderId), eq(shopOrdersTable.status, 'paid')),
        ),
      )
      .orderBy(desc(shopOrdersTable.createdAt), desc(shopOrdersTable.id))
      .all(),
  );

/** Where a page of paid orders ended: the last order's placing time and id. */
export interface OrdersCursor {
  createdAt: string;
  id: string;
}

/**
 * Paid orders for admins, optionally by shipment status, a page at a time: newest first, or
 * oldest first (what waits longest to ship), each page after `after` (keyset on placing time
 * then id, so orders paid while an admin pages neither repeat nor push others out of sight).
 */
export const paidOrders = (
  db: ReadDb,
  shipment?: ShipmentStatus,
  { limit = 200, after, oldestFirst = false }: { limit?: number; after?: OrdersCursor; oldestFirst?: boolean } = {},
) => {
  const past = oldestFirst ? gt : lt;
  const order = oldestFirst ? asc : desc;
  return withLines(
    db,
    db.orm
      .select()
      .from(shopOrdersTable)
      .where(
        and(
          eq(shopOrdersTable.status, 'paid'),
          shipment ? eq(shopOrdersTable.shipmentStatus, shipment) : undefined,
          after
            ? or(
                past(shopOrdersTable.createdAt, after.createdAt),
                and(eq(shopOrdersTable.createdAt, after.createdAt), past(shopOrdersTable.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(order(shopOrdersTable.createdAt), order(shopOrdersTable.id))
      .limit(limit)
      .all(),
  );
};

export const shopOrderById = (db: ReadDb, id: string) => {
  const row = db.orm.select().from(shopOrdersTable).where(eq(shopOrdersTable.id, id)).get();
  return row ? withLines(db, [row])[0]! : null;
};

/**
 * Orders with saga work left: unpaid past their expiry, paid but not settled, failed or expired but
 * not released, cancelled after payment (under the refund rule) but not refunded, or with a late payment not yet back in
 * the wallet. One page by order id after `after`, so a sweep walks all of them: an order that
 * fails on every run cannot keep the page full and the others waiting.
 */
export const ordersNeedingWork = ({ orm }: ReadDb, now: number, { after = '', limit = 100 } = {}) =>
  orm
    .select({ id: shopOrdersTable.id, status: shopOrdersTable.status })
    .from(shopOrdersTable)
    .where(
      and(
        gt(shopOrdersTable.id, after),
        or(
          and(eq(shopOrdersTable.status, 'awaiting_payment'), lte(shopOrdersTable.expiresAt, now)),
          and(eq(shopOrdersTable.status, 'paid'), eq(shopOrdersTable.settled, 0)),
          and(inArray(shopOrdersTable.status, ['failed', 'expired']), eq(shopOrdersTable.released, 0)),
          and(
            eq(shopOrdersTable.status, 'paid'),
            eq(shopOrdersTable.shipmentStatus, 'cancelled'),
            eq(shopOrdersTable.refundDue, 1),
            eq(shopOrdersTable.refunded, 0),
          ),
          gt(shopOrdersTable.latePayments, shopOrdersTable.lateReturned),
        ),
      ),
    )
    .orderBy(asc(shopOrdersTable.id))
    .limit(limit)
    .all();

/** A member's orders still waiting for payment (a new checkout supersedes them). */
export const awaitingOrdersOfUser = ({ orm }: ReadDb, userId: string) =>
  orm
    .select({ id: shopOrdersTable.id })
    .from(shopOrdersTable)
    .where(and(eq(shopOrdersTable.userId, userId), eq(shopOrdersTable.status, 'awaiting_payment')))
    .all()
    .map((r) => r.id);

/** Our order id for a provider order id (checkout return and cancel). */
export const orderIdByProviderOrder = ({ orm }: ReadDb, providerOrderId: string) =>
  orm
    .select({ id: shopOrdersTable.id, userId: shopOrdersTable.userId })
    .from(shopOrdersTable)
    .where(eq(shopOrdersTable.providerOrderId, providerOrderId))
    .get();
