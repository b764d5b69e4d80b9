import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { Ack, AplClientToServerEvents, AplServerToClientEvents, AplSnapshot } from '../../api/contract/index.ts';
import { nextBidAmount } from '../../engine/leagueRules.ts';
import { roomStream } from '../../engine/room.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import { DEMO_LEAGUE } from '../../scripts/seed/league.ts';
import { deposit, liveClient } from '../api/roomsHelpers.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/**
 * Acting as someone else: identity comes from the session only. Ids, names, roles and amounts a
 * request or socket payload carries are ignored (or refused), whatever their field names.
 */
const MIN = 60_000;
const clock = createManualClock('2026-11-22T06:00:00.000Z');
let server: TestServer;
let admin: Client;
let alice: Client;
let bob: Client;
let bobId: string;
let aliceId: string;
const FORGED = (id: string) => ({ userId: id, user_id: id, id, username: 'Bob', role: 'admin' });

const idOf = async (c: Client) => (await c.call<{ user: { id: string } }>('GET', '/api/auth/session')).body.user.id;
const productId = (code: string) => catalogueProducts.find((p) => p.product_code === code)!.id;
const head = () => server.deps.store.headPosition();

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' } });
  clock.advance(3 * 24 * 60 * MIN);
  await server.rooms.tick();
  await server.rooms.settled();
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  alice = await loggedIn(server, MEMBER.email, MEMBER.password);
  bob = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
  [aliceId, bobId] = [await idOf(alice), await idOf(bob)];
});
afterAll(async () => {
  await server.stop();
});

describe('a member’s wallet, orders, cart and profile are their own, whatever ids a request names', () => {
  it('reads only their own wallet and transactions', async () => {
    await deposit(server, bob, 77_00);
    const own = await alice.call('GET', '/api/me/wallet');
    for (const q of [`?userId=${bobId}`, `?user_id=${bobId}`]) {
      expect(await alice.call('GET', `/api/me/wallet${q}`)).toEqual(own);
      const tx = await alice.call<{ transactions: { amount: number }[] }>('GET', `/api/me/wallet/transactions${q}`);
      expect(tx.body.transactions.some((t) => t.amount === 77_00)).toBe(false);
    }
  });

  it('cannot read, cancel or pay another member’s shop order', async () => {
    expect((await bob.call('POST', '/api/cart/items', { product_id: productId('VD1027'), quantity: 1 })).status).toBe(
      200,
    );
    const order = await bob.call<{ order_id: string; razorpay_order_id: string }>('POST', '/api/checkout', {});
    expect(order.status).toBe(200);
    expect(await alice.call('GET', `/api/orders/${order.body.order_id}`)).toMatchObject({
      status: 404,
      body: { error: { code: 'ORDER_NOT_FOUND' } },
    });
    const mine = await alice.call<{ orders: { id: string }[] }>('GET', `/api/orders?userId=${bobId}`);
    expect(mine.body.orders.map((o) => o.id)).not.toContain(order.body.order_id);
    const cancel = await alice.call('POST', '/api/checkout/cancel', {
      razorpay_order_id: order.body.razorpay_order_id,
    });
    expect(cancel.status).toBe(404);
    const bobs = await bob.call<{ order: { payment_status: string } }>('GET', `/api/orders/${order.body.order_id}`);
    expect(bobs.body.order.payment_status).toBe('pending');
  });

  it('changes only their own cart, whatever user id the body carries', async () => {
    const bobCart = (await bob.call('GET', '/api/cart')).body;
    const added = await alice.call<{ cart: { product_id: string }[] }>('POST', '/api/cart/items', {
      product_id: productId('VD1029'),
      quantity: 1,
      ...FORGED(bobId),
    });
    expect(added.body.cart.map((l) => l.product_id)).toContain(productId('VD1029'));
    expect((await alice.call('DELETE', `/api/cart/items/${productId('VD1027')}`)).status).toBe(200);
    expect((await bob.call('GET', '/api/cart')).body).toEqual(bobCart);
  });

  it('saves only their own profile, and the profile cannot change a role', async () => {
    const bobProfile = (await bob.call('GET', '/api/me/profile')).body;
    const saved = await alice.call('PUT', '/api/me/profile', {
      first_name: 'Mallory',
      last_name: 'Evil',
      email: MEMBER.email,
      mobile: '9840012345',
      ...FORGED(bobId),
      access: 'granted',
    });
    expect(saved.status).toBe(200);
    expect((await bob.call('GET', '/api/me/profile')).body).toEqual(bobProfile);
    expect(
      (await alice.call<{ profile: { first_name: string } }>('GET', '/api/me/profile')).body.profile.first_name,
    ).toBe('Mallory');
    expect((await alice.call<{ user: { role: string } }>('GET', '/api/auth/session')).body.user.role).toBe('member');
    expect((await alice.call('GET', '/api/admin/users')).status).toBe(403);
  });

  it('registers as a member on the waitlist whatever role or access the form claims', async () => {
    const visitor = client(server);
    const email = 'sneaky@example.in';
    expect((await visitor.call('POST', '/api/auth/otp', { email })).status).toBe(200);
    const mails = (await admin.call<{ mails: { to: string; text: string }[] }>('GET', '/api/admin/outbox')).body.mails;
    const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to === email)!.text)![1]!;
    expect((await visitor.call('POST', '/api/auth/otp/verify', { email, otp: code })).status).toBe(200);
    const registered = await visitor.call('POST', '/api/auth/register', {
      name: 'Sneaky',
      email,
      phone: '9840099998',
      dob: '1995-01-01',
      district: 'Chennai',
      password: 'Sneaky@2026',
      confirmPassword: 'Sneaky@2026',
      adult: true,
      role: 'admin',
      access: 'granted',
      userId: aliceId,
    });
    expect(registered.status).toBe(200);
    expect((await visitor.call('POST', '/api/auth/login', { email, password: 'Sneaky@2026' })).body).toMatchObject({
      user: { role: 'member', access: 'waitlisted' },
    });
    expect((await visitor.call('GET', '/api/admin/users')).status).toBe(403);
  });
});

