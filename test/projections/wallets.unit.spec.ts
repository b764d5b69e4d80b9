import { describe, it } from 'vitest';
import type { WalletEvent } from '../../engine/wallet.ts';
import { rewardCreditApplied, walletBalances, walletTransactions } from '../../projections/wallets.ts';
import { given, on } from '../helpers/readModel.ts';

const wallet = (e: WalletEvent) => on('wallet-u1', e);
const fee = { reservationId: 'res-1', roomCode: 'ABC123', productName: 'Silk saree', amount: 1000, at: 2 };

describe('wallets read model', () => {
  it('shows cash after a deposit, a pre-book fee held, and the fee refunded', () => {
    given(
      wallet({ type: 'DepositOrderCreated', data: { orderId: 'dep-1', amount: 10_000, at: 0 } }),
      wallet({ type: 'Deposited', data: { orderId: 'dep-1', paymentId: 'pay_1', amount: 10_000, at: 1 } }),
      wallet({ type: 'PrebookFeeDeducted', data: fee }),
    )
      .thenRows((db) => walletBalances(db, 'u1'), { cash: 9000, reward_cash: 0, held: 1000, revision: 2 })
      .thenRows(
        (db) => walletTransactions(db, 'u1').map((t) => [t.type, t.amount, t.balance, t.room_code]),
        [
          ['prebook_deduction', 1000, 'cash', 'ABC123'],
          ['deposit', 10_000, 'cash', null],
        ],
      );
    given(
      wallet({ type: 'Deposited', data: { orderId: 'dep-1', paymentId: 'pay_1', amount: 10_000, at: 1 } }),
      wallet({ type: 'PrebookFeeDeducted', data: fee }),
      wallet({ type: 'PrebookFeeRefunded', data: { ...fee, at: 3 } }),
    )
      .thenRows((db) => walletBalances(db, 'u1'), { cash: 10_000, reward_cash: 0, held: 0, revision: 2 })
      .thenRows((db) => walletTransactions(db, 'u1', 1)[0]?.type, 'refund_deposit');
  });

  it('turns a fee into reward cash, keeps an entry fee, and spends reward cash', () => {
    given(
      wallet({ type: 'Deposited', data: { orderId: 'dep-1', paymentId: 'pay_1', amount: 5000, at: 1 } }),
      wallet({ type: 'PrebookFeeDeducted', data: fee }),
      wallet({ type: 'PrebookFeeDeducted', data: { ...fee, reservationId: 'res-2', roomCode: 'XYZ789' } }),
      wallet({ type: 'FeeConvertedToReward', data: fee }),
      wallet({ type: 'EntryFeeKept', data: { ...fee, reservationId: 'res-2', roomCode: 'XYZ789' } }),
      wallet({ type: 'RewardDebited', data: { debitId: 'deb-1', amount: 400, reference: 'order-1', at: 5 } }),
    )
      .thenRows((db) => walletBalances(db, 'u1'), { cash: 3000, reward_cash: 600, held: 0, revision: 5 })
      .thenRows(
        (db) => walletTransactions(db, 'u1').map((t) => [t.type, t.amount, t.balance]),
        [
          ['reward_debit', 400, 'reward'],
          ['reward_credit', 1000, 'reward'],
          ['prebook_deduction', 1000, 'cash'],
          ['prebook_deduction', 1000, 'cash'],
          ['deposit', 5000, 'cash'],
        ],
      );
  });

  it('records a winner bonus by its credit id, and a member with no wallet has zero balances', () => {
    given(
      wallet({
        type: 'RewardCredited',
        data: {
          creditId: 'bonus-ABC123',
          amount: 2500,
          reason: 'winner_bonus',
          roomCode: 'ABC123',
          productName: 'Silk saree',
          at: 9,
        },
      }),
    )
      .thenRows((db) => rewardCreditApplied(db, 'bonus-ABC123'), true)
      .thenRows((db) => rewardCreditApplied(db, 'bonus-XYZ789'), false)
      .thenRows((db) => walletBalances(db, 'u1'), { cash: 0, reward_cash: 2500, held: 0, revision: 0 })
      .thenRows((db) => walletBalances(db, 'nobody'), { cash: 0, reward_cash: 0, held: 0, revision: -1 });
  });

  it('ignores wallet event types on streams that are not wallets', () => {
    given(
      on<WalletEvent>('other-u1', { type: 'Deposited', data: { orderId: 'd', paymentId: 'p', amount: 1, at: 0 } }),
    ).thenRows((db) => walletBalances(db, 'u1').revision, -1);
  });
});
