import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';
import { indiaDate } from './crackersSeason.ts';

export const walletStream = (userId: string): string => `wallet-${userId}`;

/** Transaction types a member sees (storefront §4 plus the reward-cash ones). */
export const TRANSACTION_TYPES = [
  'deposit',
  'withdrawal',
  'prebook_deduction',
  'refund_deposit',
  'reward_credit',
  'reward_debit',
  'withdrawal_returned',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export type ReservationStatus = 'held' | 'refunded' | 'converted' | 'kept';

export interface Reservation {
  roomCode: string;
  productName: string;
  amount: number;
  status: ReservationStatus;
}

export type RewardReason = 'winner_bonus' | 'shop_refund' | 'adjustment';

export const WALLET_MESSAGES = {
  INVALID_DEPOSIT: '⚠️ Invalid deposit amount',
  INVALID_AMOUNT: 'The amount must be more than ₹0.',
  INSUFFICIENT_FUNDS: 'Insufficient wallet balance. Add money to your wallet and try again.',
  INSUFFICIENT_REWARD: 'Not enough reward cash.',
  ALREADY_BOOKED: 'You have already booked',
  RESERVATION_NOT_FOUND: 'This pre-booking was not found in the wallet.',
  RESERVATION_CLOSED: 'This pre-booking has already been settled.',
  PAYMENT_ORDER_NOT_FOUND: 'We could not find this payment order.',
  PAYMENT_AMOUNT_MISMATCH: 'The amount paid does not match the amount of this order.',
  DEPOSIT_ALREADY_PAID: 'This top-up is already paid. The amount has been added to your wallet.',
  WITHDRAWAL_NOT_HELD: 'This withdrawal holds no money in the wallet.',
  WITHDRAWAL_AMOUNT_CHANGED:
    'This request was already sent for another amount, so nothing more was held. Check the amount and send it again.',
  WITHDRAWAL_DAILY_LIMIT: 'This is more than you can withdraw today.',
  REWARD_DEBIT_VOIDED: 'This checkout was cancelled before it could use your reward cash. Nothing was charged.',
} as const;

const walletError = (code: keyof typeof WALLET_MESSAGES, details?: Record<string, unknown>) =>
  new DomainError(code, WALLET_MESSAGES[code], details);

// ── Commands ─────────────────────────────────────────────────────────────────────────────
type At = { now: number };
type Held = { reservationId: string } & At;
export type WalletCommand =
  | { type: 'CreateDepositOrder'; data: { orderId: string; amount: number } & At }
  | { type: 'ConfirmDeposit'; data: { orderId: string; paymentId: string; amount: number } & At }
  /**
   * Holds cash for a withdrawal (the `Withdrawn` event): it leaves the balance at once. The hold is
   * the withdrawal's amount; `dailyMax` caps what the India day of `now` may hold in all.
   */
  | { type: 'Withdraw'; data: { withdrawalId: string; amount: number; dailyMax: number } & At }
  /** A rejected or failed withdrawal's cash comes back, once. */
  | { type: 'ReturnWithdrawal'; data: { withdrawalId: string } & At }
  | { type: 'DebitPrebook'; data: { roomCode: string; productName: string; amount: number } & Held }
  | { type: 'RefundPrebook'; data: Held }
  | { type: 'ConvertFeeToReward'; data: Held }
  | { type: 'KeepEntryFee'; data: Held }
  | {
      type: 'CreditReward';
      data: { creditId: string; amount: number; reason: RewardReason; roomCode?: string; productName?: string } & At;
    }
  | { type: 'DebitReward'; data: { debitId: string; amount: number; reference: string } & At }
  /**
   * Gives back what a debit took, once (as `creditId`), or, when the debit has not arrived yet,
   * voids it so that it is refused when it does.
   */
  | { type: 'ReleaseRewardDebit'; data: { debitId: string; creditId: string; amount: number } & At };

// ── Events ───────────────────────────────────────────────────────────────────────────────
type Ref = { reservationId: string; roomCode: string; productName: string; amount: number; at: number };
export type WalletEvent =
  | { type: 'DepositOrderCreated'; data: { orderId: string; amount: number; at: number } }
  | { type: 'Deposited'; data: { orderId: string; paymentId: string; amount: number; at: number } }
  | { type: 'Withdrawn'; data: { withdrawalId: string; amount: number; at: number } }
  | { type: 'WithdrawalReturned'; data: { withdrawalId: string; amount: number; at: number } }
  | { type: 'PrebookFeeDeducted'; data: Ref }
  | { type: 'PrebookFeeRefunded'; data: Ref }
  | { type: 'FeeConvertedToReward'; data: Ref }
  | { type: 'EntryFeeKept'; data: Ref }
  | {
      type: 'RewardCredited';
      data: {
        creditId: string;
        amount: number;
        reason: RewardReason;
        roomCode: string | null;
        productName: string | null;
        at: number;
      };
    }
  | { type: 'RewardDebited'; data: { debitId: string; amount: number; reference: string; at: number } }
  | { type: 'RewardDebitVoided'; data: { debitId: string; at: number } };

export interface WalletState {
  cash: number;
  rewardCash: number;
  /** Deposit orders by provider order id, with the payment that paid them. */
  orders: Record<string, { amount: number; paymentId: string | null }>;
  payments: Record<string, true>;
  reservations: Record<string, Reservation>;
  /** Ids of reward credits/debits and withdrawals already applied. */
  applied: Record<string, true>;
  /** Cash each withdrawal holds (and when it was held), until it is paid out (stays) or returned. */
  withdrawals?: Record<string, { amount: number; returned: boolean; at: number }>;
  /** Reward debits voided before they arrived: refused if they ever do. */
  voided: Record<string, true>;
}

export const initialState: WalletState = {
  cash: 0,
  rewardCash: 0,
  orders: {},
  payments: {},
  reservations: {},
  applied: {},
  voided: {},
};

const positive = (amount: number) => Number.isSafeInteger(amount) && amount > 0;

/** Cash held by the withdrawals of the India day of `now` that were not returned, in paise. */
export const withdrawnOn = (state: WalletState, now: number): number =>
  Object.values(state.withdrawals ?? {}).reduce(
    (sum, w) => sum + (!w.returned && indiaDate(w.at) === indiaDate(now) ? w.amount : 0),
    0,
  );

const closing = (
  state: WalletState,
  { reservationId, now }: Held,
  target: ReservationStatus,
  type: 'PrebookFeeRefunded' | 'FeeConvertedToReward' | 'EntryFeeKept',
): WalletEvent[] => {
  const r = state.reservations[reservationId];
  if (!r) throw walletError('RESERVATION_NOT_FOUND', { reservationId });
  if (r.status === target) return [];
  if (r.status !== 'held') throw walletError('RESERVATION_CLOSED', { reservationId, status: r.status });
  return [
    { type, data: { reservationId, roomCode: r.roomCode, productName: r.productName, amount: r.amount, at: now } },
  ];
};

/**
 * A member's wallet. Guarantees: cash and reward cash are integer paise and never negative; a
 * payment id is credited at most once and only for the amount of its order; a room holds at most
 * one fee per member; a held fee is closed exactly once (refunded to cash, converted to reward
 * cash, or kept as the winner's entry); every credit or debit id applies once; a withdrawal id
 * holds one amount, once, and the holds of one India day stay within the daily maximum.
 */
export const decide = (command: WalletCommand, state: WalletState): WalletEvent[] => {
  switch (command.type) {
    case 'CreateDepositOrder': {
      const { orderId, amount, now } = command.data;
      if (!positive(amount)) throw walletError('INVALID_DEPOSIT');
      if (state.orders[orderId]) return [];
      return [{ type: 'DepositOrderCreated', data: { orderId, amount, at: now } }];
    }
    case 'ConfirmDeposit': {
      const { orderId, paymentId, amount, now } = command.data;
      const order = state.orders[orderId];
      if (!order) throw walletError('PAYMENT_ORDER_NOT_FOUND', { orderId });
      if (state.payments[paymentId]) return [];
      // Another payment for an order already paid is not dropped: the API puts it in the wallet.
      if (order.paymentId !== null) throw walletError('DEPOSIT_ALREADY_PAID', { orderId, paymentId });
      if (amount !== order.amount)
        throw walletError('PAYMENT_AMOUNT_MISMATCH', { expected: order.amount, paid: amount });
      return [{ type: 'Deposited', data: { orderId, paymentId, amount, at: now } }];
    }
    case 'Withdraw': {
      const { withdrawalId, amount, dailyMax, now } = command.data;
      // A retry holds nothing more, and never for another amount: the hold is what gets paid out.
      const held = state.withdrawals?.[withdrawalId];
      if (held && held.amount !== amount)
        throw walletError('WITHDRAWAL_AMOUNT_CHANGED', { withdrawalId, held: held.amount, amount });
      if (held) return [];
      if (!positive(amount)) throw walletError('INVALID_AMOUNT');
      const leftToday = Math.max(0, dailyMax - withdrawnOn(state, now));
      if (amount > leftToday) throw walletError('WITHDRAWAL_DAILY_LIMIT', { dailyMax, leftToday, amount });
      if (state.cash < amount) throw walletError('INSUFFICIENT_FUNDS', { cash: state.cash, amount });
      return [{ type: 'Withdrawn', data: { withdrawalId, amount, at: now } }];
    }
    case 'ReturnWithdrawal': {
      const { withdrawalId, now } = command.data;
      const held = state.withdrawals?.[withdrawalId];
      if (!held) throw walletError('WITHDRAWAL_NOT_HELD', { withdrawalId });
      if (held.returned) return [];
      return [{ type: 'WithdrawalReturned', data: { withdrawalId, amount: held.amount, at: now } }];
    }
    case 'DebitPrebook': {
      const { reservationId, roomCode, productName, amount, now } = command.data;
      if (state.reservations[reservationId]) return [];
      if (Object.values(state.reservations).some((r) => r.roomCode === roomCode && r.status !== 'refunded')) {
        throw walletError('ALREADY_BOOKED', { roomCode });
      }
      if (!positive(amount)) throw walletError('INVALID_AMOUNT');
      if (state.cash < amount) throw walletError('INSUFFICIENT_FUNDS', { cash: state.cash, amount });
      return [{ type: 'PrebookFeeDeducted', data: { reservationId, roomCode, productName, amount, at: now } }];
    }
    case 'RefundPrebook':
      return closing(state, command.data, 'refunded', 'PrebookFeeRefunded');
    case 'ConvertFeeToReward':
      return closing(state, command.data, 'converted', 'FeeConvertedToReward');
    case 'KeepEntryFee':
      return closing(state, command.data, 'kept', 'EntryFeeKept');
    case 'CreditReward': {
      const { creditId, amount, reason, roomCode, productName, now } = command.data;
      if (state.applied[creditId]) return [];
      if (!positive(amount)) throw walletError('INVALID_AMOUNT');
      const data = { creditId, amount, reason, roomCode: roomCode ?? null, productName: productName ?? null, at: now };
      return [{ type: 'RewardCredited', data }];
    }
    case 'DebitReward': {
      const { debitId, amount, reference, now } = command.data;
      if (state.voided[debitId]) throw walletError('REWARD_DEBIT_VOIDED', { debitId });
      if (state.applied[debitId]) return [];
      if (!positive(amount)) throw walletError('INVALID_AMOUNT');
      if (state.rewardCash < amount) throw walletError('INSUFFICIENT_REWARD', { rewardCash: state.rewardCash, amount });
      return [{ type: 'RewardDebited', data: { debitId, amount, reference, at: now } }];
    }
    case 'ReleaseRewardDebit': {
      const { debitId, creditId, amount, now } = command.data;
      if (state.applied[creditId] || state.voided[debitId]) return [];
      if (!state.applied[debitId]) return [{ type: 'RewardDebitVoided', data: { debitId, at: now } }];
      if (!positive(amount)) throw walletError('INVALID_AMOUNT');
      return [
        {
          type: 'RewardCredited',
          data: { creditId, amount, reason: 'shop_refund', roomCode: null, productName: null, at: now },
        },
      ];
    }
    default:
      return assertNever(command);
  }
};

const setReservation = (
  state: WalletState,
  id: string,
  patch: Partial<Reservation>,
  base?: Reservation,
): WalletState => {
  const current = base ?? state.reservations[id];
  return current ? { ...state, reservations: { ...state.reservations, [id]: { ...current, ...patch } } } : state;
};

export const evolve = (state: WalletState, event: WalletEvent): WalletState => {
  switch (event.type) {
    case 'DepositOrderCreated':
      return {
        ...state,
        orders: { ...state.orders, [event.data.orderId]: { amount: event.data.amount, paymentId: null } },
      };
    case 'Deposited': {
      const { orderId, paymentId, amount } = event.data;
      return {
        ...state,
        cash: state.cash + amount,
        orders: { ...state.orders, [orderId]: { amount, paymentId } },
        payments: { ...state.payments, [paymentId]: true },
      };
    }
    case 'Withdrawn':
      return {
        ...state,
        cash: state.cash - event.data.amount,
        applied: { ...state.applied, [event.data.withdrawalId]: true },
        withdrawals: {
          ...state.withdrawals,
          [event.data.withdrawalId]: { amount: event.data.amount, returned: false, at: event.data.at },
        },
      };
    case 'WithdrawalReturned': {
      const held = state.withdrawals?.[event.data.withdrawalId];
      return {
        ...state,
        cash: state.cash + event.data.amount,
        withdrawals: {
          ...state.withdrawals,
          [event.data.withdrawalId]: { amount: event.data.amount, returned: true, at: held?.at ?? event.data.at },
        },
      };
    }
    case 'PrebookFeeDeducted': {
      const { reservationId, roomCode, productName, amount } = event.data;
      const next = setReservation(state, reservationId, {}, { roomCode, productName, amount, status: 'held' });
      return { ...next, cash: state.cash - amount };
    }
    case 'PrebookFeeRefunded':
      return {
        ...setReservation(state, event.data.reservationId, { status: 'refunded' }),
        cash: state.cash + event.data.amount,
      };
    case 'FeeConvertedToReward':
      return {
        ...setReservation(state, event.data.reservationId, { status: 'converted' }),
        rewardCash: state.rewardCash + event.data.amount,
      };
    case 'EntryFeeKept':
      return setReservation(state, event.data.reservationId, { status: 'kept' });
    case 'RewardCredited':
      return {
        ...state,
        rewardCash: state.rewardCash + event.data.amount,
        applied: { ...state.applied, [event.data.creditId]: true },
      };
    case 'RewardDebited':
      return {
        ...state,
        rewardCash: state.rewardCash - event.data.amount,
        applied: { ...state.applied, [event.data.debitId]: true },
      };
    case 'RewardDebitVoided':
      return { ...state, voided: { ...state.voided, [event.data.debitId]: true } };
    default:
      return assertNever(event);
  }
};

export const walletDecider: Decider<WalletCommand, WalletEvent, WalletState> = {
  initialState,
  decide,
  evolve,
};

/** Fees still held for rooms (money in escrow), in paise. */
export const heldAmount = (state: WalletState): number =>
  Object.values(state.reservations).reduce((sum, r) => sum + (r.status === 'held' ? r.amount : 0), 0);

/** Whether a transaction adds to a balance (deposits, refunds, reward credits) or takes from it. */
export const isCredit = (type: TransactionType): boolean =>
  type === 'deposit' || type === 'refund_deposit' || type === 'reward_credit' || type === 'withdrawal_returned';

/** The transaction type each money-moving event shows as; `null` for events that move no money. */
export const transactionTypeOf = (type: WalletEvent['type']): TransactionType | null => {
  switch (type) {
    case 'Deposited':
      return 'deposit';
    case 'Withdrawn':
      return 'withdrawal';
    case 'WithdrawalReturned':
      return 'withdrawal_returned';
    case 'PrebookFeeDeducted':
      return 'prebook_deduction';
    case 'PrebookFeeRefunded':
      return 'refund_deposit';
    case 'FeeConvertedToReward':
    case 'RewardCredited':
      return 'reward_credit';
    case 'RewardDebited':
      return 'reward_debit';
    case 'DepositOrderCreated':
    case 'EntryFeeKept':
    case 'RewardDebitVoided':
      return null;
    default:
      return assertNever(type);
  }
};
