import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../engine/decider.ts';
import type { RoomRules, RoomState } from '../../engine/room.ts';
import { settlementSteps } from '../../engine/sagas/settlement.ts';
import type { WalletCommand, WalletState } from '../../engine/wallet.ts';
import { walletDecider } from '../../engine/wallet.ts';
import { memberCostTotals, memberCostsProjector, similarRooms, wonItemCosts } from '../../projections/memberCosts.ts';
import type { GivenEvent } from '../helpers/readModel.ts';
import { on, project, record } from '../helpers/readModel.ts';
import { historyArb, runHistory, T0, USERS } from '../engine/roomHistory.ts';

/**
 * What members really paid, against an independent fold. Random histories of a few rooms (random
 * rules, products and retail prices; bookings, bids, ends, purchases and expiries decided by the
 * real room decider), each booking's fee debited and each finished room settled by the real
 * settlement saga through the real wallet decider, plus reward credits that are not from rooms. The
 * read model goes through the real runner in random batch sizes; the fold takes each member's fees
 * from their wallet decider's reservations, bonuses and won items from the room deciders' final
 * states, and picks similar rooms by its own rules.
 */

const PRODUCTS = [
  { id: 'p-1', code: 'PRD001', name: 'Boat Rockerz 450', imageUrl: null },
  { id: 'p-2', code: 'PRD002', name: 'Silk saree', imageUrl: null },
  { id: 'p-3', code: 'PRD003', name: 'Steel tiffin', imageUrl: null },
];
const PRICES = [1000_00, 1200_00, 1250_00, 2000_00, 2600_00];

const roomArb = fc.record({
  history: historyArb,
  product: fc.nat(PRODUCTS.length - 1),
  price: fc.constantFrom(...PRICES),
});
const extraArb = fc.record({
  user: fc.nat(USERS.length - 1),
  amount: fc.integer({ min: 1, max: 500_00 }),
  reason: fc.constantFrom('shop_refund' as const, 'adjustment' as const),
});

type RoomDraw = typeof roomArb extends fc.Arbitrary<infer T> ? T : never;
type ExtraDraw = typeof extraArb extends fc.Arbitrary<infer T> ? T : never;

interface Room {
  rules: Omit<RoomRules, 'createdAt'>;
  state: RoomState;
}

const build = (draws: RoomDraw[], extras: ExtraDraw[]) => {
  const log: GivenEvent[] = [];
  const wallets = new Map<string, WalletState>();
  const rooms: Room[] = [];
  let seq = 0;
  const onWallet = (userId: string, command: WalletCommand, at: number) => {
    const state = wallets.get(userId) ?? walletDecider.initialState;
    try {
      const events = walletDecider.decide(command, state);
      wallets.set(userId, events.reduce(walletDecider.evolve, state));
      for (const e of events) log.push(on(`wallet-${userId}`, e, new Date(at).toISOString()));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new Error(`the fold's own wallet command was refused: ${error.code}`);
    }
  };
  for (const u of USERS) {
    const orderId = `dep-${u}`;
    onWallet(u, { type: 'CreateDepositOrder', data: { orderId, amount: 10_000_00, now: T0 } }, T0);
    onWallet(u, { type: 'ConfirmDeposit', data: { orderId, paymentId: `pay-${u}`, amount: 10_000_00, now: T0 } }, T0);
  }
  draws.forEach((d, i) => {
    const code = `RMC${String(i).padStart(3, '0')}`;
    const rules = { ...d.history.rules, code, product: PRODUCTS[d.product]!, totalPrice: d.price };
    const { recorded, state } = runHistory(rules, d.history.ops);
    // Reservation ids of the random histories repeat across rooms; a wallet needs them unique.
    const rid = (id: string) => `${code}:${id}`;
    let end = T0;
    for (const e of recorded) {
      const at = Date.parse(e.metadata.at);
      end = Math.max(end, at);
      if (e.type === 'SeatBooked') {
        const b = e.data as { reservationId: string; userId: string; fee: number };
        if (b.fee > 0) {
          onWallet(
            b.userId,
            {
              type: 'DebitPrebook',
              data: { reservationId: rid(b.reservationId), roomCode: code, productName: 'x', amount: b.fee, now: at },
            },
            at,
          );
        }
      }
      log.push(on(e.streamName, { type: e.type, data: e.data }, e.metadata.at));
    }
    for (const step of settlementSteps(state, end + 1000)) {
      const c = step.command;
      const command =
        'reservationId' in c.data
          ? ({ ...c, data: { ...c.data, reservationId: rid(c.data.reservationId) } } as WalletCommand)
          : c;
      onWallet(step.userId, command, end + 1000);
    }
    rooms.push({ rules, state });
  });
  for (const x of extras) {
    const now = T0 + 99_000_000;
    onWallet(
      USERS[x.user]!,
      { type: 'CreditReward', data: { creditId: `extra-${seq++}`, amount: x.amount, reason: x.reason, now } },
      now,
    );
  }
  return { log: record(log), wallets, rooms };
};

