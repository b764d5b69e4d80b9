import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../engine/decider.ts';
import type { WalletCommand, WalletEvent, WalletState } from '../../engine/wallet.ts';
import { heldAmount, walletDecider } from '../../engine/wallet.ts';
import type { WithdrawalCommand, WithdrawalEvent, WithdrawalState } from '../../engine/withdrawal.ts';
import { WITHDRAWAL_MESSAGES, withdrawalDecider } from '../../engine/withdrawal.ts';
import { specFor } from '../helpers/decider.ts';

const T0 = Date.parse('2026-11-24T04:30:00.000Z');
const upi = { kind: 'upi' as const, vpa: 'arun@okaxis' };
const requested: WithdrawalEvent = {
  type: 'WithdrawalRequested',
  data: { withdrawalId: 'w1', userId: 'u1', userName: 'Arun', amount: 300_00, destination: upi, at: T0 },
};
const given = specFor(withdrawalDecider);

describe('a withdrawal, step by step', () => {
  it('is requested once; approved or rejected (with a reason) once; then paid or failed', () => {
    given([requested])
      .when({ type: 'RequestWithdrawal', data: { ...requested.data, now: T0 } })
      .thenNothing();
    given([requested])
      .when({ type: 'ApproveWithdrawal', data: { by: 'admin', now: T0 + 1 } })
      .then([{ type: 'WithdrawalApproved', data: { by: 'admin', at: T0 + 1 } }]);
    given([requested])
      .when({ type: 'RejectWithdrawal', data: { by: 'admin', reason: ' ', now: T0 + 1 } })
      .thenThrows('REASON_REQUIRED', WITHDRAWAL_MESSAGES.reasonRequired);
    given([requested, { type: 'WithdrawalRejected', data: { by: 'admin', reason: 'wrong bank', at: T0 + 1 } }])
      .when({ type: 'ApproveWithdrawal', data: { by: 'admin', now: T0 + 2 } })
      .thenThrows('WITHDRAWAL_DECIDED', WITHDRAWAL_MESSAGES.notPending);
    given([requested])
      .when({ type: 'RecordPayout', data: { payoutId: 'p1', provider: 'sandbox', now: T0 + 2 } })
      .thenThrows('WITHDRAWAL_NOT_APPROVED');
    const approved: WithdrawalEvent = { type: 'WithdrawalApproved', data: { by: 'admin', at: T0 + 1 } };
    const paid: WithdrawalEvent = { type: 'WithdrawalPaid', data: { payoutId: 'p1', provider: 'sandbox', at: T0 + 2 } };
    given([requested, approved, paid])
      .when({ type: 'RecordPayout', data: { payoutId: 'p1', provider: 'sandbox', now: T0 + 3 } })
      .thenNothing();
    given([requested, approved])
      .when({ type: 'RecordPayoutFailure', data: { payoutId: 'p1', reason: 'bank refused', now: T0 + 2 } })
      .then([{ type: 'WithdrawalPayoutFailed', data: { payoutId: 'p1', reason: 'bank refused', at: T0 + 2 } }]);
  });

  it('an approved one approved again changes nothing (its payout is retried); a paid one is decided', () => {
    const approved: WithdrawalEvent = { type: 'WithdrawalApproved', data: { by: 'admin', at: T0 + 1 } };
    given([requested, approved])
      .when({ type: 'ApproveWithdrawal', data: { by: 'admin', now: T0 + 60_000 } })
      .thenNothing();
    given([requested, approved, { type: 'WithdrawalPaid', data: { payoutId: 'p1', provider: 'razorpay', at: T0 + 2 } }])
      .when({ type: 'ApproveWithdrawal', data: { by: 'admin', now: T0 + 60_000 } })
      .thenThrows('WITHDRAWAL_DECIDED', WITHDRAWAL_MESSAGES.notPending);
  });

  it('records the held amount for its member only: another amount or member under the id is refused', () => {
    const request = { type: 'RequestWithdrawal', data: { ...requested.data, now: T0 } } as const;
    given([requested])
      .when({ ...request, data: { ...request.data, amount: 40_000_00 } })
      .thenThrows('WITHDRAWAL_EXISTS', WITHDRAWAL_MESSAGES.exists);
    given([requested])
      .when({ ...request, data: { ...request.data, userId: 'u2' } })
      .thenThrows('WITHDRAWAL_EXISTS', WITHDRAWAL_MESSAGES.exists);
  });

  it('a hold never recorded is abandoned once, and its request is refused after', () => {
    const abandon = {
      type: 'AbandonWithdrawal',
      data: { withdrawalId: 'w1', userId: 'u1', amount: 300_00, now: T0 + 20_000 },
    } as const;
    const abandoned: WithdrawalEvent = {
      type: 'WithdrawalAbandoned',
      data: { withdrawalId: 'w1', userId: 'u1', amount: 300_00, at: T0 + 20_000 },
    };
    given([]).when(abandon).then([abandoned]);
    given([abandoned]).when(abandon).thenNothing();
    // A request recorded first wins: nothing is abandoned.
    given([requested]).when(abandon).thenNothing();
    given([abandoned])
      .when({ type: 'RequestWithdrawal', data: { ...requested.data, now: T0 + 30_000 } })
      .thenThrows('WITHDRAWAL_ABANDONED', WITHDRAWAL_MESSAGES.abandoned);
    given([abandoned])
      .when({ type: 'ApproveWithdrawal', data: { by: 'admin', now: T0 + 30_000 } })
      .thenThrows('WITHDRAWAL_NOT_FOUND');
  });
});

