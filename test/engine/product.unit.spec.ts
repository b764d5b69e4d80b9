import { describe, expect, it } from 'vitest';
import type { ProductDetails, ProductEvent } from '../../engine/product.ts';
import { available, productDecider } from '../../engine/product.ts';
import { specFor } from '../helpers/decider.ts';

const now = Date.parse('2026-11-22T06:00:00Z');
const later = now + 15 * 60_000;
const spec = specFor(productDecider);

const sampleProduct = (overrides: Partial<ProductDetails> = {}): ProductDetails => ({
  id: 'p1001',
  product_code: 'VD1001',
  slug: 'steel-tiffin-box',
  name: 'Steel Tiffin Box',
  description: 'Three tier stainless steel lunch box',
  price: 59_900,
  original_price: 99_900,
  image_url: '/products/vd1001.svg',
  images: ['/products/vd1001.svg'],
  rating: 4.5,
  ratings: 120,
  category: 'Kitchen',
  brand: 'Vetri Home',
  color: 'Silver',
  reward_points: 30,
  is_active: true,
  ...overrides,
});

const added = (stock: number): ProductEvent => ({ type: 'ProductAdded', data: { ...sampleProduct(), stock, at: now } });
const reserved = (reservationId: string, quantity: number, expiresAt = later): ProductEvent => ({
  type: 'StockReserved',
  data: { reservationId, quantity, expiresAt, at: now },
});

