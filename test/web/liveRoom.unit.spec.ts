import { describe, expect, it } from 'vitest';
import type { BidEntry, RoomSnapshot } from '../../api/contract/index.ts';
import type { LiveRoom, LiveRoomAction } from '../../web/src/stores/liveRoom.ts';
import {
  initialLiveRoom,
  reduceLiveRoom,
  selectBidButton,
  selectLeaderboard,
  selectParticipantRows,
} from '../../web/src/stores/liveRoom.ts';

const CODE = 'ABC123';
const T = Date.parse('2026-11-22T13:30:00.000Z');
const A = { id: 'u-arun', username: 'Arun Kumar' };
const P = { id: 'u-priya', username: 'Priya S' };

const bid = (seq: number, who: { id: string; username: string }, amount: number): BidEntry => ({
  seq,
  user_id: who.id,
  username: who.username,
  bid_amount: amount,
  created_at: new Date(T + seq * 1000).toISOString(),
  created_at_ms: T + seq * 1000,
});

/** A running room at revision 4: created (0), two seats (1, 2), started (3), Arun's deal (4). */
const snapshot = (
  over: Partial<RoomSnapshot['room']> = {},
  history: BidEntry[] = [bid(1, A, 101_000)],
): RoomSnapshot => ({
  room: {
    room_code: CODE,
    code: CODE,
    product_id: 'p1',
    product_code: 'VD1001',
    product_name: 'Chola C3 Lite Phone',
    image_url: '/products/vd1001.svg',
    total_price: 8_999_00,
    base_price: 1_000_00,
    max_price: 1_030_00,
    bid_value: 10_00,
    bid_seconds: 60,
    entry_fee: 50_00,
    max_participants: 2,
    max_attempts: 2,
    reward_cash: 25_00,
    scheduled_time: new Date(T).toISOString(),
    scheduled_time_ms: T,
    created_at: new Date(T - 3_600_000).toISOString(),
    created_by: 'Admin',
    status: 'running',
    room_remarks: null,
    joined_count: 2,
    participants: [A.id, P.id],
    current_price: 1_010_00,
    deadline_ms: T + 61_000,
    bid_count: history.length,
    final_bid: null,
    winner_id: null,
    winner_name: null,
    end_reason: null,
    ended_at: null,
    purchase_deadline_ms: null,
    offer: null,
    runner_up_places: 0,
    purchased: false,
    purchase_expired: false,
    revision: 4,
    server_time: T + 1000,
    ...over,
  },
  participants: [
    { user_id: A.id, username: A.username, used: 1, remaining: 1 },
    { user_id: P.id, username: P.username, used: 0, remaining: 2 },
  ],
  history,
  bidCounts: { [A.id]: 1, [P.id]: 0 },
  userMap: { [A.id]: A.username, [P.id]: P.username },
  winner: null,
  me: {
    user_id: P.id,
    prebooked: true,
    can_bid: true,
    reason: 'participant',
    used: 0,
    remaining: 2,
    max: 2,
    remark: 'only_joined',
    is_winner: false,
    holds_highest: false,
  },
});

const fold = (...actions: LiveRoomAction[]): LiveRoom => actions.reduce(reduceLiveRoom, initialLiveRoom);
const opened = (s: RoomSnapshot = snapshot()): LiveRoomAction[] => [
  { type: 'open', code: CODE },
  { type: 'snapshot', snapshot: s, canBid: true, reason: 'participant' },
];
const priyaBids = (revision: number, amount = 1_020_00, roomCode = CODE): LiveRoomAction => ({
  type: 'bidUpdate',
  payload: {
    roomCode,
    revision,
    currentBid: amount,
    highestBidder: P,
    bid: bid(2, P, amount),
    bidHistory: [bid(1, A, 1_010_00), bid(2, P, amount)],
    deadline: T + 122_000,
    bidCounts: { [A.id]: 1, [P.id]: 1 },
    max: 2,
    timer: 60,
    serverTime: T + 62_000,
  },
});

/** The server's ack of Priya's deal of ₹1,020 (seq 2) at `revision`. */
const priyaAcked = (revision: number, roomCode = CODE): LiveRoomAction => ({
  type: 'bidAccepted',
  roomCode,
  result: {
    bid: bid(2, P, 1_020_00),
    currentBid: 1_020_00,
    deadline: T + 122_000,
    used: 1,
    remaining: 1,
    max: 2,
    revision,
    ended: false,
  },
});

