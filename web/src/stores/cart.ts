import { create } from './create.ts';
import type { CartLine, CartPayload } from '../screens/shop/shopApi.ts';
import { shopApi } from '../screens/shop/shopApi.ts';
import { takePendingCart } from './pendingCart.ts';
import { setWallet, useSessionStore } from './session.ts';

export type CartState = {
  status: 'idle' | 'loading' | 'ready' | 'error';
  lines: CartLine[];
  /** The member's reward cash, paise. */
  userRewards: number;
  /** Product ids with a change on its way (their buttons wait). */
  busy: string[];
};

const empty: CartState = { status: 'idle', lines: [], userRewards: 0, busy: [] };

/** The member's cart, kept on the server; this store mirrors its last answer. */
export const useCartStore = create<CartState>()(() => empty);

const apply = (payload: CartPayload) => {
  useCartStore.setState({ status: 'ready', lines: payload.cart, userRewards: payload.user_rewards });
  setWallet({ reward_cash: payload.user_rewards });
};

export const loadCart = async (): Promise<void> => {
  if (!useSessionStore.getState().user) return;
  useCartStore.setState((s) => ({ status: s.status === 'ready' ? 'ready' : 'loading' }));
  try {
    apply(await shopApi.cart());
  } catch (error) {
    console.error('cart: could not load', error);
    useCartStore.setState({ status: 'error' });
  }
};

export const resetCart = (): void => useCartStore.setState(empty);

const withBusy = async (productId: string, run: () => Promise<CartPayload>): Promise<void> => {
  useCartStore.setState((s) => ({ busy: [...s.busy, productId] }));
  try {
    apply(await run());
  } finally {
    useCartStore.setState((s) => ({ busy: s.busy.filter((id) => id !== productId) }));
  }
};

/** Adds to the cart; rejects with the server's ApiError (e.g. "Out of stock") for the caller to show or log. */
export const addToCart = (productId: string, quantity = 1): Promise<void> =>
  withBusy(productId, () => shopApi.addToCart(productId, quantity));

/** Storefront §5: a quantity below 1 is never sent (minus does nothing at 1). Failures are only logged. */
export const setCartQuantity = async (productId: string, quantity: number): Promise<void> => {
  if (quantity < 1) return;
  await withBusy(productId, () => shopApi.setQuantity(productId, quantity)).catch((error: unknown) =>
    console.error('cart: could not change the quantity', error),
  );
};

export const removeFromCart = async (productId: string): Promise<void> => {
  await withBusy(productId, () => shopApi.removeFromCart(productId)).catch((error: unknown) =>
    console.error('cart: could not remove the line', error),
  );
};

export const selectCartCount = (s: CartState): number => s.lines.reduce((n, l) => n + l.quantity, 0);
export const selectCartTotal = (s: CartState): number => s.lines.reduce((n, l) => n + l.price * l.quantity, 0);

let restoring: Promise<void> | null = null;

/**
 * Adds what the visitor chose before logging in (stores/pendingCart.ts) to the member's cart, once.
 * Callers that go on to the cart or checkout await it; a second call while it runs gets the same promise.
 * A failure (sold out meanwhile) is only logged, like any failed add from the shop.
 */
export const restorePendingCart = (): Promise<void> => {
  if (restoring) return restoring;
  if (!useSessionStore.getState().user) return Promise.resolve();
  const item = takePendingCart();
  if (!item) return Promise.resolve();
  restoring = addToCart(item.productId, item.quantity)
    .catch((error: unknown) => console.error('cart: could not add the item chosen before login', error))
    .finally(() => {
      restoring = null;
    });
  return restoring;
};

// The cart follows the session: loaded at login (with what was chosen before it), cleared at logout.
// In the browser only: a server rendering a page for a member has no cart to fetch.
if (typeof window !== 'undefined')
  useSessionStore.subscribe((state, previous) => {
    if (state.user?.id === previous.user?.id) return;
    if (state.user) void restorePendingCart().then(loadCart);
    else resetCart();
  });
if (useSessionStore.getState().user) void loadCart();
