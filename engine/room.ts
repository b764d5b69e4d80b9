import type { Decider } from './decider.ts';
import { assertNever } from './decider.ts';
import type { EndReason } from './roomRules.ts';
import type {
  BidPlaced,
  Bidding,
  BookSeat,
  CancelRoom,
  CloseRound,
  ConfirmPurchase,
  CreatePurchaseOrder,
  CreateRoom,
  ExpirePurchaseWindow,
  PlaceBid,
  RescheduleRoom,
  RoomCommand,
  RoomEnded,
  RoomEvent,
  RoomState,
  StartRoom,
} from './roomTypes.ts';
import {
  ableBidders,
  addressComplete,
  feeOutcomes,
  lateMessage,
  LIMITS,
  NOT_ENOUGH_PARTICIPANTS,
  nextOfferHolder,
  roomError,
  ruleProblems,
  runnerUpPlacesOf,
} from './roomRules.ts';

export * from './roomRules.ts';
export type * from './roomTypes.ts';

export const initialState: RoomState = { status: 'none' };

// ── Decide ───────────────────────────────────────────────────────────────────────────────
const createRoom = ({ rules, now }: CreateRoom['data'], state: RoomState): RoomEvent[] => {
  if (state.status !== 'none') throw roomError('ROOM_EXISTS');
  const problems = ruleProblems(rules, now);
  if (problems.length) throw roomError('INVALID_ROOM', { problems }, `Invalid room: ${problems.join('; ')}.`);
  return [{ type: 'RoomCreated', data: { ...rules, createdAt: now } }];
};

const bookSeat = (c: BookSeat['data'], state: RoomState): RoomEvent[] => {
  if (state.status === 'none') throw roomError('ROOM_NOT_FOUND');
  if (state.bookings.some((b) => b.reservationId === c.reservationId)) return [];
  if (state.status !== 'upcoming' || c.now >= state.rules.scheduledTime) throw roomError('PREBOOK_CLOSED');
  if (state.bookings.some((b) => b.userId === c.userId)) throw roomError('ALREADY_BOOKED');
  if (state.bookings.length >= state.rules.maxParticipants) throw roomError('ROOM_FULL');
  const { reservationId, userId, userName, now } = c;
  return [{ type: 'SeatBooked', data: { reservationId, userId, userName, fee: state.rules.entryFee, bookedAt: now } }];
};

const startRoom = ({ now }: StartRoom['data'], state: RoomState): RoomEvent[] => {
  if (state.status === 'none') throw roomError('ROOM_NOT_FOUND');
  if (state.status !== 'upcoming') return [];
  if (now < state.rules.scheduledTime) throw roomError('START_TOO_EARLY');
  if (state.bookings.length < state.rules.maxParticipants) {
    const outcomes = feeOutcomes(state.bookings, null);
    return [{ type: 'RoomCancelled', data: { at: now, remark: NOT_ENOUGH_PARTICIPANTS, outcomes } }];
  }
  const deadline = now + state.rules.bidSeconds * 1000;
  return [{ type: 'RoomStarted', data: { price: state.rules.basePrice, deadline, at: now } }];
};

/** `at` is when the deal ended; the purchase window opens when the end is recorded (`now`). */
const ending = (s: Bidding, reason: EndReason, at: number, now: number): RoomEnded => {
  const leader = s.leader === null ? null : s.bookings.find((b) => b.userId === s.leader)!;
  return {
    type: 'RoomEnded',
    data: {
      reason,
      at,
      finalPrice: s.price,
      winner: leader ? { userId: leader.userId, userName: leader.userName } : null,
      purchaseDeadline: leader ? now + LIMITS.purchaseWindowMs : null,
      outcomes: feeOutcomes(s.bookings, leader?.userId ?? null),
      winnerBonus: leader ? s.rules.rewardCash : 0,
    },
  };
};

const notRunning = (state: RoomState): never => {
  switch (state.status) {
    case 'none':
      throw roomError('ROOM_NOT_FOUND');
    case 'upcoming':
      throw roomError('NOT_STARTED');
    case 'cancelled':
      throw state.remark === NOT_ENOUGH_PARTICIPANTS
        ? roomError('ROOM_CANCELLED')
        : roomError('ROOM_CANCELLED', undefined, `This deal was cancelled: ${state.remark}`);
    default:
      throw roomError('AUCTION_ENDED');
  }
};

