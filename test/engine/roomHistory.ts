import fc from 'fast-check';
import { sealEvents } from '../../api/store/hashChain.ts';
import { DomainError } from '../../engine/decider.ts';
import type { Actor, RecordedEvent } from '../../engine/eventStore.ts';
import type { DeliveryAddress, RoomCommand, RoomEvent, RoomRules, RoomState } from '../../engine/room.ts';
import { roomDecider, roomStream } from '../../engine/room.ts';

/**
 * Random deal-room histories for property tests: random rules, then bookings, the start, bids
 * from random members at random gaps, round closes, purchase orders, payments and expiry, each
 * decided by the real room decider and recorded as the store would (revision, position, hash chain).
 */

const ADMIN = { userId: 'admin', name: 'Admin' };
export const T0 = Date.parse('2026-11-22T04:30:00.000Z');
export const CODE = 'RPL123';
export const USERS = ['u1', 'u2', 'u3', 'u4', 'u5'] as const;

export const ADDRESS: DeliveryAddress = {
  full_name: 'Kavya R',
  contact_number: '9876543210',
  pincode: '613001',
  address_line1: '12 East Main Street',
  city: 'Thanjavur',
  state: 'Tamil Nadu',
  address_type: 'home',
};

export type Op =
  | { kind: 'book'; user: number }
  | { kind: 'start' }
  /** `gap` in thousandths of the round time; `who`: a booked member other than the leader, the leader, or an outsider. */
  | { kind: 'bid'; user: number; gap: number; who: 'member' | 'leader' | 'outsider' }
  | { kind: 'close'; gap: number }
  | { kind: 'order' }
  | { kind: 'pay'; wrongAmount: boolean }
  | { kind: 'expire'; gap: number }
  | { kind: 'recreate' }
  /** An admin's cancel (a blank reason is refused) or a move of the start by `shift` seconds. */
  | { kind: 'cancel'; reason: string }
  | { kind: 'reschedule'; shift: number };

/** A random draw of room rules, in rupees and steps; `startIn` in seconds after T0. */
export interface RulesDraw {
  base: number;
  step: number;
  steps: number;
  slack: number;
  fee: number;
  reward: number;
  seats: number;
  attempts: number;
  seconds: number;
  startIn: number;
  /** Runner-up places; absent: a room created before the rule (upcast to 0). */
  places?: number | undefined;
}

/** Rules from a draw: prices in paise, the max price `steps` bids above the base plus `slack` paise. */
export const rulesFrom =
  (code: string, product: RoomRules['product']) =>
  (r: RulesDraw): Omit<RoomRules, 'createdAt'> => ({
    code,
    product,
    totalPrice: 2_000_00,
    basePrice: r.base * 100,
    maxPrice: (r.base + r.step * r.steps) * 100 + r.slack,
    bidValue: r.step * 100,
    bidSeconds: r.seconds,
    entryFee: r.fee * 100,
    maxParticipants: r.seats,
    scheduledTime: T0 + r.startIn * 1000,
    rewardCash: r.reward * 100,
    maxAttempts: r.attempts,
    ...(r.places === undefined ? {} : { runnerUpPlaces: r.places }),
    createdBy: { userId: 'admin', name: 'Admin' },
  });

export const rulesArb: fc.Arbitrary<Omit<RoomRules, 'createdAt'>> = fc
  .record({
    base: fc.integer({ min: 0, max: 500 }),
    step: fc.integer({ min: 1, max: 3 }),
    steps: fc.integer({ min: 1, max: 40 }),
    slack: fc.integer({ min: 0, max: 99 }),
    fee: fc.integer({ min: 0, max: 60 }),
    reward: fc.integer({ min: 0, max: 30 }),
    seats: fc.integer({ min: 2, max: 4 }),
    attempts: fc.integer({ min: 1, max: 5 }),
    seconds: fc.integer({ min: 2, max: 30 }),
    startIn: fc.integer({ min: 5, max: 7200 }),
    places: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  })
  .map(rulesFrom(CODE, { id: 'p-1', code: 'PRD001', name: 'Boat Rockerz 450', imageUrl: null }));

/** Thousandths of the round time: mostly inside the round, sometimes just too late. */
/** Thousandths of the round time: mostly inside the round, sometimes just too late. */
const gap = fc.oneof({ weight: 14, arbitrary: fc.integer({ min: 0, max: 500 }) }, fc.integer({ min: 500, max: 1300 }));
const bidArb = fc.record({
  kind: fc.constant('bid' as const),
  user: fc.nat(4),
  gap,
  who: fc.nat(9).map((n): 'member' | 'leader' | 'outsider' => (n === 0 ? 'outsider' : n === 1 ? 'leader' : 'member')),
});
const otherOps = [
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('book' as const), user: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('start' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const), gap: fc.integer({ min: 0, max: 1200 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('order' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recreate' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), reason: fc.constantFrom('Stock delayed', ' ') }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('reschedule' as const), shift: fc.integer({ min: -3600, max: 7200 }) }),
  },
];
const afterOps = [
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('order' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), wrongAmount: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('expire' as const),
      gap: fc.oneof(fc.integer({ min: 0, max: 60_000 }), fc.integer({ min: 3_500_000, max: 3_700_000 })),
    }),
  },
];
/** Any op at all, in any order. */
export const opArb: fc.Arbitrary<Op> = fc.oneof({ weight: 4, arbitrary: bidArb }, ...otherOps, ...afterOps);
const biddingArb: fc.Arbitrary<Op> = fc.oneof({ weight: 12, arbitrary: bidArb }, ...otherOps);
const tailArb: fc.Arbitrary<Op> = fc.oneof(...afterOps, { weight: 1, arbitrary: bidArb });

