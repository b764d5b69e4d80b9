import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { CrackersCatalogueEvent } from '../engine/crackersCatalogue.ts';
import type { CrackersOrderEvent } from '../engine/crackersOrder.ts';
import type { ReadDb } from './db.ts';
import type { Handler } from './readModel.ts';
import { defineReadModel } from './readModel.ts';
import type { CrackerSort } from '../engine/crackersCatalogue.ts';

export const crackersTable = sqliteTable('rm_crackers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category').notNull(),
  price: integer('price').notNull(),
  strikeOff: integer('strike_off').notNull(),
  per: text('per').notNull(),
  imagePath: text('image_path').notNull(),
  particulars: text('particulars').notNull(),
  listedPosition: integer('listed_position').notNull(),
});

export const crackersOrdersTable = sqliteTable('rm_crackers_orders', {
  orderId: text('order_id').primaryKey(),
  userId: text('user_id'),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2').notNull(),
  district: text('district').notNull(),
  referralCode: text('referral_code').notNull(),
  platform: text('platform').notNull(),
  totalAmount: integer('total_amount').notNull(),
  createdAt: text('created_at').notNull(),
});

export const crackersOrderItemsTable = sqliteTable('rm_crackers_order_items', {
  orderId: text('order_id').notNull(),
  lineNo: integer('line_no').notNull(),
  itemId: text('item_id').notNull(),
  name: text('name').notNull(),
  price: integer('price').notNull(),
  quantity: integer('quantity').notNull(),
});

type CrackersEvent = CrackersCatalogueEvent | CrackersOrderEvent;

