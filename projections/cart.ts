import { and, asc, eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { CartEvent } from '../engine/cart.ts';
import type { ReadDb } from './db.ts';
import { productsTable, toProductDto } from './catalogue.ts';
import { defineProjector } from './projector.ts';

export const cartLinesTable = sqliteTable('rm_cart_lines', {
  userId: text('user_id').notNull(),
  productId: text('product_id').notNull(),
  quantity: integer('quantity').notNull(),
  addedPosition: integer('added_position').notNull(),
});

/** Members' carts: one row per product line; lines leave when removed or bought. */
export const cartProjector = defineProjector({
  name: 'cart',
  version: 1,
  handles: ['CartItemAdded', 'CartItemQuantityChanged', 'CartItemRemoved', 'CartCheckedOut'],
  schema: [
    `CREATE TABLE IF NOT EXISTS rm_cart_lines (
      user_id TEXT NOT NULL, product_id TEXT NOT NULL, quantity INTEGER NOT NULL, added_position INTEGER NOT NULL,
      PRIMARY KEY (user_id, product_id))`,
  ],
  tables: ['rm_cart_lines'],
  apply: ({ orm }, event) => {
    const e = event as unknown as CartEvent;
    const userId = event.streamName.slice('cart-'.length);
    const t = cartLinesTable;
    const line = (productId: string) => and(eq(t.userId, userId), eq(t.productId, productId));
    switch (e.type) {
      case 'CartItemAdded':
        orm
          .insert(t)
          .values({ userId, productId: e.data.productId, quantity: e.data.quantity, addedPosition: event.position })
          .onConflictDoUpdate({
            target: [t.userId, t.productId],
            set: { quantity: sql`${t.quantity} + ${e.data.quantity}` },
          })
          .run();
        return;
      case 'CartItemQuantityChanged':
        orm.update(t).set({ quantity: e.data.quantity }).where(line(e.data.productId)).run();
        return;
      case 'CartItemRemoved':
        orm.delete(t).where(line(e.data.productId)).run();
        return;
      case 'CartCheckedOut':
        for (const bought of e.data.lines) {
          orm
            .update(t)
            .set({ quantity: sql`${t.quantity} - ${bought.quantity}` })
            .where(line(bought.productId))
            .run();
        }
        orm
          .delete(t)
          .where(and(eq(t.userId, userId), sql`${t.quantity} <= 0`))
          .run();
        return;
    }
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
    .all()
    .map(({ line, product }) => {
      const p = toProductDto(product);
      return {
        product_id: p.id,
        product_code: p.product_code,
        name: p.name,
        image_url: p.image_url,
        price: p.price,
        quantity: line.quantity,
        reward_points: p.reward_points,
        stock: p.stock,
        in_stock: p.in_stock,
      };
    });
export type CartLineDto = ReturnType<typeof cartOf>[number];
