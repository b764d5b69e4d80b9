import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { roomStream } from '../../engine/room.ts';
import type { Client } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import type { LiveClient } from '../api/roomsHelpers.ts';
import { deposit, liveClient, startRoomsServer } from '../api/roomsHelpers.ts';

/**
 * Issue 14, items 6 and 11: ids chosen by clients (a deal's id, a pre-book's Idempotency-Key) are
 * scoped to the member and the room they name; a re-sent deal is answered with exactly what was
 * recorded for it; another member's deal id is refused in words; nothing answers INTERNAL or a
 * false "your fee is held".
 */
const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;
type BidAck = {
  bid: { seq: number; user_id: string; bid_amount: number; created_at_ms: number };
  currentBid: number;
  deadline: number;
  used: number;
  remaining: number;
  revision: number;
  ended: boolean;
};

describe('client-chosen ids in deal rooms', () => {
  const clock = createManualClock(T0);
  let server: TestServer;
  let admin: Client;
  let members: Client[];
  let productId: string;
  const rooms: string[] = [];
  const live: LiveClient[] = [];

  const createRoom = async () => {
    const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: productId,
      base_price: 1_000_00,
      max_price: 2_000_00,
      bid_value: 10_00,
      bid_seconds: 30,
      entry_fee: 100_00,
      max_participants: 2,
      max_attempts: 5,
      reward_cash: 0,
      scheduled_time: new Date(clock.now() + 10 * MIN).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.room_code;
  };
  const bid = (who: LiveClient, roomCode: string, bidId: string) => who.emit<BidAck>('placeBid', { roomCode, bidId });

  beforeAll(async () => {
    ({ server, admin, members, productId } = await startRoomsServer(clock));
    for (const m of members.slice(0, 2)) await deposit(server, m, 1_000_00);
    // Two rooms, both pre-booked with one Idempotency-Key per member, reused across the two rooms.
    const keys = [randomUUID(), randomUUID()];
    for (let r = 0; r < 2; r++) {
      const code = await createRoom();
      rooms.push(code);
      for (const [i, m] of members.slice(0, 2).entries()) {
        const res = await fetch(`${server.url}/api/rooms/${code}/prebook`, {
          method: 'POST',
          headers: { cookie: m.cookie!, origin: server.url, 'idempotency-key': keys[i]! },
        });
        expect(res.status, await res.clone().text()).toBe(200);
      }
    }
    clock.advance(10 * MIN);
    await server.rooms.tick();
    for (const m of members.slice(0, 2)) {
      const l = await liveClient(server, m);
      for (const code of rooms) expect((await l.emit('joinRoom', { roomCode: code })).ok).toBe(true);
      live.push(l);
    }
  }, 60_000);
  afterAll(async () => {
    for (const l of live) l.close();
    await server.stop();
  });

  it('books each room once per member although the Idempotency-Key was the same for both, and a retry books nothing more', async () => {
    for (const code of rooms) {
      const seats = (await server.deps.store.readStream(roomStream(code))).filter((e) => e.type === 'SeatBooked');
      expect(seats).toHaveLength(2);
    }
    const wallet = await members[0]!.call<{ cash: number; held: number }>('GET', '/api/me/wallet');
    expect(wallet.body.held).toBe(200_00);
  });

  it('answers a deal sent again after another member’s deal with exactly what was recorded for it', async () => {
    const [arun, priya] = live as [LiveClient, LiveClient];
    const code = rooms[0]!;
    const mine = randomUUID();
    const first = await bid(arun, code, mine);
    if (!first.ok) throw new Error(first.error.message);
    clock.advance(2_000);
    const theirs = await bid(priya, code, randomUUID());
    expect(theirs.ok).toBe(true);

    // Twenty copies at once from two of Arun's connections (a phone retrying on a bad line, and a
    // second tab), each within its socket's burst: every one gets the original answer.
    const tab = await liveClient(server, members[0]!);
    expect((await tab.emit('joinRoom', { roomCode: code })).ok).toBe(true);
    const again = await Promise.all(Array.from({ length: 20 }, (_, i) => bid(i % 2 ? tab : arun, code, mine)));
    tab.close();
    for (const a of again) expect(a).toEqual(first);
    expect(first.data).toMatchObject({ currentBid: 1_010_00, used: 1, remaining: 4 });
    const deals = (await server.deps.store.readStream(roomStream(code))).filter((e) => e.type === 'BidPlaced');
    expect(deals).toHaveLength(2);
  });

  it('refuses another member’s deal id in words, and takes the same id in another room as a deal of its own', async () => {
    const [arun, priya] = live as [LiveClient, LiveClient];
    const id = randomUUID();
    const placed = await bid(arun, rooms[1]!, id);
    expect(placed.ok).toBe(true);
    const stolen = await bid(priya, rooms[1]!, id);
    expect(stolen).toEqual({
      ok: false,
      error: { code: 'BID_ID_TAKEN', message: 'This deal id belongs to another member’s deal. Place your deal again.' },
    });
    // The same member's id in the other room names a different deal there (ids are scoped to the room).
    const elsewhere = await bid(arun, rooms[0]!, id);
    expect(elsewhere.ok).toBe(true);
    const deals = (await server.deps.store.readStream(roomStream(rooms[1]!))).filter((e) => e.type === 'BidPlaced');
    expect(deals).toHaveLength(1);
  });
});