const placeBid = ({ bidId, userId, now: arrived }: PlaceBid['data'], state: RoomState): RoomEvent[] => {
  // A deal id already in this room: the same member re-sending it gets nothing new (the caller
  // answers with what was recorded); another member's id is refused.
  const known =
    state.status === 'running' || state.status === 'ended' ? state.bids.find((b) => b.bidId === bidId) : undefined;
  if (known && known.userId !== userId) throw roomError('BID_ID_TAKEN');
  if (known) return [];
  if (state.status !== 'running') return notRunning(state);
  // A deal is never timed before the room's last event (two processes' clocks differ by a little):
  // so deal times, and with them deadlines, only move forward.
  const now = Math.max(arrived, state.startedAt, state.bids.at(-1)?.at ?? 0);
  const booking = state.bookings.find((b) => b.userId === userId);
  if (!booking) throw roomError('NOT_PARTICIPANT');
  if (now >= state.deadline) {
    const lateByMs = now - state.deadline;
    throw roomError('BID_TOO_LATE', { lateByMs, deadline: state.deadline }, lateMessage(lateByMs));
  }
  const used = state.attempts[userId] ?? 0;
  if (used >= state.rules.maxAttempts) throw roomError('BID_LIMIT', { used, max: state.rules.maxAttempts });
  if (state.leader === userId) throw roomError('CONSECUTIVE_BID');
  const amount = state.price + state.rules.bidValue;
  if (amount > state.rules.maxPrice) throw roomError('MAX_PRICE');
  const bid: BidPlaced = {
    type: 'BidPlaced',
    data: {
      bidId,
      seq: state.bids.length + 1,
      userId,
      userName: booking.userName,
      amount,
      attempt: used + 1,
      at: now,
      deadline: now + state.rules.bidSeconds * 1000,
    },
  };
  const after = evolve(state, bid);
  if (after.status !== 'running') return [bid];
  if (amount + state.rules.bidValue > state.rules.maxPrice) return [bid, ending(after, 'max_price', now, now)];
  if (ableBidders(after.bookings, after.attempts, after.leader, after.rules.maxAttempts).length === 0) {
    return [bid, ending(after, 'no_bidders', now, now)];
  }
  return [bid];
};

const closeRound = ({ now }: CloseRound['data'], state: RoomState): RoomEvent[] => {
  if (state.status === 'none') throw roomError('ROOM_NOT_FOUND');
  if (state.status !== 'running' || now < state.deadline) return [];
  return [ending(state, 'deadline', state.deadline, now)];
};

/** The room, when `userId` holds its purchase offer now: the winner, or a runner-up it passed to. */
const wonRoom = (state: RoomState, userId: string) => {
  if (state.status === 'running') throw roomError('PURCHASE_NOT_OPEN');
  if (state.status !== 'ended') return notRunning(state);
  if (!state.ended.winner || !state.offer) throw roomError('NO_WINNER');
  if (state.offer.userId !== userId) {
    throw state.offered.includes(userId) ? roomError('OFFER_PASSED') : roomError('NOT_WINNER');
  }
  return { ...state, offer: state.offer };
};

/** The holder orders at their own price (the room's, never the client's), inside their window. */
const createPurchaseOrder = (c: CreatePurchaseOrder['data'], state: RoomState): RoomEvent[] => {
  const room = wonRoom(state, c.userId);
  if (room.orders[c.orderId]) return [];
  if (room.purchase) throw roomError('ALREADY_PURCHASED');
  if (room.expired || c.now >= room.offer.deadline) throw roomError('PURCHASE_WINDOW_EXPIRED');
  if (!addressComplete(c.address)) throw roomError('INVALID_ADDRESS');
  const order = {
    orderId: c.orderId,
    userId: c.userId,
    amount: room.offer.price,
    address: c.address,
    createdAt: c.now,
  };
  return [{ type: 'PurchaseOrderCreated', data: order }];
};

/**
 * A payment for an order made inside the window is honoured even when it completes just after the
 * hour, while its maker still holds the offer and the window has not been recorded closed: once it
 * has passed to a runner-up only they can buy, and once the room has ended unsold nobody can (in a
 * room created under that rule, `closedAfterExpiry`; an older room keeps the rule it ran under).
 * A payment is only ever for its payer's own order, checked first: every later refusal (a deal
 * already bought, an offer passed on) is about money that member paid, and goes back to them.
 */