/**
 * Random interleavings of deposits, pre-book fee holds and refunds, withdrawal requests (some cut
 * between their hold and their record, then finished by a retry or given up by the sweeper),
 * approvals, rejections, payouts that succeed or fail, and any earlier command run again (a retry,
 * a second process). After every step: cash is never negative, and it is exactly the deposits less
 * the fees held, less every withdrawal not returned; a withdrawal's cash comes back at most once,
 * and only for a rejected, failed or abandoned one; a recorded withdrawal is for what was held.
 */
type Op =
  | { kind: 'deposit'; amount: number }
  | { kind: 'prebook'; amount: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'withdraw' | 'cut'; amount: number }
  | { kind: 'finish' | 'sweep'; pick: number }
  | { kind: 'approve' | 'reject' | 'paid' | 'failed'; pick: number }
  | { kind: 'again'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 50 }).map((r) => r * 100_00) }),
  fc.record({ kind: fc.constant('prebook' as const), amount: fc.integer({ min: 1, max: 20 }).map((r) => r * 10_00) }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.integer({ min: 1, max: 30 }).map((r) => r * 100_00) }),
  fc.record({ kind: fc.constant('cut' as const), amount: fc.integer({ min: 1, max: 30 }).map((r) => r * 100_00) }),
  fc.record({ kind: fc.constantFrom('finish' as const, 'sweep' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constantFrom('approve' as const, 'reject' as const, 'paid' as const, 'failed' as const),
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('again' as const), pick: fc.nat() }),
);

