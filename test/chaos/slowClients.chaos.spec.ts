import type { Socket as NetSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { Ack, PlaceBidResult, RoomSnapshot } from '../../api/contract/index.ts';
import type { Client } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import type { LiveClient } from '../api/roomsHelpers.ts';
import { liveClient, startRoomsServer, userIdOf, waitFor } from '../api/roomsHelpers.ts';
import type { RoomClient } from './roomClient.ts';
import { freshScreen, roomClient, screenOf } from './roomClient.ts';
import { eventually } from './retry.ts';

const MIN = 60_000;

/** The TCP socket under a socket.io client: pausing it makes the client stop reading, like a phone in a tunnel. */
const tcpOf = (live: LiveClient | RoomClient): NetSocket =>
  (live.socket.io.engine.transport as unknown as { ws: { _socket: NetSocket } }).ws._socket;

describe('slow and lost clients', () => {
  const clock = createManualClock(Date.now());
  let server: TestServer;
  let admin: Client;
  const members: Client[] = [];
  const ids: string[] = [];
  let productId: string;
  const open: { close(): unknown }[] = [];

  const createRoom = async (seats: number, overrides: Record<string, unknown> = {}) => {
    const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: productId,
      base_price: 1_000_00,
      max_price: 100_000_00,
      bid_value: 1_00,
      bid_seconds: 30,
      entry_fee: 0,
      max_participants: seats,
      max_attempts: 20,
      scheduled_time: clock.now() + MIN,
      ...overrides,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const code = res.body.room_code;
    return code;
  };
  const start = async (code: string, bookers: Client[]) => {
    for (const m of bookers) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(MIN);
    await server.rooms.tick();
  };
  const snapshotAs = async (member: Client | null, code: string) =>
    (await (
      await fetch(`${server.url}/api/rooms/${code}`, { headers: member?.cookie ? { cookie: member.cookie } : {} })
    ).json()) as RoomSnapshot;

  beforeAll(async () => {
    const started = await startRoomsServer(clock);
    ({ server, admin, productId } = started);
    members.push(...started.members);
    for (const m of members) ids.push(await userIdOf(m));
  });
  afterAll(async () => {
    for (const o of open) await o.close();
    await server.stop();
  });

  it('a client that stops reading does not slow the room for others, and catches up when it reads again', async () => {
    const code = await createRoom(4);
    await start(code, members);
    const bidders: LiveClient[] = [];
    for (const m of members) bidders.push(await liveClient(server, m));
    const watcher = await liveClient(server, null);
    const slow: RoomClient[] = [];
    for (let i = 0; i < 12; i++)
      slow.push(roomClient({ url: server.url, code, cookie: null, userId: null, bids: false }));
    open.push(...bidders, watcher, ...slow);
    for (const l of [...bidders, watcher]) expect((await l.emit('joinRoom', { roomCode: code })).ok).toBe(true);
    await eventually(() => slow.every((s) => s.state.phase === 'ready'), 'the slow phones to join', 5000);
    for (const s of slow) tcpOf(s).pause();

    // 60 deals in turn; each bigger than the last (every bidUpdate carries the whole history).
    const latencies: number[] = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      const ack = await bidders[i % 4]!.emit<PlaceBidResult>('placeBid', { roomCode: code });
      latencies.push(performance.now() - started);
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      await waitFor(() => watcher.of('bidUpdate').length === i + 1, `deal ${i + 1} on the watcher`, 2000);
    }
    const slowest = Math.max(...latencies);
    console.log(
      `deal acks with 12 stalled clients: median ${latencies.sort((a, b) => a - b)[30]!.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`,
    );
    expect(slowest).toBeLessThan(1500);
    // The stalled phones really read nothing meanwhile.
    expect(slow.every((s) => s.state.history.length === 0)).toBe(true);

    for (const s of slow) tcpOf(s).resume();
    const fresh = freshScreen(await snapshotAs(null, code));
    await eventually(
      () => slow.every((s) => JSON.stringify(screenOf(s.state)) === JSON.stringify(fresh)),
      'the stalled phones to catch up',
      10_000,
    );
    expect(screenOf(slow[0]!.state).leaderboard).toHaveLength(60);
  });

  it('a phone back after a minute away gets the full current state: deals it missed, the end, the winner', async () => {
    const code = await createRoom(3);
    await start(code, members.slice(0, 3));
    const away = roomClient({ url: server.url, code, cookie: members[0]!.cookie, userId: ids[0]!, bids: false });
    const others = [await liveClient(server, members[1]!), await liveClient(server, members[2]!)];
    open.push(away, ...others);
    await eventually(() => away.state.phase === 'ready', 'the phone to join', 5000);
    for (const o of others) expect((await o.emit('joinRoom', { roomCode: code })).ok).toBe(true);
    const own = (await away.socket.timeout(5000).emitWithAck('placeBid', { roomCode: code })) as Ack<PlaceBidResult>;
    expect(own.ok).toBe(true);
    await eventually(() => away.state.history.length === 1, 'its own deal on screen', 5000);

    // Gone for a minute: the others bid, the round runs out, the room ends and is settled.
    away.socket.disconnect();
    for (const o of others) {
      clock.advance(20_000);
      expect((await o.emit('placeBid', { roomCode: code })).ok).toBe(true);
    }
    clock.advance(31_000);
    await server.rooms.tick();
    await server.rooms.settled();
    expect(away.state.status).toBe('running');

    away.socket.connect();
    const fresh = freshScreen(await snapshotAs(members[0]!, code));
    await eventually(
      () => JSON.stringify(screenOf(away.state)) === JSON.stringify(fresh),
      'the phone to show the fresh page',
      5000,
    );
    expect(screenOf(away.state)).toMatchObject({
      status: 'completed',
      endReason: 'deadline',
      used: 1,
      winner: { id: ids[2] },
      finalBid: 1_003_00,
    });
    expect(screenOf(away.state).leaderboard.map((b) => b.user_id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('a room that ends with no deal shows no winner and no final price, live and on a fresh page alike', async () => {
    const code = await createRoom(2);
    await start(code, members.slice(0, 2));
    const phone = roomClient({ url: server.url, code, cookie: members[0]!.cookie, userId: ids[0]!, bids: false });
    open.push(phone);
    await eventually(() => phone.state.status === 'running', 'the phone to join', 5000);
    clock.advance(31_000);
    await server.rooms.tick();
    await eventually(() => phone.state.status === 'completed', 'the end on the phone', 5000);
    const fresh = freshScreen(await snapshotAs(members[0]!, code));
    expect(fresh).toMatchObject({ winner: null, finalBid: null, endReason: 'deadline' });
    expect(screenOf(phone.state)).toEqual(fresh);
  });
});
