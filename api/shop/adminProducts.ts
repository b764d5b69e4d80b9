import { Hono } from 'hono';
import { and, asc, eq, like, or } from 'drizzle-orm';
import { DomainError } from '../../engine/decider.ts';
import type { ProductChanges, ProductCommand } from '../../engine/product.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import type { TaxonomyKind } from '../../engine/shopTaxonomy.ts';
import { SHOP_TAXONOMY_STREAM, shopTaxonomyDecider } from '../../engine/shopTaxonomy.ts';
import type { ProductRow } from '../../projections/catalogue.ts';
import { productById, productsTable } from '../../projections/catalogue.ts';
import { inTaxonomy, taxonomyList } from '../../projections/shopTaxonomy.ts';
import type { AuthEnv, SessionUser } from '../auth/session.ts';
import { actorOf, currentUser, requireRole } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';
import type { AdminProduct } from '../contract/shop.ts';
import {
  AdminProductAnswer,
  AdminProductList,
  AdminProductsQuery,
  EditProductBody,
  ListedBody,
  StockBody,
  Taxonomy,
  TaxonomyBody,
  TaxonomyKindParam,
} from '../contract/shop.ts';
import { z } from 'zod';
import { toProduct } from './views.ts';

const ProductIdParam = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/** The shop's view of the product, with whether it is in the shop and its units on hand and held. */
const toAdminProduct = (p: ProductRow): AdminProduct => {
  const { rating: _r, ratings: _n, stock: _free, in_stock: _in, ...shown } = toProduct(p);
  return { ...shown, listed: p.isActive === 1, stock: p.stock, reserved: p.reserved };
};

const KIND: Record<'categories' | 'brands', TaxonomyKind> = { categories: 'category', brands: 'brand' };

/**
 * Admin product operations: every product (listed or not) with stock and units held; edit any
 * field, set the stock, take a product off the shop or put it back; and the category and brand
 * lists a product's category and brand are picked from. Each change is an event on the product's
 * stream (or `shop-taxonomy`) with the admin as its actor. Auditors read.
 */
