import type { BidRow, ParticipantRow, RoomRow } from '../../projections/roomQueries.ts';
import type { BidEntry, MeRemark, Participant, RoomSummary } from '../contract/rooms.ts';

/** Room read-model rows mapped to the wire contract (`api/contract/rooms.ts`). */
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The API's status names: `ended` in the engine is `completed` here, as in the specs. */
export const apiStatus = (s: RoomRow['status']) => (s === 'ended' ? 'completed' : s);

export const toRoomSummary = (r: RoomRow, participants: readonly ParticipantRow[], now: number): RoomSummary => ({
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
  end_reason: r.end_reason as RoomSummary['end_reason'],
  ended_at: iso(r.ended_at),
  purchase_deadline_ms: r.purchase_deadline,
  offer:
    r.offer_user_id === null
      ? null
      : { user_id: r.offer_user_id, username: r.offer_user_name!, price: r.offer_price!, place: r.offer_place! },
  runner_up_places: r.runner_up_places,
  purchased: r.purchased_at !== null,
  purchase_expired:
    r.purchased_at === null && r.purchase_deadline !== null && (r.expired === 1 || now >= r.purchase_deadline),
  revision: r.revision,
  server_time: now,
});

export const toBidEntry = (b: BidRow): BidEntry => ({
  seq: b.seq,
  user_id: b.user_id,
  username: b.user_name,
  bid_amount: b.amount,
  created_at: iso(b.at)!,
  created_at_ms: b.at,
});

export const toParticipant = (p: ParticipantRow, max: number): Participant => ({
  user_id: p.user_id,
  username: p.user_name,
  used: p.bids_used,
  remaining: Math.max(0, max - p.bids_used),
});

export const remarkOf = (r: RoomRow, userId: string, prebooked: boolean): MeRemark => {
  if (!prebooked) return null;
  if (r.status !== 'ended' || r.winner_id === null) return 'only_joined';
  return r.winner_id === userId ? 'winner' : 'looser';
};

/** The purchase offer and a member: null if never offered; else theirs now, bought by them, or passed on. */
export const myOfferOf = (r: RoomRow, userId: string, myPlace: number | null): 'yours' | 'passed' | 'bought' | null => {
  if (myPlace === null) return null;
  if (r.offer_user_id !== userId) return 'passed';
  return r.purchased_at === null ? 'yours' : 'bought';
};
