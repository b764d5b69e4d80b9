import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import { ORDER_MESSAGES, SHIPMENT_STATUSES, orderDecider, orderStream } from '../../engine/order.ts';
import { ordersOfUser, paidOrders, shopOrderById } from '../../projections/orders.ts';
import type { AuthEnv } from '../auth/session.ts';
import { actorOf, currentUser, requireRole, requireUser } from '../auth/session.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';
import { refundCancelledOrder } from './orderSteps.ts';
import { toShopOrder } from './views.ts';

const IdParam = z.object({ id: z.string().max(40) });
/** The admin orders list's page size, and its cursor: the last order's placing time and id. */
export const ADMIN_ORDERS_PAGE = 100;
const CURSOR = /^[0-9TZ:.+-]+~[A-Za-z0-9_-]+$/;

/** My shop orders: payment and shipment status, address, lines. */
export const ordersRoutes = (deps: Pick<Deps, 'readDb'>) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get('/', describe({ summary: 'My shop orders, newest first', tags: ['shop'], access: 'member' }), (c) =>
      c.json({ success: true, orders: ordersOfUser(deps.readDb, currentUser(c).id).map(toShopOrder) }),
    )
    .get(
      '/:id',
      describe({ summary: 'One of my orders', tags: ['shop'], access: 'member' }),
      pathParams(IdParam),
      (c) => {
        const order = shopOrderById(deps.readDb, c.req.valid('param').id);
        if (!order || order.userId !== currentUser(c).id)
          throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
        return c.json({ success: true, order: toShopOrder(order) });
      },
    );

/**
 * Admins move paid orders through shipment: pending → shipped → delivered, or cancelled (which
 * refunds the member: the amount paid to the wallet, the reward cash used, the units to stock).
 */
export const adminOrdersRoutes = (deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'store' | 'log'>) =>
  new Hono<AuthEnv>()
    .use('*', requireRole('admin', 'auditor'))
    .get(
      '/',
      describe({
        summary:
          'Paid shop orders for shipping, a page at a time: pending ones oldest first (next to ship), the others newest first; `next_cursor` asks for the next page',
        tags: ['admin', 'shop'],
        access: 'auditor',
      }),
      queryParams(
        z.object({
          shipment_status: z.enum(SHIPMENT_STATUSES).optional(),
          cursor: z.string().max(120).regex(CURSOR).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(ADMIN_ORDERS_PAGE),
        }),
      ),
      (c) => {
        const { shipment_status: shipment, cursor, limit } = c.req.valid('query');
        const [createdAt, id] = cursor ? cursor.split('~') : [];
        const rows = paidOrders(deps.readDb, shipment, {
          limit,
          after: createdAt && id ? { createdAt, id } : undefined,
          oldestFirst: shipment === 'pending',
        });
        const last = rows.at(-1);
        return c.json({
          success: true,
          orders: rows.map(toShopOrder),
          next_cursor: rows.length === limit && last ? `${last.createdAt}~${last.id}` : null,
        });
      },
    )
    .post(
      '/:id/shipment',
      describe({ summary: 'Set an order’s shipment status', tags: ['admin', 'shop'], access: 'admin' }),
      requireRole('admin'),
      pathParams(IdParam),
      jsonBody(z.object({ shipment_status: z.enum(SHIPMENT_STATUSES) })),
      async (c) => {
        const { id } = c.req.valid('param');
        if (!shopOrderById(deps.readDb, id)) throw new DomainError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound);
        const now = deps.clock.now();
        await handleCommand(
          deps.commands,
          orderStream(id),
          orderDecider,
          { type: 'SetShipmentStatus', data: { status: c.req.valid('json').shipment_status, now } },
          { actor: actorOf(currentUser(c)), now },
        );
        // A paid order cancelled gives everything back at once; if a step fails, the sweeper finishes it.
        await refundCancelledOrder(deps, id).catch((error: unknown) =>
          deps.log.error('cancelled order not refunded yet; the sweeper will finish it', { orderId: id, error }),
        );
        const order = shopOrderById(deps.readDb, id);
        return c.json({ success: true, order: order && toShopOrder(order) });
      },
    );
