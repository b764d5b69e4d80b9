import { z } from 'zod';
import type { BidRow, ParticipantRow, RoomRow } from '../../projections/roomQueries.ts';

/**
 * What the rooms API returns, with the specs' field names. Money is integer paise; `*_ms` fields
 * are server time in ms since the epoch; ISO strings are UTC. `revision` is the room stream
 * revision of the last event the snapshot includes (compare with socket broadcasts).
 */
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The API's status names: `ended` in the engine is `completed` here, as in the specs. */
export const apiStatus = (s: RoomRow['status']) => (s === 'ended' ? 'completed' : s);

export const RoomSchema = z.object({
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
  room_remarks: z.string().nullable().describe('"not enough participants" when cancelled'),
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
  purchase_deadline_ms: z.number().int().nullable(),
  purchased: z.boolean(),
  purchase_expired: z.boolean(),
  revision: z.number().int(),
  server_time: z.number().int(),
});
export type RoomDto = z.infer<typeof RoomSchema>;

export const toRoomDto = (r: RoomRow, participants: readonly ParticipantRow[], now: number): RoomDto => ({
  room_code: r.code,
  code: r.code,
  product_id: r.product_id,
  product_code: r.product_code,
  product_name: r.product_name,
  image_url: r.image_url,
  total_price: r.total_price,
  base_price: r.base_price,
  max_price: r.max_price,
  bid_value: r.bid_value,
  bid_seconds: r.bid_seconds,
  entry_fee: r.entry_fee,
  max_participants: r.max_participants,
  max_attempts: r.max_attempts,
  reward_cash: r.reward_cash,
  scheduled_time: iso(r.scheduled_time)!,
  scheduled_time_ms: r.scheduled_time,
  created_at: iso(r.created_at)!,
  created_by: r.created_by_name,
  status: apiStatus(r.status),
  room_remarks: r.remark,
  joined_count: r.joined_count,
  participants: participants.map((p) => p.user_id),
  current_price: r.current_price,
  deadline_ms: r.status === 'running' ? r.deadline : null,
  bid_count: r.bid_count,
  // Only a won room has a final price; one that ended without a deal has none (as auctionEnded says).
  final_bid: r.winner_id ? r.final_bid : null,
  winner_id: r.winner_id,
  winner_name: r.winner_name,
  end_reason: r.end_reason as RoomDto['end_reason'],
  ended_at: iso(r.ended_at),
  purchase_deadline_ms: r.purchase_deadline,
  purchased: r.purchased_at !== null,
  purchase_expired:
    r.purchased_at === null && r.purchase_deadline !== null && (r.expired === 1 || now >= r.purchase_deadline),
  revision: r.revision,
  server_time: now,
});

export const BidSchema = z.object({
  seq: z.number().int(),
  user_id: z.string(),
  username: z.string(),
  bid_amount: z.number().int(),
  created_at: z.string(),
  created_at_ms: z.number().int(),
});
export const toBidDto = (b: BidRow): z.infer<typeof BidSchema> => ({
  seq: b.seq,
  user_id: b.user_id,
  username: b.user_name,
  bid_amount: b.amount,
  created_at: iso(b.at)!,
  created_at_ms: b.at,
});

export const ParticipantSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  used: z.number().int(),
  remaining: z.number().int(),
});
export const toParticipantDto = (p: ParticipantRow, max: number): z.infer<typeof ParticipantSchema> => ({
  user_id: p.user_id,
  username: p.user_name,
  used: p.bids_used,
  remaining: Math.max(0, max - p.bids_used),
});

/** The member's own view of a room. */
export const MeSchema = z.object({
  prebooked: z.boolean(),
  can_bid: z.boolean().describe('Pre-booked, access granted and the room is running'),
  used: z.number().int(),
  remaining: z.number().int(),
  max: z.number().int(),
  remark: z.enum(['only_joined', 'winner', 'looser']).nullable(),
  is_winner: z.boolean(),
  holds_highest: z.boolean(),
});

export const remarkOf = (r: RoomRow, userId: string, prebooked: boolean): z.infer<typeof MeSchema>['remark'] => {
  if (!prebooked) return null;
  if (r.status !== 'ended' || r.winner_id === null) return 'only_joined';
  return r.winner_id === userId ? 'winner' : 'looser';
};

export const RoomDetailSchema = z.object({
  room: RoomSchema,
  participants: z.array(ParticipantSchema),
  history: z.array(BidSchema),
  bidCounts: z.record(z.string(), z.number().int()),
  userMap: z.record(z.string(), z.string()),
  winner: z.object({ id: z.string(), username: z.string() }).nullable(),
  me: MeSchema.nullable(),
});
export type RoomDetailDto = z.infer<typeof RoomDetailSchema>;