const STATEMENTS = {
  list: `INSERT INTO rm_crackers (id, name, category, price, strike_off, per, image_path, particulars, listed_position)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET id = excluded.id, name = excluded.name, category = excluded.category,
      price = excluded.price, strike_off = excluded.strike_off, per = excluded.per, image_path = excluded.image_path,
      particulars = excluded.particulars`,
  delist: 'DELETE FROM rm_crackers WHERE id = ?',
  order: `INSERT INTO rm_crackers_orders (order_id, user_id, name, phone, address1, address2, district, referral_code,
      platform, total_amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  item: `INSERT INTO rm_crackers_order_items (order_id, line_no, item_id, name, price, quantity) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT DO NOTHING`,
};

/** A listing or an edit: the cracker's row as given; it keeps the place it was first listed at. */
const list: Handler<Extract<CrackersEvent, { type: 'CrackerListed' | 'CrackerUpdated' }>, typeof STATEMENTS> = (
  { data: c, position },
  { sql },
) => sql.list.run(c.id, c.name, c.category, c.price, c.strikeOff, c.per, c.image_path, c.particulars, position);

/** The crackers catalogue and crackers orders (by member and by referral code). */
export const crackersProjector = defineReadModel<CrackersEvent>()({
  name: 'crackers',
  version: 1,
  tables: {
    rm_crackers: `CREATE TABLE IF NOT EXISTS rm_crackers (
      id TEXT PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL, price INTEGER NOT NULL,
      strike_off INTEGER NOT NULL, per TEXT NOT NULL, image_path TEXT NOT NULL, particulars TEXT NOT NULL,
      listed_position INTEGER NOT NULL)`,
    rm_crackers_orders: `CREATE TABLE IF NOT EXISTS rm_crackers_orders (
      order_id TEXT PRIMARY KEY, user_id TEXT, name TEXT NOT NULL, phone TEXT NOT NULL, address1 TEXT NOT NULL,
      address2 TEXT NOT NULL, district TEXT NOT NULL, referral_code TEXT NOT NULL, platform TEXT NOT NULL,
      total_amount INTEGER NOT NULL, created_at TEXT NOT NULL)`,
    rm_crackers_order_items: `CREATE TABLE IF NOT EXISTS rm_crackers_order_items (
      order_id TEXT NOT NULL, line_no INTEGER NOT NULL, item_id TEXT NOT NULL, name TEXT NOT NULL,
      price INTEGER NOT NULL, quantity INTEGER NOT NULL, PRIMARY KEY (order_id, line_no))`,
  },
  indexes: {
    rm_crackers_orders_referral:
      'CREATE INDEX IF NOT EXISTS rm_crackers_orders_referral ON rm_crackers_orders(referral_code, created_at)',
    rm_crackers_orders_user:
      'CREATE INDEX IF NOT EXISTS rm_crackers_orders_user ON rm_crackers_orders(user_id, created_at)',
  },
  statements: STATEMENTS,
  on: {
    CrackerListed: list,
    CrackerUpdated: list,
    CrackerDelisted: (e, { sql }) => sql.delist.run(e.data.id),
    CrackersOrderPlaced: (e, { sql }) => {
      const d = e.data;
      sql.order.run(
        d.orderId,
        d.userId,
        d.name,
        d.phone,
        d.address1,
        d.address2,
        d.district,
        d.referral_code,
        d.platform,
        d.totalAmount,
        e.metadata.at,
      );
      d.items.forEach((item, lineNo) => sql.item.run(d.orderId, lineNo, item.id, item.name, item.price, item.quantity));
    },
  },
});

export type { CrackerSort };

const crackerOrder = {
  default: [asc(crackersTable.listedPosition)],
  price_asc: [asc(crackersTable.price)],
  price_desc: [desc(crackersTable.price)],
  name: [sql`lower(${crackersTable.name}) ASC`],
};

export type CrackerRow = typeof crackersTable.$inferSelect;
export type CrackersOrderRow = typeof crackersOrdersTable.$inferSelect;

/** Crackers whose name or category contains `q` (case-insensitive), sorted. */
export const searchCrackers = ({ orm }: ReadDb, q = '', sort: CrackerSort = 'default'): CrackerRow[] => {
  const needle = q.trim().toLowerCase();
  return orm
    .select()
    .from(crackersTable)
    .where(
      needle
        ? sql`(instr(lower(${crackersTable.name}), ${needle}) > 0 OR instr(lower(${crackersTable.category}), ${needle}) > 0)`
        : undefined,
    )
    .orderBy(...crackerOrder[sort], asc(crackersTable.id))
    .all();
};

export const crackersByIds = ({ orm }: ReadDb, ids: string[]) =>
  ids.length ? orm.select().from(crackersTable).where(inArray(crackersTable.id, ids)).all() : [];

const itemsOf = ({ orm }: ReadDb, ids: string[]) => {
  const rows = ids.length
    ? orm
        .select()
        .from(crackersOrderItemsTable)
        .where(inArray(crackersOrderItemsTable.orderId, ids))
        .orderBy(asc(crackersOrderItemsTable.lineNo))
        .all()
    : [];
  const byOrder = new Map<string, { id: string; name: string; price: number; quantity: number }[]>();
  for (const r of rows) {
    byOrder.set(r.orderId, [
      ...(byOrder.get(r.orderId) ?? []),
      { id: r.itemId, name: r.name, price: r.price, quantity: r.quantity },
    ]);
  }
  return byOrder;
};

/** A member's reserved crackers orders, newest first, each with its items in order. */
export const crackersOrdersOfUser = (db: ReadDb, userId: string) => {
  const rows = db.orm
    .select()
    .from(crackersOrdersTable)
    .where(eq(crackersOrdersTable.userId, userId))
    .orderBy(desc(crackersOrdersTable.createdAt))
    .all();
  const items = itemsOf(
    db,
    rows.map((r) => r.orderId),
  );
  return rows.map((r) => ({ ...r, items: items.get(r.orderId) ?? [] }));
};

/** Orders placed with a referral code (the public status check masks their phones). */
export const crackersOrdersByReferral = ({ orm }: ReadDb, code: string): CrackersOrderRow[] =>
  orm
    .select()
    .from(crackersOrdersTable)
    .where(eq(crackersOrdersTable.referralCode, code))
    .orderBy(desc(crackersOrdersTable.createdAt))
    .all();
