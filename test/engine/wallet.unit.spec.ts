import { describe, expect, it } from 'vitest';
import { fold } from '../../engine/decider.ts';
import type { WalletEvent } from '../../engine/wallet.ts';
import { specFor } from '../helpers/decider.ts';
import { heldAmount, isCredit, TRANSACTION_TYPES, transactionTypeOf, walletDecider } from '../../engine/wallet.ts';

const given = specFor(walletDecider);
const NOW = Date.parse('2026-11-22T05:00:00.000Z');

const ordered = (orderId = 'o1', amount = 100_00): WalletEvent => ({
  type: 'DepositOrderCreated',
  data: { orderId, amount, at: NOW },
});
const deposited = (orderId = 'o1', paymentId = 'pay1', amount = 100_00): WalletEvent => ({
  type: 'Deposited',
  data: { orderId, paymentId, amount, at: NOW },
});
const funded = (amount = 100_00): WalletEvent[] => [ordered('o1', amount), deposited('o1', 'pay1', amount)];
const ref = (reservationId = 'r1', amount = 50_00) => ({
  reservationId,
  roomCode: 'ABC123',
  productName: 'Boat',
  amount,
  at: NOW,
});
const held = (reservationId = 'r1', amount = 50_00): WalletEvent => ({
  type: 'PrebookFeeDeducted',
  data: ref(reservationId, amount),
});

describe('wallet: deposits through the payment port', () => {
  it('records an order, then credits it once per payment id', () => {
    given([])
      .when({ type: 'CreateDepositOrder', data: { orderId: 'o1', amount: 100_00, now: NOW } })
      .then([ordered()]);
    given([ordered()])
      .when({ type: 'ConfirmDeposit', data: { orderId: 'o1', paymentId: 'pay1', amount: 100_00, now: NOW } })
      .then([deposited()]);
    given(funded())
      .when({ type: 'ConfirmDeposit', data: { orderId: 'o1', paymentId: 'pay1', amount: 100_00, now: NOW } })
      .thenNothing();
  });

  it('never pays one order twice: another payment id for a paid order is refused, for the API to return it', () => {
    given(funded())
      .when({ type: 'ConfirmDeposit', data: { orderId: 'o1', paymentId: 'pay2', amount: 100_00, now: NOW } })
      .thenThrows('DEPOSIT_ALREADY_PAID', 'This top-up is already paid. The amount has been added to your wallet.');
    // The same payment again is a replay: nothing, and no refusal.
    given(funded())
      .when({ type: 'ConfirmDeposit', data: { orderId: 'o1', paymentId: 'pay1', amount: 100_00, now: NOW } })
      .thenNothing();
  });

  it.each([0, -5000, 12.5])('refuses a deposit of %s with the spec text', (amount) => {
    given([])
      .when({ type: 'CreateDepositOrder', data: { orderId: 'o1', amount, now: NOW } })
      .thenThrows('INVALID_DEPOSIT', '⚠️ Invalid deposit amount');
  });

  it('refuses an unknown order and a wrong amount', () => {
    given([])
      .when({ type: 'ConfirmDeposit', data: { orderId: 'nope', paymentId: 'p', amount: 1, now: NOW } })
      .thenThrows('PAYMENT_ORDER_NOT_FOUND');
    given([ordered()])
      .when({ type: 'ConfirmDeposit', data: { orderId: 'o1', paymentId: 'p', amount: 1_00, now: NOW } })
      .thenThrows('PAYMENT_AMOUNT_MISMATCH');
  });
});

