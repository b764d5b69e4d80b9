import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { BidPlaced, RoomEvent } from '../../engine/room.ts';
import { ROOM_MESSAGES } from '../../engine/room.ts';
import { bidRows, participantRows, roomRow } from '../../projections/roomQueries.ts';
import type { Deps } from '../deps.ts';
import type { Broadcaster } from '../realtime/broadcasting.ts';
import type { Io } from '../realtime/io.ts';
import type { LiveHistories, LiveHistory } from './liveHistory.ts';
import { createLiveHistories } from './liveHistory.ts';
import { ROOM_LISTS_CHANNEL, roomChannel, userChannel } from '../realtime/io.ts';
import { toBidEntry, toRoomSummary } from './views.ts';
import { asDomainEvent } from '../../engine/eventStore.ts';

/**
 * Turns room events into the spec's socket events; every room broadcast carries the revision of
 * the event behind it. A deal of a running room this process follows is sent from its durable
 * decided events (`committed`, right after the commit, before the read models have it: once on
 * disk it is a fact). Everything else — a room's first deal seen here, a deal after a gap, other
 * processes' deals, every other room event — is sent after its projected batch (`broadcast`), so
 * what those read from the read model is there. A room's entry in `live` only moves one revision
 * at a time, on either path, so a room's broadcasts keep their order.
 */
export const roomBroadcaster = (io: Io, deps: Deps): Broadcaster & { committed: Broadcaster } => {
  const live = createLiveHistories();
  return {
    name: 'rooms',
    channels: channelsOf,
    broadcast(events) {
      const reads = batchReads(deps);
      for (const recorded of events)
        if (recorded.streamName.startsWith('room-')) roomBroadcast(io, deps, recorded, reads, live);
    },
    committed: {
      name: 'room deals',
      channels: (events) => channelsOf(events.filter((e) => e.type === 'BidPlaced')),
      broadcast(events) {
        for (const recorded of events) {
          if (recorded.type !== 'BidPlaced' || !recorded.streamName.startsWith('room-')) continue;
          const code = recorded.streamName.slice('room-'.length);
          const history = live.next(code, recorded);
          if (history)
            bidBroadcast(io, deps, code, recorded.revision, asDomainEvent<BidPlaced>(recorded).data, history);
          // Not followed here yet: the deal goes out after its projected batch, which is brought
          // forward (not held for the batch delay), so it still leaves before its bidder's ack.
          else void deps.projections.waitFor(recorded.position, deps.config.PROJECTION_WAIT_MS).catch(() => {});
        }
      },
    },
  };
};

/** The room, bidder and room-list channels a batch's broadcasts go to. */
const channelsOf = (events: readonly RecordedEvent[]): Set<string> => {
  const channels = new Set<string>();
  for (const e of events) {
    if (!e.streamName.startsWith('room-')) continue;
    channels.add(roomChannel(e.streamName.slice('room-'.length)));
    if (e.type === 'BidPlaced') channels.add(userChannel((e.data as { userId: string }).userId));
    else channels.add(ROOM_LISTS_CHANNEL);
  }
  return channels;
};

/**
 * Read-model lookups for one projected batch. The read model already holds the whole batch when
 * it is broadcast, so one query per room serves every event of the room in the batch.
 */
const batchReads = (deps: Deps) => {
  const memo = <T>(query: (code: string) => T) => {
    const seen = new Map<string, T>();
    return (code: string): T => {
      if (!seen.has(code)) seen.set(code, query(code));
      return seen.get(code)!;
    };
  };
  return {
    room: memo((code) => roomRow(deps.readDb, code)),
    participants: memo((code) => participantRows(deps.readDb, code)),
    bids: memo((code) => bidRows(deps.readDb, code).map(toBidEntry)),
  };
};

/** A running room's history as of this deal: from memory, or read from the read model (which then seeds memory). */
const historyOf = (
  code: string,
  recorded: RecordedEvent,
  reads: ReturnType<typeof batchReads>,
  live: LiveHistories,
): LiveHistory | undefined => {
  const known = live.next(code, recorded);
  if (known) return known;
  const room = reads.room(code);
  if (!room) return undefined;
  const seq = (recorded.data as { seq: number }).seq;
  return live.seed(code, {
    revision: recorded.revision,
    bids: reads.bids(code).filter((bid) => bid.seq <= seq),
    participants: reads.participants(code),
    maxAttempts: room.max_attempts,
  });
};