describe('forged ids, names and amounts in bodies and socket payloads', () => {
  let code: string;
  beforeAll(async () => {
    const res = await admin.call<{ room_code: string; room: { created_by: string } }>('POST', '/api/admin/rooms', {
      product_id: productId('VD1029'),
      base_price: 300_00,
      max_price: 900_00,
      bid_value: 10_00,
      bid_seconds: 30,
      entry_fee: 20_00,
      max_participants: 2,
      scheduled_time: clock.now() + 10 * MIN,
      created_by: 'Somebody Else',
      status: 'ended',
      winner_id: aliceId,
    });
    expect(res.status).toBe(200);
    expect(res.body.room).toMatchObject({ created_by: 'Vetri Admin', status: 'upcoming', winner_id: null });
    code = res.body.room_code;
  });

  it('books the session’s member at the room’s fee, whatever user, name or amount the body carries', async () => {
    const before = (await alice.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;
    const res = await alice.call('POST', `/api/rooms/${code}/prebook`, { ...FORGED(bobId), amount: 1, entry_fee: 0 });
    expect(res.status).toBe(200);
    const room = (
      await bob.call<{ participants: { user_id: string }[]; me: { prebooked: boolean } }>('GET', `/api/rooms/${code}`)
    ).body;
    expect(room.participants.map((p) => p.user_id)).toEqual([aliceId]);
    expect(room.me.prebooked).toBe(false);
    expect((await alice.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash).toBe(before - 20_00);
  });

  it('tops up the session’s own wallet, so another member cannot collect it', async () => {
    const order = await alice.call<{ order_id: string; checkout_url: string; amount: number }>(
      'POST',
      '/api/me/wallet/deposits',
      {
        amount: 50_00,
        ...FORGED(bobId),
      },
    );
    expect(order.body.amount).toBe(50_00);
    const paid = await sandboxCheckout(server, alice, order.body.checkout_url);
    const back = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
    const callback = {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    };
    expect((await bob.call('POST', '/api/me/wallet/deposits/verify', callback)).status).toBe(404);
    expect((await alice.call('POST', '/api/me/wallet/deposits/verify', callback)).body).toMatchObject({
      applied: true,
    });
  });

  it('over the socket: joins and bids as the session’s member at the server’s price; spec events the server does not take change nothing', async () => {
    expect((await bob.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(10 * MIN);
    await server.rooms.tick();
    const socket = await liveClient(server, alice);
    const joined = await socket.emit<{ snapshot: { me: { prebooked: boolean; used: number } } }>('joinRoom', {
      roomCode: code,
      ...FORGED(bobId),
    });
    expect(joined).toMatchObject({ ok: true, data: { snapshot: { me: { prebooked: true } } } });
    const bid = await socket.emit('placeBid', {
      roomCode: code,
      ...FORGED(bobId),
      amount: 1,
      bidAmount: 1,
      bid_amount: 1,
    });
    expect(bid).toMatchObject({ ok: true, data: { bid: { user_id: aliceId, bid_amount: 310_00 }, used: 1 } });
    const bids = (await server.deps.store.readStream(roomStream(code))).filter((e) => e.type === 'BidPlaced');
    expect(bids.map((e) => (e.data as { userId: string }).userId)).toEqual([aliceId]);

    const before = await head();
    const raw = socket.socket as unknown as { emit(event: string, payload: unknown): void };
    raw.emit('startAuction', { roomCode: code });
    raw.emit('rewardWinner', { userId: aliceId, roomCode: code, rewardAmount: 1_000_000 });
    raw.emit('refundPrebook', { roomCode: code, userId: aliceId });
    raw.emit('preBookRoom', { roomCode: code, userId: aliceId, username: 'x', joinedCount: 9 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await head()).toBe(before);
    socket.close();

    const visitor = await liveClient(server, null);
    expect(await visitor.emit('placeBid', { roomCode: code, ...FORGED(aliceId) })).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED' },
    });
    visitor.close();
  });
});

describe('a session ends everywhere at logout', () => {
  it('refuses the old cookie over HTTP and on a socket that stayed open', async () => {
    const carol = await loggedIn(server, 'member3@vetrideals.in', MEMBER.password);
    const stolen = carol.cookie!;
    const socket = await liveClient(server, carol);
    expect((await carol.call('POST', '/api/auth/logout')).status).toBe(200);
    const replay = await fetch(`${server.url}/api/me/wallet`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);
    expect(await socket.emit('placeBid', { roomCode: 'ABC123' })).toMatchObject({
      ok: false,
      error: { code: 'UNAUTHENTICATED' },
    });
    socket.close();
  });
});

describe('a league team owner bids only for their own team', () => {
  type Apl = Socket<AplServerToClientEvents, AplClientToServerEvents>;
  const apl = async (member: Client) => {
    const socket: Apl = connect(`${server.url}/apl`, {
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie: member.cookie! },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ask = <T>(event: string, payload: unknown): Promise<Ack<T>> =>
      new Promise((resolve) => (socket.emit as (...a: unknown[]) => void)(event, payload, resolve));
    return { socket, ask };
  };

  it('places the bid for the owner’s own team whatever team the payload names; a member without a team stays view-only', async () => {
    const boss = await apl(admin);
    const owner = await apl(alice);
    const watcher = await apl(await loggedIn(server, 'member5@vetrideals.in', MEMBER.password));
    const join = { roomCode: DEMO_LEAGUE.code };
    const snapshot = await owner.ask<AplSnapshot>('apl_join_auction', join);
    expect(snapshot.ok).toBe(true);
    const teams = snapshot.ok ? snapshot.data.teams : [];
    const mine = snapshot.ok ? snapshot.data.myTeam! : null;
    const bobs = teams.find((t) => t.id !== mine!.team_id)!;
    expect((await boss.ask('apl_join_auction', join)).ok).toBe(true);
    expect((await watcher.ask('apl_join_auction', join)).ok).toBe(true);
    expect((await boss.ask('apl_start_auction', {})).ok).toBe(true);

    const lot = await owner.ask<AplSnapshot>('apl_join_auction', join);
    const bidAmount = nextBidAmount(lot.ok ? lot.data.lot!.currentBid : 0)!;
    const forged = { bidAmount, team_id: bobs.id, team_name: bobs.team_name, teamId: bobs.id, ...FORGED(bobId) };
    expect((await owner.ask('apl_place_bid', forged)).ok).toBe(true);
    const events = await server.deps.store.readStream(`league-${DEMO_LEAGUE.code}`);
    const placed = events.filter((e) => e.type === 'BidPlaced').map((e) => (e.data as { teamId: number }).teamId);
    expect(placed).toEqual([mine!.team_id]);
    expect(await watcher.ask('apl_place_bid', forged)).toMatchObject({
      ok: false,
      error: { code: 'VIEW_ONLY', message: 'You are in view-only mode.' },
    });
    expect(await owner.ask('apl_start_auction', {})).toMatchObject({ ok: false });
    for (const s of [boss, owner, watcher]) s.socket.disconnect();
  });
});
