import { DomainError } from './decider.ts';

/** Types, limits and messages of a deal room (`room-{code}`); `engine/room.ts` is the decider. */

export const roomStream = (code: string): string => `room-${code}`;
export const ROOM_CODE_PATTERN = /^[A-Z0-9]{6}$/;

export const LIMITS = {
  minParticipants: 2,
  maxParticipants: 10,
  defaultParticipants: 2,
  defaultMaxAttempts: 5,
  maxAttempts: 20,
  maxBidSeconds: 3600,
  /** One hour from the end of the deal (storefront §9: 3,600,000 ms). */
  purchaseWindowMs: 3_600_000,
  /** How many places down the bids a defaulted purchase offer may pass (issue 21.6). */
  maxRunnerUpPlaces: 5,
  /** What the admin form starts with for a new room. */
  defaultRunnerUpPlaces: 2,
  /** ₹1 crore: no deal goes above it; keeps sums far from float trouble. */
  maxPaise: 10_000_000_00,
} as const;

export const NOT_ENOUGH_PARTICIPANTS = 'not enough participants';

export interface RoomProduct {
  id: string;
  code: string;
  name: string;
  imageUrl: string | null;
}

/** Every rule of a room, fixed when it is created. Money in paise; times in ms since the epoch. */
export interface RoomRules {
  code: string;
  product: RoomProduct;
  totalPrice: number;
  basePrice: number;
  maxPrice: number;
  /** The fixed increment of every deal, in paise (a whole number of rupees). */
  bidValue: number;
  bidSeconds: number;
  entryFee: number;
  maxParticipants: number;
  scheduledTime: number;
  /** Reward cash the winner receives as a bonus. */
  rewardCash: number;
  maxAttempts: number;
  /**
   * How many places down the bids the purchase offer may pass when a holder lets their window close
   * (0: the room ends unsold, as before). Rooms created before this rule have no value: read with
   * `runnerUpPlacesOf`, which upcasts a missing one to 0, so their history means what it meant.
   */
  runnerUpPlaces?: number;
  /**
   * True for every room created since the rule (Create Room and the seed set it): a payment that
   * completes after the room ended unsold (its window recorded closed, no place left) does not buy
   * the item; it goes to the payer's wallet. Rooms created before it have no value and keep the
   * rule they were run under (such a payment still bought the item), so their recorded history
   * still passes the rules check.
   */
  closedAfterExpiry?: boolean;
  createdBy: { userId: string; name: string };
  createdAt: number;
}

export interface Booking {
  reservationId: string;
  userId: string;
  userName: string;
  fee: number;
  bookedAt: number;
}

export interface Bid {
  bidId: string;
  /** 1-based number of the bid in the room. */
  seq: number;
  userId: string;
  userName: string;
  amount: number;
  /** How many bids this member has placed, this one included. */
  attempt: number;
  at: number;
}

/** What happens to one pre-booked fee when the room finishes. */
export type FeeFate = 'refund' | 'reward' | 'kept';

export interface FeeOutcome {
  reservationId: string;
  userId: string;
  fee: number;
  fate: FeeFate;
}

export type EndReason = 'deadline' | 'max_price' | 'no_bidders';

export interface DeliveryAddress {
  full_name: string;
  contact_number: string;
  pincode: string;
  address_line1: string;
  address_line2?: string;
  landmark?: string;
  city: string;
  state: string;
  address_type: 'home' | 'work' | 'other';
  platform?: string;
}

export const REQUIRED_ADDRESS_FIELDS = [
  'full_name',
  'contact_number',
  'pincode',
  'address_line1',
  'city',
  'state',
  'address_type',
] as const satisfies readonly (keyof DeliveryAddress)[];

export interface PurchaseOrder {
  orderId: string;
  amount: number;
  address: DeliveryAddress;
  createdAt: number;
}

