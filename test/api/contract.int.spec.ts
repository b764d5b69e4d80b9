import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminUserList, OutboxList, ReferralList } from '../../api/contract/admin.ts';
import { Post, PostList } from '../../api/contract/blog.ts';
import { NotificationBroadcasts } from '../../api/contract/notifications.ts';
import {
  AccountBroadcasts,
  AplRoom,
  AplSnapshot,
  BidHistory,
  CartPayload,
  Cracker,
  Facets,
  JoinRoomResult,
  MyRoomList,
  PlaceBidAck,
  ProfileAnswer,
  PurchaseView,
  RoomCreated,
  Product,
  ProductPage,
  ReservedOrder,
  RoomBroadcasts,
  RoomList,
  RoomSnapshot,
  SessionResponse,
  ShopOrder,
  StreamList,
  StreamPage,
  VerifyView,
  WalletBalances,
  WalletTransactions,
} from '../../api/contract/index.ts';
import { createManualClock } from '../../api/clock.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { liveClient, openRunningRoom, startRoomsServer, waitFor } from './roomsHelpers.ts';

/**
 * The wire contract (api/contract/) is what the browser is typed against; this suite holds the
 * server to it. Each answer must parse AND come back unchanged: zod drops keys it does not know,
 * so a field the server sends but the contract lacks (or one renamed on one side only) fails too.
 */
const holds = <S extends z.ZodType>(schema: S, body: unknown) => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${z.prettifyError(parsed.error)}\nin ${JSON.stringify(body).slice(0, 400)}`);
  expect(parsed.data).toEqual(body);
};

describe('the server keeps the wire contract', () => {
  const clock = createManualClock(Date.parse('2026-11-22T04:30:00.000Z'));
  let started: Awaited<ReturnType<typeof startRoomsServer>>;
  let member: Client;
  let admin: Client;
  const live: LiveClient[] = [];

  beforeAll(async () => {
    started = await startRoomsServer(clock);
    member = started.members[0]!;
    admin = await loggedIn(started.server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    for (const l of live) l.close();
    await started?.server.stop();
  });

  const get = async (who: Client, path: string) => {
    const res = await who.call('GET', path);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };

  it('answers a member’s account, rooms and shop calls in the contract’s shapes', async () => {
    holds(SessionResponse, await get(member, '/api/auth/session'));
    holds(WalletBalances, await get(member, '/api/me/wallet'));
    holds(WalletTransactions, await get(member, '/api/me/wallet/transactions'));
    const rooms = await get(member, '/api/rooms?status=all');
    holds(RoomList, rooms);
    const code = (rooms as z.infer<typeof RoomList>).rooms[0]!.room_code;
    holds(RoomSnapshot, await get(member, `/api/rooms/${code}`));
    holds(BidHistory, await get(member, `/api/rooms/${code}/bids`));
    holds(MyRoomList, await get(member, '/api/me/rooms'));

    const page = await get(member, '/api/products');
    holds(ProductPage, page);
    const product = (page as z.infer<typeof ProductPage>).products[0]!;
    holds(
      z.object({ success: z.boolean(), product: Product }),
      await get(member, `/api/products/${product.product_code}`),
    );
    holds(Facets.extend({ success: z.boolean() }), await get(member, '/api/products/facets'));
    holds(z.object({ success: z.boolean(), products: z.array(Product) }), await get(member, '/api/products/top'));
    expect((await member.call('POST', '/api/cart/items', { product_id: product.id, quantity: 1 })).status).toBe(200);
    holds(CartPayload, await get(member, '/api/cart'));
    holds(z.object({ success: z.boolean(), orders: z.array(ShopOrder) }), await get(member, '/api/orders'));
    holds(z.object({ success: z.boolean(), data: z.array(Cracker) }), await get(member, '/api/crackers'));
    holds(
      z.object({ success: z.boolean(), data: z.array(ReservedOrder) }),
      await get(member, '/api/crackers/my-orders'),
    );

    const leagues = (await get(member, '/api/leagues')) as { leagues: AplRoom[] };
    holds(z.object({ leagues: z.array(AplRoom) }), leagues);
    holds(AplSnapshot, await get(member, `/api/leagues/${leagues.leagues[0]!.code}`));

    holds(ProfileAnswer, await get(member, '/api/me/profile'));
    const posts = (await get(member, '/api/blog')) as z.infer<typeof PostList>;
    holds(PostList, posts);
    holds(z.object({ success: z.boolean(), post: Post }), await get(member, `/api/blog/${posts.posts[0]!.slug}`));
  });

  it('answers the admin’s calls in the contract’s shapes', async () => {
    holds(AdminUserList, await get(admin, '/api/admin/users'));
    holds(ReferralList, await get(admin, '/api/admin/referrals'));
    holds(OutboxList, await get(admin, '/api/admin/outbox'));
    const created = await admin.call('POST', '/api/admin/rooms', {
      product_id: started.productId,
      base_price: 1_000_00,
      max_price: 2_000_00,
      bid_value: 10_00,
      bid_seconds: 30,
      entry_fee: 10_00,
      max_participants: 4,
      scheduled_time: new Date(clock.now() + 60 * 60_000).toISOString(),
    });
    expect(created.status).toBe(200);
    holds(RoomCreated, created.body);
  });

  it('answers the auditor’s calls in the contract’s shapes', async () => {
    const list = await get(admin, '/api/admin/streams?category=room');
    holds(StreamList, list);
    const stream = (list as z.infer<typeof StreamList>).streams[0]!.stream;
    holds(StreamPage, await get(admin, `/api/admin/streams/${encodeURIComponent(stream)}`));
    holds(VerifyView, await get(admin, `/api/admin/streams/${encodeURIComponent(stream)}/verify`));
  });

  it('sends every socket event of a live room in the contract’s shapes', async () => {
    const code = await openRunningRoom(started, clock);
    for (const m of started.members) live.push(await liveClient(started.server, m));
    const joined = await live[0]!.emit('joinRoom', { roomCode: code });
    expect(joined.ok).toBe(true);
    if (joined.ok) holds(JoinRoomResult, joined.data);
    for (const l of live.slice(1)) await l.emit('joinRoom', { roomCode: code });

    for (const bidder of [0, 1, 2]) {
      const ack = await live[bidder]!.emit('placeBid', { roomCode: code });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      if (ack.ok) holds(PlaceBidAck, ack.data);
    }
    clock.advance(31_000);
    await started.server.rooms.tick();
    await waitFor(() => live.every((l) => l.of('auctionEnded').length === 1), 'the room to end for everyone');
    await started.server.rooms.settled();
    await waitFor(() => live[3]!.of('rewardUpdate').length > 0, 'the losers’ reward cash');

    // A member's notification may arrive within the room's life too (the notifier's own timing).
    const schemas: Record<string, z.ZodType> = { ...RoomBroadcasts, ...AccountBroadcasts, ...NotificationBroadcasts };
    const kinds = new Set<string>();
    for (const l of live)
      for (const { event, payload } of l.seen) {
        const schema = schemas[event];
        expect(schema, `no contract for the socket event ${event}`).toBeDefined();
        holds(schema!, payload);
        kinds.add(event);
      }
    // The deal's whole life went over the wire: a test that saw none of these would prove nothing.
    for (const event of ['serverTime', 'bidUpdate', 'auctionEnded']) expect(kinds).toContain(event);
    expect([...kinds].some((k) => k === 'walletUpdate' || k === 'rewardUpdate')).toBe(true);

    // The last bidder won: their purchase page's answer is in the contract too.
    holds(PurchaseView, await get(started.members[2]!, `/api/rooms/${code}/purchase`));
  });
});
