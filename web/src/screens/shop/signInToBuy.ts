import type { NavigateFunction } from 'react-router-dom';
import { savePendingCart } from '../../stores/pendingCart.ts';
import type { Product } from './shopApi.ts';

/**
 * A visitor pressed Add to Cart or Buy Now: keep the choice for after the login (stores/pendingCart.ts)
 * and send them to /login, which brings them back to `returnTo` (the page they were on, or /checkout
 * for Buy Now) once the item is in their cart.
 */
export const signInToBuy = (
  navigate: NavigateFunction,
  product: Pick<Product, 'id' | 'name'>,
  quantity: number,
  returnTo: string,
): void => {
  savePendingCart({ productId: product.id, productName: product.name, quantity });
  void navigate('/login', { state: { from: returnTo, reason: 'login-required' } });
};
