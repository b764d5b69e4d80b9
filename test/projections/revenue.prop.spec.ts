import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../engine/decider.ts';
import type { WalletCommand, WalletEvent, WalletState } from '../../engine/wallet.ts';
import { walletDecider } from '../../engine/wallet.ts';
import { REVENUE_METRICS, revenueProjector, revenueReport } from '../../projections/revenue.ts';
import type { GivenEvent } from '../helpers/readModel.ts';
import { on, project, record } from '../helpers/readModel.ts';

/**
 * The dashboard's figures against an independent fold of the same log. Random histories: members'
 * wallets driven through the real wallet decider (deposits, pre-book fees and their three fates,
 * reward credits and shop spends, withdrawals and their returns), won deals bought and shop orders
 * paid, at random times over a few weeks. The read model goes through the real projection runner in
 * random batch sizes; the fold below sums the events itself (its own day arithmetic through
 * Intl, its own event mapping) and takes the balances from the wallet decider's own states.
 */

const T0 = Date.parse('2026-10-20T18:00:00.000Z');
const USERS = ['u1', 'u2', 'u3'] as const;
const istDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
const dayOf = (ms: number) => istDay.format(ms);

type Op =
  | { kind: 'deposit' | 'prebook' | 'reward' | 'spend' | 'withdraw'; user: number; amount: number; gap: number }
  | { kind: 'refund' | 'convert' | 'keep' | 'return'; user: number; pick: number; gap: number }
  | { kind: 'purchase' | 'shop'; amount: number; gap: number };

const gap = fc.integer({ min: 0, max: 40 * 3_600_000 });
const money = fc.integer({ min: 1, max: 400 }).map((r) => r * 100);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom(
      'deposit' as const,
      'prebook' as const,
      'reward' as const,
      'spend' as const,
      'withdraw' as const,
    ),
    user: fc.nat(2),
    amount: money,
    gap,
  }),
  fc.record({
    kind: fc.constantFrom('refund' as const, 'convert' as const, 'keep' as const, 'return' as const),
    user: fc.nat(2),
    pick: fc.nat(),
    gap,
  }),
  fc.record({ kind: fc.constantFrom('purchase' as const, 'shop' as const), amount: money, gap }),
);

interface Fold {
  /** (India day, metric) → paise, summed by the fold's own rules. */
  byDay: Map<string, number>;
  wallets: Map<string, WalletState>;
}

const bump = (fold: Fold, at: number, metric: string, amount: number) => {
  const key = `${dayOf(at)}|${metric}`;
  fold.byDay.set(key, (fold.byDay.get(key) ?? 0) + amount);
};

/** The fold's own reading of each event: which figure it moves. */
const foldEvent = (fold: Fold, e: { type: string; data: Record<string, unknown> }) => {
  const amount = (e.data.amount ?? e.data.amountPaise) as number;
  const at = e.data.at as number;
  const metric = {
    Deposited: 'deposits',
    PrebookFeeDeducted: 'fees_collected',
    PrebookFeeRefunded: 'fees_refunded',
    FeeConvertedToReward: 'fees_to_reward',
    EntryFeeKept: 'fees_kept',
    RewardCredited: 'reward_credited',
    RewardDebited: 'reward_spent',
    Withdrawn: 'withdrawals',
    WithdrawalReturned: 'withdrawals_returned',
    RoomPurchased: 'purchases',
    ShopOrderPaid: 'shop_sales',
  }[e.type];
  if (metric) bump(fold, at, metric, amount);
};