describe('money is conserved across withdrawals, deposits and pre-books', () => {
  it('holds for random interleavings', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        let wallet: WalletState = walletDecider.initialState;
        const walletEvents: WalletEvent[] = [];
        const withdrawals = new Map<string, WithdrawalState>();
        let deposits = 0;
        let n = 0;
        const done: (() => void)[] = [];
        const onWallet = (command: WalletCommand) => {
          try {
            for (const e of walletDecider.decide(command, wallet)) {
              wallet = walletDecider.evolve(wallet, e);
              walletEvents.push(e);
              if (e.type === 'Deposited') deposits += e.data.amount;
            }
            return true;
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            return false;
          }
        };
        const onWithdrawal = (id: string, command: WithdrawalCommand) => {
          try {
            let s = withdrawals.get(id) ?? withdrawalDecider.initialState;
            for (const e of withdrawalDecider.decide(command, s)) s = withdrawalDecider.evolve(s, e);
            withdrawals.set(id, s);
            return true;
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            return false;
          }
        };
        const ids = () => [...withdrawals.keys()];
        /** Requests cut after their hold: their record is still to come (a retry) or never (the sweeper). */
        const cut: string[] = [];
        const record = (id: string, amount: number) =>
          onWithdrawal(id, {
            type: 'RequestWithdrawal',
            data: { withdrawalId: id, userId: 'u1', userName: 'Arun', amount, destination: upi, now: T0 },
          });
        const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
        for (const o of ops) {
          const now = T0 + n++ * 1000;
          const step = (): void => {
            switch (o.kind) {
              case 'deposit': {
                const orderId = `o${n}`;
                onWallet({ type: 'CreateDepositOrder', data: { orderId, amount: o.amount, now } });
                onWallet({ type: 'ConfirmDeposit', data: { orderId, paymentId: `p${n}`, amount: o.amount, now } });
                return;
              }
              case 'prebook':
                onWallet({
                  type: 'DebitPrebook',
                  data: { reservationId: `r${n}`, roomCode: `R${n}`, productName: 'Kettle', amount: o.amount, now },
                });
                return;
              case 'refund': {
                const held = Object.entries(wallet.reservations).filter(([, r]) => r.status === 'held');
                const r = pick(held, o.pick);
                if (r) onWallet({ type: 'RefundPrebook', data: { reservationId: r[0], now } });
                return;
              }
              case 'withdraw': {
                const id = `w${n}`;
                // The API's order: the hold first; only a held amount becomes a request.
                if (
                  onWallet({
                    type: 'Withdraw',
                    data: { withdrawalId: id, amount: o.amount, dailyMax: Number.MAX_SAFE_INTEGER, now },
                  })
                )
                  onWithdrawal(id, {
                    type: 'RequestWithdrawal',
                    data: { withdrawalId: id, userId: 'u1', userName: 'Arun', amount: o.amount, destination: upi, now },
                  });
                return;
              }
              case 'cut': {
                const id = `w${n}`;
                if (
                  onWallet({
                    type: 'Withdraw',
                    data: { withdrawalId: id, amount: o.amount, dailyMax: Number.MAX_SAFE_INTEGER, now },
                  })
                )
                  cut.push(id);
                return;
              }
              case 'finish': {
                // The retry records what the wallet holds (the API's rule).
                const id = pick(cut, o.pick);
                if (id) record(id, wallet.withdrawals![id]!.amount);
                return;
              }
              case 'sweep': {
                const id = pick(cut, o.pick);
                if (!id) return;
                const amount = wallet.withdrawals![id]!.amount;
                onWithdrawal(id, { type: 'AbandonWithdrawal', data: { withdrawalId: id, userId: 'u1', amount, now } });
                if (withdrawals.get(id)?.status === 'abandoned')
                  onWallet({ type: 'ReturnWithdrawal', data: { withdrawalId: id, now } });
                return;
              }
              case 'approve': {
                const id = pick(ids(), o.pick);
                if (id) onWithdrawal(id, { type: 'ApproveWithdrawal', data: { by: 'admin', now } });
                return;
              }
              case 'reject': {
                const id = pick(ids(), o.pick);
                if (
                  id &&
                  onWithdrawal(id, { type: 'RejectWithdrawal', data: { by: 'admin', reason: 'wrong bank', now } })
                )
                  onWallet({ type: 'ReturnWithdrawal', data: { withdrawalId: id, now } });
                return;
              }
              case 'paid': {
                const id = pick(ids(), o.pick);
                if (id)
                  onWithdrawal(id, { type: 'RecordPayout', data: { payoutId: `po${id}`, provider: 'sandbox', now } });
                return;
              }
              case 'failed': {
                const id = pick(ids(), o.pick);
                if (
                  id &&
                  onWithdrawal(id, { type: 'RecordPayoutFailure', data: { payoutId: null, reason: 'refused', now } })
                )
                  onWallet({ type: 'ReturnWithdrawal', data: { withdrawalId: id, now } });
                return;
              }
              case 'again':
                pick(done, o.pick)?.();
                return;
            }
          };
          step();
          if (o.kind !== 'again') done.push(step);

          expect(wallet.cash).toBeGreaterThanOrEqual(0);
          const returned = walletEvents.filter((e) => e.type === 'WithdrawalReturned');
          const returnedIds = returned.map((e) => e.data.withdrawalId);
          expect(new Set(returnedIds).size).toBe(returnedIds.length);
          for (const id of returnedIds)
            expect(['rejected', 'failed', 'abandoned']).toContain(withdrawals.get(id)?.status);
          const out = walletEvents.filter((e) => e.type === 'Withdrawn').reduce((sum, e) => sum + e.data.amount, 0);
          const back = returned.reduce((sum, e) => sum + e.data.amount, 0);
          expect(wallet.cash).toBe(deposits - heldAmount(wallet) - out + back);
          // Every withdrawal with money out is one the member asked for (or one cut half-way), and
          // a recorded one is for exactly what was held.
          for (const e of walletEvents)
            if (e.type === 'Withdrawn') {
              const w = withdrawals.get(e.data.withdrawalId);
              expect(w !== undefined || cut.includes(e.data.withdrawalId)).toBe(true);
              if (w && w.status !== 'none' && w.status !== 'abandoned') expect(w.amount).toBe(e.data.amount);
            }
        }
      }),
      { numRuns: 300 },
    );
  });
});
