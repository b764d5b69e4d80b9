import { beforeEach, describe, expect, it } from 'vitest';
import {
  PENDING_CART_KEY,
  PENDING_CART_TTL_MS,
  peekPendingCart,
  savePendingCart,
  takePendingCart,
} from '../../web/src/stores/pendingCart.ts';

/** A sessionStorage stand-in: the unit project runs in Node. */
const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
};

describe("a visitor's choice kept across the login (issue 20.7)", () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'sessionStorage', { value: memoryStorage(), configurable: true });
  });

  it('keeps the product and quantity until taken, then only once', () => {
    savePendingCart({ productId: 'p1', productName: 'Steel bottle', quantity: 2 }, 1_000);
    expect(peekPendingCart(2_000)).toEqual({
      productId: 'p1',
      productName: 'Steel bottle',
      quantity: 2,
      savedAt: 1_000,
    });
    expect(takePendingCart(2_000)?.productId).toBe('p1');
    expect(takePendingCart(2_000)).toBeNull();
  });

  it('keeps only the latest choice', () => {
    savePendingCart({ productId: 'p1', productName: 'A', quantity: 1 }, 1_000);
    savePendingCart({ productId: 'p2', productName: 'B', quantity: 3 }, 1_500);
    expect(takePendingCart(2_000)).toMatchObject({ productId: 'p2', quantity: 3 });
  });

  it('drops a stale choice rather than adding it by surprise', () => {
    savePendingCart({ productId: 'p1', productName: 'A', quantity: 1 }, 1_000);
    expect(takePendingCart(1_000 + PENDING_CART_TTL_MS + 1)).toBeNull();
    expect(sessionStorage.getItem(PENDING_CART_KEY)).toBeNull();
  });

  it('ignores anything malformed in storage', () => {
    for (const raw of [
      'not json',
      '{}',
      '{"productId":"p","quantity":0,"savedAt":1}',
      '{"productId":"p","quantity":1.5,"savedAt":1}',
    ]) {
      sessionStorage.setItem(PENDING_CART_KEY, raw);
      expect(takePendingCart(2), raw).toBeNull();
    }
  });
});