/** Who may buy a won room now, at what price and until when: the winner (place 0) or a runner-up. */
export interface PurchaseOffer {
  userId: string;
  userName: string;
  /** That member's last deal, in paise. */
  price: number;
  /** 0 for the winner, 1 for the first runner-up, and so on. */
  place: number;
  deadline: number;
}

export interface Purchase {
  orderId: string;
  paymentId: string;
  amount: number;
  address: DeliveryAddress;
  at: number;
}

/** The stable codes and the words a member sees. */
export const ROOM_MESSAGES = {
  ROOM_NOT_FOUND: 'Room not found',
  ROOM_EXISTS: 'A room with this code already exists.',
  INVALID_ROOM: 'These room settings are not valid.',
  PREBOOK_CLOSED: 'Pre-booking has closed for this deal.',
  ROOM_FULL: 'Room Full',
  ALREADY_BOOKED: 'You have already booked',
  NOT_STARTED: 'The deal has not started yet.',
  ROOM_CANCELLED: 'This deal was cancelled: not enough participants.',
  AUCTION_ENDED: 'This deal has ended.',
  NOT_PARTICIPANT: 'Only members who pre-booked this deal can place deals. You are in view-only mode.',
  BID_LIMIT: 'You’ve reached your deal limit.',
  CONSECUTIVE_BID: 'You already hold the highest deal. Wait for another member to place one.',
  BID_ID_TAKEN: 'This deal id belongs to another member’s deal. Place your deal again.',
  MAX_PRICE: 'This deal has reached its maximum price.',
  BID_TOO_LATE: 'Too late: this round had already closed.',
  START_TOO_EARLY: 'The deal has not reached its start time yet.',
  PURCHASE_NOT_OPEN: 'You can purchase once the deal has ended.',
  NOT_WINNER: 'Only the winner of this deal can purchase it.',
  OFFER_PASSED: 'Your purchase window closed, so this item was offered to the next member.',
  NO_WINNER: 'This deal ended without a winner, so there is nothing to purchase.',
  PURCHASE_WINDOW_EXPIRED: 'Purchase window expired',
  ALREADY_PURCHASED: 'You have already submitted this purchase',
  INVALID_ADDRESS: 'Please fill in every required field of the delivery address.',
  PAYMENT_ORDER_NOT_FOUND: 'We could not find this payment order.',
  PAYMENT_AMOUNT_MISMATCH: 'The amount paid does not match the price of this deal.',
  NOT_UPCOMING: 'Only an upcoming room can be cancelled or rescheduled.',
  ROOM_BOOKED: 'Members have booked this room, so it can no longer be rescheduled. Cancel it instead.',
  REASON_REQUIRED: 'Give a reason (up to 200 characters); members and auditors will see it.',
  INVALID_SCHEDULE: 'Pick a start time in the future.',
} as const;

export type RoomErrorCode = keyof typeof ROOM_MESSAGES;

export const roomError = (code: RoomErrorCode, details?: Record<string, unknown>, message?: string): DomainError =>
  new DomainError(code, message ?? ROOM_MESSAGES[code], details);

/** "Too late: this round closed 0.4 s before your deal arrived." */
export const lateMessage = (lateByMs: number): string =>
  `Too late: this round closed ${(lateByMs / 1000).toFixed(1)} s before your deal arrived.`;

const isMoney = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= LIMITS.maxPaise;

