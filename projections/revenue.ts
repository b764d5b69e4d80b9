import { indiaDate } from '../engine/crackersSeason.ts';
import type { OrderEvent } from '../engine/order.ts';
import type { RoomEvent } from '../engine/room.ts';
import type { WalletEvent } from '../engine/wallet.ts';
import type { ReadDb } from './db.ts';
import type { ReadModelContext, Recorded } from './readModel.ts';
import { defineReadModel } from './readModel.ts';

/**
 * Money flows per India day, for the admin dashboard: every figure is a sum of event amounts on
 * the day its command ran (the event's own `at`, in Asia/Kolkata), so a month is the sum of its days
 * and a balance (a liability) is the running sum of its inflows minus its outflows.
 */
export const REVENUE_METRICS = [
  /** Money members paid in to their wallets. */
  'deposits',
  /** Entry fees moved from cash into a room's escrow at pre-booking. */
  'fees_collected',
  /** Fees back to cash (a room that did not fill or was cancelled). */
  'fees_refunded',
  /** Losing members' fees turned into reward cash. */
  'fees_to_reward',
  /** The winners' fees: the house's revenue from rooms. */
  'fees_kept',
  /** Reward cash credited other than from fees (winner's bonus, referrals, returns of a debit). */
  'reward_credited',
  /** Reward cash spent in the shop. */
  'reward_spent',
  /** Wallet cash sent out to members (net of payouts that came back). */
  'withdrawals',
  /** Withdrawals that failed or were rejected, back in the wallet. */
  'withdrawals_returned',
  /** Won deals paid for (the purchase at the final price). */
  'purchases',
  /** Shop orders paid through the payment provider (the part not covered by reward cash), less those cancelled and refunded. */
  'shop_sales',
] as const;
export type RevenueMetric = (typeof REVENUE_METRICS)[number];

const STATEMENTS = {
  add: `INSERT INTO rm_revenue_daily (day, metric, amount, count) VALUES (?, ?, ?, 1)
     ON CONFLICT (day, metric) DO UPDATE SET amount = amount + excluded.amount, count = count + 1`,
  /** Takes back a figure counted earlier (a sale refunded), on the day it is taken back. */
  takeBack: `INSERT INTO rm_revenue_daily (day, metric, amount, count) VALUES (?, ?, ?, -1)
     ON CONFLICT (day, metric) DO UPDATE SET amount = amount + excluded.amount, count = count - 1`,
};
type Context = ReadModelContext<typeof STATEMENTS>;

/** The India date of an instant: "2026-11-25" (the engine's own, so the dashboard and the rules agree). */
export const indiaDayOf = indiaDate;

const add = (ctx: Context, at: number, metric: RevenueMetric, amount: number) => {
  if (amount !== 0) ctx.sql.add.run(indiaDayOf(at), metric, amount);
};
type Money = { amount: number; at: number };
const flow =
  (metric: RevenueMetric) =>
  (e: Recorded<Extract<WalletEvent, { data: Money }>>, ctx: Context): void =>
    add(ctx, e.data.at, metric, e.data.amount);

type RevenueEvent = WalletEvent | Extract<RoomEvent, { type: 'RoomPurchased' }> | OrderEvent;

export const revenueProjector = defineReadModel<RevenueEvent>()({
  name: 'revenue',
  version: 1,
  tables: {
    rm_revenue_daily: `CREATE TABLE IF NOT EXISTS rm_revenue_daily (day TEXT NOT NULL, metric TEXT NOT NULL,
      amount INTEGER NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (day, metric)) WITHOUT ROWID`,
  },
  statements: STATEMENTS,
  on: {
    Deposited: flow('deposits'),
    PrebookFeeDeducted: flow('fees_collected'),
    PrebookFeeRefunded: flow('fees_refunded'),
    FeeConvertedToReward: flow('fees_to_reward'),
    EntryFeeKept: flow('fees_kept'),
    RewardCredited: flow('reward_credited'),
    RewardDebited: flow('reward_spent'),
    Withdrawn: flow('withdrawals'),
    WithdrawalReturned: flow('withdrawals_returned'),
    RoomPurchased: (e, ctx) => add(ctx, e.data.at, 'purchases', e.data.amount),
    ShopOrderPaid: (e, ctx) => add(ctx, e.data.at, 'shop_sales', e.data.amountPaise),
    ShopOrderRefunded: (e, ctx) => {
      if (e.data.amountPaise !== 0) ctx.sql.takeBack.run(indiaDayOf(e.data.at), 'shop_sales', -e.data.amountPaise);
    },
  },
});

