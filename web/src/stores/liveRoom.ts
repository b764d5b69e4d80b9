import { NOT_ENOUGH_PARTICIPANTS } from '../../../engine/roomRules.ts';
import { create } from './create.ts';
import type {
  BidEntry,
  Bidder,
  EndReason,
  JoinReason,
  PlaceBidResult,
  RoomServerEvents,
  RoomSnapshot,
  RoomSummary,
} from '../../../api/contract/index.ts';

/** The deal room on screen, folded from one snapshot and the server's events after it. Money in paise, times in server ms. */
export type LiveRoom = {
  code: string;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  /** The server's words (English) and stable code for a room that could not be opened; the screen translates by the code. */
  error: string | null;
  errorCode: string | null;
  room: RoomSummary | null;
  status: RoomSummary['status'];
  currentBid: number;
  /** Round deadline in server time while running. */
  deadline: number | null;
  highestBidder: Bidder | null;
  /** Oldest first, as the server sends it. */
  history: BidEntry[];
  bidCounts: Record<string, number>;
  userMap: Record<string, string>;
  participants: string[];
  maxAttempts: number;
  canBid: boolean;
  reason: JoinReason | null;
  /** The signed-in member's id from the snapshot (their own deal count is theirs in each deal's counts). */
  myId: string | null;
  /** My attempts; `null` until the server says. */
  used: number;
  remaining: number;
  prebooked: boolean;
  winner: Bidder | null;
  finalBid: number | null;
  endReason: EndReason | null;
  endedAt: number | null;
  purchaseDeadline: number | null;
  /** Room stream revision of the last event applied, and of the snapshot the state started from. */
  revision: number;
  snapshotRevision: number;
  /** A missed event was noticed (revision gap, reconnect): fetch a fresh snapshot. */
  stale: boolean;
  /** The last message for me from the server (limit reached). */
  notice: string | null;
};

export const initialLiveRoom: LiveRoom = {
  code: '',
  phase: 'idle',
  error: null,
  errorCode: null,
  room: null,
  status: 'upcoming',
  currentBid: 0,
  deadline: null,
  highestBidder: null,
  history: [],
  bidCounts: {},
  userMap: {},
  participants: [],
  maxAttempts: 5,
  canBid: false,
  reason: null,
  myId: null,
  used: 0,
  remaining: 0,
  prebooked: false,
  winner: null,
  finalBid: null,
  endReason: null,
  endedAt: null,
  purchaseDeadline: null,
  revision: -1,
  snapshotRevision: -1,
  stale: false,
  notice: null,
};

type Payload<K extends keyof RoomServerEvents> = Parameters<RoomServerEvents[K]>[0];

export type LiveRoomAction =
  | { type: 'open'; code: string }
  | { type: 'snapshot'; snapshot: RoomSnapshot; canBid?: boolean; reason?: JoinReason }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'disconnected' }
  | { type: 'bidAccepted'; roomCode: string; result: PlaceBidResult }
  | {
      [
        K in Exclude<
          keyof RoomServerEvents,
          'newRoom' | 'roomStatus' | 'refundProcessed' | 'rewardUpdate' | 'walletUpdate'
        >
      ]: {
        type: K;
        payload: Payload<K>;
      };
    }[Exclude<keyof RoomServerEvents, 'newRoom' | 'roomStatus' | 'refundProcessed' | 'rewardUpdate' | 'walletUpdate'>];

/** The room events a client hands straight to the reducer as `{ type, payload }`. */
export const LIVE_ROOM_EVENTS = [
  'joinStatus',
  'auctionStarted',
  'auctionTimer',
  'bidUpdate',
  'auctionEnded',
  'bidLimitReached',
  'participants',
  'preBookRoom',
] as const satisfies readonly LiveRoomAction['type'][];

/** A cancelled room's end: too few members by its start (the spec's remark), or cancelled by an admin with their reason. */
export const cancelReason = (remark: string | null): EndReason =>
  remark === null || remark === NOT_ENOUGH_PARTICIPANTS ? 'not_enough_participants' : 'cancelled';

