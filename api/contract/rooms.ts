import { z } from 'zod';
import { LIMITS, ROOM_CODE_PATTERN } from '../../engine/room.ts';

/**
 * Deal rooms over REST (`/api/rooms`, `/api/me/rooms`, `/api/admin/rooms`), with the specs' field
 * names. `revision` is the room stream revision of the last event a snapshot includes (compare
 * with socket broadcasts). In code a member's deal is a *bid*; the screens call it a deal.
 */

/** A room code as members type it: trimmed, upper-cased, six letters or digits. */
export const RoomCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(ROOM_CODE_PATTERN, 'room code must be 6 letters or digits');
export const RoomCodeParam = z.object({ code: RoomCode });

export const RoomListQuery = z.object({
  status: z.enum(['upcoming', 'completed', 'cancelled', 'all']).default('upcoming'),
});
export type RoomListQuery = z.input<typeof RoomListQuery>;

/** A room in a list (the Deals cards, `newRoom` and `roomStatus`). */
export const RoomSummary = z.object({
  room_code: z.string(),
  code: z.string(),
  product_id: z.string(),
  product_code: z.string(),
  product_name: z.string(),
  image_url: z.string().nullable(),
  total_price: z.number().int(),
  base_price: z.number().int(),
  max_price: z.number().int(),
  bid_value: z.number().int().describe('Increment per deal, paise (a whole number of rupees)'),
  bid_seconds: z.number().int(),
  entry_fee: z.number().int(),
  max_participants: z.number().int(),
  max_attempts: z.number().int(),
  reward_cash: z.number().int().describe('Winner bonus in reward cash, paise'),
  scheduled_time: z.string(),
  scheduled_time_ms: z.number().int(),
  created_at: z.string(),
  created_by: z.string(),
  status: z.enum(['upcoming', 'running', 'completed', 'cancelled']),
  room_remarks: z
    .string()
    .nullable()
    .describe('When cancelled: "not enough participants", or the reason of the admin who cancelled it'),
  joined_count: z.number().int(),
  participants: z.array(z.string()).describe('User ids of members who pre-booked'),
  current_price: z.number().int(),
  deadline_ms: z.number().int().nullable().describe('Round deadline in server time while running'),
  bid_count: z.number().int(),
  final_bid: z.number().int().nullable(),
  winner_id: z.string().nullable(),
  winner_name: z.string().nullable(),
  end_reason: z.enum(['deadline', 'max_price', 'no_bidders']).nullable(),
  ended_at: z.string().nullable(),
  purchase_deadline_ms: z.number().int().nullable().describe('The deadline of the current purchase offer'),
  offer: z
    .object({
      user_id: z.string(),
      username: z.string(),
      price: z.number().int().describe('The holder’s last deal, paise'),
      place: z.number().int().describe('0: the winner; 1: the first runner-up; …'),
    })
    .nullable()
    .describe('Who may buy the item now (the winner, or a runner-up it passed to); null with no winner'),
  runner_up_places: z.number().int().describe('How many places down the bids a lapsed purchase offer may pass'),
  purchased: z.boolean(),
  purchase_expired: z.boolean(),
  revision: z.number().int(),
  server_time: z.number().int(),
});

/** One accepted bid ("deal" on screen). */
export const BidEntry = z.object({
  seq: z.number().int(),
  user_id: z.string(),
  username: z.string(),
  bid_amount: z.number().int(),
  created_at: z.string(),
  created_at_ms: z.number().int(),
});

export const Participant = z.object({
  user_id: z.string(),
  username: z.string(),
  used: z.number().int(),
  remaining: z.number().int(),
});

/** Why a viewer may or may not place deals in a room (the live room's notice says it). */
export const JoinReason = z.enum(['participant', 'not_logged_in', 'not_prebooked', 'waitlisted', 'ended', 'cancelled']);
export type JoinReason = z.infer<typeof JoinReason>;

/** The member's own view of a room. */
export const RoomMe = z.object({
  user_id: z.string(),
  prebooked: z.boolean(),
  can_bid: z.boolean().describe('Pre-booked, access granted and the room is not over'),
  reason: JoinReason.describe('Why the member may or may not place deals (as joinRoom answers)'),
  used: z.number().int(),
  remaining: z.number().int(),
  max: z.number().int(),
  remark: z.enum(['only_joined', 'winner', 'looser']).nullable(),
  is_winner: z.boolean(),
  holds_highest: z.boolean(),
});

