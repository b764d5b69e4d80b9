import type { RoomEvent } from '../engine/room.ts';
import type { WalletEvent } from '../engine/wallet.ts';
import type { ReadDb } from './db.ts';
import type { ReadModelContext } from './readModel.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

/**
 * What deal rooms really cost (issue 21.8). Per member, from their wallet: entry fees paid, fees
 * refunded to cash, fees turned into reward cash, fees kept as a winner's entry and winners' bonuses
 * received. Per room, from its own stream: the product and its retail price, and once it ends the
 * winner, the fee the winner's entry kept, the final price, the bonus, and the purchase once paid —
 * both a member's won items (net cost = fee kept + amount paid − bonus) and what winners of similar
 * rooms paid come from these rows.
 */
const STATEMENTS = {
  addCosts: `INSERT INTO rm_member_costs (user_id, fees_paid, fees_refunded, fees_to_reward, fees_kept, winner_bonus)
     VALUES (@userId, @paid, @refunded, @toReward, @kept, @bonus)
     ON CONFLICT (user_id) DO UPDATE SET fees_paid = fees_paid + @paid, fees_refunded = fees_refunded + @refunded,
       fees_to_reward = fees_to_reward + @toReward, fees_kept = fees_kept + @kept, winner_bonus = winner_bonus + @bonus`,
  created: `INSERT OR IGNORE INTO rm_room_costs (room_code, product_id, product_name, image_url, total_price, entry_fee)
     VALUES (@code, @productId, @productName, @imageUrl, @totalPrice, @entryFee)`,
  ended: `UPDATE rm_room_costs SET ended_at = @at, winner_id = @winnerId, winner_fee = @winnerFee,
       final_price = @finalPrice, winner_bonus = @winnerBonus WHERE room_code = @code`,
  // The winner's own purchase only: a runner-up the offer passed to buys at their price, and that is
  // not what the winner's item cost (their fee went to reward cash, counted with their fees).
  purchased:
    'UPDATE rm_room_costs SET paid = @amount, purchased_at = @at WHERE room_code = @code AND winner_id = @userId',
};
type Context = ReadModelContext<typeof STATEMENTS>;

type Sums = { paid?: number; refunded?: number; toReward?: number; kept?: number; bonus?: number };
const add = (ctx: Context, userId: string, s: Sums) =>
  ctx.sql.addCosts.run({
    userId,
    paid: s.paid ?? 0,
    refunded: s.refunded ?? 0,
    toReward: s.toReward ?? 0,
    kept: s.kept ?? 0,
    bonus: s.bonus ?? 0,
  });

type CostEvent =
  | Extract<
      WalletEvent,
      { type: 'PrebookFeeDeducted' | 'PrebookFeeRefunded' | 'FeeConvertedToReward' | 'EntryFeeKept' | 'RewardCredited' }
    >
  | Extract<RoomEvent, { type: 'RoomCreated' | 'RoomEnded' | 'RoomPurchased' }>;

export const memberCostsProjector = defineReadModel<CostEvent>()({
  name: 'memberCosts',
  version: 1,
  tables: {
    rm_member_costs: `CREATE TABLE IF NOT EXISTS rm_member_costs (user_id TEXT PRIMARY KEY, fees_paid INTEGER NOT NULL,
      fees_refunded INTEGER NOT NULL, fees_to_reward INTEGER NOT NULL, fees_kept INTEGER NOT NULL,
      winner_bonus INTEGER NOT NULL)`,
    rm_room_costs: `CREATE TABLE IF NOT EXISTS rm_room_costs (room_code TEXT PRIMARY KEY, product_id TEXT NOT NULL,
      product_name TEXT NOT NULL, image_url TEXT, total_price INTEGER NOT NULL, entry_fee INTEGER NOT NULL,
      ended_at INTEGER, winner_id TEXT, winner_fee INTEGER, final_price INTEGER, winner_bonus INTEGER,
      paid INTEGER, purchased_at INTEGER)`,
  },
  indexes: {
    rm_room_costs_winner: 'CREATE INDEX IF NOT EXISTS rm_room_costs_winner ON rm_room_costs(winner_id, ended_at)',
    rm_room_costs_product: 'CREATE INDEX IF NOT EXISTS rm_room_costs_product ON rm_room_costs(product_id)',
  },
  statements: STATEMENTS,
  on: {
    PrebookFeeDeducted: (e, ctx, userId) => add(ctx, userId, { paid: e.data.amount }),
    PrebookFeeRefunded: (e, ctx, userId) => add(ctx, userId, { refunded: e.data.amount }),
    FeeConvertedToReward: (e, ctx, userId) => add(ctx, userId, { toReward: e.data.amount }),
    EntryFeeKept: (e, ctx, userId) => add(ctx, userId, { kept: e.data.amount }),
    RewardCredited: (e, ctx, userId) => {
      if (e.data.reason === 'winner_bonus') add(ctx, userId, { bonus: e.data.amount });
    },
    RoomCreated: (e, ctx, code) =>
      ctx.sql.created.run({
        code,
        productId: e.data.product.id,
        productName: e.data.product.name,
        imageUrl: e.data.product.imageUrl,
        totalPrice: e.data.totalPrice,
        entryFee: e.data.entryFee,
      }),
    RoomEnded: (e, ctx, code) => {
      const winner = e.data.winner?.userId ?? null;
      ctx.sql.ended.run({
        code,
        at: e.data.at,
        winnerId: winner,
        winnerFee: winner
          ? e.data.outcomes.filter((o) => o.userId === winner && o.fate === 'kept').reduce((s, o) => s + o.fee, 0)
          : null,
        finalPrice: winner ? e.data.finalPrice : null,
        winnerBonus: winner ? e.data.winnerBonus : null,
      });
    },
    RoomPurchased: (e, ctx, code) =>
      ctx.sql.purchased.run({ code, amount: e.data.amount, at: e.data.at, userId: e.data.userId }),
  },
});

