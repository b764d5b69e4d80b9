import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { roomStream } from '../../engine/room.ts';
import type { LiveClient } from '../api/roomsHelpers.ts';
import { liveClient, openRunningRoom, startRoomsServer, waitFor } from '../api/roomsHelpers.ts';
import type { EsdbStandIn } from './esdbServer.ts';
import { startEsdbStandIn } from './esdbServer.ts';

const UNAVAILABLE = {
  code: 'STORE_UNAVAILABLE',
  message: 'We could not confirm your request just now; it may not have been saved. Please try again in a moment.',
};

/*
 * A live deal room on the EventStoreDB adapter (real client, stand-in node): a bid while the node is down
 * or whose answer is lost after the commit gets "try again" in words on the socket; the same bid (same
 * bidId) sent again is stored exactly once, and the watcher sees it once.
 */
describe('a live room on EventStoreDB when the log goes away', () => {
  const clock = createManualClock(Date.parse('2026-11-22T04:30:00.000Z'));
  let node: EsdbStandIn;
  let started: Awaited<ReturnType<typeof startRoomsServer>>;
  const sockets: LiveClient[] = [];
  beforeAll(async () => {
    node = await startEsdbStandIn();
    started = await startRoomsServer(clock, { EVENTSTORE_URL: node.connectionString('defaultDeadline=1000') });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await started?.server.stop();
    await node?.close();
  });

  it('down, then lost after the commit: "try again", and each retried bid is in the room once', async () => {
    const { server, members } = started;
    expect(server.deps.store.kind).toBe('esdb');
    const code = await openRunningRoom(started, clock);
    await server.deps.projections.waitFor(await server.deps.store.headPosition());
    const [bidder, other, watcher] = [
      await liveClient(server, members[0]!),
      await liveClient(server, members[1]!),
      await liveClient(server, null),
    ];
    sockets.push(bidder, other, watcher);
    for (const l of [bidder, other, watcher]) expect((await l.emit('joinRoom', { roomCode: code })).ok).toBe(true);
    const bids = async () =>
      (await server.deps.store.readStream(roomStream(code))).filter((e) => e.type === 'BidPlaced');

    // The node is down: refused in words, nothing stored.
    const port = node.port;
    const firstBid = crypto.randomUUID();
    await node.close();
    expect(await bidder.emit('placeBid', { roomCode: code, bidId: firstBid })).toEqual({
      ok: false,
      error: UNAVAILABLE,
    });
    node = await startEsdbStandIn({ port, log: node.log });
    let again = await bidder.emit('placeBid', { roomCode: code, bidId: firstBid });
    for (let i = 0; i < 20 && !again.ok; i++) {
      await new Promise((r) => setTimeout(r, 100));
      again = await bidder.emit('placeBid', { roomCode: code, bidId: firstBid });
    }
    expect(again.ok).toBe(true);
    expect(await bids()).toHaveLength(1);

    // The connection drops after the next member's bid is committed: told to try again, the retry is
    // answered with the stored bid, not a second one.
    const secondBid = crypto.randomUUID();
    node.faults.nextAppend = 'drop-after-commit';
    const lost = await other.emit('placeBid', { roomCode: code, bidId: secondBid });
    expect(lost).toEqual({ ok: false, error: UNAVAILABLE });
    expect(await bids()).toHaveLength(2);
    let retried = await other.emit('placeBid', { roomCode: code, bidId: secondBid });
    for (let i = 0; i < 20 && !retried.ok; i++) {
      await new Promise((r) => setTimeout(r, 100));
      retried = await other.emit('placeBid', { roomCode: code, bidId: secondBid });
    }
    expect(retried.ok).toBe(true);
    expect(await bids()).toHaveLength(2);
    await waitFor(() => watcher.of('bidUpdate').length >= 2, 'the watcher to see both bids', 5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(watcher.of('bidUpdate')).toHaveLength(2);
  });
});