/** Everything a room screen needs on (re)join: `GET /api/rooms/:code` and the `joinRoom` answer. */
export const RoomSnapshot = z.object({
  room: RoomSummary,
  participants: z.array(Participant),
  history: z.array(BidEntry),
  bidCounts: z.record(z.string(), z.number().int()),
  userMap: z.record(z.string(), z.string()),
  winner: z.object({ id: z.string(), username: z.string() }).nullable(),
  me: RoomMe.nullable(),
});
export type RoomSummary = z.infer<typeof RoomSummary>;
export type RoomSnapshot = z.infer<typeof RoomSnapshot>;
export type BidEntry = z.infer<typeof BidEntry>;
export type Participant = z.infer<typeof Participant>;
export type RoomMe = z.infer<typeof RoomMe>;
export type MeRemark = RoomMe['remark'];

export const RoomList = z.object({ success: z.boolean(), rooms: z.array(RoomSummary), server_time: z.number().int() });
export const BidHistory = z.object({ success: z.boolean(), history: z.array(BidEntry), revision: z.number().int() });

/** A room in My Deals: my remark, my tab by the spec's rules, my bids and what became of my fee. */
export const MyRoom = RoomSummary.extend({
  remark: z.enum(['only_joined', 'winner', 'looser']),
  tab: z.enum(['prebooked', 'won', 'lost', 'cancelled', 'no_winner']).describe('My Deals tab by the spec’s rules'),
  used: z.number().int(),
  remaining: z.number().int(),
  fee_fate: z.enum(['refund', 'reward', 'kept']).nullable(),
  my_offer: z
    .enum(['yours', 'passed', 'bought'])
    .nullable()
    .describe('The purchase offer and me: I hold it now, it passed on from me, or I bought it; null if never offered'),
});
export type MyRoom = z.infer<typeof MyRoom>;

const Paise = z.number().int();
/** One room I won and what it really cost me, in paise. */
export const WonItemCost = z.object({
  room_code: z.string(),
  product_name: z.string(),
  image_url: z.string().nullable(),
  total_price: Paise.describe('The item’s retail price (the room’s total price)'),
  entry_fee: Paise.describe('My entry fee the room kept'),
  final_price: Paise.describe('The winning deal'),
  paid: Paise.nullable().describe('What I paid for the item; null until bought'),
  winner_bonus: Paise.describe('Reward cash I received as the winner'),
  net_cost: Paise.describe('entry_fee + paid − winner_bonus'),
  saving: Paise.nullable().describe('total_price − net_cost once bought (negative when it cost more)'),
});
export type WonItemCost = z.infer<typeof WonItemCost>;
/** What deal rooms cost me: fees by fate, reward cash from rooms, and each won item. */
export const MemberCosts = z.object({
  fees_paid: Paise.describe('Every entry fee moved from my cash into a room'),
  fees_refunded: Paise.describe('Fees back to my cash'),
  fees_to_reward: Paise.describe('Fees of rooms I lost, turned into reward cash'),
  fees_kept: Paise.describe('Fees kept as my entry of rooms I won'),
  fees_held: Paise.describe('Fees still in rooms that have not finished'),
  winner_bonus: Paise.describe('Winners’ bonuses in reward cash'),
  reward_from_rooms: Paise.describe('fees_to_reward + winner_bonus'),
  won: z.array(WonItemCost),
});
export type MemberCosts = z.infer<typeof MemberCosts>;
export const MyRoomList = z.object({ success: z.boolean(), rooms: z.array(MyRoom), costs: MemberCosts });

/**
 * `GET /api/rooms/:code/similar`: what winners of similar finished rooms paid on average. Similar:
 * ended with a winner, not this room, the same product; if none, a retail price within 25%.
 */
export const SimilarRoomsView = z.object({
  success: z.boolean(),
  basis: z.enum(['product', 'price_band']).nullable().describe('null when no similar room has finished'),
  rooms: z.number().int(),
  avg_fee: Paise.nullable(),
  avg_final_price: Paise.nullable(),
});
export type SimilarRoomsView = z.infer<typeof SimilarRoomsView>;

/** Where a won deal's product is delivered. */
export const DeliveryAddressBody = z.object({
  full_name: z.string().trim().min(1).max(100),
  contact_number: z
    .string()
    .trim()
    .regex(/^[6-9]\d{9}$/, 'contact_number must be a 10-digit mobile number'),
  pincode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'pincode must be 6 digits'),
  address_line1: z.string().trim().min(1).max(200),
  address_line2: z.string().trim().max(200).optional(),
  landmark: z.string().trim().max(120).optional(),
  city: z.string().trim().min(1).max(80),
  state: z.string().trim().min(1).max(80),
  address_type: z.enum(['home', 'work', 'other']),
  platform: z.string().trim().max(40).optional(),
});
export type DeliveryAddress = z.input<typeof DeliveryAddressBody>;

