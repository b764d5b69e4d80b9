import { z } from 'zod';
import type { Broadcasts, Requests } from './common.ts';
import { SignedAckSchema } from './common.ts';
import { BidEntry, JoinReason, RoomCode, RoomSnapshot, RoomSummary } from './rooms.ts';
import { ShopOrder } from './shop.ts';
import { WalletBalances } from './account.ts';
import type { NotificationBroadcasts } from './notifications.ts';

/**
 * The main socket.io namespace: deal rooms, the member's own balances and orders, clock sync.
 * Identity comes from the session cookie of the handshake, never from a payload (the spec's
 * userId/username fields are accepted and ignored). Room broadcasts carry `revision`, the room
 * stream revision of the event that caused them; one event may cause several broadcasts with the
 * same revision. A client that sees a revision more than one above the last it applied, or that
 * reconnects, re-joins (or GETs /api/rooms/:code) for a fresh snapshot and drops broadcasts at or
 * below the snapshot's revision. The server starts rooms, closes rounds, refunds and rewards by
 * itself: there is no startAuction, rewardWinner or refundPrebook client event.
 */

export const Bidder = z.object({ id: z.string(), username: z.string() });
export type Bidder = z.infer<typeof Bidder>;

/** Why a member may or may not bid in a room. */
export { JoinReason } from './rooms.ts';

/** How a room ended: the engine's reasons, or cancelled at its start for too few members, or by an admin. */
export const EndReason = z.enum(['deadline', 'max_price', 'no_bidders', 'not_enough_participants', 'cancelled']);
export type EndReason = z.infer<typeof EndReason>;

export const JoinRoomResult = z.object({
  snapshot: RoomSnapshot,
  canBid: z.boolean(),
  reason: JoinReason,
  serverTime: z.number().int(),
});
export type JoinRoomResult = z.infer<typeof JoinRoomResult>;

export const PlaceBidResult = z.object({
  bid: BidEntry,
  currentBid: z.number().int(),
  deadline: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  max: z.number().int(),
  revision: z.number().int(),
  /** True when this bid ended the room (max price reached or nobody else can bid). */
  ended: z.boolean(),
});
export type PlaceBidResult = z.infer<typeof PlaceBidResult>;

/** A bid's ack: the result, and the server's signed acknowledgement of the bid at its place in the log. */
export const PlaceBidAck = PlaceBidResult.extend({ proof: SignedAckSchema });
export type PlaceBidAck = z.infer<typeof PlaceBidAck>;

const roomCode = z.string();
const revision = z.number().int();
const serverTime = z.number().int();

/** What the server sends about rooms: to a room's watchers, to everyone (lists) or to one member. */
export const RoomBroadcasts = {
  /** Answer to joinRoom, also pushed when the member's permission changes. */
  joinStatus: z.object({
    roomCode,
    canBid: z.boolean(),
    reason: JoinReason,
    used: z.number().int(),
    remaining: z.number().int(),
    max: z.number().int(),
  }),
  auctionStarted: z.object({
    roomCode,
    revision,
    currentBid: z.number().int(),
    deadline: z.number().int(),
    startedAt: z.number().int(),
    serverTime,
  }),
  /** The round deadline (server time) when a room starts; after that each deal's `bidUpdate` carries it. Count down with the clock offset. */
  auctionTimer: z.object({ roomCode, revision, deadline: z.number().int(), timer: z.number().int(), serverTime }),
  /**
   * A deal, in one message to its room: the deal, the whole history, the new round deadline and
   * its countdown, and every member's deal count (a member's own count is theirs in `bidCounts`).
   */
  bidUpdate: z.object({
    roomCode,
    revision,
    currentBid: z.number().int(),
    highestBidder: Bidder,
    bid: BidEntry,
    bidHistory: z.array(BidEntry),
    deadline: z.number().int(),
    bidCounts: z.record(z.string(), z.number().int()),
    max: z.number().int(),
    timer: z.number().int(),
    serverTime,
  }),
  auctionEnded: z.object({
    roomCode,
    revision,
    finalBid: z.number().int().nullable(),
    winner: Bidder.nullable(),
    reason: EndReason,
    /** A cancelled room's remark: the admin's reason, or "not enough participants"; null for an ended room. */
    remark: z.string().nullable(),
    endedAt: z.number().int(),
    purchaseDeadline: z.number().int().nullable(),
  }),
  /** To the bidder only, when used reaches max. */
  bidLimitReached: z.object({ roomCode, used: z.number().int(), max: z.number().int(), message: z.string() }),
  /** To room-list pages (`watchRoomLists`) and the room's own page: its seats. */
  participants: z.object({
    roomCode,
    revision,
    count: z.number().int(),
    max: z.number().int(),
    participants: z.array(z.string()),
    userMap: z.record(z.string(), z.string()),
  }),
  /** To room-list pages and the room's own page, when a member pre-books. */
  preBookRoom: z.object({
    roomCode,
    revision,
    userId: z.string(),
    username: z.string(),
    joinedCount: z.number().int(),
    participants: z.array(z.string()),
  }),
  /** To room-list pages, when an admin creates a room. */
  newRoom: z.object({ room: RoomSummary }),
  /** To room-list pages, when a room starts, is cancelled or ends (so lists can move the card). */
  roomStatus: z.object({ room: RoomSummary }),
} satisfies Record<string, z.ZodType>;