const fromSnapshot = (state: LiveRoom, s: RoomSnapshot, canBid?: boolean, reason?: JoinReason): LiveRoom => {
  const r = s.room;
  const last = s.history.at(-1);
  const ended = r.status === 'completed' || r.status === 'cancelled';
  return {
    ...state,
    code: r.room_code,
    phase: 'ready',
    error: null,
    errorCode: null,
    room: r,
    status: r.status,
    currentBid: r.current_price,
    deadline: r.deadline_ms,
    highestBidder: last ? { id: last.user_id, username: last.username } : null,
    history: s.history,
    bidCounts: s.bidCounts,
    userMap: s.userMap,
    participants: r.participants,
    maxAttempts: r.max_attempts,
    canBid: canBid ?? s.me?.can_bid ?? false,
    reason: reason ?? s.me?.reason ?? state.reason,
    myId: s.me?.user_id ?? null,
    used: s.me?.used ?? 0,
    remaining: s.me?.remaining ?? 0,
    prebooked: s.me?.prebooked ?? false,
    winner: s.winner,
    finalBid: r.final_bid,
    endReason: r.status === 'cancelled' ? cancelReason(r.room_remarks) : r.end_reason,
    endedAt: r.ended_at ? Date.parse(r.ended_at) : ended ? r.scheduled_time_ms : null,
    purchaseDeadline: r.purchase_deadline_ms,
    revision: r.revision,
    snapshotRevision: r.revision,
    stale: false,
  };
};

/**
 * Orders broadcasts by the room's stream revision: at or below the snapshot → already in it;
 * the revision just applied (one event, several broadcasts) or the next → apply; further ahead → a gap.
 */
const sequenced = (state: LiveRoom, revision: number, apply: (s: LiveRoom) => LiveRoom): LiveRoom => {
  if (state.phase !== 'ready' || revision <= state.snapshotRevision) return state;
  if (revision > state.revision + 1) return { ...state, stale: true };
  return { ...apply(state), revision: Math.max(state.revision, revision) };
};

const mine = (state: LiveRoom, roomCode: string) => state.code !== '' && roomCode === state.code;

/** Pure: the next screen state. Never throws; events for other rooms change nothing. */
export const reduceLiveRoom = (state: LiveRoom, action: LiveRoomAction): LiveRoom => {
  switch (action.type) {
    case 'open':
      return action.code === state.code && state.phase === 'ready'
        ? state
        : { ...initialLiveRoom, code: action.code, phase: 'loading' };
    case 'snapshot':
      if (state.code && action.snapshot.room.room_code !== state.code) return state;
      return fromSnapshot(state, action.snapshot, action.canBid, action.reason);
    case 'failed':
      return {
        ...state,
        phase: state.phase === 'ready' ? 'ready' : 'error',
        error: action.message,
        errorCode: action.code ?? null,
      };
    case 'disconnected':
      return state.phase === 'ready' ? { ...state, stale: true } : state;
    case 'bidAccepted': {
      const r = action.result;
      const counted = {
        ...state,
        used: Math.max(state.used, r.used),
        remaining: Math.min(state.remaining, r.remaining),
        maxAttempts: r.max,
      };
      // The ack leaves the server before the room's bidUpdate for the same deal: when the deal is
      // the next event, show it at once (I lead), and the broadcasts of that revision confirm it.
      if (!mine(state, action.roomCode) || state.phase !== 'ready' || r.revision !== state.revision + 1) return counted;
      // The answer to a deal sent again: it is already shown, and says nothing about the room now.
      if (counted.history.some((b) => b.seq === r.bid.seq)) return counted;
      const me = r.bid.user_id;
      return {
        ...counted,
        status: counted.status === 'upcoming' ? 'running' : counted.status,
        currentBid: r.currentBid,
        highestBidder: { id: me, username: r.bid.username },
        history: [...counted.history, r.bid],
        bidCounts: { ...counted.bidCounts, [me]: (counted.bidCounts[me] ?? 0) + 1 },
        deadline: r.ended ? counted.deadline : r.deadline,
        revision: r.revision,
      };
    }
    case 'joinStatus': {
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      return { ...state, canBid: p.canBid, reason: p.reason, used: p.used, remaining: p.remaining, maxAttempts: p.max };
    }
    case 'auctionStarted': {
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      return sequenced(state, p.revision, (s) => ({
        ...s,
        status: 'running',
        currentBid: p.currentBid,
        deadline: p.deadline,
        canBid: s.prebooked && s.reason !== 'waitlisted' ? true : s.canBid,
        remaining: s.prebooked && s.used === 0 ? s.maxAttempts : s.remaining,
      }));
    }
    case 'auctionTimer': {
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      return sequenced(state, p.revision, (s) => (s.status === 'running' ? { ...s, deadline: p.deadline } : s));
    }
    case 'bidUpdate': {
      // One message per deal: the deal and history, the round's deadline, every member's count
      // (mine among them); attempts only ever go forward, as the ack may have counted this deal.
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      return sequenced(state, p.revision, (s) => {
        const counted = s.myId !== null ? p.bidCounts[s.myId] : undefined;
        const used = counted === undefined ? s.used : Math.max(s.used, counted);
        return {
          ...s,
          status: s.status === 'upcoming' ? 'running' : s.status,
          currentBid: p.currentBid,
          highestBidder: p.highestBidder,
          history: p.bidHistory.length >= s.history.length ? p.bidHistory : [...s.history, p.bid],
          deadline: s.status === 'completed' ? s.deadline : p.deadline,
          bidCounts: p.bidCounts,
          maxAttempts: p.max,
          used,
          remaining: counted === undefined ? s.remaining : Math.min(s.remaining, Math.max(0, p.max - used)),
        };
      });
    }
    case 'bidLimitReached': {
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      return { ...state, used: Math.max(state.used, p.used), remaining: 0, notice: p.message };
    }
    case 'participants': {
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      return sequenced(state, p.revision, (s) => ({
        ...s,
        participants: p.participants,
        userMap: { ...s.userMap, ...p.userMap },
        room: s.room
          ? { ...s.room, joined_count: p.count, max_participants: p.max, participants: p.participants }
          : s.room,
      }));
    }
    case 'preBookRoom': {
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      return sequenced(state, p.revision, (s) => ({
        ...s,
        participants: p.participants,
        userMap: { ...s.userMap, [p.userId]: p.username },
        room: s.room ? { ...s.room, joined_count: p.joinedCount, participants: p.participants } : s.room,
      }));
    }
    case 'auctionEnded': {
      const p = action.payload;
      if (!mine(state, p.roomCode)) return state;
      const cancelled = p.reason === 'not_enough_participants' || p.reason === 'cancelled';
      return sequenced(state, p.revision, (s) => ({
        ...s,
        status: cancelled ? 'cancelled' : 'completed',
        // The remark (an admin's reason) is what the room page shows for a cancelled room.
        room: s.room && cancelled ? { ...s.room, status: 'cancelled', room_remarks: p.remark } : s.room,
        canBid: false,
        reason: cancelled ? 'cancelled' : 'ended',
        deadline: null,
        winner: p.winner,
        finalBid: p.finalBid,
        endReason: p.reason,
        endedAt: p.endedAt,
        purchaseDeadline: p.purchaseDeadline,
      }));
    }
    default:
      return state;
  }
};

