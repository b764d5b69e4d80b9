import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decider, Message } from '../../engine/decider.ts';
import { DomainError, fold } from '../../engine/decider.ts';
import type { RoomCommand, RoomEvent, RoomRules, RoomState } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { repairReservation } from '../../engine/sagas/prebook.ts';
import type { WalletStep } from '../../engine/sagas/settlement.ts';
import { settlementSteps } from '../../engine/sagas/settlement.ts';
import type { WalletCommand, WalletEvent, WalletState } from '../../engine/wallet.ts';
import { heldAmount, walletDecider } from '../../engine/wallet.ts';
import { rulesFrom, T0 } from './roomHistory.ts';

/**
 * Random histories of deposits, pre-books (with crashes between saga steps), bids from many
 * members, time passing, scheduler ticks (with settlement cut short), duplicated commands (a second
 * process) and restarts (every state re-folded from its events, then the sweeper). After every
 * step the money and fairness invariants must hold; at the end every fee has exactly one fate.
 */

const USERS = ['u1', 'u2', 'u3', 'u4', 'u5'];

type Stream<E extends Message, S> = { events: E[]; state: S };

interface World {
  now: number;
  rooms: Map<string, Stream<RoomEvent, RoomState>>;
  wallets: Map<string, Stream<WalletEvent, WalletState>>;
  deposits: number;
  seq: number;
  /** Every command that ran, so one can be run again (a retry, a second process). */
  log: (() => void)[];
}

const run = <C extends Message, E extends Message, S>(
  stream: Stream<E, S>,
  decider: Decider<C, E, S>,
  command: C,
): DomainError | null => {
  try {
    const events = decider.decide(command, stream.state);
    for (const e of events) {
      stream.events.push(e);
      stream.state = decider.evolve(stream.state, e);
    }
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

const wallet = (w: World, userId: string) => {
  let s = w.wallets.get(userId);
  if (!s) w.wallets.set(userId, (s = { events: [], state: walletDecider.initialState }));
  return s;
};
const onWallet = (w: World, userId: string, command: WalletCommand) => {
  const go = () => run(wallet(w, userId), walletDecider, command);
  w.log.push(go);
  return go();
};
const onRoom = (w: World, code: string, command: RoomCommand) => {
  const go = () => run(w.rooms.get(code)!, roomDecider, command);
  w.log.push(go);
  return go();
};
const applyStep = (w: World, step: WalletStep) => onWallet(w, step.userId, step.command);

// ── Operations ───────────────────────────────────────────────────────────────────────────
type Op =
  | { kind: 'deposit'; user: number; rupees: number; twice: boolean }
  | { kind: 'prebook'; user: number; room: number; crash: 'none' | 'afterDebit' | 'afterRefusal' }
  | { kind: 'bid'; user: number; room: number }
  | { kind: 'burst'; room: number; bids: { user: number; gap: number }[] }
  | { kind: 'advance'; ms: number }
  | { kind: 'tick'; settleUpTo: number }
  | { kind: 'restart' }
  | { kind: 'duplicate'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      user: fc.nat(4),
      rupees: fc.integer({ min: 1, max: 120 }),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('prebook' as const),
      user: fc.nat(4),
      room: fc.nat(2),
      crash: fc.constantFrom('none' as const, 'none' as const, 'afterDebit' as const, 'afterRefusal' as const),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('bid' as const), user: fc.nat(4), room: fc.nat(2) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      room: fc.nat(2),
      bids: fc.array(fc.record({ user: fc.nat(4), gap: fc.integer({ min: 0, max: 4000 }) }), {
        minLength: 1,
        maxLength: 12,
      }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 100, max: 20_000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), settleUpTo: fc.nat(6) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }) },
);

