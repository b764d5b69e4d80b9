import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { StoreUnavailableError } from '../../engine/eventStore.ts';
import { roomStream } from '../../engine/room.ts';
import type { Client } from '../helpers/http.ts';
import { testEvent } from '../helpers/events.ts';
import type { TestServer } from '../helpers/server.ts';
import type { LiveClient } from '../api/roomsHelpers.ts';
import { liveClient, startRoomsServer, waitFor } from '../api/roomsHelpers.ts';

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;
const UNAVAILABLE = {
  code: 'STORE_UNAVAILABLE',
  message: 'We could not confirm your request just now; it may not have been saved. Please try again in a moment.',
};
type Wallet = { cash: number; held: number };

/**
 * The store (or the read model) fails under a running server: the client gets a clear error and
 * never an acknowledgement for something not stored, and the server carries on once the fault clears.
 */
describe('disk and store failures at the API', () => {
  const clock = createManualClock(T0);
  let server: TestServer;
  let admin: Client;
  const m: Client[] = [];
  let productId: string;

  const storeDb = () => (server.deps.store as unknown as { db: Database.Database }).db;
  /** Disk full: the store may not grow by one page, and the last pages are filled up to the brim. */
  const fillDisk = async () => {
    const db = storeDb();
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    let refusedInARow = 0;
    for (let i = 0; i < 5000 && refusedInARow < 25; i++) {
      try {
        await server.deps.store.append('filler-disk', [testEvent('F')]);
        refusedInARow = 0;
      } catch (error) {
        if (!(error instanceof StoreUnavailableError)) throw error;
        refusedInARow++;
      }
    }
    expect(refusedInARow).toBe(25);
  };
  const clearDisk = () => storeDb().pragma('max_page_count = 1073741823');
  const wallet = async (c: Client) => (await c.call<Wallet>('GET', '/api/me/wallet')).body;
  const bidsIn = async (code: string) =>
    (await server.deps.store.readStream(roomStream(code))).filter((e) => e.type === 'BidPlaced');
  const settle = async () => server.deps.projections.waitFor(await server.deps.store.headPosition());

  const createRoom = async (startsIn: number) => {
    const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: productId,
      base_price: 500_00,
      max_price: 900_00,
      bid_value: 10_00,
      bid_seconds: 30,
      entry_fee: 10_00,
      max_participants: 2,
      scheduled_time: clock.now() + startsIn,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.room_code;
  };
  /** A running room with members 1 and 2 on live sockets, and a visitor watching. */
  const runningRoom = async () => {
    const code = await createRoom(MIN);
    for (const c of [m[0]!, m[1]!]) expect((await c.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(MIN);
    await server.rooms.tick();
    await settle();
    const [one, two, watcher] = [
      await liveClient(server, m[0]!),
      await liveClient(server, m[1]!),
      await liveClient(server, null),
    ];
    for (const l of [one, two, watcher]) expect((await l.emit('joinRoom', { roomCode: code })).ok).toBe(true);
    return { code, one, two, watcher };
  };
  const sockets: LiveClient[] = [];

  beforeAll(async () => {
    const started = await startRoomsServer(clock, { PROJECTION_WAIT_MS: '1500' });
    ({ server, admin, productId } = started);
    m.push(...started.members);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    clearDisk();
    await server.stop();
  });

  it('disk full: a deal and a pre-book get a 503 in words, nothing is stored or broadcast; the same requests succeed once space returns', async () => {
    const { code, one, watcher } = await runningRoom();
    sockets.push(one, watcher);
    const later = await createRoom(10 * MIN);
    const before = await wallet(m[2]!);
    await fillDisk();

    const bidId = crypto.randomUUID();
    expect(await one.emit('placeBid', { roomCode: code, bidId })).toEqual({ ok: false, error: UNAVAILABLE });
    const prebook = await m[2]!.call('POST', `/api/rooms/${later}/prebook`);
    expect(prebook).toEqual({ status: 503, body: { error: UNAVAILABLE } });
    const profile = await m[2]!.call('PUT', '/api/me/profile', {
      first_name: 'Divya',
      last_name: 'L',
      email: 'member3@vetrideals.in',
      mobile: '9787045678',
    });
    expect(profile).toEqual({ status: 503, body: { error: UNAVAILABLE } });
    expect(await bidsIn(code)).toHaveLength(0);
    expect(await wallet(m[2]!)).toEqual(before);
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.of('bidUpdate')).toHaveLength(0);

    clearDisk();
    const again = await one.emit<{ bid: { bid_amount: number } }>('placeBid', { roomCode: code, bidId });
    expect(again).toMatchObject({ ok: true, data: { bid: { bid_amount: 510_00 } } });
    await waitFor(() => watcher.of('bidUpdate').length === 1, 'the deal broadcast');
    expect((await bidsIn(code)).map((e) => (e.data as { bidId: string }).bidId)).toEqual([bidId]);
    expect((await m[2]!.call('POST', `/api/rooms/${later}/prebook`)).status).toBe(200);
    expect(await wallet(m[2]!)).toMatchObject({ cash: before.cash - 10_00, held: before.held + 10_00 });
  });

  it('locked database: refused in words while another process holds the write lock; the round closes once after', async () => {
    const { code, one, two } = await runningRoom();
    sockets.push(one, two);
    expect((await one.emit('placeBid', { roomCode: code })).ok).toBe(true);
    const lock = new Database(join(server.dataDir, 'events.db'));
    storeDb().pragma('busy_timeout = 200');
    try {
      lock.exec('BEGIN IMMEDIATE');
      expect(await two.emit('placeBid', { roomCode: code })).toEqual({ ok: false, error: UNAVAILABLE });
      clock.advance(31_000);
      await server.rooms.tick();
      expect((await server.deps.store.readStream(roomStream(code))).map((e) => e.type)).not.toContain('RoomEnded');
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
      storeDb().pragma('busy_timeout = 5000');
    }
    await Promise.all([server.rooms.tick(), server.rooms.tick()]);
    await server.rooms.settled();
    const types = (await server.deps.store.readStream(roomStream(code))).map((e) => e.type);
    expect(types.filter((t) => t === 'RoomEnded')).toHaveLength(1);
    expect(types.filter((t) => t === 'BidPlaced')).toHaveLength(1);
    await waitFor(() => two.of('auctionEnded').length === 1, 'auctionEnded');
  });

  it('a pre-book cut between its two steps by a store failure says the fee is held; the sweeper then seats the member', async () => {
    const code = await createRoom(10 * MIN);
    const before = await wallet(m[3]!);
    const store = server.deps.store;
    const append = store.append.bind(store);
    // The wallet debit goes in; the room stream then cannot be written.
    store.append = (stream, events, options) =>
      stream.startsWith('room-')
        ? Promise.reject(new StoreUnavailableError('injected: room stream unwritable'))
        : append(stream, events, options);
    let res;
    try {
      res = await m[3]!.call('POST', `/api/rooms/${code}/prebook`);
    } finally {
      store.append = append;
    }
    expect(res).toEqual({
      status: 503,
      body: {
        error: {
          code: 'PREBOOK_PENDING',
          message:
            'Your entry fee is held but we could not confirm your seat just now. It will be confirmed within a minute, or the fee returned to your wallet.',
        },
      },
    });
    expect(await wallet(m[3]!)).toMatchObject({ cash: before.cash - 10_00, held: before.held + 10_00 });
    clock.advance(11_000);
    await server.rooms.sweep();
    await settle();
    const room = (await m[3]!.call<{ me: { prebooked: boolean } }>('GET', `/api/rooms/${code}`)).body;
    expect(room.me.prebooked).toBe(true);
    expect(await wallet(m[3]!)).toMatchObject({ cash: before.cash - 10_00, held: before.held + 10_00 });
  });

  it('a read model that cannot write says the change was saved, and catches up once it can', async () => {
    const lock = new Database(server.deps.config.readModelPath);
    server.deps.readDb.sqlite.pragma('busy_timeout = 100');
    const save = (first_name: string) =>
      m[3]!.call('PUT', '/api/me/profile', {
        first_name,
        last_name: 'Lakshmi',
        email: 'member4@vetrideals.in',
        mobile: '9787045678',
      });
    try {
      lock.exec('BEGIN IMMEDIATE');
      const saved = await save('Divya');
      expect(saved.status).toBe(504);
      expect(saved.body).toMatchObject({ error: { code: 'PROJECTION_TIMEOUT' } });
      expect((saved.body as { error: { message: string } }).error.message).toMatch(/your change was saved/);
    } finally {
      lock.exec('ROLLBACK');
      lock.close();
    }
    await waitFor(
      () =>
        server.deps.projections.position() ===
        (storeDb().prepare('SELECT MAX(position) AS p FROM events').get() as { p: number }).p,
      'the read models to catch up',
      5000,
    );
    server.deps.readDb.sqlite.pragma('busy_timeout = 5000');
    expect(
      (await m[3]!.call<{ profile: { first_name: string } }>('GET', '/api/me/profile')).body.profile.first_name,
    ).toBe('Divya');
    expect((await save('Divya Lakshmi')).status).toBe(200);
  });
});
