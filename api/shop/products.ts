import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import { PRODUCT_MESSAGES } from '../../engine/product.ts';
import {
  productByCode,
  productFacets,
  searchProducts,
  suggestProducts,
  topProducts,
} from '../../projections/catalogue.ts';
import type { Deps } from '../deps.ts';
import { describe, pathParams, queryParams } from '../http/openapi.ts';
import { ProductsQuery } from '../contract/shop.ts';
import type { ProductQuery } from '../../projections/catalogue.ts';
import { toProduct } from './views.ts';

/** The catalogue: search, filters and pages are answered by the read model in SQL, 12 per page. */
/** The list's query in the read model's terms (the facets take the same one). */
const productQueryOf = (q: z.infer<typeof ProductsQuery>): ProductQuery => ({
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
});

export const productsRoutes = (deps: Pick<Deps, 'readDb'>) =>
  new Hono()
    .get(
      '/',
      describe({ summary: 'Search, filter, sort and page products (12 per page)', tags: ['shop'] }),
      queryParams(ProductsQuery),
      (c) => {
        const result = searchProducts(deps.readDb, { ...productQueryOf(c.req.valid('query')), pageSize: 12 });
        return c.json({
          success: true,
          products: result.products.map(toProduct),
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
      (c) =>
        c.json({ success: true, products: suggestProducts(deps.readDb, c.req.valid('query').q, 10).map(toProduct) }),
    )
    .get('/top', describe({ summary: 'Top 7 in-stock products for the home page', tags: ['shop'] }), (c) =>
      c.json({ success: true, products: topProducts(deps.readDb, 7).map(toProduct) }),
    )
    .get(
      '/facets',
      describe({
        summary: 'Categories, brands and colours for the filters, counted within the search and the other filters',
        tags: ['shop'],
      }),
      queryParams(ProductsQuery),
      (c) => c.json({ success: true, ...productFacets(deps.readDb, productQueryOf(c.req.valid('query'))) }),
    )
    .get(
      '/:code',
      describe({ summary: 'One product by its product code', tags: ['shop'] }),
      pathParams(z.object({ code: z.string().max(40) })),
      (c) => {
        const row = productByCode(deps.readDb, c.req.valid('param').code);
        if (!row || row.isActive !== 1) throw new DomainError('PRODUCT_NOT_FOUND', PRODUCT_MESSAGES.notFound);
        return c.json({ success: true, product: toProduct(row) });
      },
    );
