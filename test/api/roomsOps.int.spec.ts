import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import { roomStream } from '../../engine/room.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { reservationsToRepair } from '../../projections/wallets.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { ADDRESS, createRoom as createRoomAt, deposit, startRoomsServer } from './roomsHelpers.ts';

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;
const MANUAL = { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' };

type Wallet = { cash: number; reward_cash: number; held: number };
type RoomList = {
  rooms: {
    room_code: string;
    status: string;
    joined_count: number;
    scheduled_time_ms: number;
    bid_count: number;
    winner_name: string | null;
  }[];
};

const memberEmail = (n: number) => `member${n}@vetrideals.in`;
const idOf = async (c: Client) => (await c.call<{ user: { id: string } }>('GET', '/api/auth/session')).body.user.id;
const typesOf = async (server: TestServer, code: string) =>
  (await server.deps.store.readStream(roomStream(code))).map((e) => e.type);

describe('demo deal data', () => {
  const clock = createManualClock(T0);
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock, env: MANUAL });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('seeds upcoming rooms starting minutes and days away, one completed room with history, and funded wallets', async () => {
    const upcoming = (await (await fetch(`${server.url}/api/rooms?status=upcoming`)).json()) as RoomList;
    const demo = upcoming.rooms.filter((r) => r.room_code.startsWith('VTR'));
    expect(demo.map((r) => r.room_code)).toEqual(['VTR101', 'VTR102', 'VTR103', 'VTR104', 'VTR105']);
    expect(demo[0]!.scheduled_time_ms - T0).toBeLessThanOrEqual(10 * MIN);
    expect(demo.at(-1)!.scheduled_time_ms - T0).toBeGreaterThan(24 * 60 * MIN);
    expect(demo.map((r) => r.joined_count)).toEqual([1, 2, 1, 0, 0]);

    const completed = (await (await fetch(`${server.url}/api/rooms?status=completed`)).json()) as RoomList;
    expect(completed.rooms.find((r) => r.room_code === 'VTR100')).toMatchObject({
      status: 'completed',
      bid_count: 10,
      winner_name: 'Priya Ramesh',
    });
    const history = (await (await fetch(`${server.url}/api/rooms/VTR100/bids`)).json()) as { history: unknown[] };
    expect(history.history).toHaveLength(10);

    const winner = await loggedIn(server, memberEmail(2), MEMBER.password);
    expect((await winner.call<Wallet>('GET', '/api/me/wallet')).body).toMatchObject({
      cash: 925_00,
      reward_cash: 30_00,
      held: 25_00,
    });
    const loser = await loggedIn(server, memberEmail(3), MEMBER.password);
    expect((await loser.call<Wallet>('GET', '/api/me/wallet')).body).toMatchObject({
      cash: 900_00,
      reward_cash: 50_00,
      held: 50_00,
    });
    const untouched = await loggedIn(server, memberEmail(1), MEMBER.password);
    expect((await untouched.call<Wallet>('GET', '/api/me/wallet')).body).toMatchObject({
      cash: 1_000_00,
      reward_cash: 0,
      held: 0,
    });
    const purchase = await winner.call<{ expired: boolean; room: { bid_amount: number } }>(
      'GET',
      '/api/rooms/VTR100/purchase',
    );
    expect(purchase.body.expired).toBe(false);
  });
});

