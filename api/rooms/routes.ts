import { Hono } from 'hono';
import { z } from 'zod';
import { roomError } from '../../engine/room.ts';
import {
  bidRows,
  listRoomRows,
  participantRows,
  participantsOfRooms,
  roomRow,
  roomsOfUser,
} from '../../projections/roomQueries.ts';
import { walletBalances } from '../../projections/wallets.ts';
import { memberCostTotals, netCostOf, similarRooms, wonItemCosts } from '../../projections/memberCosts.ts';
import type { AuthEnv } from '../auth/session.ts';
import { currentUser, requireAccess, requireUser } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, pathParams, queryParams } from '../http/openapi.ts';
import { PaymentCallbackBody } from '../contract/account.ts';
import type { PurchaseDeps } from './purchase.ts';
import { startPurchase, verifyPurchase } from './purchase.ts';
import { prebook } from './sagas.ts';
import { currentRoomSnapshot } from './snapshot.ts';
import {
  BidHistory,
  DeliveryAddressBody,
  MyRoomList,
  PurchaseView,
  RoomCodeParam,
  RoomList,
  RoomListQuery,
  RoomSnapshot,
  SimilarRoomsView,
} from '../contract/rooms.ts';
import type { MemberCosts } from '../contract/rooms.ts';
import { myOfferOf, remarkOf, toBidEntry, toRoomSummary } from './views.ts';

const tabOf = (status: string, remark: string, myOffer: string | null) => {
  // A runner-up the item was offered to, or who bought it, finds it with the wins.
  if (remark === 'winner' || myOffer === 'yours' || myOffer === 'bought') return 'won' as const;
  if (remark === 'looser') return 'lost' as const;
  // Cancelled for too few members (the spec's "not enough participants") or by an admin with their
  // reason as the remark: either way never upcoming, as the spec's prebooked tab is.
  if (status === 'cancelled') return 'cancelled' as const;
  return status === 'ended' ? ('no_winner' as const) : ('prebooked' as const);
};

/** Deal rooms: lists, one room, pre-book, bid history and the won-deal purchase. */
export const roomsRoutes = (deps: PurchaseDeps & Pick<Deps, 'readDb' | 'projections' | 'config'>) =>
  new Hono<AuthEnv>()
    .get(
      '/',
      describe({
        summary: 'Deal rooms: upcoming (incl. running and cancelled in the last 24 h), completed, cancelled or all',
        tags: ['rooms'],
        response: RoomList,
      }),
      queryParams(RoomListQuery),
      (c) => {
        const now = deps.clock.now();
        const rows = listRoomRows(deps.readDb, c.req.valid('query').status, now);
        const people = participantsOfRooms(
          deps.readDb,
          rows.map((r) => r.code),
        );
        c.header('Cache-Control', 'no-store');
        return c.json({
          success: true,
          rooms: rows.map((r) => toRoomSummary(r, people.get(r.code) ?? [], now)),
          server_time: now,
        });
      },
    )
    .get(
      '/:code',
      describe({
        summary: 'One room: rules, live state, participants, history and my view',
        tags: ['rooms'],
        response: RoomSnapshot,
      }),
      pathParams(RoomCodeParam),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await currentRoomSnapshot(deps, c.req.valid('param').code, c.get('user')));
      },
    )
    .get(
      '/:code/bids',
      describe({
        summary: 'Bid history, oldest first',
        tags: ['rooms'],
        response: BidHistory,
      }),
      pathParams(RoomCodeParam),
      (c) => {
        const { code } = c.req.valid('param');
        const room = roomRow(deps.readDb, code);
        if (!room) throw roomError('ROOM_NOT_FOUND');
        return c.json({ success: true, history: bidRows(deps.readDb, code).map(toBidEntry), revision: room.revision });
      },
    )
    .get(
      '/:code/similar',
      describe({
        summary:
          'What winners of similar finished rooms (same product, else retail price within 25%) paid on average in fees and final price',
        tags: ['rooms'],
        response: SimilarRoomsView,
      }),
      pathParams(RoomCodeParam),
      (c) => {
        const similar = similarRooms(deps.readDb, c.req.valid('param').code);
        if (!similar) throw roomError('ROOM_NOT_FOUND');
        return c.json({ success: true, ...similar });
      },
    )
    .post(
      '/:code/prebook',
      describe({
        summary: 'Pre-book a seat: the entry fee moves from cash to the room (send Idempotency-Key to retry safely)',
        tags: ['rooms'],
        access: 'member',
        response: z.object({
          success: z.boolean(),
          message: z.string(),
          wallet_balance: z.number().int(),
          joined_count: z.number().int(),
          reservation_id: z.string(),
        }),
      }),
      requireAccess,
      pathParams(RoomCodeParam),
      async (c) => {
        const user = currentUser(c);
        const { code } = c.req.valid('param');
        const key = c.req.header('idempotency-key');
        // Scoped to the member and the room: the same key sent for another room names another pre-book.
        const reservationId = key && /^[A-Za-z0-9-]{8,64}$/.test(key) ? `${user.id}:${code}:${key}` : undefined;
        const result = await prebook(deps, user, code, reservationId);
        const joined = result.state.status === 'none' ? 0 : result.state.bookings.length;
        const mine =
          result.state.status === 'none' ? undefined : result.state.bookings.find((b) => b.userId === user.id);
        return c.json({
          success: true,
          message: 'Pre-booked successfully',
          wallet_balance: walletBalances(deps.readDb, user.id).cash,
          joined_count: joined,
          reservation_id: mine?.reservationId ?? '',
        });
      },
    )
    .get(
      '/:code/purchase',
      describe({
        summary: 'The won deal to purchase (winner only)',
        tags: ['rooms', 'purchase'],
        access: 'member',
        response: PurchaseView,
      }),
      requireUser,
      pathParams(RoomCodeParam),
      (c) => {
        const user = currentUser(c);
        const room = roomRow(deps.readDb, c.req.valid('param').code);
        if (!room) throw roomError('ROOM_NOT_FOUND');
        if (room.status !== 'ended') throw roomError('PURCHASE_NOT_OPEN');
        if (!room.winner_id || !room.offer_user_id) throw roomError('NO_WINNER');
        if (room.offer_user_id !== user.id) {
          const mine = participantRows(deps.readDb, room.code).find((p) => p.user_id === user.id);
          throw mine?.offer_place != null ? roomError('OFFER_PASSED') : roomError('NOT_WINNER');
        }
        const now = deps.clock.now();
        return c.json({
          success: true,
          room: {
            room_code: room.code,
            product_name: room.product_name,
            product_code: room.product_code,
            product_type: 'deal',
            image_url: room.image_url,
            // The holder's own price: the winning deal, or a runner-up's last deal.
            bid_amount: room.offer_price,
            total_price: room.total_price,
            delivery_charge: 0,
            created_at: new Date(room.ended_at!).toISOString(),
            purchase_deadline_ms: room.purchase_deadline,
            offer_place: room.offer_place ?? 0,
          },
          existing_purchase: room.purchased_at
            ? {
                payment_id: room.purchase_payment_id,
                purchased_at: new Date(room.purchased_at).toISOString(),
                address: JSON.parse(room.purchase_address ?? '{}') as NonNullable<
                  PurchaseView['existing_purchase']
                >['address'],
              }
            : null,
          expired: room.purchased_at === null && (room.expired === 1 || now >= (room.purchase_deadline ?? 0)),
          server_time: now,
        });
      },
    )
    .post(
      '/:code/purchase',
      describe({
        summary: 'Start paying for a won deal with the delivery address; returns the checkout to open',
        tags: ['rooms', 'purchase'],
        access: 'member',
        response: z.object({ order_id: z.string(), checkout_url: z.string(), amount: z.number().int() }),
      }),
      requireUser,
      pathParams(RoomCodeParam),
      jsonBody(DeliveryAddressBody),
      async (c) => c.json(await startPurchase(deps, currentUser(c), c.req.valid('param').code, c.req.valid('json'))),
    )
    .post(
      '/:code/purchase/verify',
      describe({
        summary: 'Verify the checkout return and record the purchase (once per payment id)',
        tags: ['rooms', 'purchase'],
        access: 'member',
      }),
      requireUser,
      pathParams(RoomCodeParam),
      jsonBody(PaymentCallbackBody),
      async (c) => {
        const b = c.req.valid('json');
        const { applied } = await verifyPurchase(deps, currentUser(c), c.req.valid('param').code, {
          orderId: b.razorpay_order_id,
          paymentId: b.razorpay_payment_id,
          signature: b.razorpay_signature,
        });
        return c.json({ success: true, applied, message: 'Payment Successful!' });
      },
    );

