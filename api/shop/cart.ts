import { Hono } from 'hono';
import { z } from 'zod';
import type { CartCommand } from '../../engine/cart.ts';
import { cartDecider, cartStream } from '../../engine/cart.ts';
import { DomainError } from '../../engine/decider.ts';
import { PRODUCT_MESSAGES, available, productDecider, productStream } from '../../engine/product.ts';
import { cartOf } from '../../projections/cart.ts';
import type { AuthEnv, SessionUser } from '../auth/session.ts';
import { actorOf, currentUser, requireUser } from '../auth/session.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, pathParams } from '../http/openapi.ts';
import { rewardCashOf } from './rewards.ts';
import { toCartLine } from './views.ts';

const ProductParam = z.object({ productId: z.string().max(40) });

/** The cart as the spec answers it: lines with live prices, the member's reward cash (`user_rewards`, paise), totals. */
export const cartPayload = async (deps: Pick<Deps, 'readDb' | 'store'>, userId: string) => {
  const cart = cartOf(deps.readDb, userId).map(toCartLine);
  return {
    success: true,
    cart,
    user_rewards: await rewardCashOf(deps, userId),
    total: cart.reduce((sum, l) => sum + l.price * l.quantity, 0),
    count: cart.reduce((sum, l) => sum + l.quantity, 0),
  };
};

/** What the cart rules need to know about a product, read from its stream. */
const stockOf = async (deps: Pick<Deps, 'store'>, productId: string) => {
  const { state } = await loadState(deps.store, productStream(productId), productDecider);
  if (state.status !== 'listed' || !state.product.is_active) {
    throw new DomainError('PRODUCT_NOT_FOUND', PRODUCT_MESSAGES.notFound);
  }
  return { name: state.product.name, available: available(state) };
};

const runCart = async (
  deps: Pick<Deps, 'clock' | 'commands' | 'readDb' | 'store'>,
  user: SessionUser,
  command: CartCommand,
) => {
  const now = deps.clock.now();
  await handleCommand(deps.commands, cartStream(user.id), cartDecider, command, { actor: actorOf(user), now });
  return cartPayload(deps, user.id);
};

/** The member's cart, kept on the server. Quantities never go below 1 nor above the units available. */
export const cartRoutes = (deps: Pick<Deps, 'clock' | 'commands' | 'readDb' | 'store'>) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get('/', describe({ summary: 'My cart and reward cash', tags: ['shop'], access: 'member' }), async (c) =>
      c.json(await cartPayload(deps, currentUser(c).id)),
    )
    .post(
      '/items',
      describe({ summary: 'Add a product to my cart', tags: ['shop'], access: 'member' }),
      jsonBody(z.object({ product_id: z.string().max(40), quantity: z.number().int().min(1).max(100).default(1) })),
      async (c) => {
        const { product_id, quantity } = c.req.valid('json');
        const product = await stockOf(deps, product_id);
        const now = deps.clock.now();
        return c.json(
          await runCart(deps, currentUser(c), {
            type: 'AddCartItem',
            data: { productId: product_id, name: product.name, quantity, available: product.available, now },
          }),
        );
      },
    )
    .patch(
      '/items/:productId',
      describe({ summary: 'Change a line’s quantity (at least 1)', tags: ['shop'], access: 'member' }),
      pathParams(ProductParam),
      jsonBody(z.object({ quantity: z.number().int().max(1000) })),
      async (c) => {
        const { productId } = c.req.valid('param');
        const product = await stockOf(deps, productId);
        const now = deps.clock.now();
        return c.json(
          await runCart(deps, currentUser(c), {
            type: 'SetCartItemQuantity',
            data: {
              productId,
              name: product.name,
              quantity: c.req.valid('json').quantity,
              available: product.available,
              now,
            },
          }),
        );
      },
    )
    .delete(
      '/items/:productId',
      describe({ summary: 'Remove a line from my cart', tags: ['shop'], access: 'member' }),
      pathParams(ProductParam),
      async (c) =>
        c.json(
          await runCart(deps, currentUser(c), {
            type: 'RemoveCartItem',
            data: { productId: c.req.valid('param').productId, now: deps.clock.now() },
          }),
        ),
    );