describe('wallet: pre-book fees', () => {
  const debit = (reservationId = 'r1', amount = 50_00, roomCode = 'ABC123') =>
    ({ type: 'DebitPrebook', data: { reservationId, roomCode, productName: 'Boat', amount, now: NOW } }) as const;

  it('holds the fee out of cash', () => {
    given(funded()).when(debit()).then([held()]);
    const state = fold(walletDecider, [...funded(), held()]);
    expect(state.cash).toBe(50_00);
    expect(heldAmount(state)).toBe(50_00);
  });

  it('refuses when cash is short, never going negative', () => {
    given(funded(40_00)).when(debit()).thenThrows('INSUFFICIENT_FUNDS');
  });

  it('is idempotent by reservation id and holds one fee per room', () => {
    given([...funded(), held()])
      .when(debit())
      .thenNothing();
    given([...funded(), held()])
      .when(debit('r2'))
      .thenThrows('ALREADY_BOOKED', 'You have already booked');
    given([...funded(), held(), { type: 'PrebookFeeRefunded', data: ref() }])
      .when(debit('r2'))
      .then([held('r2')]);
    expect(
      given([...funded(), held()])
        .when(debit('r2', 50_00, 'XYZ789'))
        .result().events,
    ).toEqual([{ type: 'PrebookFeeDeducted', data: { ...ref('r2'), roomCode: 'XYZ789' } }]);
  });

  it.each([
    ['RefundPrebook', 'PrebookFeeRefunded', { cash: 100_00, rewardCash: 0 }],
    ['ConvertFeeToReward', 'FeeConvertedToReward', { cash: 50_00, rewardCash: 50_00 }],
    ['KeepEntryFee', 'EntryFeeKept', { cash: 50_00, rewardCash: 0 }],
  ] as const)('%s closes a held fee once (%s)', (command, event, balances) => {
    const history = [...funded(), held()];
    given(history)
      .when({ type: command, data: { reservationId: 'r1', now: NOW } })
      .then([{ type: event, data: ref() }]);
    const closed = [...history, { type: event, data: ref() } as WalletEvent];
    expect(fold(walletDecider, closed)).toMatchObject(balances);
    expect(heldAmount(fold(walletDecider, closed))).toBe(0);
    given(closed)
      .when({ type: command, data: { reservationId: 'r1', now: NOW } })
      .thenNothing();
  });

  it('never gives a fee a second fate', () => {
    const refunded = [...funded(), held(), { type: 'PrebookFeeRefunded', data: ref() } as WalletEvent];
    given(refunded)
      .when({ type: 'ConvertFeeToReward', data: { reservationId: 'r1', now: NOW } })
      .thenThrows('RESERVATION_CLOSED');
    given(funded())
      .when({ type: 'RefundPrebook', data: { reservationId: 'r9', now: NOW } })
      .thenThrows('RESERVATION_NOT_FOUND');
  });
});

describe('wallet: reward cash and withdrawals', () => {
  it('credits a bonus once per credit id', () => {
    const credit = {
      type: 'CreditReward',
      data: { creditId: 'bonus-ABC123', amount: 20_00, reason: 'winner_bonus', roomCode: 'ABC123', now: NOW },
    } as const;
    const events = given([]).when(credit).result().events;
    expect(events).toEqual([
      {
        type: 'RewardCredited',
        data: {
          creditId: 'bonus-ABC123',
          amount: 20_00,
          reason: 'winner_bonus',
          roomCode: 'ABC123',
          productName: null,
          at: NOW,
        },
      },
    ]);
    given(events).when(credit).thenNothing();
  });

  it('spends reward cash only when there is enough', () => {
    const credited: WalletEvent = {
      type: 'RewardCredited',
      data: { creditId: 'c1', amount: 30_00, reason: 'winner_bonus', roomCode: null, productName: null, at: NOW },
    };
    given([credited])
      .when({ type: 'DebitReward', data: { debitId: 'd1', amount: 31_00, reference: 'order-1', now: NOW } })
      .thenThrows('INSUFFICIENT_REWARD');
    given([credited])
      .when({ type: 'DebitReward', data: { debitId: 'd1', amount: 30_00, reference: 'order-1', now: NOW } })
      .then([{ type: 'RewardDebited', data: { debitId: 'd1', amount: 30_00, reference: 'order-1', at: NOW } }]);
  });

  it('withdraws only what cash covers', () => {
    given(funded())
      .when({ type: 'Withdraw', data: { withdrawalId: 'w1', amount: 100_01, dailyMax: MAX, now: NOW } })
      .thenThrows('INSUFFICIENT_FUNDS');
    given(funded())
      .when({ type: 'Withdraw', data: { withdrawalId: 'w1', amount: 0, dailyMax: MAX, now: NOW } })
      .thenThrows('INVALID_AMOUNT');
    given(funded())
      .when({ type: 'Withdraw', data: { withdrawalId: 'w1', amount: 100_00, dailyMax: MAX, now: NOW } })
      .then([withdrawn('w1', 100_00)]);
  });
});

const MAX = 25_000_00;
const withdrawn = (withdrawalId: string, amount: number, at = NOW): WalletEvent => ({
  type: 'Withdrawn',
  data: { withdrawalId, amount, at },
});
const withdraw = (withdrawalId: string, amount: number, now = NOW) =>
  ({ type: 'Withdraw', data: { withdrawalId, amount, dailyMax: MAX, now } }) as const;