/** Every problem with a room's settings, in words an admin can act on; empty when they are fine. */
export const ruleProblems = (r: Omit<RoomRules, 'createdAt'>, now: number): string[] => {
  const p: string[] = [];
  if (!ROOM_CODE_PATTERN.test(r.code)) p.push('room code must be 6 capital letters or digits');
  if (!r.product.id || !r.product.name) p.push('a product is required');
  for (const [name, value] of [
    ['total_price', r.totalPrice],
    ['base_price', r.basePrice],
    ['max_price', r.maxPrice],
    ['entry_fee', r.entryFee],
    ['reward_cash', r.rewardCash],
  ] as const) {
    if (!isMoney(value)) p.push(`${name} must be an amount of at least 0`);
  }
  if (!Number.isSafeInteger(r.bidValue) || r.bidValue < 100 || r.bidValue % 100 !== 0) {
    p.push('bid_value must be a whole number of rupees, at least ₹1');
  }
  if (!Number.isSafeInteger(r.bidSeconds) || r.bidSeconds < 1 || r.bidSeconds > LIMITS.maxBidSeconds) {
    p.push(`bid_seconds must be a whole number from 1 to ${LIMITS.maxBidSeconds}`);
  }
  if (
    !Number.isSafeInteger(r.maxParticipants) ||
    r.maxParticipants < LIMITS.minParticipants ||
    r.maxParticipants > LIMITS.maxParticipants
  ) {
    p.push(`max_participants must be from ${LIMITS.minParticipants} to ${LIMITS.maxParticipants}`);
  }
  if (!Number.isSafeInteger(r.maxAttempts) || r.maxAttempts < 1 || r.maxAttempts > LIMITS.maxAttempts) {
    p.push(`max attempts must be from 1 to ${LIMITS.maxAttempts}`);
  }
  const places = r.runnerUpPlaces;
  if (places !== undefined && (!Number.isSafeInteger(places) || places < 0 || places > LIMITS.maxRunnerUpPlaces)) {
    p.push(`runner_up_places must be from 0 to ${LIMITS.maxRunnerUpPlaces}`);
  }
  if (r.closedAfterExpiry !== undefined && typeof r.closedAfterExpiry !== 'boolean') {
    p.push('closedAfterExpiry must be true or false');
  }
  if (isMoney(r.basePrice) && isMoney(r.maxPrice) && r.basePrice + r.bidValue > r.maxPrice) {
    p.push('max_price must leave room for at least one deal above base_price');
  }
  if (!Number.isSafeInteger(r.scheduledTime) || r.scheduledTime <= now) p.push('scheduled_time must be in the future');
  return p;
};

export const addressComplete = (a: DeliveryAddress): boolean =>
  REQUIRED_ADDRESS_FIELDS.every((f) => typeof a[f] === 'string' && a[f].trim() !== '') &&
  ['home', 'work', 'other'].includes(a.address_type);

/** Winner's fee is kept as the entry; every other fee becomes reward cash; with no winner every fee is refunded. */
export const feeOutcomes = (bookings: readonly Booking[], winnerId: string | null): FeeOutcome[] =>
  bookings.map((b) => ({
    reservationId: b.reservationId,
    userId: b.userId,
    fee: b.fee,
    fate: winnerId === null ? 'refund' : b.userId === winnerId ? 'kept' : 'reward',
  }));

/** Members who may still place a deal: attempts left and not holding the highest deal. */
export const ableBidders = (
  bookings: readonly Booking[],
  attempts: Readonly<Record<string, number>>,
  leader: string | null,
  maxAttempts: number,
): string[] =>
  bookings.filter((b) => b.userId !== leader && (attempts[b.userId] ?? 0) < maxAttempts).map((b) => b.userId);

/** The room's runner-up places; a room created before the rule existed has none (upcast to 0). */
export const runnerUpPlacesOf = (rules: Pick<RoomRules, 'runnerUpPlaces'>): number => rules.runnerUpPlaces ?? 0;

/**
 * Whom a lapsed purchase offer passes to: the member with the highest last deal among those never
 * offered the item (a defaulter is never offered it again), at that deal's amount; null when
 * nobody is left. A member's last deal is their highest, since every deal raises the price.
 */
export const nextOfferHolder = (
  bids: readonly Bid[],
  offered: readonly string[],
): { userId: string; userName: string; price: number } | null => {
  const last = new Map<string, Bid>();
  for (const b of bids) last.set(b.userId, b);
  const left = [...last.values()].filter((b) => !offered.includes(b.userId)).sort((x, y) => y.amount - x.amount);
  const next = left[0];
  return next ? { userId: next.userId, userName: next.userName, price: next.amount } : null;
};