/** Early on, members mostly top up and pre-book, so many rooms fill and run. */
const setupArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      user: fc.nat(4),
      rupees: fc.integer({ min: 1, max: 80 }),
      twice: fc.boolean(),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('prebook' as const),
      user: fc.nat(4),
      room: fc.nat(2),
      crash: fc.constantFrom(
        'none' as const,
        'none' as const,
        'none' as const,
        'afterDebit' as const,
        'afterRefusal' as const,
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
);

const rulesArb = (code: string): fc.Arbitrary<Omit<RoomRules, 'createdAt'>> =>
  fc
    .record({
      base: fc.integer({ min: 0, max: 500 }),
      step: fc.integer({ min: 1, max: 3 }),
      steps: fc.integer({ min: 1, max: 12 }),
      slack: fc.integer({ min: 0, max: 99 }),
      fee: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
      reward: fc.integer({ min: 0, max: 30 }),
      seats: fc.integer({ min: 2, max: 4 }),
      attempts: fc.integer({ min: 1, max: 4 }),
      seconds: fc.integer({ min: 5, max: 30 }),
      startIn: fc.integer({ min: 5, max: 90 }),
    })
    .map(rulesFrom(code, { id: `p-${code}`, code: `PRD-${code}`, name: `Product ${code}`, imageUrl: null }));

const prebook = (w: World, userId: string, code: string, crash: Extract<Op, { kind: 'prebook' }>['crash']) => {
  const room = w.rooms.get(code)!.state;
  if (room.status === 'none') return;
  const reservationId = `res-${w.seq++}`;
  const fee = room.rules.entryFee;
  if (fee > 0) {
    const debit = onWallet(w, userId, {
      type: 'DebitPrebook',
      data: { reservationId, roomCode: code, productName: room.rules.product.name, amount: fee, now: w.now },
    });
    if (debit) return;
    if (crash === 'afterDebit') return;
  }
  const refused = onRoom(w, code, { type: 'BookSeat', data: { reservationId, userId, userName: userId, now: w.now } });
  if (refused && fee > 0 && crash !== 'afterRefusal') {
    onWallet(w, userId, { type: 'RefundPrebook', data: { reservationId, now: w.now } });
  }
};

const tick = (w: World, settleUpTo: number) => {
  for (const [code, { state }] of w.rooms) {
    if (state.status === 'upcoming' && w.now >= state.rules.scheduledTime)
      onRoom(w, code, { type: 'StartRoom', data: { now: w.now } });
    const s = w.rooms.get(code)!.state;
    if (s.status === 'running' && w.now >= s.deadline) onRoom(w, code, { type: 'CloseRound', data: { now: w.now } });
    onRoom(w, code, { type: 'ExpirePurchaseWindow', data: { now: w.now } });
    // The settlement saga may be cut short by a crash: only the first steps run.
    for (const step of settlementSteps(w.rooms.get(code)!.state, w.now).slice(0, settleUpTo)) applyStep(w, step);
  }
};

/** A restart: every state re-folded from its events, then the sweeper finishes or compensates every saga. */
const restart = (w: World) => {
  for (const s of w.rooms.values()) s.state = fold(roomDecider, s.events);
  for (const s of w.wallets.values()) s.state = fold(walletDecider, s.events);
  for (const [userId, s] of w.wallets) {
    for (const [reservationId, r] of Object.entries(s.state.reservations)) {
      const room = w.rooms.get(r.roomCode)?.state ?? roomDecider.initialState;
      const repair = repairReservation(userId, reservationId, r, room, w.now);
      if (repair.kind === 'book') {
        const refused = onRoom(w, r.roomCode, {
          type: 'BookSeat',
          data: { reservationId, userId, userName: userId, now: w.now },
        });
        if (refused) onWallet(w, userId, { type: 'RefundPrebook', data: { reservationId, now: w.now } });
      } else if (repair.kind !== 'none') applyStep(w, repair.step);
    }
  }
  for (const { state } of w.rooms.values()) for (const step of settlementSteps(state, w.now)) applyStep(w, step);
};

