import type { SQL } from 'drizzle-orm';
import { and, asc, desc, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { Statement } from 'better-sqlite3';
import type { ProductEvent } from '../engine/product.ts';
import type { ReadDb } from './db.ts';
import type { ReadModelContext } from './readModel.ts';
import { defineReadModel } from './readModel.ts';
import type { ProductSort } from '../engine/product.ts';

export const productsTable = sqliteTable('rm_products', {
  id: text('id').primaryKey(),
  productCode: text('product_code').notNull(),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  price: integer('price').notNull(),
  originalPrice: integer('original_price').notNull(),
  imageUrl: text('image_url').notNull(),
  images: text('images').notNull(),
  rating: real('rating').notNull(),
  ratings: integer('ratings').notNull(),
  /** Units on hand (sold ones excluded). */
  stock: integer('stock').notNull(),
  /** Units held by reservations not yet sold or released. */
  reserved: integer('reserved').notNull(),
  category: text('category').notNull(),
  brand: text('brand').notNull(),
  color: text('color').notNull(),
  rewardPoints: integer('reward_points').notNull(),
  isActive: integer('is_active').notNull(),
  createdAt: text('created_at').notNull(),
  addedPosition: integer('added_position').notNull(),
});

export const productReservationsTable = sqliteTable('rm_product_reservations', {
  productId: text('product_id').notNull(),
  reservationId: text('reservation_id').notNull(),
  quantity: integer('quantity').notNull(),
});

const available = sql<number>`max(0, ${productsTable.stock} - ${productsTable.reserved})`;

const STATEMENTS = {
  add: `INSERT INTO rm_products (id, product_code, slug, name, description, price, original_price, image_url, images,
      rating, ratings, stock, reserved, category, brand, color, reward_points, is_active, created_at, added_position)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  adjust: 'UPDATE rm_products SET stock = ? WHERE id = ?',
  edit: `UPDATE rm_products SET name = coalesce(@name, name), description = coalesce(@description, description),
      price = coalesce(@price, price), original_price = coalesce(@original_price, original_price),
      image_url = coalesce(@image_url, image_url), images = coalesce(@images, images),
      category = coalesce(@category, category), brand = coalesce(@brand, brand), color = coalesce(@color, color),
      reward_points = coalesce(@reward_points, reward_points) WHERE id = @id`,
  listed: 'UPDATE rm_products SET is_active = ? WHERE id = ?',
  reserve: 'INSERT INTO rm_product_reservations (product_id, reservation_id, quantity) VALUES (?, ?, ?)',
  reserved: 'UPDATE rm_products SET reserved = reserved + ? WHERE id = ?',
  held: 'SELECT quantity FROM rm_product_reservations WHERE product_id = ? AND reservation_id = ?',
  unreserve: 'DELETE FROM rm_product_reservations WHERE product_id = ? AND reservation_id = ?',
  settle: 'UPDATE rm_products SET reserved = max(0, reserved - ?), stock = max(0, stock - ?) WHERE id = ?',
};

/** A reservation ends: its units leave `reserved`, and `sold` of them leave the stock too (a negative `sold` comes back). */
const unreserve = (
  { sql }: ReadModelContext<typeof STATEMENTS>,
  productId: string,
  reservationId: string,
  sold: number,
) => {
  const held = (sql.held as Statement<[string, string], { quantity: number }>).get(productId, reservationId);
  if (held) sql.unreserve.run(productId, reservationId);
  sql.settle.run(held?.quantity ?? 0, sold, productId);
};

/** The shop catalogue: every product with its live stock (on hand minus live reservations), for search, filters and pages. */
export const catalogueProjector = defineReadModel<ProductEvent>()({
  name: 'catalogue',
  version: 1,
  tables: {
    rm_products: `CREATE TABLE IF NOT EXISTS rm_products (
      id TEXT PRIMARY KEY, product_code TEXT NOT NULL UNIQUE, slug TEXT NOT NULL, name TEXT NOT NULL,
      description TEXT NOT NULL, price INTEGER NOT NULL, original_price INTEGER NOT NULL, image_url TEXT NOT NULL,
      images TEXT NOT NULL, rating REAL NOT NULL, ratings INTEGER NOT NULL, stock INTEGER NOT NULL,
      reserved INTEGER NOT NULL, category TEXT NOT NULL, brand TEXT NOT NULL, color TEXT NOT NULL,
      reward_points INTEGER NOT NULL, is_active INTEGER NOT NULL, created_at TEXT NOT NULL, added_position INTEGER NOT NULL)`,
    rm_product_reservations: `CREATE TABLE IF NOT EXISTS rm_product_reservations (
      product_id TEXT NOT NULL, reservation_id TEXT NOT NULL, quantity INTEGER NOT NULL,
      PRIMARY KEY (product_id, reservation_id))`,
  },
  indexes: {
    rm_products_price: 'CREATE INDEX IF NOT EXISTS rm_products_price ON rm_products(price)',
    rm_products_category: 'CREATE INDEX IF NOT EXISTS rm_products_category ON rm_products(category, price)',
  },
  statements: STATEMENTS,
  on: {
    ProductAdded: (e, { sql }) => {
      const d = e.data;
      sql.add.run(
        d.id,
        d.product_code,
        d.slug,
        d.name,
        d.description,
        d.price,
        d.original_price,
        d.image_url,
        JSON.stringify(d.images),
        d.rating,
        d.ratings,
        d.stock,
        d.category,
        d.brand,
        d.color,
        d.reward_points,
        d.is_active ? 1 : 0,
        e.metadata.at,
        e.position,
      );
    },
    ProductStockAdjusted: (e, { sql }, id) => sql.adjust.run(e.data.stock, id),
    StockReserved: (e, { sql }, id) => {
      sql.reserve.run(id, e.data.reservationId, e.data.quantity);
      sql.reserved.run(e.data.quantity, id);
    },
    StockReleased: (e, ctx, id) => unreserve(ctx, id, e.data.reservationId, 0),
    StockSold: (e, ctx, id) => unreserve(ctx, id, e.data.reservationId, e.data.quantity),
    StockReturned: (e, ctx, id) => unreserve(ctx, id, e.data.reservationId, -e.data.restocked),
    ProductEdited: (e, { sql }, id) => {
      const c = e.data.changes;
      sql.edit.run({
        id,
        name: c.name ?? null,
        description: c.description ?? null,
        price: c.price ?? null,
        original_price: c.original_price ?? null,
        image_url: c.image_url ?? null,
        images: c.images ? JSON.stringify(c.images) : null,
        category: c.category ?? null,
        brand: c.brand ?? null,
        color: c.color ?? null,
        reward_points: c.reward_points ?? null,
      });
    },
    ProductDelisted: (_e, { sql }, id) => sql.listed.run(0, id),
    ProductRelisted: (_e, { sql }, id) => sql.listed.run(1, id),
  },
});

export type ProductRow = typeof productsTable.$inferSelect;
export type { ProductSort };

export interface ProductQuery {
  search?: string;
  category?: string;
  brands?: string[];
  colors?: string[];
  minPrice?: number;
  maxPrice?: number;
  /** At least this many stars. */
  rating?: number;
  inStock?: boolean;
  sort?: ProductSort;
  page?: number;
  pageSize?: number;
}

const contains = (column: AnySQLiteColumn, text: string) => sql`instr(lower(${column}), ${text.toLowerCase()}) > 0`;

const orderings: Record<ProductSort, SQL[]> = {
  featured: [sql`${available} > 0 DESC`, desc(productsTable.rating), desc(productsTable.ratings)],
  price_asc: [asc(productsTable.price)],
  price_desc: [desc(productsTable.price)],
  rating: [desc(productsTable.rating), desc(productsTable.ratings)],
  newest: [desc(productsTable.addedPosition)],
  name: [sql`lower(${productsTable.name}) ASC`],
};

/** The listing's conditions; `except` leaves out one facet's own filter (its counts apply every other one). */
const conditionsOf = (q: ProductQuery, except?: 'category' | 'brands' | 'colors') => {
  const t = productsTable;
  const search = q.search?.trim();
  return and(
    eq(t.isActive, 1),
    search ? or(contains(t.name, search), contains(t.description, search)) : undefined,
    q.category && except !== 'category' ? eq(t.category, q.category) : undefined,
    q.brands?.length && except !== 'brands' ? inArray(t.brand, q.brands) : undefined,
    q.colors?.length && except !== 'colors' ? inArray(t.color, q.colors) : undefined,
    q.minPrice !== undefined ? gte(t.price, q.minPrice) : undefined,
    q.maxPrice !== undefined ? lte(t.price, q.maxPrice) : undefined,
    q.rating ? gte(t.rating, q.rating) : undefined,
    q.inStock ? gt(available, 0) : undefined,
  );
};

/** Search (name or description, case-insensitive), filters, sort and one page — all in SQL. */
export const searchProducts = ({ orm }: ReadDb, q: ProductQuery) => {
  const t = productsTable;
  const where = conditionsOf(q);
  const pageSize = q.pageSize ?? 12;
  const total =
    orm
      .select({ n: sql<number>`count(*)` })
      .from(t)
      .where(where)
      .get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, q.page ?? 1), pages);
  const rows = orm
    .select()
    .from(t)
    .where(where)
    .orderBy(...orderings[q.sort ?? 'featured'], asc(t.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { products: rows, total, page, pages, pageSize };
};

/** Up to `limit` products whose name contains the text, case-insensitive (the header's autosuggest). */
export const suggestProducts = ({ orm }: ReadDb, text: string, limit = 10) => {
  const t = productsTable;
  const needle = text.trim();
  if (!needle) return [];
  return orm
    .select()
    .from(t)
    .where(and(eq(t.isActive, 1), contains(t.name, needle)))
    .orderBy(sql`instr(lower(${t.name}), ${needle.toLowerCase()})`, asc(t.name))
    .limit(limit)
    .all();
};

/** The best-rated in-stock products (Home: 1 featured + 6). */
export const topProducts = ({ orm }: ReadDb, limit = 7) =>
  orm
    .select()
    .from(productsTable)
    .where(and(eq(productsTable.isActive, 1), gt(available, 0)))
    .orderBy(desc(productsTable.rating), desc(productsTable.ratings), asc(productsTable.id))
    .limit(limit)
    .all();

export const productByCode = ({ orm }: ReadDb, code: string) =>
  orm.select().from(productsTable).where(eq(productsTable.productCode, code)).get();

export const productById = ({ orm }: ReadDb, id: string) =>
  orm.select().from(productsTable).where(eq(productsTable.id, id)).get();

export const productsByIds = ({ orm }: ReadDb, ids: string[]) =>
  ids.length ? orm.select().from(productsTable).where(inArray(productsTable.id, ids)).all() : [];

/**
 * Categories, brands and colours with how many products each would show (filter lists): counted
 * within the search and every other active filter, as the list itself is, so a count never
 * promises products the search has left out.
 */
export const productFacets = ({ orm }: ReadDb, q: ProductQuery = {}) => {
  const t = productsTable;
  const facet = (column: AnySQLiteColumn, own: 'category' | 'brands' | 'colors') =>
    orm
      .select({ value: column, count: sql<number>`count(*)` })
      .from(t)
      .where(conditionsOf(q, own))
      .groupBy(column)
      .orderBy(asc(column))
      .all();
  return {
    categories: facet(t.category, 'category'),
    brands: facet(t.brand, 'brands'),
    colors: facet(t.color, 'colors'),
  };
};