const confirmPurchase = (c: ConfirmPurchase['data'], state: RoomState): RoomEvent[] => {
  if (state.status === 'ended' && state.orders[c.orderId]?.userId !== c.userId) {
    throw roomError('PAYMENT_ORDER_NOT_FOUND');
  }
  const room = wonRoom(state, c.userId);
  if (room.purchase?.paymentId === c.paymentId) return [];
  if (room.purchase) throw roomError('ALREADY_PURCHASED');
  if (room.expired && room.rules.closedAfterExpiry === true) throw roomError('PURCHASE_WINDOW_EXPIRED');
  const order = room.orders[c.orderId];
  if (!order) throw roomError('PAYMENT_ORDER_NOT_FOUND');
  if (c.amount !== order.amount) throw roomError('PAYMENT_AMOUNT_MISMATCH', { expected: order.amount, paid: c.amount });
  const { orderId, paymentId, userId, amount, now } = c;
  return [{ type: 'RoomPurchased', data: { orderId, paymentId, userId, amount, address: order.address, at: now } }];
};

/**
 * At the offer's deadline the item passes to the next member by last deal, with a window of the
 * same length, while the room's runner-up places last; with none left the room ends unsold.
 */
const expirePurchaseWindow = ({ now }: ExpirePurchaseWindow['data'], state: RoomState): RoomEvent[] => {
  if (state.status !== 'ended' || state.expired || state.purchase || !state.offer) return [];
  if (now < state.offer.deadline) return [];
  const { offer } = state;
  const next = offer.place < runnerUpPlacesOf(state.rules) ? nextOfferHolder(state.bids, state.offered) : null;
  if (!next) return [{ type: 'PurchaseWindowExpired', data: { at: now } }];
  return [
    {
      type: 'PurchaseOfferPassed',
      data: {
        from: { userId: offer.userId, userName: offer.userName },
        to: { userId: next.userId, userName: next.userName },
        price: next.price,
        place: offer.place + 1,
        deadline: now + LIMITS.purchaseWindowMs,
        at: now,
      },
    },
  ];
};

/** The reason an admin gives, trimmed; at most 200 characters and never empty. */
const operatorReason = (reason: string): string => {
  const r = reason.trim();
  if (r === '' || r.length > 200) throw roomError('REASON_REQUIRED');
  return r;
};

const upcomingFor = (state: RoomState, now: number) => {
  if (state.status === 'none') throw roomError('ROOM_NOT_FOUND');
  if (state.status !== 'upcoming' || now >= state.rules.scheduledTime) throw roomError('NOT_UPCOMING');
  return state;
};

/** An admin's cancel of an upcoming room: the same end as a room that did not fill, so every fee is refunded. */
const cancelRoom = ({ by, reason, now }: CancelRoom['data'], state: RoomState): RoomEvent[] => {
  if (state.status === 'cancelled' && state.remark === reason.trim()) return [];
  const room = upcomingFor(state, now);
  const remark = operatorReason(reason);
  return [{ type: 'RoomCancelled', data: { at: now, remark, outcomes: feeOutcomes(room.bookings, null), by } }];
};

/** Moving a room is fair only while nobody has paid to be in it at the old time. */
const rescheduleRoom = (c: RescheduleRoom['data'], state: RoomState): RoomEvent[] => {
  const room = upcomingFor(state, c.now);
  if (room.rules.scheduledTime === c.scheduledTime) return [];
  if (room.bookings.length > 0) throw roomError('ROOM_BOOKED', { booked: room.bookings.length });
  const reason = operatorReason(c.reason);
  if (!Number.isSafeInteger(c.scheduledTime) || c.scheduledTime <= c.now) throw roomError('INVALID_SCHEDULE');
  return [
    {
      type: 'RoomRescheduled',
      data: { from: room.rules.scheduledTime, to: c.scheduledTime, at: c.now, reason, by: c.by },
    },
  ];
};