const step = (w: World, op: Op) => {
  const user = USERS[op.kind === 'deposit' || op.kind === 'prebook' || op.kind === 'bid' ? op.user : 0]!;
  const code = [...w.rooms.keys()][
    op.kind === 'prebook' || op.kind === 'bid' || op.kind === 'burst' ? op.room % w.rooms.size : 0
  ]!;
  switch (op.kind) {
    case 'deposit': {
      const orderId = `o-${w.seq++}`;
      const amount = op.rupees * 100;
      onWallet(w, user, { type: 'CreateDepositOrder', data: { orderId, amount, now: w.now } });
      const confirm = {
        type: 'ConfirmDeposit',
        data: { orderId, paymentId: `pay-${orderId}`, amount, now: w.now },
      } as const;
      if (!onWallet(w, user, confirm)) w.deposits += amount;
      if (op.twice) onWallet(w, user, confirm);
      return;
    }
    case 'prebook':
      return prebook(w, user, code, op.crash);
    case 'bid':
      onRoom(w, code, { type: 'PlaceBid', data: { bidId: `bid-${w.seq++}`, userId: user, now: w.now } });
      return;
    case 'burst':
      for (const b of op.bids) {
        w.now += b.gap;
        onRoom(w, code, { type: 'PlaceBid', data: { bidId: `bid-${w.seq++}`, userId: USERS[b.user]!, now: w.now } });
      }
      return;
    case 'advance':
      w.now += op.ms;
      return;
    case 'tick':
      return tick(w, op.settleUpTo);
    case 'restart':
      return restart(w);
    case 'duplicate':
      if (w.log.length) w.log[op.pick % w.log.length]!();
      return;
  }
};

// ── Invariants ───────────────────────────────────────────────────────────────────────────
const assert: (ok: boolean, what: string) => asserts ok = (ok, what) => {
  if (!ok) throw new Error(`Invariant broken: ${what}`);
};

const checkInvariants = (w: World) => {
  let balances = 0;
  let held = 0;
  let kept = 0;
  let bonuses = 0;
  for (const { state, events } of w.wallets.values()) {
    assert(state.cash >= 0 && state.rewardCash >= 0, 'no negative balance');
    balances += state.cash + state.rewardCash;
    held += heldAmount(state);
    kept += Object.values(state.reservations).reduce((s, r) => s + (r.status === 'kept' ? r.amount : 0), 0);
    bonuses += events.reduce((s, e) => s + (e.type === 'RewardCredited' ? e.data.amount : 0), 0);
  }
  // Money is conserved: cash + reward cash + escrow + revenue (kept fees − bonuses paid) = deposits.
  assert(
    balances + held + (kept - bonuses) === w.deposits,
    `money conserved (${balances}+${held}+${kept}-${bonuses} vs ${w.deposits})`,
  );

  for (const { state: room } of w.rooms.values()) {
    if (room.status === 'none') continue;
    const { rules } = room;
    assert(room.bookings.length <= rules.maxParticipants, 'seats ≤ max participants');
    assert(new Set(room.bookings.map((b) => b.userId)).size === room.bookings.length, 'one seat per member');
    // No seat without its fee held or settled in the member's wallet.
    for (const b of room.bookings) {
      if (b.fee === 0) continue;
      const r = w.wallets.get(b.userId)?.state.reservations[b.reservationId];
      assert(r?.amount === b.fee && r.roomCode === rules.code, 'every seat has its fee in the wallet');
    }
    if (room.status !== 'running' && room.status !== 'ended') continue;
    const counts: Record<string, number> = {};
    room.bids.forEach((bid, i) => {
      assert(bid.amount === rules.basePrice + (i + 1) * rules.bidValue, 'price = base + n × increment');
      assert(bid.amount <= rules.maxPrice, 'price ≤ max');
      assert(i === 0 || bid.userId !== room.bids[i - 1]!.userId, 'no consecutive bids');
      counts[bid.userId] = (counts[bid.userId] ?? 0) + 1;
      assert(bid.attempt === counts[bid.userId], 'attempts counted');
    });
    for (const n of Object.values(counts)) assert(n <= rules.maxAttempts, 'attempts ≤ limit');
    assert(room.price === rules.basePrice + room.bids.length * rules.bidValue, 'current price');
    if (room.status === 'ended') {
      assert(
        (room.ended.winner?.userId ?? null) === (room.bids.at(-1)?.userId ?? null),
        'winner = last accepted bidder',
      );
      assert(room.ended.finalPrice === room.price, 'final price = last bid');
    }
  }
};