const roomBroadcast = (
  io: Io,
  deps: Deps,
  recorded: RecordedEvent,
  reads: ReturnType<typeof batchReads>,
  live: LiveHistories,
) => {
  const code = recorded.streamName.slice('room-'.length);
  const revision = recorded.revision;
  const e = asDomainEvent<RoomEvent>(recorded);
  if (e.type === 'BidPlaced') {
    // Sent already, from the durable events.
    if (live.has(code, revision)) return;
    const history = historyOf(code, recorded, reads, live);
    if (history) bidBroadcast(io, deps, code, revision, e.data, history);
    return;
  }
  live.forget(code);
  const room = reads.room(code);
  if (!room) return;
  const channel = io.to(roomChannel(code));
  const lists = io.to(ROOM_LISTS_CHANNEL);
  // Seats go to list pages and to the room's own page (its seat count), each socket once.
  const listsAndRoom = io.to([ROOM_LISTS_CHANNEL, roomChannel(code)]);
  const now = deps.clock.now();
  const participants = () => reads.participants(code);
  const summary = () => toRoomSummary(room, participants(), now);
  switch (e.type) {
    case 'RoomCreated':
      lists.emit('newRoom', { room: summary() });
      return;
    case 'SeatBooked': {
      // The list as of this event: seats booked at or before its revision (booking times can run out
      // of log order when commands race or two processes' clocks differ).
      const list = participants().filter((p) => p.booked_revision <= revision);
      const ids = list.map((p) => p.user_id);
      const userMap = Object.fromEntries(list.map((p) => [p.user_id, p.user_name]));
      listsAndRoom.emit('preBookRoom', {
        roomCode: code,
        revision,
        userId: e.data.userId,
        username: e.data.userName,
        joinedCount: ids.length,
        participants: ids,
      });
      listsAndRoom.emit('participants', {
        roomCode: code,
        revision,
        count: ids.length,
        max: room.max_participants,
        participants: ids,
        userMap,
      });
      return;
    }
    case 'RoomStarted': {
      const { price, deadline, at } = e.data;
      channel.emit('auctionStarted', {
        roomCode: code,
        revision,
        currentBid: price,
        deadline,
        startedAt: at,
        serverTime: now,
      });
      channel.emit('auctionTimer', {
        roomCode: code,
        revision,
        deadline,
        timer: Math.max(0, Math.ceil((deadline - now) / 1000)),
        serverTime: now,
      });
      lists.emit('roomStatus', { room: summary() });
      // A started room has no deals yet and its seats are taken: followed from here, its first
      // deal goes out at its commit instead of after a projected batch.
      live.seed(code, { revision, bids: [], participants: participants(), maxAttempts: room.max_attempts });
      return;
    }
    case 'RoomEnded': {
      const d = e.data;
      channel.emit('auctionEnded', {
        roomCode: code,
        revision,
        finalBid: d.winner ? d.finalPrice : null,
        winner: d.winner ? { id: d.winner.userId, username: d.winner.userName } : null,
        reason: d.reason,
        remark: null,
        endedAt: d.at,
        purchaseDeadline: d.purchaseDeadline,
      });
      lists.emit('roomStatus', { room: summary() });
      return;
    }
    case 'RoomRescheduled':
    case 'PurchaseOfferPassed':
      lists.emit('roomStatus', { room: summary() });
      return;
    case 'RoomCancelled':
      channel.emit('auctionEnded', {
        roomCode: code,
        revision,
        finalBid: null,
        winner: null,
        // An admin's cancel (with their reason) is not a room that failed to fill.
        reason: e.data.by ? 'cancelled' : 'not_enough_participants',
        remark: e.data.remark,
        endedAt: e.data.at,
        purchaseDeadline: null,
      });
      lists.emit('roomStatus', { room: summary() });
      return;
    default:
      return;
  }
};

/**
 * A deal's one broadcast to its room: `bidUpdate` with the whole history, every member's deal
 * count, the round's timer; the bidder's own count is theirs in `bidCounts`. The bidder also gets
 * `bidLimitReached` when that was their last attempt.
 */
const bidBroadcast = (
  io: Io,
  deps: Deps,
  code: string,
  revision: number,
  b: BidPlaced['data'],
  { bids: history, participants: list, maxAttempts: max, made }: LiveHistory,
) => {
  const now = deps.clock.now();
  // The history ends with this deal (it is added before its broadcast, or read up to its seq).
  const bid = history[history.length - 1]!;
  const counts: Record<string, number> = {};
  for (const p of list) counts[p.user_id] = made.get(p.user_id) ?? 0;
  io.to(roomChannel(code)).emit('bidUpdate', {
    roomCode: code,
    revision,
    currentBid: b.amount,
    highestBidder: { id: b.userId, username: b.userName },
    bid,
    bidHistory: history,
    deadline: b.deadline,
    bidCounts: counts,
    max,
    timer: Math.max(0, Math.ceil((b.deadline - now) / 1000)),
    serverTime: now,
  });
  if (b.attempt >= max)
    io.to(userChannel(b.userId)).emit('bidLimitReached', {
      roomCode: code,
      used: b.attempt,
      max,
      message: ROOM_MESSAGES.BID_LIMIT,
    });
};