describe('the scheduler with two server processes on one store, and restarts', () => {
  const clock = createManualClock(T0);
  const dataDir = mkdtempSync(join(tmpdir(), 'vetri-two-'));
  let a: TestServer;
  let b: TestServer;
  let admin: Client;
  let productId: string;
  beforeAll(async () => {
    a = await startTestServer({ seed: true, clock, dataDir, env: MANUAL });
    b = await startTestServer({ clock, dataDir, env: MANUAL });
    admin = await loggedIn(a, ADMIN.email, ADMIN.password);
    productId = ((await (await fetch(`${a.url}/api/products`)).json()) as { products: { id: string }[] }).products[0]!
      .id;
  });
  afterAll(async () => {
    await a.stop();
    await b.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const createRoom = async (startsIn: number, seats = 2) =>
    (
      await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
        product_id: productId,
        base_price: 500_00,
        max_price: 600_00,
        bid_value: 5_00,
        bid_seconds: 20,
        entry_fee: 10_00,
        max_participants: seats,
        reward_cash: 5_00,
        scheduled_time: clock.now() + startsIn,
      })
    ).body.room_code;

  it('starts and closes each round exactly once when both processes tick at the same moment', async () => {
    const code = await createRoom(2 * MIN);
    const m1 = await loggedIn(a, memberEmail(5), MEMBER.password);
    const m2 = await loggedIn(b, memberEmail(6), MEMBER.password);
    expect((await m1.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    expect((await m2.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);

    clock.advance(2 * MIN);
    await Promise.all([a.rooms.tick(), b.rooms.tick(), a.rooms.tick(), b.rooms.tick()]);
    expect((await typesOf(a, code)).filter((t) => t === 'RoomStarted')).toHaveLength(1);

    await a.deps.projections.waitFor(await a.deps.store.headPosition());
    await b.deps.projections.waitFor(await b.deps.store.headPosition());
    const bid = await m2.call('GET', `/api/rooms/${code}`);
    expect(bid.body).toMatchObject({ room: { status: 'running' } });

    clock.advance(21_000);
    await Promise.all([a.rooms.tick(), b.rooms.tick(), b.rooms.tick()]);
    await Promise.all([a.rooms.settled(), b.rooms.settled(), a.rooms.sweep(), b.rooms.sweep()]);
    const types = await typesOf(a, code);
    expect(types.filter((t) => t === 'RoomEnded')).toHaveLength(1);
    // Nobody bid: each fee went back to cash exactly once, whichever process settled it.
    for (const [server, m] of [
      [a, m1],
      [b, m2],
    ] as const) {
      const events = await server.deps.store.readStream(walletStream(await idOf(m)));
      expect(
        events.filter((e) => e.type === 'PrebookFeeRefunded' && (e.data as { roomCode: string }).roomCode === code),
      ).toHaveLength(1);
    }
  });

  it('fires an overdue start once on start-up after downtime, and expires a purchase window after the hour', async () => {
    const code = await createRoom(MIN);
    const m1 = await loggedIn(a, memberEmail(5), MEMBER.password);
    const m2 = await loggedIn(a, memberEmail(6), MEMBER.password);
    for (const m of [m1, m2]) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    await b.stop();
    await a.stop();
    clock.advance(30 * MIN);
    a = await startTestServer({ clock, dataDir, env: MANUAL });
    b = await startTestServer({ clock, dataDir, env: MANUAL });
    admin = await loggedIn(a, ADMIN.email, ADMIN.password);
    expect((await typesOf(a, code)).filter((t) => t === 'RoomStarted')).toHaveLength(1);

    const again = await loggedIn(a, memberEmail(5), MEMBER.password);
    const room = await again.call<{ room: { deadline_ms: number; status: string } }>('GET', `/api/rooms/${code}`);
    expect(room.body.room).toMatchObject({ status: 'running', deadline_ms: clock.now() + 20_000 });
    const { io } = await import('socket.io-client');
    const socket = io(a.url, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie: again.cookie! } });
    const ack = (await socket.timeout(5000).emitWithAck('placeBid', { roomCode: code })) as { ok: boolean };
    socket.disconnect();
    expect(ack.ok).toBe(true);
    clock.advance(20_000);
    await a.rooms.tick();
    await a.rooms.settled();
    const winner = again;
    const open = await winner.call<{ expired: boolean }>('GET', `/api/rooms/${code}/purchase`);
    expect(open.body.expired).toBe(false);
    // The winner starts a payment inside the hour and finishes it only after the room ended unsold.
    const order = await winner.call<{ checkout_url: string; amount: number }>(
      'POST',
      `/api/rooms/${code}/purchase`,
      ADDRESS,
    );
    expect(order.status).toBe(200);

    clock.advance(60 * MIN);
    await Promise.all([a.rooms.tick(), b.rooms.tick()]);
    expect((await typesOf(a, code)).filter((t) => t === 'PurchaseWindowExpired')).toHaveLength(1);
    clock.advance(3 * 24 * 60 * MIN);
    const cash = async () => (await winner.call<Wallet>('GET', '/api/me/wallet')).body.cash;
    const cashBefore = await cash();
    const paid = await sandboxCheckout(a, winner, order.body.checkout_url);
    const back = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
    const late = await winner.call('POST', `/api/rooms/${code}/purchase/verify`, {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    });
    expect(late).toMatchObject({
      status: 422,
      body: {
        error: {
          code: 'PURCHASE_WINDOW_EXPIRED',
          message: 'Purchase window expired. The amount has been added to your wallet.',
          // So the web says it in Tamil too (the code's Tamil alone would not).
          details: { returnedToWallet: true },
        },
      },
    });
    expect(await cash()).toBe(cashBefore + order.body.amount);
    expect(await typesOf(a, code)).not.toContain('RoomPurchased');
    expect((await winner.call('POST', `/api/rooms/${code}/purchase`, ADDRESS)).body).toMatchObject({
      error: { code: 'PURCHASE_WINDOW_EXPIRED', message: 'Purchase window expired' },
    });
    expect((await winner.call<{ expired: boolean }>('GET', `/api/rooms/${code}/purchase`)).body.expired).toBe(true);
  });

  it('the sweeper finishes a pre-book cut off after the wallet debit, and compensates one the room then refuses', async () => {
    const code = await createRoom(10 * MIN);
    const m1 = await loggedIn(a, memberEmail(5), MEMBER.password);
    const m2 = await loggedIn(a, memberEmail(6), MEMBER.password);
    const m3 = await loggedIn(a, memberEmail(4), MEMBER.password);
    const crashAfterDebit = async (userId: string, reservationId: string) => {
      const now = clock.now();
      await handleCommand(
        a.deps.commands,
        walletStream(userId),
        walletDecider,
        { type: 'DebitPrebook', data: { reservationId, roomCode: code, productName: 'x', amount: 10_00, now } },
        { actor: 'system', now },
      );
    };
    const [id1, id2] = [await idOf(m1), await idOf(m2)];
    const before = [
      (await m1.call<Wallet>('GET', '/api/me/wallet')).body,
      (await m2.call<Wallet>('GET', '/api/me/wallet')).body,
    ];
    // m1's request dies right after its fee left the wallet; the sweeper books the seat it paid for.
    await crashAfterDebit(id1, `crash-${code}-1`);
    clock.advance(11_000);
    await b.deps.projections.waitFor(await b.deps.store.headPosition());
    await b.rooms.sweep();
    await a.deps.projections.waitFor(await a.deps.store.headPosition());
    const seats = async () =>
      (await m1.call<{ participants: { user_id: string }[] }>('GET', `/api/rooms/${code}`)).body.participants.map(
        (p) => p.user_id,
      );
    expect(await seats()).toEqual([id1]);
    expect((await m1.call<Wallet>('GET', '/api/me/wallet')).body).toMatchObject({
      cash: before[0]!.cash - 10_00,
      held: before[0]!.held + 10_00,
    });

    // m2's request dies the same way, and m3 takes the last seat meanwhile: the sweeper refunds m2.
    await crashAfterDebit(id2, `crash-${code}-2`);
    expect((await m3.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(11_000);
    await b.deps.projections.waitFor(await b.deps.store.headPosition());
    // Older fees held for booked seats (m1's, the demo's) do not crowd the half-done one out of the sweeper's page.
    expect(reservationsToRepair(b.deps.readDb, 1).map((r) => r.reservation_id)).toEqual([`crash-${code}-2`]);
    await Promise.all([a.rooms.sweep(), b.rooms.sweep()]);
    await a.deps.projections.waitFor(await a.deps.store.headPosition());
    expect(await seats()).not.toContain(id2);
    expect((await m2.call<Wallet>('GET', '/api/me/wallet')).body).toMatchObject({
      cash: before[1]!.cash,
      held: before[1]!.held,
    });
    const refunds = (await a.deps.store.readStream(walletStream(id2))).filter((e) => e.type === 'PrebookFeeRefunded');
    expect(
      refunds.filter((e) => (e.data as { reservationId: string }).reservationId === `crash-${code}-2`),
    ).toHaveLength(1);
  });
});

describe('the scheduler in a busy tick', () => {
  const clock = createManualClock('2026-11-25T04:30:00.000Z');
  let started: Awaited<ReturnType<typeof startRoomsServer>>;
  beforeAll(async () => {
    started = await startRoomsServer(clock);
  });
  afterAll(async () => {
    await started.server.stop();
  });

  it('gives a room started after a slow one in the same tick its full first round, from when it opened', async () => {
    const { server, admin, members, productId } = started;
    const [m1, m2, m3, m4] = members as [Client, Client, Client, Client];
    for (const m of members) await deposit(server, m, 100_00);
    const at = clock.now() + 10 * MIN;
    const first = await createRoomAt(admin, productId, at, { max_participants: 2 });
    const second = await createRoomAt(admin, productId, at, { max_participants: 2 });
    for (const m of [m1, m2]) expect((await m.call('POST', `/api/rooms/${first}/prebook`)).status).toBe(200);
    for (const m of [m3, m4]) expect((await m.call('POST', `/api/rooms/${second}/prebook`)).status).toBe(200);

    // The first start takes 5 s to commit (a slow disk, a long wait for the read models).
    const store = server.deps.commands.store;
    const append = store.append.bind(store);
    let slowed = false;
    store.append = async (stream, events, options) => {
      const result = await append(stream, events, options);
      if (!slowed && events.some((e) => e.type === 'RoomStarted')) {
        slowed = true;
        clock.advance(5_000);
      }
      return result;
    };
    try {
      clock.set(at);
      await server.rooms.tick();
    } finally {
      store.append = append;
    }
    const shown = async (m: Client, code: string) =>
      (await m.call<{ room: { status: string; deadline_ms: number } }>('GET', `/api/rooms/${code}`)).body.room;
    const startOf = async (code: string) => {
      const e = (await server.deps.store.readStream(roomStream(code))).find((x) => x.type === 'RoomStarted')!;
      return { recorded: Date.parse(e.metadata.at), at: (e.data as { at: number }).at };
    };
    // One room opened at the start time, the other 5 s later: each has 30 s from its own opening,
    // and the log agrees with itself (each start says it happened when it was recorded).
    const rooms = [
      { ...(await shown(m1, first)), ...(await startOf(first)) },
      { ...(await shown(m3, second)), ...(await startOf(second)) },
    ].sort((x, y) => x.recorded - y.recorded);
    expect(rooms.map((r) => r.recorded)).toEqual([at, at + 5_000]);
    for (const r of rooms) {
      expect(r).toMatchObject({ status: 'running', at: r.recorded, deadline_ms: r.recorded + 30_000 });
    }
  });
});

describe('admin: products with images, and room creation rules', () => {
  let server: TestServer;
  let admin: Client;
  let member: Client;
  const clock = createManualClock(T0);
  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock, env: MANUAL });
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    member = await loggedIn(server, MEMBER.email, MEMBER.password);
  });
  afterAll(async () => {
    await server.stop();
  });

  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const productForm = (fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (file) form.set('image', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return form;
  };
  const post = (c: Client, form: FormData) =>
    fetch(`${server.url}/api/admin/products`, {
      method: 'POST',
      body: form,
      headers: { cookie: c.cookie!, origin: server.url },
    });

  it('adds a product with an uploaded image checked by content, and refuses other files and other roles', async () => {
    const fields = {
      name: 'Steel Tiffin Box',
      slug: 'steel-tiffin-box',
      price: '49900',
      stock: '12',
      reward_points: '5',
      is_active: '1',
    };
    const ok = await post(admin, productForm(fields, { bytes: PNG, name: 'tiffin.png', type: 'image/png' }));
    const body = (await ok.json()) as { success: boolean; product: { id: string; image: string; slug: string } };
    expect(ok.status).toBe(200);
    expect(body.product).toMatchObject({
      slug: 'steel-tiffin-box',
      image: expect.stringMatching(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/) as string,
    });
    const image = await fetch(`${server.url}${body.product.image}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const fake = await post(
      admin,
      productForm(
        { ...fields, slug: 'fake' },
        { bytes: Buffer.from('<script>alert(1)</script>'), name: 'x.png', type: 'image/png' },
      ),
    );
    expect(fake.status).toBe(415);
    expect(await fake.json()).toMatchObject({ error: { code: 'NOT_AN_IMAGE' } });
    const dup = await post(admin, productForm(fields));
    expect(await dup.json()).toMatchObject({ error: { code: 'PRODUCT_EXISTS' } });
    expect((await post(member, productForm({ ...fields, slug: 'other' }))).status).toBe(403);
    const missing = await post(
      admin,
      productForm({ name: 'No price', slug: 'no-price', stock: '1', reward_points: '0' }),
    );
    expect(missing.status).toBe(400);

    const room = await admin.call<{ room_code: string; room: { product_name: string; total_price: number } }>(
      'POST',
      '/api/admin/rooms',
      {
        product_id: body.product.id,
        base_price: 100_00,
        max_price: 300_00,
        bid_value: 10_00,
        bid_seconds: 30,
        scheduled_time: new Date(T0 + 60 * MIN).toISOString(),
      },
    );
    expect(room.status).toBe(200);
    expect(room.body.room_code).toMatch(/^[A-Z0-9]{6}$/);
    expect(room.body.room).toMatchObject({
      product_name: 'Steel Tiffin Box',
      total_price: 49900,
      max_participants: 2,
      entry_fee: 0,
      max_attempts: 5,
    });
  });

  it('refuses rooms outside the spec bounds, and members', async () => {
    const base = {
      product_id: 'x',
      base_price: 100_00,
      max_price: 300_00,
      bid_value: 10_00,
      bid_seconds: 30,
      scheduled_time: T0 + MIN,
    };
    expect((await admin.call('POST', '/api/admin/rooms', { ...base, max_participants: 11 })).status).toBe(400);
    expect((await admin.call('POST', '/api/admin/rooms', { ...base, bid_value: 150 })).status).toBe(400);
    expect((await admin.call('POST', '/api/admin/rooms', base)).body).toMatchObject({
      error: { code: 'PRODUCT_NOT_FOUND' },
    });
    const productId = ((await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] })
      .products[0]!.id;
    expect(
      (await admin.call('POST', '/api/admin/rooms', { ...base, product_id: productId, scheduled_time: T0 - MIN })).body,
    ).toMatchObject({
      error: { code: 'INVALID_ROOM', message: 'Invalid room: scheduled_time must be in the future.' },
    });
    expect((await member.call('POST', '/api/admin/rooms', { ...base, product_id: productId })).status).toBe(403);
  });

  it('documents the rooms, wallet and payment routes in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    for (const [path, method] of [
      ['/api/rooms', 'get'],
      ['/api/rooms/{code}', 'get'],
      ['/api/rooms/{code}/prebook', 'post'],
      ['/api/rooms/{code}/bids', 'get'],
      ['/api/rooms/{code}/purchase', 'post'],
      ['/api/me/rooms', 'get'],
      ['/api/me/wallet', 'get'],
      ['/api/me/wallet/transactions', 'get'],
      ['/api/me/wallet/deposits', 'post'],
      ['/api/admin/rooms', 'post'],
      ['/api/admin/products', 'post'],
      ['/api/payments/webhook', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
  });
});