/** What deal rooms cost a member, from the member costs read model. */
const costsOf = (deps: Pick<Deps, 'readDb'>, userId: string): MemberCosts => {
  const t = memberCostTotals(deps.readDb, userId);
  return {
    ...t,
    fees_held: t.fees_paid - t.fees_refunded - t.fees_to_reward - t.fees_kept,
    reward_from_rooms: t.fees_to_reward + t.winner_bonus,
    won: wonItemCosts(deps.readDb, userId).map(({ ended_at: _, ...w }) => {
      const net = netCostOf(w);
      return { ...w, net_cost: net, saving: w.paid === null ? null : w.total_price - net };
    }),
  };
};

/** GET /api/me/rooms: the rooms I pre-booked, with my remark and My Deals tab, and what they cost me. */
export const myRoomsRoutes = (deps: Pick<Deps, 'clock' | 'readDb'>) =>
  new Hono<AuthEnv>().get(
    '/',
    describe({
      summary: 'My pre-booked rooms with remark (only_joined, winner, looser) and tab, and what rooms cost me',
      tags: ['rooms'],
      access: 'member',
      response: MyRoomList,
    }),
    requireUser,
    (c) => {
      const user = currentUser(c);
      const now = deps.clock.now();
      const rows = roomsOfUser(deps.readDb, user.id);
      const people = participantsOfRooms(
        deps.readDb,
        rows.map((r) => r.code),
      );
      const rooms = rows.map((r) => {
        const remark = remarkOf(r, user.id, true)!;
        const myOffer = myOfferOf(r, user.id, r.my_offer_place);
        return {
          ...toRoomSummary(r, people.get(r.code) ?? [], now),
          remark,
          tab: tabOf(r.status, remark, myOffer),
          used: r.bids_used,
          remaining: Math.max(0, r.max_attempts - r.bids_used),
          fee_fate: r.fate as 'refund' | 'reward' | 'kept' | null,
          my_offer: myOffer,
        };
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true, rooms, costs: costsOf(deps, user.id) });
    },
  );
