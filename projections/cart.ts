import { asc, eq } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { CartEvent } from '../engine/cart.ts';
import type { ReadDb } from './db.ts';
import { productsTable } from './catalogue.ts';
import { defineReadModel } from './readModel.ts';

export const cartLinesTable = sqliteTable('rm_cart_lines', {
  userId: text('user_id').notNull(),
  productId: text('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  addedPosition: integer('added_position').notNull(),
});

/** Members' carts: one row per product line; lines leave when removed or bought. */
export const cartProjector = defineReadModel<CartEvent>()({
  name: 'cart',
  version: 1,
  tables: {
    rm_cart_lines: `CREATE TABLE IF NOT EXISTS rm_cart_lines (
      user_id TEXT NOT NULL, product_id TEXT NOT NULL, quantity INTEGER NOT NULL, added_position INTEGER NOT NULL,
      PRIMARY KEY (user_id, product_id))`,
  },
  statements: {
    add: `INSERT INTO rm_cart_lines (user_id, product_id, quantity, added_position) VALUES (@userId, @productId, @quantity, @position)
      ON CONFLICT (user_id, product_id) DO UPDATE SET quantity = quantity + @quantity`,
    setQuantity: 'UPDATE rm_cart_lines SET quantity = ? WHERE user_id = ? AND product_id = ?',
    remove: 'DELETE FROM rm_cart_lines WHERE user_id = ? AND product_id = ?',
    bought: 'UPDATE rm_cart_lines SET quantity = quantity - ? WHERE user_id = ? AND product_id = ?',
    dropEmpty: 'DELETE FROM rm_cart_lines WHERE user_id = ? AND quantity <= 0',
  },
  on: {
    CartItemAdded: (e, { sql }, userId) =>
      sql.add.run({ userId, productId: e.data.productId, quantity: e.data.quantity, position: e.position }),
    CartItemQuantityChanged: (e, { sql }, userId) => sql.setQuantity.run(e.data.quantity, userId, e.data.productId),
    CartItemRemoved: (e, { sql }, userId) => sql.remove.run(userId, e.data.productId),
    CartCheckedOut: (e, { sql }, userId) => {
      for (const line of e.data.lines) sql.bought.run(line.quantity, userId, line.productId);
      sql.dropEmpty.run(userId);
    },
  },
});

/** A member's cart lines with the product as it is now (price, stock, reward points come from the catalogue). */
export const cartOf = ({ orm }: ReadDb, userId: string) =>
  orm
    .select({ line: cartLinesTable, product: productsTable })
    .from(cartLinesTable)
    .innerJoin(productsTable, eq(productsTable.id, cartLinesTable.productId))
    .where(eq(cartLinesTable.userId, userId))
    .orderBy(asc(cartLinesTable.addedPosition))
    .all();
export type CartRow = ReturnType<typeof cartOf>[number];