/** A member's fee and reward totals, in paise. */
export interface MemberCostTotals {
  /** Every entry fee moved from cash into a room. */
  fees_paid: number;
  /** Fees back to cash (a room that did not fill, was cancelled or had no deals). */
  fees_refunded: number;
  /** Fees of rooms lost, turned into reward cash. */
  fees_to_reward: number;
  /** Fees kept as the entry of rooms won. */
  fees_kept: number;
  /** Winners' bonuses in reward cash. */
  winner_bonus: number;
}

const NO_COSTS: MemberCostTotals = { fees_paid: 0, fees_refunded: 0, fees_to_reward: 0, fees_kept: 0, winner_bonus: 0 };

export const memberCostTotals = ({ sqlite }: ReadDb, userId: string): MemberCostTotals =>
  prepared<[string], MemberCostTotals>(
    sqlite,
    `SELECT fees_paid, fees_refunded, fees_to_reward, fees_kept, winner_bonus FROM rm_member_costs WHERE user_id = ?`,
  ).get(userId) ?? NO_COSTS;

/** One room a member won and what it cost them, in paise. */
export interface WonItemCost {
  room_code: string;
  product_name: string;
  image_url: string | null;
  /** The item's retail price (the room's total price). */
  total_price: number;
  entry_fee: number;
  final_price: number;
  /** What was paid for the item, or null until it is bought. */
  paid: number | null;
  winner_bonus: number;
  ended_at: number;
}

export const wonItemCosts = ({ sqlite }: ReadDb, userId: string): WonItemCost[] =>
  prepared<[string], WonItemCost>(
    sqlite,
    `SELECT room_code, product_name, image_url, total_price, winner_fee AS entry_fee, final_price, paid, winner_bonus,
       ended_at FROM rm_room_costs WHERE winner_id = ? ORDER BY ended_at DESC, room_code`,
  ).all(userId);

/** What the winner of a room paid net: the fee kept, plus what they paid for the item, less the bonus. */
export const netCostOf = (w: Pick<WonItemCost, 'entry_fee' | 'paid' | 'winner_bonus'>): number =>
  w.entry_fee + (w.paid ?? 0) - w.winner_bonus;

/**
 * Which finished rooms count as "similar" to a room: ended rooms with a winner, other than the room
 * itself, of the same product; if none, those whose retail price is within 25% of the room's.
 */
export type SimilarBasis = 'product' | 'price_band';

export interface SimilarRooms {
  basis: SimilarBasis | null;
  /** How many rooms the averages are over. */
  rooms: number;
  /** The winners' average entry fee, in paise (rounded), or null with no rooms. */
  avg_fee: number | null;
  /** The average final price, in paise (rounded), or null with no rooms. */
  avg_final_price: number | null;
}

type Agg = { n: number; fees: number | null; prices: number | null };

export const similarRooms = ({ sqlite }: ReadDb, code: string): SimilarRooms | null => {
  const room = prepared<[string], { product_id: string; total_price: number }>(
    sqlite,
    'SELECT product_id, total_price FROM rm_room_costs WHERE room_code = ?',
  ).get(code);
  if (!room) return null;
  const aggregate = (where: string, ...args: (string | number)[]) =>
    prepared<(string | number)[], Agg>(
      sqlite,
      `SELECT count(*) AS n, sum(winner_fee) AS fees, sum(final_price) AS prices FROM rm_room_costs
        WHERE winner_id IS NOT NULL AND room_code <> ? AND ${where}`,
    ).get(code, ...args)!;
  const answer = (basis: SimilarBasis, a: Agg): SimilarRooms => ({
    basis,
    rooms: a.n,
    avg_fee: Math.round(a.fees! / a.n),
    avg_final_price: Math.round(a.prices! / a.n),
  });
  const same = aggregate('product_id = ?', room.product_id);
  if (same.n > 0) return answer('product', same);
  const band = aggregate('total_price * 4 BETWEEN ? AND ?', room.total_price * 3, room.total_price * 5);
  if (band.n > 0) return answer('price_band', band);
  return { basis: null, rooms: 0, avg_fee: null, avg_final_price: null };
};
