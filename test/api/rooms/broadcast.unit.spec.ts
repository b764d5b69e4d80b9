import { describe, expect, it, vi } from 'vitest';
import type { RecordedEvent } from '../../../engine/eventStore.ts';
import type { Deps } from '../../../api/deps.ts';
import type { Io } from '../../../api/realtime/io.ts';

const CODE = 'ABC123';
const T = Date.parse('2026-11-22T13:30:00.000Z');

// The read model as the projection left it: two members, one deal (the first, at revision 5).
const reads = vi.hoisted(() => ({ bids: 1, room: true }));
vi.mock('../../../projections/roomQueries.ts', () => ({
  roomRow: () =>
    reads.room
      ? {
          code: 'ABC123',
          max_attempts: 5,
          scheduled_time: Date.parse('2026-11-22T13:30:00.000Z'),
          created_at: Date.parse('2026-11-22T10:00:00.000Z'),
          status: 'running',
          ended_at: null,
          offer_user_id: null,
          purchased_at: null,
          purchase_deadline: null,
        }
      : undefined,
  participantRows: () => [
    { user_id: 'u1', user_name: 'Member 1' },
    { user_id: 'u2', user_name: 'Member 2' },
  ],
  bidRows: () =>
    Array.from({ length: reads.bids }, (_, i) => ({
      room_code: 'ABC123',
      seq: i + 1,
      bid_id: `b${i + 1}`,
      user_id: `u${(i % 2) + 1}`,
      user_name: `Member ${(i % 2) + 1}`,
      amount: 1_000_00 + (i + 1) * 10_00,
      at: Date.parse('2026-11-22T13:30:00.000Z') + (i + 1) * 1000,
      revision: 5 + i,
    })),
}));
const { roomBroadcaster } = await import('../../../api/rooms/broadcast.ts');

/** The deal of seq `seq` at room revision 4 + seq, members taking turns. */
const deal = (seq: number): RecordedEvent =>
  ({
    streamName: `room-${CODE}`,
    revision: 4 + seq,
    position: 100 + seq,
    type: 'BidPlaced',
    metadata: {},
    data: {
      bidId: `b${seq}`,
      seq,
      userId: `u${((seq - 1) % 2) + 1}`,
      userName: `Member ${((seq - 1) % 2) + 1}`,
      amount: 1_000_00 + seq * 10_00,
      at: T + seq * 1000,
      attempt: Math.ceil(seq / 2),
      deadline: T + seq * 1000 + 30_000,
    },
  }) as unknown as RecordedEvent;

const fakeIo = () => {
  const sent: { to: string; event: string; payload: Record<string, unknown> }[] = [];
  const io = {
    to: (to: string) => ({
      emit: (event: string, payload: Record<string, unknown>) => sent.push({ to, event, payload }),
    }),
    emit: (event: string, payload: Record<string, unknown>) => sent.push({ to: '*', event, payload }),
  } as unknown as Io;
  return { io, sent };
};
/** Positions the broadcaster asked the read models to reach now (a deal it could not send at its commit). */
const broughtForward: number[] = [];
const deps = {
  clock: { now: () => T + 10_000 },
  readDb: {},
  config: { PROJECTION_WAIT_MS: 5000 },
  projections: {
    waitFor: (position: number) => {
      broughtForward.push(position);
      return Promise.resolve();
    },
  },
} as unknown as Deps;

describe('deal broadcasts', () => {
  it('sends a followed room its next deal from the durable events, once, as one bidUpdate with the counts and the timer', () => {
    const { io, sent } = fakeIo();
    const rooms = roomBroadcaster(io, deps);
    broughtForward.length = 0;
    // The first deal this process sees is left to the projected batch, which reads the read model;
    // that batch is brought forward instead of waiting out the batch delay.
    rooms.committed.broadcast([deal(1)]);
    expect(sent).toHaveLength(0);
    expect(broughtForward).toEqual([deal(1).position]);
    rooms.broadcast([deal(1)]);
    expect(sent.map((s) => s.event)).toEqual(['bidUpdate']);

    // The next deal goes out at its commit; its projected batch sends nothing again.
    rooms.committed.broadcast([deal(2)]);
    expect(sent).toHaveLength(2);
    expect(broughtForward).toHaveLength(1);
    rooms.broadcast([deal(2)]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      to: `room:${CODE}`,
      event: 'bidUpdate',
      payload: {
        roomCode: CODE,
        revision: 6,
        currentBid: 1_020_00,
        bidCounts: { u1: 1, u2: 1 },
        max: 5,
        deadline: T + 32_000,
        timer: 22,
        serverTime: T + 10_000,
      },
    });
    expect((sent[1]!.payload.bidHistory as { seq: number }[]).map((b) => b.seq)).toEqual([1, 2]);
  });

  it('follows a room from its start: the first deal goes out at its commit, as the read model would give it', () => {
    const started = {
      streamName: `room-${CODE}`,
      revision: 4,
      position: 100,
      type: 'RoomStarted',
      metadata: {},
      data: { price: 1_000_00, deadline: T + 30_000, at: T },
    } as unknown as RecordedEvent;
    const following = fakeIo();
    const rooms = roomBroadcaster(following.io, deps);
    rooms.broadcast([started]);
    expect(following.sent.map((s) => s.event)).toEqual(['auctionStarted', 'auctionTimer', 'roomStatus']);
    broughtForward.length = 0;
    rooms.committed.broadcast([deal(1)]);
    expect(broughtForward).toEqual([]);
    const atCommit = following.sent.filter((s) => s.event === 'bidUpdate');
    expect(atCommit).toHaveLength(1);
    rooms.broadcast([deal(1)]);
    expect(following.sent.filter((s) => s.event === 'bidUpdate')).toHaveLength(1);

    // A process that did not see the start sends it after the batch, from the read model: the same.
    const reading = fakeIo();
    const other = roomBroadcaster(reading.io, deps);
    other.committed.broadcast([deal(1)]);
    other.broadcast([deal(1)]);
    expect(reading.sent.filter((s) => s.event === 'bidUpdate')).toEqual(atCommit);
  });

  it('leaves a deal after a gap to the projected batch, so a room is never sent a deal before the one it missed', () => {
    const { io, sent } = fakeIo();
    const rooms = roomBroadcaster(io, deps);
    rooms.broadcast([deal(1)]);
    // Deal 2 came from another process (never committed here); deal 3 is this process's.
    rooms.committed.broadcast([deal(3)]);
    expect(sent).toHaveLength(1);
    reads.bids = 3;
    rooms.broadcast([deal(2), deal(3)]);
    reads.bids = 1;
    expect(sent.map((s) => s.payload.revision)).toEqual([5, 6, 7]);
  });
});