describe('the live room reducer', () => {
  describe('given a snapshot', () => {
    it('shows the room as the server has it', () => {
      const s = fold(...opened());
      expect(s).toMatchObject({
        phase: 'ready',
        status: 'running',
        currentBid: 1_010_00,
        deadline: T + 61_000,
        highestBidder: A,
        revision: 4,
        snapshotRevision: 4,
        canBid: true,
        used: 0,
        remaining: 2,
        stale: false,
      });
      expect(selectParticipantRows(s)).toEqual([
        { userId: A.id, username: A.username, used: 1, remaining: 1 },
        { userId: P.id, username: P.username, used: 0, remaining: 2 },
      ]);
    });

    it('starts loading again when another room is opened', () => {
      const s = fold(...opened(), { type: 'open', code: 'XYZ789' });
      expect(s).toMatchObject({ code: 'XYZ789', phase: 'loading', history: [] });
    });
  });

  describe('when deals arrive', () => {
    it('applies the next revision: price, leader, history and the new deadline', () => {
      const s = fold(...opened(), priyaBids(5));
      expect(s).toMatchObject({ currentBid: 1_020_00, highestBidder: P, deadline: T + 122_000, revision: 5 });
      expect(s.history.map((h) => h.seq)).toEqual([1, 2]);
    });

    it('takes the counts, the deadline and my own attempts from the one message of a deal, and drops what the snapshot already holds', () => {
      const s = fold(...opened(), priyaBids(5));
      expect(s.bidCounts).toEqual({ [A.id]: 1, [P.id]: 1 });
      expect(s).toMatchObject({ deadline: T + 122_000, used: 1, remaining: 1, maxAttempts: 2 });
      // Another member's view: my (Arun's) attempts are left alone by Priya's deal.
      const arun = snapshot();
      arun.me = { ...arun.me!, user_id: A.id, used: 1, remaining: 1 };
      expect(fold(...opened(arun), priyaBids(5))).toMatchObject({ used: 1, remaining: 1 });

      const old = fold(...opened(), priyaBids(4, 9_999_00));
      expect(old.currentBid).toBe(1_010_00);
      expect(old.revision).toBe(4);
    });

    it('marks the state stale on a revision gap instead of applying it', () => {
      const s = fold(...opened(), priyaBids(7));
      expect(s.stale).toBe(true);
      expect(s.currentBid).toBe(1_010_00);
      expect(s.revision).toBe(4);
    });

    it('a fresh snapshot after a gap or a reconnect clears the stale mark', () => {
      const later = snapshot({ revision: 7, current_price: 1_020_00 }, [bid(1, A, 1_010_00), bid(2, P, 1_020_00)]);
      const s = fold(...opened(), { type: 'disconnected' }, { type: 'snapshot', snapshot: later });
      expect(s).toMatchObject({ stale: false, revision: 7, currentBid: 1_020_00, highestBidder: P });
      expect(fold(...opened(), { type: 'disconnected' }).stale).toBe(true);
    });

    it('ignores events of other rooms', () => {
      expect(fold(...opened(), priyaBids(5, 1_020_00, 'ZZZ999')).currentBid).toBe(1_010_00);
    });
  });

  describe('when my ack comes before the room hears of my deal', () => {
    it('shows my deal at once (I lead, no second deal offered), and the broadcasts of that revision agree', () => {
      const acked = fold(...opened(), priyaAcked(5));
      expect(acked).toMatchObject({ currentBid: 1_020_00, highestBidder: P, deadline: T + 122_000, revision: 5 });
      expect(acked.history.map((h) => h.seq)).toEqual([1, 2]);
      expect(selectBidButton(acked, P.id)).toEqual({ kind: 'leading' });
      expect(selectParticipantRows(acked).find((r) => r.userId === P.id)).toMatchObject({ used: 1, remaining: 1 });

      const confirmed = fold(...opened(), priyaAcked(5), priyaBids(5));
      expect(confirmed).toMatchObject({ currentBid: 1_020_00, highestBidder: P, revision: 5, stale: false });
      expect(confirmed.history.map((h) => h.seq)).toEqual([1, 2]);
      expect(confirmed.bidCounts).toEqual({ [A.id]: 1, [P.id]: 1 });
    });

    it('changes nothing but my counts when the broadcast came first, the ack is for another room, or events were missed', () => {
      const broadcastFirst = fold(...opened(), priyaBids(5));
      expect(reduceLiveRoom(broadcastFirst, priyaAcked(5)).history.map((h) => h.seq)).toEqual([1, 2]);
      for (const s of [fold(...opened(), priyaAcked(5, 'ZZZ999')), fold(...opened(), priyaAcked(7))]) {
        expect(s).toMatchObject({ currentBid: 1_010_00, highestBidder: A, revision: 4, used: 1, remaining: 1 });
        expect(s.history).toHaveLength(1);
      }
    });
  });

  describe('an answer to a deal sent again', () => {
    it('never lists the deal twice or shows a lead at a price that deal did not set', () => {
      // What an older server answered for Arun's deal #1 re-sent after revision 4: the room's next
      // revision and price, with Arun's old deal in it.
      const replayed: LiveRoomAction = {
        type: 'bidAccepted',
        roomCode: CODE,
        result: {
          bid: bid(1, A, 1_010_00),
          currentBid: 1_020_00,
          deadline: T + 122_000,
          used: 1,
          remaining: 1,
          max: 2,
          revision: 5,
          ended: false,
        },
      };
      const s = fold(...opened(), replayed);
      expect(s.history.map((h) => h.seq)).toEqual([1]);
      expect(s).toMatchObject({ currentBid: 1_010_00, highestBidder: A, revision: 4 });
    });
  });

  describe('my attempts', () => {
    it("counts my own deals from the ack and from the deal's counts, never backwards", () => {
      const acked = fold(...opened(), priyaAcked(5));
      expect(acked).toMatchObject({ used: 1, remaining: 1 });
      const late = reduceLiveRoom(acked, {
        ...priyaBids(5),
        payload: {
          ...(priyaBids(5) as Extract<LiveRoomAction, { type: 'bidUpdate' }>).payload,
          bidCounts: { [P.id]: 0 },
        },
      } as LiveRoomAction);
      expect(late).toMatchObject({ used: 1, remaining: 1 });
    });

    it('shows the limit message and "No more deals" when the server says the limit is reached', () => {
      const s = fold(...opened(), {
        type: 'bidLimitReached',
        payload: { roomCode: CODE, used: 2, max: 2, message: 'You’ve reached your deal limit.' },
      });
      expect(s.notice).toBe('You’ve reached your deal limit.');
      expect(selectBidButton(s, P.id)).toEqual({ kind: 'limit' });
    });
  });

  describe('the Place Deal button', () => {
    it('offers the next price (current + increment) when I may bid', () => {
      expect(selectBidButton(fold(...opened()), P.id)).toEqual({ kind: 'bid', nextPrice: 1_020_00 });
    });
    it('waits while I hold the highest deal (no two in a row)', () => {
      expect(selectBidButton(fold(...opened()), A.id)).toEqual({ kind: 'leading' });
    });
    it('stops at the max price', () => {
      const atMax = fold(...opened(), priyaBids(5, 1_030_00));
      expect(selectBidButton(atMax, A.id)).toEqual({ kind: 'max_price' });
    });
    it('is hidden for view-only members and before the start', () => {
      const viewer = fold(
        { type: 'open', code: CODE },
        { type: 'snapshot', snapshot: snapshot(), canBid: false, reason: 'not_prebooked' },
      );
      expect(selectBidButton(viewer, 'u-guest')).toEqual({ kind: 'hidden' });
      const waiting = fold(...opened(snapshot({ status: 'upcoming', deadline_ms: null, revision: 2 }, [])));
      expect(selectBidButton(waiting, P.id)).toEqual({ kind: 'hidden' });
    });
  });

  describe('start and end', () => {
    it('starts the round on auctionStarted with the base price and deadline', () => {
      const waiting = snapshot({ status: 'upcoming', deadline_ms: null, revision: 2, current_price: 1_000_00 }, []);
      const s = fold(...opened(waiting), {
        type: 'auctionStarted',
        payload: {
          roomCode: CODE,
          revision: 3,
          currentBid: 1_000_00,
          deadline: T + 60_000,
          startedAt: T,
          serverTime: T,
        },
      });
      expect(s).toMatchObject({
        status: 'running',
        currentBid: 1_000_00,
        deadline: T + 60_000,
        canBid: true,
        remaining: 2,
      });
    });

    it('shows the winner, final price and purchase deadline on auctionEnded', () => {
      const s = fold(...opened(), priyaBids(5), {
        type: 'auctionEnded',
        payload: {
          roomCode: CODE,
          revision: 6,
          finalBid: 1_020_00,
          winner: P,
          reason: 'deadline',
          remark: null,
          endedAt: T + 122_000,
          purchaseDeadline: T + 122_000 + 3_600_000,
        },
      });
      expect(s).toMatchObject({
        status: 'completed',
        winner: P,
        finalBid: 1_020_00,
        endReason: 'deadline',
        canBid: false,
        deadline: null,
        purchaseDeadline: T + 3_722_000,
      });
      expect(selectBidButton(s, A.id)).toEqual({ kind: 'hidden' });
    });

    it('a cancelled room says not enough participants', () => {
      const waiting = snapshot({ status: 'upcoming', deadline_ms: null, revision: 1, joined_count: 1 }, []);
      const s = fold(...opened(waiting), {
        type: 'auctionEnded',
        payload: {
          roomCode: CODE,
          revision: 2,
          finalBid: null,
          winner: null,
          reason: 'not_enough_participants',
          remark: 'not enough participants',
          endedAt: T,
          purchaseDeadline: null,
        },
      });
      expect(s).toMatchObject({ status: 'cancelled', endReason: 'not_enough_participants', winner: null });
    });

    it('a room an admin cancels says cancelled with their reason, not that it did not fill, live or reloaded', () => {
      const reason = 'The supplier could not deliver in time';
      const full = snapshot({ status: 'upcoming', deadline_ms: null, revision: 2, joined_count: 2 }, []);
      const live = fold(...opened(full), {
        type: 'auctionEnded',
        payload: {
          roomCode: CODE,
          revision: 3,
          finalBid: null,
          winner: null,
          reason: 'cancelled',
          remark: reason,
          endedAt: T - 60_000,
          purchaseDeadline: null,
        },
      });
      expect(live).toMatchObject({ status: 'cancelled', endReason: 'cancelled', reason: 'cancelled', canBid: false });
      expect(live.room).toMatchObject({ status: 'cancelled', room_remarks: reason });
      const reloaded = fold(
        ...opened(snapshot({ status: 'cancelled', deadline_ms: null, revision: 3, room_remarks: reason }, [])),
      );
      expect(reloaded).toMatchObject({ status: 'cancelled', endReason: 'cancelled' });
      const unfilled = fold(
        ...opened(
          snapshot(
            { status: 'cancelled', deadline_ms: null, revision: 3, room_remarks: 'not enough participants' },
            [],
          ),
        ),
      );
      expect(unfilled).toMatchObject({ status: 'cancelled', endReason: 'not_enough_participants' });
    });

    it('a completed room from its snapshot keeps the full history and the winner', () => {
      const done = snapshot(
        {
          status: 'completed',
          deadline_ms: null,
          final_bid: 1_020_00,
          winner_id: P.id,
          winner_name: P.username,
          end_reason: 'deadline',
          ended_at: new Date(T + 122_000).toISOString(),
        },
        [bid(1, A, 1_010_00), bid(2, P, 1_020_00)],
      );
      const s = fold(...opened({ ...done, winner: P }));
      expect(s).toMatchObject({ status: 'completed', winner: P, finalBid: 1_020_00, endedAt: T + 122_000 });
      expect(selectLeaderboard(s).map((r) => [r.rank, r.username, r.bid_amount])).toEqual([
        [1, P.username, 1_020_00],
        [2, A.username, 1_010_00],
      ]);
    });
  });

  describe('pre-books while waiting', () => {
    it('updates the joined count and names live', () => {
      const waiting = snapshot(
        { status: 'upcoming', deadline_ms: null, revision: 1, joined_count: 1, participants: [A.id] },
        [],
      );
      const s = fold(...opened(waiting), {
        type: 'preBookRoom',
        payload: {
          roomCode: CODE,
          revision: 2,
          userId: P.id,
          username: P.username,
          joinedCount: 2,
          participants: [A.id, P.id],
        },
      });
      expect(s.room?.joined_count).toBe(2);
      expect(s.participants).toEqual([A.id, P.id]);
      expect(s.userMap[P.id]).toBe(P.username);
    });
  });
});