const FATE_STATUS = { refund: 'refunded', reward: 'converted', kept: 'kept' } as const;

/** Everything finished and swept: every fee has exactly the fate its room gave it, or was refunded. */
const checkFinalFates = (w: World) => {
  for (const [userId, { state }] of w.wallets) {
    for (const [reservationId, r] of Object.entries(state.reservations)) {
      expect(r.status).not.toBe('held');
      const room = w.rooms.get(r.roomCode)!.state;
      const booked = room.status !== 'none' && room.bookings.some((b) => b.reservationId === reservationId);
      if (!booked) {
        expect(r.status).toBe('refunded');
        continue;
      }
      expect(room.status === 'ended' || room.status === 'cancelled').toBe(true);
      const outcomes = room.status === 'ended' ? room.ended.outcomes : room.status === 'cancelled' ? room.outcomes : [];
      const outcome = outcomes.find((o) => o.reservationId === reservationId)!;
      expect(r.status).toBe(FATE_STATUS[outcome.fate]);
      if (room.status === 'ended' && room.ended.winner) {
        expect(outcome.fate).toBe(room.ended.winner.userId === userId ? 'kept' : 'reward');
      } else expect(outcome.fate).toBe('refund');
    }
  }
};

describe('deal rooms and wallets over random histories', () => {
  it('conserve money, keep bids fair and give every fee exactly one fate', () => {
    fc.assert(
      fc.property(
        fc.tuple(rulesArb('ROOMAA'), rulesArb('ROOMBB'), rulesArb('ROOMCC')),
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: USERS.length, maxLength: USERS.length }),
        fc.array(setupArb, { minLength: 6, maxLength: 24 }),
        fc.array(opArb, { minLength: 10, maxLength: 90 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.array(fc.record({ user: fc.nat(4), gap: fc.integer({ min: 0, max: 3000 }) }), { maxLength: 14 }), {
          minLength: 3,
          maxLength: 3,
        }),
        (allRules, funds, setup, later, pause, openings) => {
          // Top-ups, a pre-booking phase, time to the starts, opening bursts of bids, then anything.
          const ops: Op[] = [
            ...funds.map((rupees, user): Op => ({ kind: 'deposit', user, rupees, twice: false })),
            ...setup,
            { kind: 'advance', ms: pause },
            { kind: 'tick', settleUpTo: 9 },
            ...openings.map((bids, room): Op => ({ kind: 'burst', room, bids })),
            ...later,
          ];
          const w: World = { now: T0, rooms: new Map(), wallets: new Map(), deposits: 0, seq: 0, log: [] };
          for (const rules of allRules) {
            const room = { events: [] as RoomEvent[], state: roomDecider.initialState };
            expect(run(room, roomDecider, { type: 'CreateRoom', data: { rules, now: T0 } })).toBeNull();
            w.rooms.set(rules.code, room);
          }
          for (const op of ops) {
            step(w, op);
            checkInvariants(w);
          }
          // Let every room finish: time passes, the scheduler ticks in full, the server restarts once more.
          w.now += 10 * 3_600_000;
          tick(w, Infinity);
          w.now += 3_600_000;
          tick(w, Infinity);
          restart(w);
          checkInvariants(w);
          checkFinalFates(w);
          for (const { state } of w.rooms.values()) expect(['ended', 'cancelled']).toContain(state.status);
        },
      ),
      { numRuns: 2000 },
    );
  }, 120_000);
});