/** The fold's own reading: a member's fees by the fate their wallet gave each reservation, bonuses from rooms won. */
const expectedTotals = (wallet: WalletState | undefined, rooms: Room[], userId: string) => {
  const reservations = Object.values(wallet?.reservations ?? {});
  const by = (status: string) => reservations.filter((r) => r.status === status).reduce((s, r) => s + r.amount, 0);
  return {
    fees_paid: reservations.reduce((s, r) => s + r.amount, 0),
    fees_refunded: by('refunded'),
    fees_to_reward: by('converted'),
    fees_kept: by('kept'),
    winner_bonus: rooms.reduce(
      (s, r) =>
        s + (r.state.status === 'ended' && r.state.ended.winner?.userId === userId ? r.state.ended.winnerBonus : 0),
      0,
    ),
  };
};

type Won = {
  code: string;
  rules: Omit<RoomRules, 'createdAt'>;
  fee: number;
  finalPrice: number;
  bonus: number;
  paid: number | null;
  winner: string;
};
const wonOf = (rooms: Room[]): Won[] =>
  rooms.flatMap((r) => {
    const s = r.state;
    if (s.status !== 'ended' || !s.ended.winner) return [];
    const winner = s.ended.winner.userId;
    const booking = s.bookings.find((b) => b.userId === winner);
    return [
      {
        code: r.rules.code,
        rules: r.rules,
        fee: booking?.fee ?? 0,
        finalPrice: s.ended.finalPrice,
        bonus: s.ended.winnerBonus,
        // What the winner paid: nothing when the offer passed and a runner-up bought it (issue 21.6).
        paid: s.purchase && s.offer?.userId === winner ? s.purchase.amount : null,
        winner,
      },
    ];
  });

const expectedSimilar = (rooms: Room[], code: string) => {
  const room = rooms.find((r) => r.rules.code === code)!.rules;
  const others = wonOf(rooms).filter((w) => w.code !== code);
  const same = others.filter((w) => w.rules.product.id === room.product.id);
  const near = others.filter(
    (w) => w.rules.totalPrice >= 0.75 * room.totalPrice && w.rules.totalPrice <= 1.25 * room.totalPrice,
  );
  const [basis, picked] =
    same.length > 0 ? (['product', same] as const) : near.length > 0 ? (['price_band', near] as const) : [null, []];
  if (!basis) return { basis: null, rooms: 0, avg_fee: null, avg_final_price: null };
  const mean = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) / xs.length);
  return {
    basis,
    rooms: picked.length,
    avg_fee: mean(picked.map((w) => w.fee)),
    avg_final_price: mean(picked.map((w) => w.finalPrice)),
  };
};

describe('member costs reconcile with the log', () => {
  it("every member's fees, bonuses and won items, and every room's similar-room averages, equal an independent fold", () => {
    fc.assert(
      fc.property(
        fc.array(roomArb, { minLength: 1, maxLength: 4 }),
        fc.array(extraArb, { maxLength: 4 }),
        fc.integer({ min: 1, max: 60 }),
        (draws, extras, batch) => {
          const { log, wallets, rooms } = build(draws, extras);
          const db = project(log, batch, [memberCostsProjector]);
          const won = wonOf(rooms);
          for (const u of USERS) {
            const totals = expectedTotals(wallets.get(u), rooms, u);
            expect(memberCostTotals(db, u), u).toEqual(totals);
            const mine = won.filter((w) => w.winner === u);
            // The wallet kept exactly the fees of the rooms the member won.
            expect(totals.fees_kept, u).toBe(mine.reduce((s, w) => s + w.fee, 0));
            const rows = wonItemCosts(db, u)
              .map((w) => ({ ...w, net: w.entry_fee + (w.paid ?? 0) - w.winner_bonus }))
              .sort((a, b) => a.room_code.localeCompare(b.room_code));
            expect(
              rows.map((w) => [
                w.room_code,
                w.product_name,
                w.total_price,
                w.entry_fee,
                w.final_price,
                w.paid,
                w.winner_bonus,
                w.net,
              ]),
              u,
            ).toEqual(
              mine.map((w) => [
                w.code,
                w.rules.product.name,
                w.rules.totalPrice,
                w.fee,
                w.finalPrice,
                w.paid,
                w.bonus,
                w.fee + (w.paid ?? 0) - w.bonus,
              ]),
            );
          }
          for (const r of rooms)
            expect(similarRooms(db, r.rules.code), r.rules.code).toEqual(expectedSimilar(rooms, r.rules.code));
          db.sqlite.close();
        },
      ),
      { numRuns: 120 },
    );
  });
});
