import { Hono } from 'hono';
import type { AuthEnv } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { adminProductsRoutes } from './adminProducts.ts';
import { cartRoutes } from './cart.ts';
import type { CheckoutDeps } from './checkout.ts';
import { checkoutRoutes } from './checkoutRoutes.ts';
import { crackersRoutes } from './crackers.ts';
import { adminOrdersRoutes, ordersRoutes } from './orders.ts';
import { productsRoutes } from './products.ts';

export { startShopSweeper, sweepShopOrders } from './orderSteps.ts';

/** The shop's resources under /api: products, cart, checkout, orders (and their admin side), crackers. */
export const shopRoutes = (deps: CheckoutDeps & Pick<Deps, 'hits' | 'config'>) =>
  new Hono<AuthEnv>()
    .route('/products', productsRoutes(deps))
    .route('/cart', cartRoutes(deps))
    .route('/checkout', checkoutRoutes(deps))
    .route('/orders', ordersRoutes(deps))
    .route('/admin/orders', adminOrdersRoutes(deps))
    .route('/admin', adminProductsRoutes(deps))
    .route('/crackers', crackersRoutes(deps));