describe('product stock', () => {
  describe('when the product is not listed', () => {
    it('adds it with its stock', () =>
      spec()
        .when({ type: 'AddProduct', data: { product: sampleProduct(), stock: 5, now } })
        .then([added(5)]));

    it('refuses a negative price or a rating above 5', () => {
      spec()
        .when({ type: 'AddProduct', data: { product: sampleProduct({ price: -1 }), stock: 5, now } })
        .thenThrows('PRODUCT_INVALID', /price/);
      spec()
        .when({ type: 'AddProduct', data: { product: sampleProduct({ rating: 5.5 }), stock: 5, now } })
        .thenThrows('PRODUCT_INVALID', /rating/);
    });

    it('cannot reserve what does not exist', () =>
      spec()
        .when({ type: 'ReserveStock', data: { reservationId: 'o1', quantity: 1, now, expiresAt: later } })
        .thenThrows('PRODUCT_NOT_FOUND', 'Product not found'));
  });

  describe('when it is listed', () => {
    it('refuses to add it twice', () =>
      spec([added(5)])
        .when({ type: 'AddProduct', data: { product: sampleProduct(), stock: 5, now } })
        .thenThrows('PRODUCT_EXISTS'));

    it('reserves units for an order', () =>
      spec([added(2)])
        .when({ type: 'ReserveStock', data: { reservationId: 'o1', quantity: 2, now, expiresAt: later } })
        .then([reserved('o1', 2)]));

    it('refuses more than is available, naming how many are left', () =>
      spec([added(3), reserved('o1', 2)])
        .when({ type: 'ReserveStock', data: { reservationId: 'o2', quantity: 2, now, expiresAt: later } })
        .thenThrows('OUT_OF_STOCK', 'Only 1 of Steel Tiffin Box left in stock.'));

    it('refuses the last unit to a second buyer', () =>
      spec([added(1), reserved('o1', 1)])
        .when({ type: 'ReserveStock', data: { reservationId: 'o2', quantity: 1, now, expiresAt: later } })
        .thenThrows('OUT_OF_STOCK', 'Steel Tiffin Box is out of stock.'));

    it('keeps holding a reservation past its expiry until it is released', () =>
      spec([added(1), reserved('o1', 1, now - 1)])
        .when({ type: 'ReserveStock', data: { reservationId: 'o2', quantity: 1, now, expiresAt: later } })
        .thenThrows('OUT_OF_STOCK'));

    it('reserving again for the same order changes nothing', () =>
      spec([added(1), reserved('o1', 1)])
        .when({ type: 'ReserveStock', data: { reservationId: 'o1', quantity: 1, now, expiresAt: later } })
        .thenNothing());

    it('sells a reservation once; a replay changes nothing', () => {
      const sold: ProductEvent = { type: 'StockSold', data: { reservationId: 'o1', quantity: 1, at: now } };
      spec([added(1), reserved('o1', 1)])
        .when({ type: 'CommitStock', data: { reservationId: 'o1', quantity: 1, now } })
        .then([sold]);
      spec([added(1), reserved('o1', 1), sold])
        .when({ type: 'CommitStock', data: { reservationId: 'o1', quantity: 1, now } })
        .thenNothing();
      const { state } = spec([added(1), reserved('o1', 1)])
        .when({ type: 'CommitStock', data: { reservationId: 'o1', quantity: 1, now } })
        .result();
      expect(state.status === 'listed' && state.stock).toBe(0);
    });

    it('sells a late payment when units are still free, and refuses it when they are gone', () => {
      const released: ProductEvent = {
        type: 'StockReleased',
        data: { reservationId: 'o1', quantity: 1, reason: 'expired', at: now },
      };
      spec([added(1), reserved('o1', 1), released])
        .when({ type: 'CommitStock', data: { reservationId: 'o1', quantity: 1, now } })
        .then([{ type: 'StockSold', data: { reservationId: 'o1', quantity: 1, at: now } }]);
      spec([added(1), reserved('o1', 1), released, reserved('o2', 1)])
        .when({ type: 'CommitStock', data: { reservationId: 'o1', quantity: 1, now } })
        .thenThrows('OUT_OF_STOCK');
    });

    it('releases a reservation once and gives the units back', () => {
      const { events, state } = spec([added(1), reserved('o1', 1)])
        .when({ type: 'ReleaseStock', data: { reservationId: 'o1', reason: 'payment failed', now } })
        .result();
      expect(events).toEqual([
        { type: 'StockReleased', data: { reservationId: 'o1', quantity: 1, reason: 'payment failed', at: now } },
      ]);
      expect(available(state)).toBe(1);
      spec([added(1), reserved('o1', 1), ...events])
        .when({ type: 'ReleaseStock', data: { reservationId: 'o1', reason: 'again', now } })
        .thenNothing();
    });

    it('a cancelled paid order’s units come back once, sold or still held, and are never sold after', () => {
      const sold: ProductEvent = { type: 'StockSold', data: { reservationId: 'o1', quantity: 2, at: now } };
      const back = { type: 'ReturnStock', data: { reservationId: 'o1', quantity: 2, now } } as const;
      const fromSold = spec([added(5), reserved('o1', 2), sold])
        .when(back)
        .result();
      expect(fromSold.events).toEqual([
        { type: 'StockReturned', data: { reservationId: 'o1', restocked: 2, at: now } },
      ]);
      expect(available(fromSold.state)).toBe(5);
      spec([added(5), reserved('o1', 2), sold, ...fromSold.events])
        .when(back)
        .thenNothing();
      // Paid but not settled yet: the hold is let go, the count stays, and a settlement after sells nothing.
      const fromHeld = spec([added(5), reserved('o1', 2)])
        .when(back)
        .result();
      expect(fromHeld.events).toEqual([
        { type: 'StockReturned', data: { reservationId: 'o1', restocked: 0, at: now } },
      ]);
      expect(available(fromHeld.state)).toBe(5);
      spec([added(5), reserved('o1', 2), ...fromHeld.events])
        .when({ type: 'CommitStock', data: { reservationId: 'o1', quantity: 2, now } })
        .thenNothing();
    });

    it('an inactive product has nothing available', () => {
      const state = productDecider.evolve(productDecider.initialState, {
        type: 'ProductAdded',
        data: { ...sampleProduct({ is_active: false }), stock: 4, at: now },
      });
      expect(available(state)).toBe(0);
    });

    it('adjusts stock to a new count, never below 0', () => {
      spec([added(1)])
        .when({ type: 'AdjustStock', data: { stock: 10, now } })
        .then([{ type: 'ProductStockAdjusted', data: { stock: 10, previous: 1, at: now } }]);
      spec([added(1)])
        .when({ type: 'AdjustStock', data: { stock: -1, now } })
        .thenThrows('PRODUCT_INVALID');
    });

    it('refuses a count below the units held by checkouts, naming how many; down to them is fine', () => {
      const error = spec([added(5), reserved('o1', 1), reserved('o2', 1)])
        .when({ type: 'AdjustStock', data: { stock: 1, now } })
        .thenThrows(
          'STOCK_BELOW_HELD',
          '2 of Steel Tiffin Box are held by checkouts waiting for payment. Set the stock to at least 2.',
        );
      expect(error.details).toEqual({ name: 'Steel Tiffin Box', held: 2 });
      spec([added(5), reserved('o1', 1), reserved('o2', 1)])
        .when({ type: 'AdjustStock', data: { stock: 2, now } })
        .then([{ type: 'ProductStockAdjusted', data: { stock: 2, previous: 5, at: now } }]);
      const sold = { type: 'StockSold', data: { reservationId: 'o1', quantity: 1, at: now } } as const;
      spec([added(5), reserved('o1', 1), sold])
        .when({ type: 'AdjustStock', data: { stock: 0, now } })
        .then([{ type: 'ProductStockAdjusted', data: { stock: 0, previous: 4, at: now } }]);
    });
  });
});