// ── Selectors ─────────────────────────────────────────────────────────────────────────────

/** The leaderboard: highest deal first (rank 1), as the spec's table shows it. */
export const selectLeaderboard = (s: Pick<LiveRoom, 'history'>): (BidEntry & { rank: number })[] =>
  [...s.history].sort((a, b) => b.bid_amount - a.bid_amount || b.seq - a.seq).map((b, i) => ({ ...b, rank: i + 1 }));

/** The participants table: user, used, remaining. */
export const selectParticipantRows = (
  s: Pick<LiveRoom, 'participants' | 'bidCounts' | 'userMap' | 'maxAttempts'>,
): { userId: string; username: string; used: number; remaining: number }[] =>
  s.participants.map((userId) => {
    const used = s.bidCounts[userId] ?? 0;
    return { userId, username: s.userMap[userId] ?? 'Member', used, remaining: Math.max(0, s.maxAttempts - used) };
  });

export type BidButton =
  | { kind: 'hidden' }
  | { kind: 'bid'; nextPrice: number }
  | { kind: 'limit' }
  | { kind: 'leading' }
  | { kind: 'max_price' };

/** What the Place Deal button shows for me right now. */
export const selectBidButton = (s: LiveRoom, myId: string | null): BidButton => {
  if (s.status !== 'running' || !s.canBid || !s.room) return { kind: 'hidden' };
  if (s.used >= s.maxAttempts) return { kind: 'limit' };
  const nextPrice = s.currentBid + s.room.bid_value;
  if (nextPrice > s.room.max_price) return { kind: 'max_price' };
  if (myId !== null && s.highestBidder?.id === myId) return { kind: 'leading' };
  return { kind: 'bid', nextPrice };
};

// ── Store ─────────────────────────────────────────────────────────────────────────────────

export const useLiveRoomStore = create<LiveRoom>()(() => initialLiveRoom);

export const dispatchLiveRoom = (action: LiveRoomAction): void =>
  useLiveRoomStore.setState((s) => reduceLiveRoom(s, action), true);

export const clearLiveRoomNotice = (): void => useLiveRoomStore.setState({ notice: null });
