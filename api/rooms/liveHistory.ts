import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { BidPlaced } from '../../engine/room.ts';
import type { BidRow, ParticipantRow } from '../../projections/roomQueries.ts';
import { toBidEntry } from './views.ts';
import { keepLatest } from '../keptMap.ts';
import { asDomainEvent } from '../../engine/eventStore.ts';

type BidDto = ReturnType<typeof toBidEntry>;

/** What a running room's `bidUpdate` and `bidCountsUpdate` need besides the deal itself. */
export interface LiveHistory {
  /** Room stream revision of the last event folded in. */
  revision: number;
  /** Every deal so far, oldest first, as `toBidEntry` makes it from the read model's rows. */
  bids: BidDto[];
  participants: readonly Pick<ParticipantRow, 'user_id' | 'user_name'>[];
  maxAttempts: number;
  /** Deals so far per member, kept as deals are added (a broadcast's counts without a pass over `bids`). */
  made: ReadonlyMap<string, number>;
}

/** What a history is seeded with: the read model's rows (its counts are worked out from them). */
export type LiveHistorySeed = Omit<LiveHistory, 'made'>;

const countsOf = (bids: readonly BidDto[]): Map<string, number> => {
  const made = new Map<string, number>();
  for (const b of bids) made.set(b.user_id, (made.get(b.user_id) ?? 0) + 1);
  return made;
};

const KEPT_ROOMS = 2000;

/**
 * Running rooms' deal histories kept in this process, so broadcasting a deal reads nothing from
 * the read model. An entry only ever follows its room's events one revision at a time: a deal
 * that is not the next event of a known room (first deal seen since start, a missed batch) or any
 * other room event drops the entry, and the broadcast reads the read model as before and seeds
 * a fresh one. What clients get is the same either way.
 */
export const createLiveHistories = () => {
  const rooms = new Map<string, LiveHistory & { made: Map<string, number> }>();
  return {
    /** The history including this deal, when the room's entry is exactly one revision behind it. */
    next(code: string, recorded: RecordedEvent): LiveHistory | undefined {
      const room = rooms.get(code);
      if (!room || room.revision !== recorded.revision - 1) return undefined;
      const b = asDomainEvent<BidPlaced>(recorded).data;
      room.bids.push(toBidEntry(bidRowOf(code, recorded.revision, b)));
      room.made.set(b.userId, (room.made.get(b.userId) ?? 0) + 1);
      room.revision = recorded.revision;
      keepLatest(rooms, code, room, KEPT_ROOMS);
      return room;
    },
    /** Whether the room's entry already holds `revision` (its deal was broadcast). */
    has(code: string, revision: number): boolean {
      const room = rooms.get(code);
      return room !== undefined && room.revision >= revision;
    },
    /** Starts a room's entry from the read model's rows (copied); gives the entry kept. */
    seed(code: string, entry: LiveHistorySeed): LiveHistory {
      const bids = [...entry.bids];
      const kept = { ...entry, bids, participants: [...entry.participants], made: countsOf(bids) };
      keepLatest(rooms, code, kept, KEPT_ROOMS);
      return kept;
    },
    forget(code: string): void {
      rooms.delete(code);
    },
  };
};
export type LiveHistories = ReturnType<typeof createLiveHistories>;

/** The read model's row for a deal (`projections/rooms.ts` writes these fields from the event). */
const bidRowOf = (code: string, revision: number, b: BidPlaced['data']): BidRow => ({
  room_code: code,
  seq: b.seq,
  bid_id: b.bidId,
  user_id: b.userId,
  user_name: b.userName,
  amount: b.amount,
  at: b.at,
  revision,
});