describe('when an order is released before its checkout reserved anything', () => {
  const release = { type: 'ReleaseStock', data: { reservationId: 'o1', reason: 'superseded', now } } as const;
  const reserve = { type: 'ReserveStock', data: { reservationId: 'o1', quantity: 1, now, expiresAt: later } } as const;
  const tombstone: ProductEvent = {
    type: 'StockReleased',
    data: { reservationId: 'o1', quantity: 0, reason: 'superseded', at: now },
  };

  it('records the release with 0 units', () =>
    spec([added(3)])
      .when(release)
      .then([tombstone]));

  it('refuses the reservation that comes after it, in words, and keeps the units free', () => {
    spec([added(3), tombstone])
      .when(reserve)
      .thenThrows(
        'RESERVATION_RELEASED',
        'This checkout was cancelled before it could hold the item. Nothing was charged.',
      );
  });

  it('releases a held reservation once, and a second release changes nothing', () => {
    spec([added(3), reserved('o1', 2)])
      .when(release)
      .then([{ type: 'StockReleased', data: { reservationId: 'o1', quantity: 2, reason: 'superseded', at: now } }]);
    spec([added(3), tombstone])
      .when(release)
      .then([]);
  });
});

describe('admins edit, restock and delist a product', () => {
  it('records only the fields that changed, and the product shows them', () => {
    spec([added(5)])
      .when({
        type: 'EditProduct',
        data: { changes: { name: sampleProduct().name, price: 899_00, category: 'Audio' }, now },
      })
      .then([{ type: 'ProductEdited', data: { changes: { price: 899_00, category: 'Audio' }, at: now } }]);
    const edited = [
      added(5),
      { type: 'ProductEdited', data: { changes: { price: 899_00 }, at: now } },
    ] as ProductEvent[];
    const state = edited.reduce(productDecider.evolve, productDecider.initialState);
    expect(state.status === 'listed' && state.product.price).toBe(899_00);
    spec(edited)
      .when({ type: 'EditProduct', data: { changes: { price: 899_00 }, now } })
      .thenNothing();
  });

  it('refuses an original price below the price, an empty category, and an unknown product', () => {
    spec([added(5)])
      .when({ type: 'EditProduct', data: { changes: { original_price: 1_00 }, now } })
      .thenThrows('PRODUCT_INVALID', 'The original price cannot be below the price.');
    spec([added(5)])
      .when({ type: 'EditProduct', data: { changes: { category: ' ' }, now } })
      .thenThrows('PRODUCT_INVALID', 'Choose a category.');
    spec([])
      .when({ type: 'EditProduct', data: { changes: { price: 1 }, now } })
      .thenThrows('PRODUCT_NOT_FOUND');
  });

  it('takes a product off the shop (nothing more can be reserved) and puts it back', () => {
    const off: ProductEvent = { type: 'ProductDelisted', data: { at: now } };
    spec([added(5)])
      .when({ type: 'SetProductListed', data: { listed: false, now } })
      .then([off]);
    spec([added(5), off])
      .when({ type: 'SetProductListed', data: { listed: false, now } })
      .thenNothing();
    spec([added(5), off])
      .when({ type: 'ReserveStock', data: { reservationId: 'r1', quantity: 1, now, expiresAt: later } })
      .thenThrows('OUT_OF_STOCK');
    spec([added(5), off])
      .when({ type: 'SetProductListed', data: { listed: true, now } })
      .then([{ type: 'ProductRelisted', data: { at: now } }]);
    spec([added(5), off, { type: 'ProductRelisted', data: { at: now } }])
      .when({ type: 'ReserveStock', data: { reservationId: 'r1', quantity: 1, now, expiresAt: later } })
      .then([{ type: 'StockReserved', data: { reservationId: 'r1', quantity: 1, expiresAt: later, at: now } }]);
  });
});
