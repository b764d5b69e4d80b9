import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import { PRODUCT_MESSAGES } from '../../engine/product.ts';
import {
  PRODUCT_SORTS,
  productByCode,
  productFacets,
  searchProducts,
  suggestProducts,
  toProductDto,
  topProducts,
} from '../../projections/catalogue.ts';
import type { Deps } from '../deps.ts';
import { describe, pathParams, queryParams } from '../http/openapi.ts';

const list = z
  .string()
  .max(500)
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
const paise = z.coerce.number().int().min(0).max(1_000_000_000);

export const ProductsQuery = z.object({
  search: z.string().max(100).optional().describe('Matches name or description, case-insensitive'),
  category: z.string().max(60).optional(),
  brand: list.optional().describe('Comma-separated brands'),
  color: list.optional().describe('Comma-separated colours'),
  min_price: paise.optional().describe('Paise'),
  max_price: paise.optional().describe('Paise'),
  rating: z.coerce.number().int().min(1).max(5).optional().describe('At least this many stars'),
  in_stock: z.enum(['1', '0', 'true', 'false']).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** The catalogue: search, filters and pages are answered by the read model in SQL, 12 per page. */
export const productsRoutes = (deps: Pick<Deps, 'readDb'>) =>
  new Hono()
    .get(
      '/',
      describe({ summary: 'Search, filter, sort and page products (12 per page)', tags: ['shop'] }),
      queryParams(ProductsQuery),
      (c) => {
        const q = c.req.valid('query');
        const result = searchProducts(deps.readDb, {
          search: q.search,
          category: q.category,
          brands: q.brand,
          colors: q.color,
          minPrice: q.min_price,
          maxPrice: q.max_price,
          rating: q.rating,
          inStock: q.in_stock === '1' || q.in_stock === 'true',
          sort: q.sort,
          page: q.page,
          pageSize: 12,
        });
        return c.json({
          success: true,
          products: result.products,
          total: result.total,
          page: result.page,
          pages: result.pages,
          page_size: result.pageSize,
        });
      },
    )
    .get(
      '/suggest',
      describe({ summary: 'Up to 10 products whose name contains q (autosuggest)', tags: ['shop'] }),
      queryParams(z.object({ q: z.string().max(100).default('') })),
      (c) => c.json({ success: true, products: suggestProducts(deps.readDb, c.req.valid('query').q, 10) }),
    )
    .get('/top', describe({ summary: 'Top 7 in-stock products for the home page', tags: ['shop'] }), (c) =>
      c.json({ success: true, products: topProducts(deps.readDb, 7) }),
    )
    .get('/facets', describe({ summary: 'Categories, brands and colours for the filters', tags: ['shop'] }), (c) =>
      c.json({ success: true, ...productFacets(deps.readDb) }),
    )
    .get(
      '/:code',
      describe({ summary: 'One product by its product code', tags: ['shop'] }),
      pathParams(z.object({ code: z.string().max(40) })),
      (c) => {
        const row = productByCode(deps.readDb, c.req.valid('param').code);
        if (!row || row.isActive !== 1) throw new DomainError('PRODUCT_NOT_FOUND', PRODUCT_MESSAGES.notFound);
        return c.json({ success: true, product: toProductDto(row) });
      },
    );
