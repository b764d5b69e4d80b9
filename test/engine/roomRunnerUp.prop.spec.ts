import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Decider, Message } from '../../engine/decider.ts';
import { DomainError } from '../../engine/decider.ts';
import type { RoomCommand, RoomEvent, RoomState } from '../../engine/room.ts';
import { LIMITS, roomDecider, runnerUpPlacesOf } from '../../engine/room.ts';
import { settlementSteps } from '../../engine/sagas/settlement.ts';
import type { WalletCommand, WalletEvent, WalletState } from '../../engine/wallet.ts';
import { heldAmount, walletDecider } from '../../engine/wallet.ts';
import { ADDRESS, rulesArb, T0, USERS } from './roomHistory.ts';

/**
 * The money rule of issue 21.6 over random room histories: members pay their fees from their
 * wallets, bid, the room ends, then windows close (the offer passing down the bids), holders and
 * others try to buy (some with a stale order), and settlement runs in part, in full and again.
 * After every step: no paise is made or lost, every fee is in exactly one of held / refunded /
 * reward / kept, the fates never change once the room ended (passing an offer moves no money),
 * the bonus goes once to the winner, and only the current holder buys, at their own last deal.
 */

type Stream<E extends Message, S> = { events: E[]; state: S };

const run = <C extends Message, E extends Message, S>(
  stream: Stream<E, S>,
  decider: Decider<C, E, S>,
  command: C,
): E[] | DomainError => {
  try {
    const events = decider.decide(command, stream.state);
    for (const e of events) {
      stream.events.push(e);
      stream.state = decider.evolve(stream.state, e);
    }
    return events;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
};

type After =
  /** Time passes (a share of the window, in thousandths) and the scheduler fires the expiry. */
  | { kind: 'expire'; gap: number }
  /** Someone orders and pays: the current holder, a member offered it before, or anyone. */
  | { kind: 'buy'; who: 'holder' | 'previous' | 'anyone'; user: number; wrongAmount: boolean }
  /** The settlement saga runs, cut short after `upTo` steps (a crash), or in full. */
  | { kind: 'settle'; upTo: number };

const afterArb: fc.Arbitrary<After> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('expire' as const), gap: fc.integer({ min: 0, max: 1500 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      who: fc.constantFrom('holder' as const, 'previous' as const, 'anyone' as const),
      user: fc.nat(4),
      wrongAmount: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('settle' as const), upTo: fc.nat(6) }) },
);

const check: (ok: boolean, what: string) => asserts ok = (ok, what) => {
  if (!ok) throw new Error(`Invariant broken: ${what}`);
};