/** `GET /api/rooms/:code/purchase`: the won deal the winner may buy, and any purchase already made. */
export const PurchaseView = z.object({
  success: z.boolean(),
  room: z.object({
    room_code: z.string(),
    product_name: z.string(),
    product_code: z.string(),
    product_type: z.string(),
    image_url: z.string().nullable(),
    bid_amount: z.number().int().nullable(),
    total_price: z.number().int(),
    delivery_charge: z.number().int(),
    created_at: z.string(),
    purchase_deadline_ms: z.number().int().nullable(),
    offer_place: z.number().int().describe('0: I won it; 1 or more: it was offered to me as a runner-up'),
  }),
  existing_purchase: z
    .object({
      payment_id: z.string().nullable(),
      purchased_at: z.string(),
      address: DeliveryAddressBody.partial(),
    })
    .nullable(),
  expired: z.boolean(),
  server_time: z.number().int(),
});
export type PurchaseView = z.infer<typeof PurchaseView>;

/** `POST /api/admin/rooms`: every rule of a room, fixed at creation. Money in paise. */
const paise = z.number().int().min(0).max(LIMITS.maxPaise);

export const CreateRoomBody = z.object({
  product_id: z.string().min(1).max(64),
  total_price: paise.optional().describe('Paise; defaults to the product price'),
  base_price: paise,
  max_price: paise,
  bid_value: z.number().int().min(100).multipleOf(100).describe('Paise, a whole number of rupees (₹1 = 100)'),
  bid_seconds: z.number().int().min(1).max(LIMITS.maxBidSeconds),
  entry_fee: paise.default(0),
  max_participants: z
    .number()
    .int()
    .min(LIMITS.minParticipants)
    .max(LIMITS.maxParticipants)
    .default(LIMITS.defaultParticipants),
  scheduled_time: z
    .union([z.iso.datetime({ offset: true }), z.number().int()])
    .describe('ISO 8601 with zone, or ms since the epoch'),
  reward_cash: paise.default(0).describe('Winner bonus in reward cash, paise'),
  runner_up_places: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.maxRunnerUpPlaces)
    .default(LIMITS.defaultRunnerUpPlaces)
    .describe('How many places down the bids the item is offered when a buyer lets the window close (0: none)'),
  max_attempts: z.number().int().min(1).max(LIMITS.maxAttempts).default(LIMITS.defaultMaxAttempts),
});
export type CreateRoomBody = z.input<typeof CreateRoomBody>;
export const RoomCreated = z.object({
  success: z.boolean(),
  message: z.string(),
  room_code: z.string(),
  room: RoomSummary,
});
export type RoomCreated = z.infer<typeof RoomCreated>;

// ── Admin room operations ──────────────────────────────────────────────────────────────
export const AdminRoomStatus = z.enum(['upcoming', 'running', 'completed', 'cancelled']);
/** `GET /api/admin/rooms` and `/api/admin/rooms.csv`: the same filters. */
export const AdminRoomsQuery = z.object({
  status: AdminRoomStatus.optional(),
  q: z.string().max(100).optional().describe('Room code, product name or product code'),
  from: z.iso.date().optional().describe('Start date from (India date, inclusive)'),
  to: z.iso.date().optional().describe('Start date to (India date, inclusive)'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminRoomsQuery = z.input<typeof AdminRoomsQuery>;

export const AdminRoom = z.object({
  code: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  status: AdminRoomStatus,
  scheduled_time_ms: z.number().int(),
  created_by: z.string(),
  remark: z.string().nullable(),
  joined_count: z.number().int(),
  max_participants: z.number().int(),
  entry_fee: z.number().int(),
  base_price: z.number().int(),
  max_price: z.number().int(),
  bid_count: z.number().int(),
  final_bid: z.number().int().nullable(),
  winner_name: z.string().nullable(),
  fees_held: z.number().int().describe('Paise still in escrow'),
  fees_kept: z.number().int(),
  fees_rewarded: z.number().int(),
  fees_refunded: z.number().int(),
  can_cancel: z.boolean(),
  can_reschedule: z.boolean(),
});
export type AdminRoom = z.infer<typeof AdminRoom>;
export const AdminRoomList = z.object({
  rooms: z.array(AdminRoom),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AdminRoomList = z.infer<typeof AdminRoomList>;

const Reason = z.string().trim().min(1, 'Give a reason.').max(200, 'Keep the reason to 200 characters.');
export const CancelRoomBody = z.object({ reason: Reason });
export const RescheduleRoomBody = z.object({
  scheduled_time: z
    .union([z.iso.datetime({ offset: true }), z.number().int()])
    .describe('ISO 8601 with zone, or ms since the epoch'),
  reason: Reason,
});
export const AdminRoomAnswer = z.object({ success: z.boolean(), message: z.string(), room: AdminRoom });
