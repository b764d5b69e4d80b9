import type { SignedAck } from '../../engine/ack.ts';
/**
 * The socket.io protocol shared by the server and the web client.
 * Event names are the specs'; every client event is acknowledged with `Ack<T>`.
 */
import type { RoomDetailDto, RoomDto } from '../rooms/views.ts';

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

export type AckCallback<T> = (response: Ack<T>) => void;

// ── Deal rooms (main namespace) ──────────────────────────────────────────────────────────
// Money in paise; times in server ms since the epoch. Identity comes from the session cookie of
// the handshake, never from a payload (the spec's userId/username fields are accepted and ignored).
// Room broadcasts carry `revision`, the room stream revision of the event that caused them; one
// event may cause several broadcasts with the same revision. A client that sees a revision more
// than one above the last it applied, or that reconnects, re-joins (or GETs /api/rooms/:code)
// for a fresh snapshot and drops broadcasts at or below the snapshot's revision.
// The server starts rooms, closes rounds, refunds and rewards by itself: there is no
// startAuction, rewardWinner or refundPrebook client event.

export type RoomSnapshot = RoomDetailDto;
export type RoomSummary = RoomDto;

export interface BidEntry {
  seq: number;
  user_id: string;
  username: string;
  bid_amount: number;
  created_at: string;
  created_at_ms: number;
}
export interface Bidder {
  id: string;
  username: string;
}
/** Why a member may or may not bid in a room. */
export type JoinReason = 'participant' | 'not_logged_in' | 'not_prebooked' | 'waitlisted' | 'ended' | 'cancelled';

export interface JoinRoomResult {
  snapshot: RoomSnapshot;
  canBid: boolean;
  reason: JoinReason;
  serverTime: number;
}
export interface PlaceBidResult {
  bid: BidEntry;
  currentBid: number;
  deadline: number;
  used: number;
  remaining: number;
  max: number;
  revision: number;
  /** True when this deal ended the room (max price reached or nobody else can bid). */
  ended: boolean;
}

/** A deal's ack: the result, and the server's signed acknowledgement of the deal at its place in the log. */
export interface PlaceBidAck extends PlaceBidResult {
  proof: SignedAck;
}
export type EndReason = 'deadline' | 'max_price' | 'no_bidders' | 'not_enough_participants';

export interface RoomServerEvents {
  /** Answer to joinRoom, also pushed when the member's permission changes. */
  joinStatus: (p: {
    roomCode: string;
    canBid: boolean;
    reason: JoinReason;
    used: number;
    remaining: number;
    max: number;
  }) => void;
  auctionStarted: (p: {
    roomCode: string;
    revision: number;
    currentBid: number;
    deadline: number;
    startedAt: number;
    serverTime: number;
  }) => void;
  /** The round deadline (server time); sent on start and after every accepted deal. Count down with the clock offset. */
  auctionTimer: (p: {
    roomCode: string;
    revision: number;
    deadline: number;
    timer: number;
    serverTime: number;
  }) => void;
  bidUpdate: (p: {
    roomCode: string;
    revision: number;
    currentBid: number;
    highestBidder: Bidder;
    bid: BidEntry;
    bidHistory: BidEntry[];
    deadline: number;
  }) => void;
  auctionEnded: (p: {
    roomCode: string;
    revision: number;
    finalBid: number | null;
    winner: Bidder | null;
    reason: EndReason;
    endedAt: number;
    purchaseDeadline: number | null;
  }) => void;
  /** To the bidder only. */
  bidCountUpdate: (p: { roomCode: string; used: number; remaining: number; max: number }) => void;
  /** To the bidder only, when used reaches max. */
  bidLimitReached: (p: { roomCode: string; used: number; max: number; message: string }) => void;
  bidCountsUpdate: (p: {
    roomCode: string;
    revision: number;
    bidCounts: Record<string, number>;
    userMap: Record<string, string>;
    max: number;
  }) => void;
  /** To everyone (Deals cards and the room). */
  participants: (p: {
    roomCode: string;
    revision: number;
    count: number;
    max: number;
    participants: string[];
    userMap: Record<string, string>;
  }) => void;
  /** To everyone, when a member pre-books. */
  preBookRoom: (p: {
    roomCode: string;
    revision: number;
    userId: string;
    username: string;
    joinedCount: number;
    participants: string[];
  }) => void;
  /** To everyone, when an admin creates a room. */
  newRoom: (p: { room: RoomSummary }) => void;
  /** To everyone, when a room starts, is cancelled or ends (so lists can move the card). */
  roomStatus: (p: { room: RoomSummary }) => void;
  /** To the refunded member only: their own new cash balance. */
  refundProcessed: (p: {
    roomCode: string;
    wallets: Record<string, number>;
    refunded_users: string[];
    amount: number;
  }) => void;
  /** To the member only: new reward cash balance after a credit. */
  rewardUpdate: (p: {
    userId: string;
    rewardAmount: number;
    credited: number;
    roomCode: string | null;
    reason: 'loser_fee' | 'winner_bonus' | 'other';
  }) => void;
  /** To the member only, after any change to their wallet (header balances). */
  walletUpdate: (p: { cash: number; reward_cash: number; held: number; revision: number }) => void;
}

export interface RoomClientEvents {
  /** Watch a room: joins its broadcasts and answers with the snapshot and permission. */
  joinRoom: (p: { roomCode: string }, ack: AckCallback<JoinRoomResult>) => void;
  leaveRoom: (p: { roomCode: string }, ack: AckCallback<{ left: true }>) => void;
  /**
   * Place the next deal (price = current + increment, set by the server). Acknowledged only after
   * it is durably stored. `bidId` (a UUID) makes a retry safe: the same id is one deal.
   */
  placeBid: (p: { roomCode: string; bidId?: string }, ack: AckCallback<PlaceBidAck>) => void;
}

export interface ServerToClientEvents extends RoomServerEvents {
  /** Server time in ms, sent on connect so a client can sync its clock at once. */
  serverTime: (payload: { serverTime: number }) => void;
  /** To the member only, when one of their shop orders is paid, fails or moves along its shipment. */
  orderUpdate: (payload: {
    order_id: string;
    payment_status: 'pending' | 'paid' | 'failed';
    shipment_status: 'pending' | 'shipped' | 'delivered' | 'cancelled';
    revision: number;
  }) => void;
}

export interface ClientToServerEvents extends RoomClientEvents {
  /** Round-trip clock sync over the socket. */
  syncTime: (payload: Record<string, never>, ack: AckCallback<{ serverTime: number }>) => void;
}

export interface InterServerEvents {
  ping: () => void;
}

export interface SocketData {
  userId: string | null;
  role: string | null;
}

/** Reconnection settings from the storefront spec (§4 Socket connection). */
export const SOCKET_RECONNECT = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
} as const;

export * from '../league/protocol.ts';