/**
 * The deal room. Guarantees: rules never change after creation, except the start time of a room
 * nobody has booked (an admin's reschedule, with a reason); an admin cancels only an upcoming room; a seat costs exactly the entry fee
 * and at most `maxParticipants` members book; every accepted deal is `current + bidValue`, never
 * above `maxPrice`, never two in a row by one member, at most `maxAttempts` per member, and only
 * before the round deadline; the room starts or is cancelled once, ends once, with the last
 * bidder as winner and every fee given exactly one fate; only the holder of the purchase offer buys,
 * once, within their hour, at their last deal: the winner first, then, each time a window closes,
 * the next member by last deal who was never offered it, for at most `runnerUpPlaces` places.
 */
export const decide = (command: RoomCommand, state: RoomState): RoomEvent[] => {
  switch (command.type) {
    case 'CreateRoom':
      return createRoom(command.data, state);
    case 'BookSeat':
      return bookSeat(command.data, state);
    case 'StartRoom':
      return startRoom(command.data, state);
    case 'PlaceBid':
      return placeBid(command.data, state);
    case 'CloseRound':
      return closeRound(command.data, state);
    case 'CreatePurchaseOrder':
      return createPurchaseOrder(command.data, state);
    case 'ConfirmPurchase':
      return confirmPurchase(command.data, state);
    case 'ExpirePurchaseWindow':
      return expirePurchaseWindow(command.data, state);
    case 'CancelRoom':
      return cancelRoom(command.data, state);
    case 'RescheduleRoom':
      return rescheduleRoom(command.data, state);
    default:
      return assertNever(command);
  }
};

// ── Evolve ───────────────────────────────────────────────────────────────────────────────
export const evolve = (state: RoomState, event: RoomEvent): RoomState => {
  switch (event.type) {
    case 'RoomCreated':
      // A room is created once; a second creation in a stream (only possible by tampering) changes nothing.
      return state.status === 'none' ? { status: 'upcoming', rules: event.data, bookings: [] } : state;
    case 'SeatBooked':
      return state.status === 'upcoming' ? { ...state, bookings: [...state.bookings, event.data] } : state;
    case 'RoomStarted':
      if (state.status !== 'upcoming') return state;
      return {
        ...state,
        status: 'running',
        price: event.data.price,
        deadline: event.data.deadline,
        startedAt: event.data.at,
        bids: [],
        attempts: {},
        leader: null,
      };
    case 'BidPlaced': {
      if (state.status !== 'running') return state;
      const { deadline, ...bid } = event.data;
      return {
        ...state,
        price: bid.amount,
        deadline,
        bids: [...state.bids, bid],
        attempts: { ...state.attempts, [bid.userId]: bid.attempt },
        leader: bid.userId,
      };
    }
    case 'RoomEnded': {
      if (state.status !== 'running') return state;
      const { winner, finalPrice, purchaseDeadline } = event.data;
      return {
        ...state,
        status: 'ended',
        ended: event.data,
        orders: {},
        purchase: null,
        expired: false,
        offer:
          winner && purchaseDeadline !== null
            ? { ...winner, price: finalPrice, place: 0, deadline: purchaseDeadline }
            : null,
        offered: winner ? [winner.userId] : [],
      };
    }
    case 'PurchaseOfferPassed': {
      if (state.status !== 'ended') return state;
      const { to, price, place, deadline } = event.data;
      return { ...state, offer: { ...to, price, place, deadline }, offered: [...state.offered, to.userId] };
    }
    case 'RoomCancelled':
      if (state.status !== 'upcoming') return state;
      return {
        ...state,
        status: 'cancelled',
        cancelledAt: event.data.at,
        remark: event.data.remark,
        outcomes: event.data.outcomes,
      };
    case 'PurchaseOrderCreated':
      return state.status === 'ended'
        ? { ...state, orders: { ...state.orders, [event.data.orderId]: event.data } }
        : state;
    case 'RoomPurchased': {
      if (state.status !== 'ended') return state;
      const { orderId, paymentId, amount, address, at } = event.data;
      return { ...state, purchase: { orderId, paymentId, amount, address, at } };
    }
    case 'PurchaseWindowExpired':
      return state.status === 'ended' ? { ...state, expired: true } : state;
    case 'RoomRescheduled':
      return state.status === 'upcoming'
        ? { ...state, rules: { ...state.rules, scheduledTime: event.data.to } }
        : state;
    default:
      return assertNever(event);
  }
};

export const roomDecider: Decider<RoomCommand, RoomEvent, RoomState> = {
  initialState,
  decide,
  evolve,
};