/** What the server sends a member about their own account. */
export const AccountBroadcasts = {
  /** When the member's access or role changes (an admin grants access): re-read the session. */
  accountUpdate: z.object({ user_id: z.string(), role: z.string(), access: z.string() }),
  /** After any change to the member's wallet (header balances). */
  walletUpdate: WalletBalances,
  /** When a pre-book fee comes back: the member's own new cash balance. */
  refundProcessed: z.object({
    roomCode,
    wallets: z.record(z.string(), z.number().int()),
    refunded_users: z.array(z.string()),
    amount: z.number().int(),
  }),
  /** New reward cash balance after a credit. */
  rewardUpdate: z.object({
    userId: z.string(),
    rewardAmount: z.number().int(),
    credited: z.number().int(),
    roomCode: z.string().nullable(),
    reason: z.enum(['loser_fee', 'winner_bonus', 'other']),
  }),
  /** When one of the member's shop orders is paid, fails or moves along its shipment. */
  orderUpdate: z.object({
    order_id: z.string(),
    payment_status: ShopOrder.shape.payment_status,
    shipment_status: ShopOrder.shape.shipment_status,
    revision,
  }),
  /** An admin changed a product (fields, stock, in or off the shop): open shop pages fetch it again. */
  productChanged: z.object({ product_id: z.string(), product_code: z.string(), revision }),
  /** Server time in ms, sent on connect so a client can sync its clock at once. */
  serverTime: z.object({ serverTime }),
} satisfies Record<string, z.ZodType>;

export const RoomRequests = {
  /** Watch a room: joins its broadcasts and answers with the snapshot and permission. */
  joinRoom: { payload: z.object({ roomCode: RoomCode }), answer: JoinRoomResult },
  leaveRoom: { payload: z.object({ roomCode: RoomCode }), answer: z.object({ left: z.literal(true) }) },
  /**
   * Show room lists (Deals, My Deals) or stop: the socket gets every room's `newRoom`, seats and
   * `roomStatus` while it watches. A page asks again at every connection.
   */
  watchRoomLists: { payload: z.object({ watch: z.boolean() }), answer: z.object({ watching: z.boolean() }) },
  /**
   * Place the next bid (price = current + increment, set by the server). Acknowledged only after
   * it is durably stored. `bidId` (a UUID) makes a retry safe: the same id is one bid.
   */
  placeBid: { payload: z.object({ roomCode: RoomCode, bidId: z.uuid().optional() }), answer: PlaceBidAck },
  /** Round-trip clock sync over the socket. */
  syncTime: { payload: z.object({}), answer: z.object({ serverTime }) },
};

export type RoomServerEvents = Broadcasts<typeof RoomBroadcasts>;
export type ServerToClientEvents = Broadcasts<
  typeof RoomBroadcasts & typeof AccountBroadcasts & typeof NotificationBroadcasts
>;
export type ClientToServerEvents = Requests<typeof RoomRequests>;
