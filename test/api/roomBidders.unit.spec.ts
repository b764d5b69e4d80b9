import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { ReadDb } from '../../projections/db.ts';
import { biddersBefore } from '../../projections/roomQueries.ts';
import { createRoomBidders } from '../../api/notify/notifier.ts';

/** The rooms read model's deals table, as much of it as `biddersBefore` reads. */
const readModel = () => {
  const sqlite = new Database(':memory:');
  sqlite.exec('CREATE TABLE rm_bids (room_code TEXT NOT NULL, seq INTEGER NOT NULL, user_id TEXT NOT NULL)');
  const insert = sqlite.prepare('INSERT INTO rm_bids (room_code, seq, user_id) VALUES (?, ?, ?)');
  return {
    readDb: { sqlite } as unknown as ReadDb,
    sqlite,
    add: (room: string, seq: number, user: string) => insert.run(room, seq, user),
  };
};

const deal = (room: string, seq: number, userId: string): RecordedEvent =>
  ({ streamName: `room-${room}`, type: 'BidPlaced', data: { seq, userId } }) as unknown as RecordedEvent;
const ended = (room: string): RecordedEvent =>
  ({ streamName: `room-${room}`, type: 'RoomEnded', data: {} }) as unknown as RecordedEvent;

describe('the notifier keeps each room’s bidders as it reads the deals', () => {
  it('answers the next deal from memory, and a deal after a gap from the read model', () => {
    const { readDb, sqlite, add } = readModel();
    const bidders = createRoomBidders(readDb);
    add('R1', 1, 'u1');
    add('R1', 2, 'u2');
    expect([...bidders.before('R1', 3)].sort()).toEqual(['u1', 'u2']);
    add('R1', 3, 'u3');
    bidders.notified(deal('R1', 3, 'u3'));
    // Given the read model emptied, when the next deal comes, then its bidders are still known.
    sqlite.exec('DELETE FROM rm_bids');
    expect([...bidders.before('R1', 4)].sort()).toEqual(['u1', 'u2', 'u3']);
    // A deal the notifier never saw (5) leaves deal 6 to the read model, which now says nothing.
    expect(bidders.before('R1', 6)).toEqual([]);
    // A room's end forgets it.
    add('R1', 6, 'u9');
    bidders.notified(ended('R1'));
    expect(bidders.before('R1', 7)).toEqual(['u9']);
  });

  it('always names the same bidders as the read model, over random deals, gaps and rooms', () => {
    const step = fc.record({
      room: fc.constantFrom('R1', 'R2', 'R3'),
      user: fc.constantFrom('u1', 'u2', 'u3', 'u4'),
      seen: fc.boolean(),
      end: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), fc.integer({ min: 1, max: 3 }), (steps, kept) => {
        const { readDb, add } = readModel();
        const bidders = createRoomBidders(readDb, kept);
        const seqs = new Map<string, number>();
        for (const { room, user, seen, end } of steps) {
          const seq = (seqs.get(room) ?? 0) + 1;
          seqs.set(room, seq);
          add(room, seq, user);
          // Deals the notifier skips (another process notified them) are never handed to it.
          if (!seen) continue;
          expect([...bidders.before(room, seq)].sort()).toEqual([...biddersBefore(readDb, room, seq)].sort());
          bidders.notified(deal(room, seq, user));
          if (end) bidders.notified(ended(room));
        }
      }),
    );
  });
});