describe('wallet: a withdrawal holds one amount, within the day’s maximum', () => {
  it('a retry with the same id holds nothing more, and another amount under that id is refused', () => {
    const rich = funded(50_000_00);
    given([...rich, withdrawn('w1', 100_00)])
      .when(withdraw('w1', 100_00))
      .thenNothing();
    given([...rich, withdrawn('w1', 100_00)])
      .when(withdraw('w1', 5_000_00))
      .thenThrows(
        'WITHDRAWAL_AMOUNT_CHANGED',
        'This request was already sent for another amount, so nothing more was held. Check the amount and send it again.',
      );
    // Not even once its cash came back.
    given([
      ...rich,
      withdrawn('w1', 100_00),
      { type: 'WithdrawalReturned', data: { withdrawalId: 'w1', amount: 100_00, at: NOW } },
    ])
      .when(withdraw('w1', 40_000_00))
      .thenThrows('WITHDRAWAL_AMOUNT_CHANGED');
  });

  it('holds at most the daily maximum per India day, counting what came back as not taken', () => {
    const rich = funded(50_000_00);
    const refused = given([...rich, withdrawn('w1', 20_000_00)])
      .when(withdraw('w2', 20_000_00))
      .thenThrows('WITHDRAWAL_DAILY_LIMIT');
    expect(refused.details).toMatchObject({ dailyMax: MAX, leftToday: 5_000_00 });
    given([...rich, withdrawn('w1', 20_000_00)])
      .when(withdraw('w2', 5_000_00))
      .then([withdrawn('w2', 5_000_00)]);
    given([
      ...rich,
      withdrawn('w1', 20_000_00),
      { type: 'WithdrawalReturned', data: { withdrawalId: 'w1', amount: 20_000_00, at: NOW } },
    ])
      .when(withdraw('w2', 20_000_00))
      .then([withdrawn('w2', 20_000_00)]);
    // 23:59 and 00:01 in India are two days, though the same UTC day.
    const lateEvening = Date.parse('2026-11-22T18:29:00.000Z');
    const justAfterMidnight = Date.parse('2026-11-22T18:31:00.000Z');
    given([...rich, withdrawn('w1', 20_000_00, lateEvening)])
      .when(withdraw('w2', 20_000_00, justAfterMidnight))
      .then([withdrawn('w2', 20_000_00, justAfterMidnight)]);
    given([...rich, withdrawn('w1', 20_000_00, justAfterMidnight)])
      .when(withdraw('w2', 20_000_00, justAfterMidnight + 60_000))
      .thenThrows('WITHDRAWAL_DAILY_LIMIT');
  });
});

describe('wallet: transaction types', () => {
  it('maps each money-moving event to the spec type and the rest to none', () => {
    expect(transactionTypeOf('Deposited')).toBe('deposit');
    expect(transactionTypeOf('Withdrawn')).toBe('withdrawal');
    expect(transactionTypeOf('PrebookFeeDeducted')).toBe('prebook_deduction');
    expect(transactionTypeOf('PrebookFeeRefunded')).toBe('refund_deposit');
    expect(transactionTypeOf('FeeConvertedToReward')).toBe('reward_credit');
    expect(transactionTypeOf('RewardCredited')).toBe('reward_credit');
    expect(transactionTypeOf('RewardDebited')).toBe('reward_debit');
    expect(transactionTypeOf('EntryFeeKept')).toBeNull();
    expect(transactionTypeOf('DepositOrderCreated')).toBeNull();
  });
});

describe('wallet: giving back a shop order’s reward cash, whatever came first', () => {
  const credited: WalletEvent = {
    type: 'RewardCredited',
    data: { creditId: 'seed', amount: 50_00, reason: 'adjustment', roomCode: null, productName: null, at: NOW },
  };
  const debit = {
    type: 'DebitReward',
    data: { debitId: 'shop:o1', amount: 30_00, reference: 'VD-1', now: NOW },
  } as const;
  const debited: WalletEvent = {
    type: 'RewardDebited',
    data: { debitId: 'shop:o1', amount: 30_00, reference: 'VD-1', at: NOW },
  };
  const release = {
    type: 'ReleaseRewardDebit',
    data: { debitId: 'shop:o1', creditId: 'shop-refund:o1', amount: 30_00, now: NOW },
  } as const;
  const voided: WalletEvent = { type: 'RewardDebitVoided', data: { debitId: 'shop:o1', at: NOW } };
  const refunded: WalletEvent = {
    type: 'RewardCredited',
    data: {
      creditId: 'shop-refund:o1',
      amount: 30_00,
      reason: 'shop_refund',
      roomCode: null,
      productName: null,
      at: NOW,
    },
  };

  it('refunds a debit that was taken, once', () => {
    given([credited, debited]).when(release).then([refunded]);
    given([credited, debited, refunded]).when(release).then([]);
  });

  it('voids a debit that has not arrived, and refuses it when it does', () => {
    given([credited]).when(release).then([voided]);
    given([credited, voided])
      .when(debit)
      .thenThrows(
        'REWARD_DEBIT_VOIDED',
        'This checkout was cancelled before it could use your reward cash. Nothing was charged.',
      );
    given([credited, voided]).when(release).then([]);
    expect(fold(walletDecider, [credited, voided]).rewardCash).toBe(50_00);
    expect(transactionTypeOf('RewardDebitVoided')).toBeNull();
  });
});

describe('wallet: which way a transaction moves a balance', () => {
  it('counts deposits, refunds, reward credits and returned withdrawals in, and fees, withdrawals and reward spending out', () => {
    expect(TRANSACTION_TYPES.filter(isCredit)).toEqual([
      'deposit',
      'refund_deposit',
      'reward_credit',
      'withdrawal_returned',
    ]);
  });
});