export interface RevenueDay {
  day: string;
  metric: RevenueMetric;
  amount: number;
  count: number;
}

/** Every (day, metric) figure from `from` to `to` (India dates, inclusive), in day order. */
export const revenueDays = ({ sqlite }: ReadDb, from = '0000-00-00', to = '9999-99-99'): RevenueDay[] =>
  sqlite
    .prepare<[string, string], RevenueDay>(
      'SELECT day, metric, amount, count FROM rm_revenue_daily WHERE day >= ? AND day <= ? ORDER BY day, metric',
    )
    .all(from, to);

/** Each metric's total over the whole log (or up to and including `to`). */
export const revenueTotals = ({ sqlite }: ReadDb, to = '9999-99-99'): Record<RevenueMetric, number> => {
  const totals = Object.fromEntries(REVENUE_METRICS.map((m) => [m, 0])) as Record<RevenueMetric, number>;
  for (const r of sqlite
    .prepare<[string], { metric: RevenueMetric; amount: number }>(
      'SELECT metric, sum(amount) AS amount FROM rm_revenue_daily WHERE day <= ? GROUP BY metric',
    )
    .all(to)) {
    totals[r.metric] = r.amount;
  }
  return totals;
};

/** What the house owes members, from the flows: wallet cash, reward cash, and fees in escrow. */
export const liabilitiesOf = (t: Record<RevenueMetric, number>) => ({
  wallet_cash: t.deposits - t.fees_collected + t.fees_refunded - t.withdrawals + t.withdrawals_returned,
  reward_outstanding: t.reward_credited + t.fees_to_reward - t.reward_spent,
  fees_in_escrow: t.fees_collected - t.fees_refunded - t.fees_to_reward - t.fees_kept,
});

const DAY_MS = 86_400_000;
/** India date `n` days after `day`. */
export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The first day of the month `n` months before `day`'s month. */
export const monthsBack = (day: string, n: number): string => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - n);
  return d.toISOString().slice(0, 10);
};

const zeros = () => Object.fromEntries(REVENUE_METRICS.map((m) => [m, 0])) as Record<RevenueMetric, number>;

/** The periods of a range: each day, or each month ("2026-11"), oldest first. */
const periodsOf = (period: 'day' | 'month', from: string, to: string): string[] => {
  const out: string[] = [];
  if (period === 'day') {
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  }
  for (let m = from.slice(0, 7); m <= to.slice(0, 7);) {
    out.push(m);
    const next = new Date(`${m}-01T00:00:00Z`);
    next.setUTCMonth(next.getUTCMonth() + 1);
    m = next.toISOString().slice(0, 7);
  }
  return out;
};

/**
 * The dashboard's report: each metric per day or month from `from` to `to` (India dates,
 * inclusive; zeros where nothing happened), the range's totals, and the liabilities at its end.
 */
export const revenueReport = (db: ReadDb, period: 'day' | 'month', from: string, to: string) => {
  const periods = periodsOf(period, from, to);
  const byPeriod = new Map(periods.map((p) => [p, zeros()]));
  const totals = zeros();
  for (const row of revenueDays(db, from, to)) {
    byPeriod.get(period === 'day' ? row.day : row.day.slice(0, 7))![row.metric] += row.amount;
    totals[row.metric] += row.amount;
  }
  return {
    period,
    from,
    to,
    series: periods.map((p) => ({ period: p, values: byPeriod.get(p)! })),
    totals,
    liabilities: liabilitiesOf(revenueTotals(db, to)),
  };
};