export const adminProductsRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands'>) => {
  const found = (id: string) => {
    const row = productById(deps.readDb, id);
    if (!row) throw new DomainError('PRODUCT_NOT_FOUND', 'Product not found');
    return row;
  };
  const run = async (admin: SessionUser, id: string, command: ProductCommand) => {
    const now = deps.clock.now();
    await handleCommand(deps.commands, productStream(id), productDecider, command, { actor: actorOf(admin), now });
    return toAdminProduct(found(id));
  };
  return new Hono<AuthEnv>()
    .get(
      '/products',
      describe({
        summary: 'Every product, listed or not, with stock and units held; search by name or code',
        tags: ['admin', 'shop'],
        access: 'auditor',
        response: AdminProductList,
      }),
      requireRole('admin', 'auditor'),
      queryParams(AdminProductsQuery),
      (c) => {
        const q = c.req.valid('query');
        const t = productsTable;
        const term = q.q?.trim().replace(/[%_]/g, '');
        const rows = deps.readDb.orm
          .select()
          .from(t)
          .where(
            and(
              term ? or(like(t.name, `%${term}%`), like(t.productCode, `%${term}%`)) : undefined,
              q.listed === 'all' ? undefined : eq(t.isActive, q.listed === 'listed' ? 1 : 0),
            ),
          )
          .orderBy(asc(t.name))
          .limit(200)
          .all();
        return c.json({ products: rows.map(toAdminProduct) });
      },
    )
    .patch(
      '/products/:id',
      describe({
        summary: 'Edit a product: any of name, description, prices, images, category, brand, colour, reward points',
        tags: ['admin', 'shop'],
        access: 'admin',
        response: AdminProductAnswer,
      }),
      requireRole('admin'),
      pathParams(ProductIdParam),
      jsonBody(EditProductBody),
      async (c) => {
        const id = c.req.valid('param').id;
        found(id);
        const changes: ProductChanges = c.req.valid('json');
        if (changes.category !== undefined && !inTaxonomy(deps.readDb, 'category', changes.category)) {
          throw new DomainError(
            'CATEGORY_UNKNOWN',
            `“${changes.category}” is not in the category list. Add it first.`,
            {
              name: changes.category,
            },
          );
        }
        if (changes.brand !== undefined && !inTaxonomy(deps.readDb, 'brand', changes.brand)) {
          throw new DomainError('BRAND_UNKNOWN', `“${changes.brand}” is not in the brand list. Add it first.`, {
            name: changes.brand,
          });
        }
        if (changes.images && changes.image_url === undefined) changes.image_url = changes.images[0];
        const product = await run(currentUser(c), id, {
          type: 'EditProduct',
          data: { changes, now: deps.clock.now() },
        });
        return c.json({ success: true, message: `${product.name} is updated.`, product });
      },
    )
    .put(
      '/products/:id/stock',
      describe({
        summary: 'Set the units on hand (a restock or a count), never below the units held by checkouts',
        tags: ['admin', 'shop'],
        access: 'admin',
        response: AdminProductAnswer,
      }),
      requireRole('admin'),
      pathParams(ProductIdParam),
      jsonBody(StockBody),
      async (c) => {
        const id = c.req.valid('param').id;
        found(id);
        const { stock } = c.req.valid('json');
        const product = await run(currentUser(c), id, { type: 'AdjustStock', data: { stock, now: deps.clock.now() } });
        return c.json({ success: true, message: `${product.name}: ${product.stock} in stock.`, product });
      },
    )
    .put(
      '/products/:id/listed',
      describe({
        summary: 'Take a product off the shop, or put it back',
        tags: ['admin', 'shop'],
        access: 'admin',
        response: AdminProductAnswer,
      }),
      requireRole('admin'),
      pathParams(ProductIdParam),
      jsonBody(ListedBody),
      async (c) => {
        const id = c.req.valid('param').id;
        found(id);
        const { listed } = c.req.valid('json');
        const product = await run(currentUser(c), id, {
          type: 'SetProductListed',
          data: { listed, now: deps.clock.now() },
        });
        return c.json({
          success: true,
          message: listed ? `${product.name} is back in the shop.` : `${product.name} is off the shop.`,
          product,
        });
      },
    )
    .get(
      '/shop-taxonomy',
      describe({
        summary: 'The category and brand lists, with how many products use each',
        tags: ['admin', 'shop'],
        access: 'auditor',
        response: Taxonomy,
      }),
      requireRole('admin', 'auditor'),
      (c) => c.json({ categories: taxonomyList(deps.readDb, 'category'), brands: taxonomyList(deps.readDb, 'brand') }),
    )
    .post(
      '/shop-taxonomy/:kind',
      describe({ summary: 'Add a category or a brand', tags: ['admin', 'shop'], access: 'admin', response: Taxonomy }),
      requireRole('admin'),
      pathParams(TaxonomyKindParam),
      jsonBody(TaxonomyBody),
      async (c) => {
        const kind = KIND[c.req.valid('param').kind];
        const admin = currentUser(c);
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          SHOP_TAXONOMY_STREAM,
          shopTaxonomyDecider,
          { type: 'AddToTaxonomy', data: { kind, name: c.req.valid('json').name, now } },
          { actor: actorOf(admin), now },
        );
        return c.json({
          categories: taxonomyList(deps.readDb, 'category'),
          brands: taxonomyList(deps.readDb, 'brand'),
        });
      },
    )
    .delete(
      '/shop-taxonomy/:kind/:name',
      describe({
        summary: 'Remove a category or brand no product uses',
        tags: ['admin', 'shop'],
        access: 'admin',
        response: Taxonomy,
      }),
      requireRole('admin'),
      pathParams(TaxonomyKindParam.extend({ name: z.string().max(60) })),
      async (c) => {
        const { kind: plural, name } = c.req.valid('param');
        const kind = KIND[plural];
        const used = taxonomyList(deps.readDb, kind).find((e) => e.name === name)?.products ?? 0;
        if (used > 0) {
          throw new DomainError(
            'TAXONOMY_IN_USE',
            `${used === 1 ? 'One product uses' : `${used} products use`} “${name}”. Move ${used === 1 ? 'it' : 'them'} first.`,
            { name, count: used },
          );
        }
        const admin = currentUser(c);
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          SHOP_TAXONOMY_STREAM,
          shopTaxonomyDecider,
          { type: 'RemoveFromTaxonomy', data: { kind, name, now } },
          { actor: actorOf(admin), now },
        );
        return c.json({
          categories: taxonomyList(deps.readDb, 'category'),
          brands: taxonomyList(deps.readDb, 'brand'),
        });
      },
    );
};
