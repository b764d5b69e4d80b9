import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { RoomSnapshot } from '../../api/contract/index.ts';
import type { LiveRoomAction } from '../../web/src/stores/liveRoom.ts';
import { initialLiveRoom, reduceLiveRoom } from '../../web/src/stores/liveRoom.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { deposit, liveClient, waitFor } from './roomsHelpers.ts';

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;

// Found by the crash suite: a phone showed two members fewer than a fresh page at the same room
// revision, because the `participants` broadcast listed seats booked no later (in time) than the
// event's own, and booking times need not follow log order (commands racing, or two processes whose
// clocks differ by a little).
describe('participants broadcasts follow the log, not the booking clock', () => {
  const clock = createManualClock(T0);
  let server: TestServer;
  const members: Client[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      seed: true,
      clock,
      env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' },
    });
    for (const n of [1, 2, 3]) {
      const m = await loggedIn(server, `member${n}@vetrideals.in`, MEMBER.password);
      await deposit(server, m, 500_00);
      members.push(m);
    }
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a phone that saw every broadcast lists the same members, in the same order, as a fresh page', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] };
    const created = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: products.products[0]!.id,
      base_price: 1_000_00,
      max_price: 1_200_00,
      bid_value: 10_00,
      bid_seconds: 30,
      entry_fee: 100_00,
      max_participants: 5,
      max_attempts: 3,
      reward_cash: 5_00,
      scheduled_time: new Date(T0 + 30 * MIN).toISOString(),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const code = created.body.room_code;

    const phone = await liveClient(server, null);
    expect(await phone.emit('watchRoomLists', { watch: true })).toEqual({ ok: true, data: { watching: true } });
    const snapshot = async () => (await (await fetch(`${server.url}/api/rooms/${code}`)).json()) as RoomSnapshot;
    let screen = reduceLiveRoom(initialLiveRoom, { type: 'open', code });
    screen = reduceLiveRoom(screen, { type: 'snapshot', snapshot: await snapshot() });

    // Each booking's clock reads earlier than the one before it, while the log orders them as made.
    const times = [T0 + 3 * MIN, T0 + 2 * MIN, T0 + MIN];
    for (const [i, m] of members.entries()) {
      clock.set(times[i]!);
      const res = await m.call('POST', `/api/rooms/${code}/prebook`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await waitFor(() => phone.of('participants').filter((p) => p.roomCode === code).length === 3, 'three broadcasts');

    const lists = phone
      .of('participants')
      .filter((p) => p.roomCode === code)
      .map((p) => (p.participants as string[]).length);
    expect(lists).toEqual([1, 2, 3]);
    for (const { event, payload } of phone.seen) {
      if (payload.roomCode === code) screen = reduceLiveRoom(screen, { type: event, payload } as LiveRoomAction);
    }
    const fresh = await snapshot();
    expect(screen.revision).toBe(fresh.room.revision);
    expect(screen.participants).toHaveLength(3);
    expect(screen.participants).toEqual(fresh.room.participants);
    expect(fresh.participants.map((p) => p.user_id)).toEqual(fresh.room.participants);
    phone.close();
  });
});