describe('runner-up offers and money over random room histories', () => {
  it('conserve every paise: each fee in exactly one of refund, reward or kept, fixed at the end', () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.array(fc.record({ user: fc.nat(4), gap: fc.integer({ min: 0, max: 900 }) }), { maxLength: 30 }),
        fc.array(afterArb, { minLength: 1, maxLength: 25 }),
        (rules, bids, after) => {
          let now = T0;
          let deposits = 0;
          const room: Stream<RoomEvent, RoomState> = { events: [], state: roomDecider.initialState };
          const wallets = new Map<string, Stream<WalletEvent, WalletState>>();
          const wallet = (userId: string) => {
            let s = wallets.get(userId);
            if (!s) wallets.set(userId, (s = { events: [], state: walletDecider.initialState }));
            return s;
          };
          const onWallet = (userId: string, command: WalletCommand) => run(wallet(userId), walletDecider, command);
          const onRoom = (command: RoomCommand) => run(room, roomDecider, command);

          // Create, every seat pre-booked with its fee from the wallet, start, bids, close.
          expect(onRoom({ type: 'CreateRoom', data: { rules, now } })).not.toBeInstanceOf(DomainError);
          USERS.slice(0, rules.maxParticipants).forEach((userId, i) => {
            const reservationId = `res-${i}`;
            if (rules.entryFee > 0) {
              const orderId = `dep-${i}`;
              onWallet(userId, { type: 'CreateDepositOrder', data: { orderId, amount: rules.entryFee, now } });
              const paid = { orderId, paymentId: `p-${orderId}`, amount: rules.entryFee, now };
              expect(onWallet(userId, { type: 'ConfirmDeposit', data: paid })).not.toBeInstanceOf(DomainError);
              deposits += rules.entryFee;
              const debit = { reservationId, roomCode: rules.code, productName: 'x', amount: rules.entryFee, now };
              expect(onWallet(userId, { type: 'DebitPrebook', data: debit })).not.toBeInstanceOf(DomainError);
            }
            const seat = { reservationId, userId, userName: `Member ${i}`, now };
            expect(onRoom({ type: 'BookSeat', data: seat })).not.toBeInstanceOf(DomainError);
          });
          now = rules.scheduledTime;
          onRoom({ type: 'StartRoom', data: { now } });
          for (const b of bids) {
            now += Math.round((b.gap * rules.bidSeconds * 1000) / 1000);
            const userId = USERS[b.user % rules.maxParticipants]!;
            onRoom({ type: 'PlaceBid', data: { bidId: `bid-${now}-${userId}`, userId, now } });
          }
          now += rules.bidSeconds * 1000;
          onRoom({ type: 'CloseRound', data: { now } });
          const atEnd = room.state;
          check(atEnd.status === 'ended', 'the room ended');
          const fatesAtEnd = settlementSteps(atEnd, 0);
          const totalFees = atEnd.bookings.reduce((s, b) => s + b.fee, 0);
          const lastDeal = new Map(atEnd.bids.map((b) => [b.userId, b.amount]));
          const purchases: { userId: string; amount: number; holder: string; price: number }[] = [];

          const settle = (upTo: number) => {
            for (const step of settlementSteps(room.state, now).slice(0, upTo)) onWallet(step.userId, step.command);
          };

          const invariants = () => {
            const s = room.state;
            check(s.status === 'ended', 'still ended');
            // Fates are fixed when the room ends: passing the offer moves no fee and no bonus.
            check(
              JSON.stringify(settlementSteps(s, 0)) === JSON.stringify(fatesAtEnd),
              'settlement is the one computed at the end',
            );
            let balances = 0;
            let held = 0;
            let refunded = 0;
            let converted = 0;
            let kept = 0;
            let bonuses = 0;
            for (const [userId, w] of wallets) {
              check(w.state.cash >= 0 && w.state.rewardCash >= 0, 'no negative balance');
              balances += w.state.cash + w.state.rewardCash;
              held += heldAmount(w.state);
              for (const r of Object.values(w.state.reservations)) {
                if (r.status === 'refunded') refunded += r.amount;
                if (r.status === 'converted') converted += r.amount;
                if (r.status === 'kept') kept += r.amount;
              }
              for (const e of w.events) {
                if (e.type !== 'RewardCredited') continue;
                check(userId === s.ended.winner?.userId, 'only the winner gets the bonus');
                bonuses += e.data.amount;
              }
            }
            check(bonuses === 0 || bonuses === s.ended.winnerBonus, 'the bonus is paid once, in full');
            check(held + refunded + converted + kept === totalFees, 'every fee is in exactly one place');
            check(balances + held + (kept - bonuses) === deposits, 'no paise made or lost');
            // The offer: winner first, then distinct members down the bids, each at their last deal.
            if (!s.ended.winner) {
              check(s.offer === null && s.offered.length === 0, 'no winner, no offer');
              return;
            }
            check(s.offered[0] === s.ended.winner.userId, 'the winner is offered it first');
            check(new Set(s.offered).size === s.offered.length, 'nobody is offered it twice');
            check(s.offered.length - 1 <= runnerUpPlacesOf(s.rules), 'at most the room’s places');
            check(s.offer?.userId === s.offered.at(-1), 'the holder is the last offered');
            const prices = s.offered.map((u) => lastDeal.get(u)!);
            check(
              prices.every((p, i) => p !== undefined && (i === 0 || p < prices[i - 1]!)),
              'offered down the bids, each at their last deal',
            );
            check(s.offer!.price === prices.at(-1), 'the holder’s price is their last deal');
            check(purchases.length <= 1, 'bought at most once');
            for (const p of purchases) check(p.userId === p.holder && p.amount === p.price, 'only the holder buys');
          };

          let orders = 0;
          for (const op of after) {
            const s = room.state;
            if (s.status !== 'ended') break;
            switch (op.kind) {
              case 'expire':
                now += Math.round((op.gap * LIMITS.purchaseWindowMs) / 1000);
                onRoom({ type: 'ExpirePurchaseWindow', data: { now } });
                break;
              case 'settle':
                settle(op.upTo === 0 ? Infinity : op.upTo);
                settle(op.upTo);
                break;
              case 'buy': {
                const previous = s.offered.slice(0, -1);
                const userId: string =
                  op.who === 'holder'
                    ? (s.offer?.userId ?? USERS[0])
                    : op.who === 'previous'
                      ? (previous[op.user % Math.max(1, previous.length)] ?? USERS[op.user]!)
                      : USERS[op.user]!;
                const holder = s.offer;
                const orderId = `o-${orders++}`;
                now += 1000;
                const made = onRoom({ type: 'CreatePurchaseOrder', data: { orderId, userId, address: ADDRESS, now } });
                if (made instanceof DomainError) break;
                const amount = (holder?.price ?? 0) + (op.wrongAmount ? 100 : 0);
                const paid = onRoom({
                  type: 'ConfirmPurchase',
                  data: { orderId, paymentId: `pay-${orderId}`, userId, amount, now },
                });
                if (!(paid instanceof DomainError) && paid.length > 0) {
                  purchases.push({ userId, amount, holder: holder!.userId, price: holder!.price });
                }
                break;
              }
            }
            invariants();
          }
          // Time runs out for every place, settlement runs to the end (twice, as a second process would).
          for (let i = 0; i <= LIMITS.maxRunnerUpPlaces + 1; i++) {
            now += LIMITS.purchaseWindowMs;
            onRoom({ type: 'ExpirePurchaseWindow', data: { now } });
          }
          settle(Infinity);
          settle(Infinity);
          invariants();
          const end = room.state;
          check(end.status === 'ended', 'ended');
          check(end.purchase !== null || end.expired || !end.ended.winner, 'bought, or unsold at the end');
          let settled = 0;
          for (const w of wallets.values()) {
            check(heldAmount(w.state) === 0, 'no fee left held');
            for (const r of Object.values(w.state.reservations)) settled += r.amount;
          }
          check(settled === totalFees, 'every paise of fees settled');
          // With places left and a bidder not yet offered, an unsold room always passed on.
          if (end.expired && end.ended.winner) {
            const left = [...lastDeal.keys()].filter((u) => !end.offered.includes(u));
            check(
              left.length === 0 || end.offered.length - 1 === runnerUpPlacesOf(end.rules),
              'the offer passed as far as it could',
            );
          }
        },
      ),
      { numRuns: 800 },
    );
  }, 120_000);
});
