import { describe, expect, it } from 'vitest';
import type { CartEvent } from '../../engine/cart.ts';
import { cartDecider, cartQuantity } from '../../engine/cart.ts';
import { specFor } from '../helpers/decider.ts';

const now = Date.parse('2026-11-22T06:00:00Z');
const spec = specFor(cartDecider);
const add = (productId: string, quantity: number): CartEvent => ({
  type: 'CartItemAdded',
  data: { productId, quantity, at: now },
});

describe('cart', () => {
  it('adds an in-stock product', () =>
    spec()
      .when({ type: 'AddCartItem', data: { productId: 'p1', name: 'Kettle', quantity: 1, available: 3, now } })
      .then([add('p1', 1)]));

  it('refuses an out-of-stock product', () =>
    spec()
      .when({ type: 'AddCartItem', data: { productId: 'p1', name: 'Kettle', quantity: 1, available: 0, now } })
      .thenThrows('OUT_OF_STOCK', 'Out of stock'));

  it('never lets the quantity go above the stock', () => {
    spec([add('p1', 2)])
      .when({ type: 'AddCartItem', data: { productId: 'p1', name: 'Kettle', quantity: 2, available: 3, now } })
      .thenThrows('QUANTITY_ABOVE_STOCK', 'Only 3 of Kettle in stock.');
    spec([add('p1', 3)])
      .when({ type: 'SetCartItemQuantity', data: { productId: 'p1', name: 'Kettle', quantity: 4, available: 3, now } })
      .thenThrows('QUANTITY_ABOVE_STOCK');
  });

  it('never lets the quantity go below 1', () =>
    spec([add('p1', 1)])
      .when({ type: 'SetCartItemQuantity', data: { productId: 'p1', name: 'Kettle', quantity: 0, available: 3, now } })
      .thenThrows('QUANTITY_INVALID', 'Quantity cannot be less than 1.'));

  it('lets the quantity come down even when stock fell below it', () =>
    spec([add('p1', 3)])
      .when({ type: 'SetCartItemQuantity', data: { productId: 'p1', name: 'Kettle', quantity: 2, available: 1, now } })
      .then([{ type: 'CartItemQuantityChanged', data: { productId: 'p1', quantity: 2, at: now } }]));

  it('sums lines for the badge and removes a line', () => {
    const { state } = spec([add('p1', 2), add('p2', 1), add('p1', 1)])
      .when({ type: 'RemoveCartItem', data: { productId: 'p2', now } })
      .result();
    expect(state.lines).toEqual([{ productId: 'p1', quantity: 3 }]);
    expect(cartQuantity(state)).toBe(3);
    spec([add('p1', 1)])
      .when({ type: 'RemoveCartItem', data: { productId: 'p9', now } })
      .thenNothing();
  });

  it('takes an order’s lines out once, keeping what was added meanwhile', () => {
    const checkedOut: CartEvent = {
      type: 'CartCheckedOut',
      data: { orderId: 'o1', lines: [{ productId: 'p1', quantity: 2 }], at: now },
    };
    const { state } = spec([add('p1', 3), add('p2', 1)])
      .when({ type: 'CheckOutCart', data: { orderId: 'o1', lines: [{ productId: 'p1', quantity: 2 }], now } })
      .result();
    expect(state.lines).toEqual([
      { productId: 'p1', quantity: 1 },
      { productId: 'p2', quantity: 1 },
    ]);
    spec([add('p1', 3), checkedOut])
      .when({ type: 'CheckOutCart', data: { orderId: 'o1', lines: [{ productId: 'p1', quantity: 2 }], now } })
      .thenNothing();
  });
});
