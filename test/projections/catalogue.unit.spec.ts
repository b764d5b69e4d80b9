import { describe, it } from 'vitest';
import type { ProductDetails, ProductEvent } from '../../engine/product.ts';
import { productByCode, productFacets, searchProducts as searchProductRows } from '../../projections/catalogue.ts';
import { given, on } from '../helpers/readModel.ts';
import { toProduct } from '../../api/shop/views.ts';

/** The read model's rows as the api maps them for members (api/shop/views.ts): what a screen shows. */
const searchProducts = (...a: Parameters<typeof searchProductRows>) => {
  const r = searchProductRows(...a);
  return { ...r, products: r.products.map(toProduct) };
};

const saree: ProductDetails = {
  id: 'p1',
  product_code: 'SAR001',
  slug: 'kanchipuram-silk-saree',
  name: 'Kanchipuram Silk Saree',
  description: 'Pure silk, zari border',
  price: 12_000_00,
  original_price: 15_000_00,
  image_url: '/img/saree.jpg',
  images: ['/img/saree.jpg'],
  rating: 4.5,
  ratings: 120,
  category: 'Sarees',
  brand: 'Nalli',
  color: 'Red',
  reward_points: 120,
  is_active: true,
};
const product = (e: ProductEvent) => on('product-p1', e);
const added = product({ type: 'ProductAdded', data: { ...saree, stock: 5, at: 0 } });

describe('catalogue read model', () => {
  it('lists a product with its stock, less the units held by reservations', () => {
    given(added, product({ type: 'StockReserved', data: { reservationId: 'r1', quantity: 2, expiresAt: 10, at: 1 } }))
      .thenRows(
        (db) => searchProducts(db, { search: 'silk' }).products.map((p) => [p.id, p.stock, p.in_stock, p.images]),
        [['p1', 3, true, ['/img/saree.jpg']]],
      )
      .thenRows((db) => productFacets(db).brands, [{ value: 'Nalli', count: 1 }]);
  });

  it('counts each filter within the search and the other filters, not the whole shop (issue 20)', () => {
    const more = (id: string, over: Partial<ProductDetails>) =>
      on(`product-${id}`, {
        type: 'ProductAdded',
        data: { ...saree, id, product_code: id.toUpperCase(), slug: id, ...over, stock: 2, at: 0 },
      });
    given(
      added,
      more('p2', { name: 'Cotton Saree', description: 'Handloom', brand: 'Co-optex', color: 'Blue' }),
      more('p3', {
        name: 'Steel Kettle',
        description: 'Electric',
        category: 'Kitchen',
        brand: 'Prestige',
        color: 'Red',
      }),
    )
      .thenRows((db) => productFacets(db, { search: 'saree' }).categories, [{ value: 'Sarees', count: 2 }])
      .thenRows((db) => productFacets(db, { search: 'saree', brands: ['Nalli'] }), {
        // A facet's own choice does not narrow its own counts; the others' do.
        categories: [{ value: 'Sarees', count: 1 }],
        brands: [
          { value: 'Co-optex', count: 1 },
          { value: 'Nalli', count: 1 },
        ],
        colors: [{ value: 'Red', count: 1 }],
      })
      .thenRows(
        (db) => productFacets(db).colors,
        [
          { value: 'Blue', count: 1 },
          { value: 'Red', count: 2 },
        ],
      );
  });

  it('takes sold units off the stock, gives released ones back, and follows an adjustment', () => {
    given(
      added,
      product({ type: 'StockReserved', data: { reservationId: 'r1', quantity: 2, expiresAt: 10, at: 1 } }),
      product({ type: 'StockReserved', data: { reservationId: 'r2', quantity: 1, expiresAt: 10, at: 1 } }),
      product({ type: 'StockSold', data: { reservationId: 'r1', quantity: 2, at: 2 } }),
      product({ type: 'StockReleased', data: { reservationId: 'r2', quantity: 1, reason: 'expired', at: 3 } }),
    ).thenRows(
      (db) => {
        const p = productByCode(db, 'SAR001')!;
        return [p.stock, p.reserved];
      },
      [3, 0],
    );
    given(added, product({ type: 'ProductStockAdjusted', data: { stock: 0, previous: 5, at: 1 } })).thenRows(
      (db) => searchProducts(db, { inStock: true }).total,
      0,
    );
  });
});