const runHistory = (ops: readonly Op[]) => {
  const fold: Fold = { byDay: new Map(), wallets: new Map(USERS.map((u) => [u, walletDecider.initialState])) };
  const log: GivenEvent[] = [];
  let now = T0;
  let n = 0;
  const walletRun = (user: string, command: WalletCommand) => {
    const state = fold.wallets.get(user)!;
    let events: WalletEvent[];
    try {
      events = walletDecider.decide(command, state);
    } catch (error) {
      if (error instanceof DomainError) return;
      throw error;
    }
    fold.wallets.set(user, events.reduce(walletDecider.evolve, state));
    for (const e of events) {
      log.push(on(`wallet-${user}`, e, new Date(now).toISOString()));
      foldEvent(fold, e);
    }
  };
  for (const next of ops) {
    now += next.gap;
    const id = `x${n++}`;
    if (next.kind === 'purchase' || next.kind === 'shop') {
      const op = next;
      const e =
        op.kind === 'purchase'
          ? {
              type: 'RoomPurchased',
              data: { orderId: id, paymentId: `p${id}`, userId: 'u1', amount: op.amount, address: {}, at: now },
            }
          : {
              type: 'ShopOrderPaid',
              data: { paymentId: `p${id}`, providerOrderId: null, amountPaise: op.amount, source: 'checkout', at: now },
            };
      log.push(on(op.kind === 'purchase' ? `room-R${id}` : `shoporder-${id}`, e, new Date(now).toISOString()));
      foldEvent(fold, e);
      continue;
    }
    const op = next as Exclude<Op, { kind: 'purchase' | 'shop' }>;
    const user = USERS[op.user]!;
    const state = fold.wallets.get(user)!;
    const held = Object.entries(state.reservations).filter(([, r]) => r.status === 'held');
    const returnable = Object.entries(state.withdrawals ?? {}).filter(([, w]) => !w.returned);
    switch (op.kind) {
      case 'deposit':
        walletRun(user, { type: 'CreateDepositOrder', data: { orderId: id, amount: op.amount, now } });
        walletRun(user, { type: 'ConfirmDeposit', data: { orderId: id, paymentId: `p${id}`, amount: op.amount, now } });
        break;
      case 'prebook':
        walletRun(user, {
          type: 'DebitPrebook',
          data: { reservationId: id, roomCode: 'ROOM01', productName: 'Saree', amount: op.amount, now },
        });
        break;
      case 'refund':
      case 'convert':
      case 'keep': {
        const pick = held[op.pick % Math.max(1, held.length)];
        if (!pick) break;
        const type =
          op.kind === 'refund' ? 'RefundPrebook' : op.kind === 'convert' ? 'ConvertFeeToReward' : 'KeepEntryFee';
        walletRun(user, { type, data: { reservationId: pick[0], now } });
        break;
      }
      case 'reward':
        walletRun(user, {
          type: 'CreditReward',
          data: { creditId: id, amount: op.amount, reason: 'winner_bonus', now },
        });
        break;
      case 'spend':
        walletRun(user, { type: 'DebitReward', data: { debitId: id, amount: op.amount, reference: 'order', now } });
        break;
      case 'withdraw':
        walletRun(user, {
          type: 'Withdraw',
          data: { withdrawalId: id, amount: op.amount, dailyMax: Number.MAX_SAFE_INTEGER, now },
        });
        break;
      case 'return': {
        const pick = returnable[op.pick % Math.max(1, returnable.length)];
        if (pick) walletRun(user, { type: 'ReturnWithdrawal', data: { withdrawalId: pick[0], now } });
        break;
      }
    }
  }
  return { fold, log: record(log), end: now };
};

describe('the revenue dashboard reconciles with the log', () => {
  it('every day, every month, the totals and the liabilities equal an independent fold', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 80 }), fc.integer({ min: 1, max: 50 }), (ops, batch) => {
        const { fold, log, end } = runHistory(ops);
        const db = project(log, batch, [revenueProjector]);
        const from = dayOf(T0);
        const to = dayOf(end);

        const daily = revenueReport(db, 'day', from, to);
        for (const row of daily.series) {
          for (const metric of REVENUE_METRICS) {
            expect(row.values[metric], `${row.period} ${metric}`).toBe(fold.byDay.get(`${row.period}|${metric}`) ?? 0);
          }
        }
        const monthly = revenueReport(db, 'month', from, to);
        for (const metric of REVENUE_METRICS) {
          const all = [...fold.byDay].filter(([k]) => k.endsWith(`|${metric}`)).reduce((s, [, v]) => s + v, 0);
          expect(daily.totals[metric], metric).toBe(all);
          expect(
            monthly.series.reduce((s, m) => s + m.values[metric], 0),
            metric,
          ).toBe(all);
          for (const m of monthly.series) {
            const inMonth = [...fold.byDay]
              .filter(([k]) => k.startsWith(m.period) && k.endsWith(`|${metric}`))
              .reduce((s, [, v]) => s + v, 0);
            expect(m.values[metric], `${m.period} ${metric}`).toBe(inMonth);
          }
        }

        // What is owed to members, from the wallet decider's own states.
        const wallets = [...fold.wallets.values()];
        expect(daily.liabilities).toEqual({
          wallet_cash: wallets.reduce((s, w) => s + w.cash, 0),
          reward_outstanding: wallets.reduce((s, w) => s + w.rewardCash, 0),
          fees_in_escrow: wallets.reduce(
            (s, w) => s + Object.values(w.reservations).reduce((h, r) => h + (r.status === 'held' ? r.amount : 0), 0),
            0,
          ),
        });
        db.sqlite.close();
      }),
      { numRuns: 150 },
    );
  });
});
