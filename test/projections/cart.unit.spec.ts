import { describe, it } from 'vitest';
import type { CartEvent } from '../../engine/cart.ts';
import { cartOf as cartRows } from '../../projections/cart.ts';
import { given, on } from '../helpers/readModel.ts';
import { toCartLine } from '../../api/shop/views.ts';

/** The read model's rows as the api maps them for members (api/shop/views.ts): what a screen shows. */
const cartOf = (...a: Parameters<typeof cartRows>) => cartRows(...a).map(toCartLine);

const cart = (e: CartEvent) => on('cart-u1', e);
const product = (id: string, price: number) =>
  on(`product-${id}`, {
    type: 'ProductAdded',
    data: {
      id,
      product_code: `C-${id}`,
      slug: id,
      name: `Product ${id}`,
      description: '',
      price,
      original_price: price,
      image_url: `/img/${id}.jpg`,
      images: [],
      rating: 4,
      ratings: 1,
      category: 'Sarees',
      brand: 'Nalli',
      color: 'Red',
      reward_points: 10,
      is_active: true,
      stock: 9,
      at: 0,
    },
  });

describe('cart read model', () => {
  it('adds up a product added twice and shows lines in the order first added, with the product as it is now', () => {
    given(
      product('p1', 500_00),
      product('p2', 200_00),
      cart({ type: 'CartItemAdded', data: { productId: 'p2', quantity: 1, at: 0 } }),
      cart({ type: 'CartItemAdded', data: { productId: 'p1', quantity: 1, at: 1 } }),
      cart({ type: 'CartItemAdded', data: { productId: 'p2', quantity: 2, at: 2 } }),
    ).thenRows(
      (db) => cartOf(db, 'u1').map((l) => [l.product_id, l.quantity, l.price, l.stock]),
      [
        ['p2', 3, 200_00, 9],
        ['p1', 1, 500_00, 9],
      ],
    );
  });

  it('changes quantities, removes lines and drops what was bought', () => {
    given(
      product('p1', 500_00),
      product('p2', 200_00),
      cart({ type: 'CartItemAdded', data: { productId: 'p1', quantity: 3, at: 0 } }),
      cart({ type: 'CartItemAdded', data: { productId: 'p2', quantity: 1, at: 0 } }),
      cart({ type: 'CartItemQuantityChanged', data: { productId: 'p1', quantity: 2, at: 1 } }),
      cart({ type: 'CartCheckedOut', data: { orderId: 'o1', lines: [{ productId: 'p1', quantity: 1 }], at: 2 } }),
    )
      .thenRows(
        (db) => cartOf(db, 'u1').map((l) => [l.product_id, l.quantity]),
        [
          ['p1', 1],
          ['p2', 1],
        ],
      )
      .thenRows((db) => cartOf(db, 'u2'), []);
    given(
      product('p1', 500_00),
      cart({ type: 'CartItemAdded', data: { productId: 'p1', quantity: 1, at: 0 } }),
      cart({ type: 'CartItemRemoved', data: { productId: 'p1', at: 1 } }),
    ).thenRows((db) => cartOf(db, 'u1'), []);
  });
});
