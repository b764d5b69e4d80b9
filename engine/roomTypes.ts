import type {
  Bid,
  Booking,
  DeliveryAddress,
  EndReason,
  FeeOutcome,
  Purchase,
  PurchaseOffer,
  PurchaseOrder,
  RoomRules,
} from './roomRules.ts';

/** Commands, events and state of the deal room decider (`engine/room.ts`). */

// ── Commands ─────────────────────────────────────────────────────────────────────────────
export type CreateRoom = { type: 'CreateRoom'; data: { rules: Omit<RoomRules, 'createdAt'>; now: number } };
export type BookSeat = {
  type: 'BookSeat';
  data: { reservationId: string; userId: string; userName: string; now: number };
};
/** The scheduler's command at `scheduledTime`: start a full room, cancel any other. */
export type StartRoom = { type: 'StartRoom'; data: { now: number } };
export type PlaceBid = { type: 'PlaceBid'; data: { bidId: string; userId: string; now: number } };
/** The scheduler's command at the round deadline. */
export type CloseRound = { type: 'CloseRound'; data: { now: number } };
export type CreatePurchaseOrder = {
  type: 'CreatePurchaseOrder';
  data: { orderId: string; userId: string; address: DeliveryAddress; now: number };
};
export type ConfirmPurchase = {
  type: 'ConfirmPurchase';
  data: { orderId: string; paymentId: string; userId: string; amount: number; now: number };
};
/**
 * The scheduler's command at the current offer's deadline: pass the offer to the runner-up
 * (`PurchaseOfferPassed`), or, with no places or members left, end the room unsold (`PurchaseWindowExpired`).
 */
export type ExpirePurchaseWindow = { type: 'ExpirePurchaseWindow'; data: { now: number } };
/** Who did an admin action on a room, as recorded in its event. */
export interface RoomOperator {
  userId: string;
  name: string;
}
/** An admin cancels an upcoming room with a reason; every booked fee is refunded. */
export type CancelRoom = { type: 'CancelRoom'; data: { by: RoomOperator; reason: string; now: number } };
/** An admin moves an upcoming room nobody has booked to another start time. */
export type RescheduleRoom = {
  type: 'RescheduleRoom';
  data: { by: RoomOperator; reason: string; scheduledTime: number; now: number };
};

export type RoomCommand =
  | CreateRoom
  | BookSeat
  | StartRoom
  | PlaceBid
  | CloseRound
  | CreatePurchaseOrder
  | ConfirmPurchase
  | ExpirePurchaseWindow
  | CancelRoom
  | RescheduleRoom;

// ── Events ───────────────────────────────────────────────────────────────────────────────
export type RoomCreated = { type: 'RoomCreated'; data: RoomRules };
export type SeatBooked = { type: 'SeatBooked'; data: Booking };
export type RoomStarted = { type: 'RoomStarted'; data: { price: number; deadline: number; at: number } };
export type BidPlaced = { type: 'BidPlaced'; data: Bid & { deadline: number } };
export type RoomEnded = {
  type: 'RoomEnded';
  data: {
    reason: EndReason;
    at: number;
    finalPrice: number;
    winner: { userId: string; userName: string } | null;
    /** End + one hour; null when nobody won. */
    purchaseDeadline: number | null;
    outcomes: FeeOutcome[];
    winnerBonus: number;
  };
};
/** `by` is the admin who cancelled it; absent when the room did not fill by its start time. */
export type RoomCancelled = {
  type: 'RoomCancelled';
  data: { at: number; remark: string; outcomes: FeeOutcome[]; by?: RoomOperator };
};
export type RoomRescheduled = {
  type: 'RoomRescheduled';
  data: { from: number; to: number; at: number; reason: string; by: RoomOperator };
};
export type PurchaseOrderCreated = { type: 'PurchaseOrderCreated'; data: PurchaseOrder & { userId: string } };
export type RoomPurchased = { type: 'RoomPurchased'; data: Purchase & { userId: string } };
export type PurchaseWindowExpired = { type: 'PurchaseWindowExpired'; data: { at: number } };
/**
 * The holder of the purchase offer let their window close: the item is offered to `to` at their
 * last deal (`price`), as the `place`-th runner-up, until `deadline` (a window of the same length).
 * Fees and bonus are not moved: they settled once when the room ended (see `engine/sagas/settlement.ts`).
 */
export type PurchaseOfferPassed = {
  type: 'PurchaseOfferPassed';
  data: {
    from: { userId: string; userName: string };
    to: { userId: string; userName: string };
    price: number;
    place: number;
    deadline: number;
    at: number;
  };
};

export type RoomEvent =
  | RoomCreated
  | SeatBooked
  | RoomStarted
  | BidPlaced
  | RoomEnded
  | RoomCancelled
  | PurchaseOrderCreated
  | RoomPurchased
  | PurchaseWindowExpired
  | PurchaseOfferPassed
  | RoomRescheduled;

// ── State ────────────────────────────────────────────────────────────────────────────────
export interface Live {
  rules: RoomRules;
  bookings: Booking[];
}
export interface Bidding extends Live {
  price: number;
  bids: Bid[];
  attempts: Record<string, number>;
  leader: string | null;
}
export type RoomState =
  | { status: 'none' }
  | (Live & { status: 'upcoming' })
  | (Bidding & { status: 'running'; startedAt: number; deadline: number })
  | (Bidding & {
      status: 'ended';
      startedAt: number;
      ended: RoomEnded['data'];
      orders: Record<string, PurchaseOrder & { userId: string }>;
      purchase: Purchase | null;
      expired: boolean;
      /** Who may buy now (null when nobody won); after the last window closes, the last holder. */
      offer: PurchaseOffer | null;
      /** Every member the item has been offered to, winner first: none is offered it twice. */
      offered: string[];
    })
  | (Live & { status: 'cancelled'; cancelledAt: number; remark: string; outcomes: FeeOutcome[] });