/** Mostly: members book, the scheduler starts the room, then bids and everything else; sometimes anything goes. */
export const historyArb = fc.record({
  rules: rulesArb,
  ops: fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .tuple(
          fc.oneof(
            { weight: 3, arbitrary: fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 4 }) },
            { weight: 1, arbitrary: fc.array(fc.nat(4), { maxLength: 6 }) },
          ),
          fc.array(biddingArb, { minLength: 3, maxLength: 40, size: 'medium' }),
          fc.array(tailArb, { maxLength: 6 }),
        )
        .map(([books, rest, tail]): Op[] => [
          ...books.map((user) => ({ kind: 'book' as const, user })),
          { kind: 'start' },
          ...rest,
          { kind: 'close', gap: 1_000_000 },
          ...tail,
        ]),
    },
    { weight: 1, arbitrary: fc.array(opArb, { maxLength: 60 }) },
  ),
});

export interface History {
  rules: Omit<RoomRules, 'createdAt'>;
  /** Every event as the store records it. */
  recorded: RecordedEvent[];
  /** The decider's state after each command (the command handler's answer). */
  state: RoomState;
  refusals: string[];
}

/** Runs the ops against the room decider and records every event with revision, position and hash. */
export const runHistory = (rules: Omit<RoomRules, 'createdAt'>, ops: readonly Op[]): History => {
  const stream = roomStream(rules.code);
  const recorded: RecordedEvent[] = [];
  const refusals: string[] = [];
  let state: RoomState = roomDecider.initialState;
  let now = T0;
  let seq = 0;
  const run = (command: RoomCommand, actor: Actor) => {
    let events: RoomEvent[];
    try {
      events = roomDecider.decide(command, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refusals.push(error.code);
      return;
    }
    const commandId = `cmd-${seq++}`;
    const metadata = { at: new Date(now).toISOString(), actor, correlationId: commandId, causationId: null, schema: 1 };
    const last = recorded[recorded.length - 1];
    const sealed = sealEvents(
      stream,
      recorded.length - 1,
      last?.metadata.hash ?? null,
      events.map((e, i) => ({ id: `${commandId}-${i}`, type: e.type, data: e.data, metadata })),
    );
    for (const e of sealed) {
      recorded.push({ ...e, streamName: stream, revision: recorded.length, position: recorded.length + 1 });
    }
    state = events.reduce(roomDecider.evolve, state);
  };
  const member = (i: number): Actor => ({ userId: USERS[i]!, role: 'member' });
  run({ type: 'CreateRoom', data: { rules, now } }, { userId: 'admin', role: 'admin' });
  for (const op of ops) {
    switch (op.kind) {
      case 'book':
        now += 1000;
        run(
          {
            type: 'BookSeat',
            data: { reservationId: `res-${op.user}`, userId: USERS[op.user]!, userName: `Member ${op.user}`, now },
          },
          member(op.user),
        );
        break;
      case 'start':
        now = Math.max(now, state.status === 'none' ? rules.scheduledTime : state.rules.scheduledTime);
        run({ type: 'StartRoom', data: { now } }, 'system');
        break;
      case 'bid': {
        now += Math.round((op.gap * rules.bidSeconds * 1000) / 1000);
        const leader = state.status === 'running' ? state.leader : null;
        const others = state.status === 'none' ? [] : state.bookings.filter((b) => b.userId !== leader);
        const pick =
          op.who === 'leader' ? leader : op.who === 'member' ? others[op.user % others.length]?.userId : null;
        const user = pick ? USERS.indexOf(pick as (typeof USERS)[number]) : op.user;
        run({ type: 'PlaceBid', data: { bidId: `bid-${seq}`, userId: USERS[user]!, now } }, member(user));
        break;
      }
      case 'close':
        now += Math.round((op.gap * rules.bidSeconds * 1000) / 1000);
        run({ type: 'CloseRound', data: { now } }, 'system');
        break;
      case 'order':
      case 'pay': {
        // The holder of the purchase offer: the winner, or a runner-up it passed to.
        const holder = state.status === 'ended' ? state.offer : null;
        const userId = holder?.userId ?? USERS[0];
        const amount = holder?.price ?? 0;
        now += 1000;
        run(
          op.kind === 'order'
            ? { type: 'CreatePurchaseOrder', data: { orderId: `order-${userId}`, userId, address: ADDRESS, now } }
            : {
                type: 'ConfirmPurchase',
                data: {
                  orderId: `order-${userId}`,
                  paymentId: 'pay-1',
                  userId,
                  amount: amount + (op.wrongAmount ? 100 : 0),
                  now,
                },
              },
          { userId, role: 'member' },
        );
        break;
      }
      case 'expire':
        now += op.gap;
        run({ type: 'ExpirePurchaseWindow', data: { now } }, 'system');
        break;
      case 'cancel':
        now += 1000;
        run({ type: 'CancelRoom', data: { by: ADMIN, reason: op.reason, now } }, { userId: 'admin', role: 'admin' });
        break;
      case 'reschedule': {
        now += 1000;
        const from = state.status === 'none' ? rules.scheduledTime : state.rules.scheduledTime;
        run(
          {
            type: 'RescheduleRoom',
            data: { by: ADMIN, reason: 'Moved for the festival', scheduledTime: from + op.shift * 1000, now },
          },
          { userId: 'admin', role: 'admin' },
        );
        break;
      }
      case 'recreate':
        run({ type: 'CreateRoom', data: { rules: { ...rules, maxPrice: rules.maxPrice + 100_00 }, now } }, 'system');
        break;
    }
  }
  return { rules, recorded, state, refusals };
};
