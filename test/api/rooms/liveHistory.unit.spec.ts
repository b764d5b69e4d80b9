import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../engine/eventStore.ts';
import { createLiveHistories } from '../../../api/rooms/liveHistory.ts';
import { toBidEntry } from '../../../api/rooms/views.ts';

const CODE = 'ABC123';
const T = Date.parse('2026-11-22T13:30:00.000Z');
const deal = (revision: number, seq: number, userId = `u${seq}`): RecordedEvent =>
  ({
    streamName: `room-${CODE}`,
    revision,
    type: 'BidPlaced',
    data: {
      bidId: `b${seq}`,
      seq,
      userId,
      userName: `Member ${seq}`,
      amount: 1_000_00 + seq * 10_00,
      at: T + seq * 1000,
      attempt: 1,
      deadline: T + seq * 1000 + 30_000,
    },
  }) as unknown as RecordedEvent;
const row = (seq: number) =>
  toBidEntry({
    room_code: CODE,
    seq,
    bid_id: `b${seq}`,
    user_id: `u${seq}`,
    user_name: `Member ${seq}`,
    amount: 1_000_00 + seq * 10_00,
    at: T + seq * 1000,
    revision: 3 + seq,
  });
const seeded = () => {
  const live = createLiveHistories();
  live.seed(CODE, {
    revision: 4,
    bids: [row(1)],
    participants: [{ user_id: 'u1', user_name: 'Member 1' }],
    maxAttempts: 5,
  });
  return live;
};

describe('live room histories', () => {
  it('knows nothing of a room until seeded from the read model', () => {
    expect(createLiveHistories().next(CODE, deal(5, 2))).toBeUndefined();
  });

  it('adds the next deal exactly as the read model row would show it (same keys, same order)', () => {
    const live = seeded();
    const next = live.next(CODE, deal(5, 2));
    expect(next?.revision).toBe(5);
    expect(JSON.stringify(next?.bids)).toBe(JSON.stringify([row(1), row(2)]));
    expect(live.next(CODE, deal(6, 3))?.bids.map((b) => b.seq)).toEqual([1, 2, 3]);
  });

  it("counts each member's deals from the seeded rows and every deal added after them", () => {
    const live = seeded();
    expect(live.next(CODE, deal(5, 2, 'u1'))?.made).toEqual(new Map([['u1', 2]]));
    const after = live.next(CODE, deal(6, 3, 'u7'));
    expect(after?.made).toEqual(
      new Map([
        ['u1', 2],
        ['u7', 1],
      ]),
    );
    const fresh = createLiveHistories().seed(CODE, {
      revision: 6,
      bids: [row(1), row(2), row(1)],
      participants: [],
      maxAttempts: 5,
    });
    expect(fresh.made).toEqual(
      new Map([
        ['u1', 2],
        ['u2', 1],
      ]),
    );
  });

  it('gives nothing (so the broadcast reads the read model) on a revision gap, a replayed deal, or after another room event', () => {
    expect(seeded().next(CODE, deal(6, 2))).toBeUndefined();
    expect(seeded().next(CODE, deal(4, 1))).toBeUndefined();
    const live = seeded();
    live.forget(CODE);
    expect(live.next(CODE, deal(5, 2))).toBeUndefined();
  });

  it('keeps its own copy of what it was seeded with', () => {
    const bids = [row(1)];
    const live = createLiveHistories();
    live.seed(CODE, { revision: 4, bids, participants: [], maxAttempts: 5 });
    live.next(CODE, deal(5, 2));
    expect(bids).toHaveLength(1);
  });

  it('keeps a bounded number of rooms, dropping the least recently used', () => {
    const live = createLiveHistories();
    for (let i = 0; i < 2001; i++) live.seed(`R${i}`, { revision: 0, bids: [], participants: [], maxAttempts: 5 });
    const first = { ...deal(1, 1), streamName: 'room-R0' } as RecordedEvent;
    const last = { ...deal(1, 1), streamName: 'room-R2000' } as RecordedEvent;
    expect(live.next('R0', first)).toBeUndefined();
    expect(live.next('R2000', last)?.bids).toHaveLength(1);
  });
});
