/**
 * What a visitor chose before signing in (issue 20.7): Add to Cart or Buy Now on the shop asks them to
 * log in, and keeps the product and quantity here, in this tab's sessionStorage, until the login lands
 * it in their cart. Only a hint for the browser: the server checks the product and stock as for anyone.
 */
export type PendingCartItem = {
  productId: string;
  /** For the login screen's message. */
  productName: string;
  quantity: number;
  /** When it was chosen (ms); a choice older than an hour is dropped rather than added by surprise. */
  savedAt: number;
};

export const PENDING_CART_KEY = 'vd.pendingCart';
export const PENDING_CART_TTL_MS = 60 * 60_000;

const storage = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};

const parse = (raw: string | null, now: number): PendingCartItem | null => {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PendingCartItem>;
    if (typeof v.productId !== 'string' || !v.productId || v.productId.length > 40) return null;
    if (typeof v.quantity !== 'number' || !Number.isInteger(v.quantity) || v.quantity < 1 || v.quantity > 100) {
      return null;
    }
    if (typeof v.savedAt !== 'number' || now - v.savedAt > PENDING_CART_TTL_MS || v.savedAt > now + 60_000) return null;
    return {
      productId: v.productId,
      productName: typeof v.productName === 'string' ? v.productName.slice(0, 200) : '',
      quantity: v.quantity,
      savedAt: v.savedAt,
    };
  } catch {
    return null;
  }
};

/** Keeps a visitor's choice for after the login. One choice at a time: the latest wins. */
export const savePendingCart = (item: Omit<PendingCartItem, 'savedAt'>, now = Date.now()): void => {
  try {
    storage()?.setItem(PENDING_CART_KEY, JSON.stringify({ ...item, savedAt: now }));
  } catch {
    // Private mode or a full quota: the visitor adds it again after logging in.
  }
};

/** The kept choice, if any and still fresh, without removing it. */
export const peekPendingCart = (now = Date.now()): PendingCartItem | null => {
  try {
    return parse(storage()?.getItem(PENDING_CART_KEY) ?? null, now);
  } catch {
    return null;
  }
};

/** Takes the kept choice out (so it is added once), or null. */
export const takePendingCart = (now = Date.now()): PendingCartItem | null => {
  const item = peekPendingCart(now);
  try {
    storage()?.removeItem(PENDING_CART_KEY);
  } catch {
    // Nothing kept, nothing to remove.
  }
  return item;
};
