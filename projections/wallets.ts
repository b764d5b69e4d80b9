import type { ReservationStatus, TransactionType, WalletEvent } from '../engine/wallet.ts';
import { transactionTypeOf } from '../engine/wallet.ts';
import type { ReadDb } from './db.ts';
import type { ReadModelContext, Recorded } from './readModel.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

type Statements = typeof STATEMENTS;
const STATEMENTS = {
  upsertWallet: `INSERT INTO rm_wallets (user_id, cash, reward_cash, held, revision, updated_at)
     VALUES (@userId, @cash, @reward, @held, @revision, @at)
     ON CONFLICT(user_id) DO UPDATE SET cash = cash + @cash, reward_cash = reward_cash + @reward,
       held = held + @held, revision = @revision, updated_at = @at`,
  insertTx: `INSERT OR IGNORE INTO rm_wallet_tx (id, user_id, type, amount, balance, room_code, product_name, payment_id, ref, created_at, position)
     VALUES (@id, @userId, @type, @amount, @balance, @roomCode, @productName, @paymentId, @ref, @at, @position)`,
  upsertReservation: `INSERT INTO rm_reservations (reservation_id, user_id, room_code, amount, status, created_at, updated_at)
     VALUES (@id, @userId, @roomCode, @amount, @status, @at, @at)
     ON CONFLICT(reservation_id) DO UPDATE SET status = @status, updated_at = @at`,
};

/** How an event moves a wallet: the change of each balance, and what its transaction row names. */
interface Movement {
  cash?: number;
  reward?: number;
  held?: number;
  roomCode?: string | null;
  productName?: string | null;
  paymentId?: string | null;
  ref?: string | null;
}

/** Moves the balances, and writes the transaction row of the types members see in their list. */
const move = (event: Recorded<WalletEvent>, { sql }: ReadModelContext<Statements>, userId: string, m: Movement) => {
  const cash = m.cash ?? 0;
  const reward = m.reward ?? 0;
  const at = event.metadata.at;
  sql.upsertWallet.run({ userId, cash, reward, held: m.held ?? 0, revision: event.revision, at });
  const type = transactionTypeOf(event.type);
  if (type) {
    sql.insertTx.run({
      id: event.id,
      userId,
      type,
      amount: Math.abs(cash || reward),
      balance: reward !== 0 ? 'reward' : 'cash',
      roomCode: m.roomCode ?? null,
      productName: m.productName ?? null,
      paymentId: m.paymentId ?? null,
      ref: m.ref ?? null,
      at,
      position: event.position,
    });
  }
};

type FeeEvent = Recorded<
  Extract<WalletEvent, { type: 'PrebookFeeDeducted' | 'PrebookFeeRefunded' | 'FeeConvertedToReward' | 'EntryFeeKept' }>
>;

/** A pre-book fee moving between cash, escrow and reward cash: the wallet, then the reservation's status. */
const fee = (
  event: FeeEvent,
  ctx: ReadModelContext<Statements>,
  userId: string,
  status: ReservationStatus,
  m: Pick<Movement, 'cash' | 'reward' | 'held'>,
) => {
  const d = event.data;
  move(event, ctx, userId, { ...m, roomCode: d.roomCode, productName: d.productName, ref: d.reservationId });
  ctx.sql.upsertReservation.run({
    id: d.reservationId,
    userId,
    roomCode: d.roomCode,
    amount: d.amount,
    status,
    at: Date.parse(event.metadata.at),
  });
};

export const WALLET_EVENT_TYPES = [
  'DepositOrderCreated',
  'Deposited',
  'Withdrawn',
  'WithdrawalReturned',
  'PrebookFeeDeducted',
  'PrebookFeeRefunded',
  'FeeConvertedToReward',
  'EntryFeeKept',
  'RewardCredited',
  'RewardDebited',
  'RewardDebitVoided',
] as const satisfies readonly WalletEvent['type'][];

/**
 * Wallet balances (cash, reward cash, fees held in escrow), the transaction list per member with
 * the spec's types, and every pre-book reservation's status for the saga sweeper.
 */
export const walletsProjector = defineReadModel<WalletEvent>()({
  name: 'wallets',
  version: 1,
  stream: 'wallet',
  tables: {
    rm_wallets: `CREATE TABLE IF NOT EXISTS rm_wallets (user_id TEXT PRIMARY KEY, cash INTEGER NOT NULL, reward_cash INTEGER NOT NULL,
    held INTEGER NOT NULL, revision INTEGER NOT NULL, updated_at TEXT NOT NULL)`,
    rm_wallet_tx: `CREATE TABLE IF NOT EXISTS rm_wallet_tx (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, type TEXT NOT NULL,
    amount INTEGER NOT NULL, balance TEXT NOT NULL, room_code TEXT, product_name TEXT, payment_id TEXT, ref TEXT,
    created_at TEXT NOT NULL, position INTEGER NOT NULL)`,
    rm_reservations: `CREATE TABLE IF NOT EXISTS rm_reservations (reservation_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
    room_code TEXT NOT NULL, amount INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL)`,
  },
  indexes: {
    rm_wallet_tx_user: 'CREATE INDEX IF NOT EXISTS rm_wallet_tx_user ON rm_wallet_tx(user_id, position)',
    rm_wallet_tx_ref: 'CREATE INDEX IF NOT EXISTS rm_wallet_tx_ref ON rm_wallet_tx(ref)',
    rm_wallet_tx_withdrawn:
      "CREATE INDEX IF NOT EXISTS rm_wallet_tx_withdrawn ON rm_wallet_tx(position) WHERE type = 'withdrawal'",
    rm_reservations_status: 'CREATE INDEX IF NOT EXISTS rm_reservations_status ON rm_reservations(status, room_code)',
  },
  statements: STATEMENTS,
  on: {
    DepositOrderCreated: (e, ctx, userId) => move(e, ctx, userId, { ref: e.data.orderId }),
    Deposited: (e, ctx, userId) =>
      move(e, ctx, userId, { cash: e.data.amount, paymentId: e.data.paymentId, ref: e.data.orderId }),
    Withdrawn: (e, ctx, userId) => move(e, ctx, userId, { cash: -e.data.amount, ref: e.data.withdrawalId }),
    WithdrawalReturned: (e, ctx, userId) => move(e, ctx, userId, { cash: e.data.amount, ref: e.data.withdrawalId }),
    PrebookFeeDeducted: (e, ctx, userId) => fee(e, ctx, userId, 'held', { cash: -e.data.amount, held: e.data.amount }),
    PrebookFeeRefunded: (e, ctx, userId) =>
      fee(e, ctx, userId, 'refunded', { cash: e.data.amount, held: -e.data.amount }),
    FeeConvertedToReward: (e, ctx, userId) =>
      fee(e, ctx, userId, 'converted', { reward: e.data.amount, held: -e.data.amount }),
    EntryFeeKept: (e, ctx, userId) => fee(e, ctx, userId, 'kept', { held: -e.data.amount }),
    RewardCredited: (e, ctx, userId) =>
      move(e, ctx, userId, {
        reward: e.data.amount,
        roomCode: e.data.roomCode,
        productName: e.data.productName,
        ref: e.data.creditId,
      }),
    RewardDebited: (e, ctx, userId) => move(e, ctx, userId, { reward: -e.data.amount, ref: e.data.debitId }),
    RewardDebitVoided: (e, ctx, userId) => move(e, ctx, userId, { ref: e.data.debitId }),
  },
});

export interface WalletBalances {
  /** Cash in paise. */
  cash: number;
  /** Reward cash in paise (shop only). */
  reward_cash: number;
  /** Fees held for pre-booked rooms, in paise. */
  held: number;
  revision: number;
}

export const walletBalances = ({ sqlite }: ReadDb, userId: string): WalletBalances => {
  const row = prepared<[string], WalletBalances>(
    sqlite,
    'SELECT cash, reward_cash, held, revision FROM rm_wallets WHERE user_id = ?',
  ).get(userId);
  return row ?? { cash: 0, reward_cash: 0, held: 0, revision: -1 };
};

export interface WalletTxRow {
  id: string;
  type: TransactionType;
  /** Always positive, in paise (`isCredit` in the engine says which way it moved). */
  amount: number;
  /** Which balance it moved: cash or reward cash. */
  balance: 'cash' | 'reward';
  room_code: string | null;
  product_name: string | null;
  payment_id: string | null;
  created_at: string;
}

export const walletTransactions = ({ sqlite }: ReadDb, userId: string, limit = 100, offset = 0): WalletTxRow[] =>
  prepared<[string, number, number], WalletTxRow>(
    sqlite,
    `SELECT id, type, amount, balance, room_code, product_name, payment_id, created_at FROM rm_wallet_tx
       WHERE user_id = ? ORDER BY position DESC LIMIT ? OFFSET ?`,
  ).all(userId, limit, offset);

export interface ReservationRow {
  reservation_id: string;
  user_id: string;
  room_code: string;
  amount: number;
  status: ReservationStatus;
  created_at: number;
}

/**
 * Held fees that may need the sweeper, oldest first: the room has no seat for them (a pre-book cut
 * between its steps), or the room is over and the fee still waits for its fate. A fee held for a
 * seat in a room still to come is fine and left out, so however many of those there are, a
 * half-done pre-book is always within the first `limit`.
 */
export const reservationsToRepair = ({ sqlite }: ReadDb, limit = 500): ReservationRow[] =>
  prepared<[number], ReservationRow>(
    sqlite,
    `SELECT w.* FROM rm_reservations w WHERE w.status = 'held' AND (
        NOT EXISTS (SELECT 1 FROM rm_room_participants p WHERE p.room_code = w.room_code AND p.reservation_id = w.reservation_id)
        OR NOT EXISTS (SELECT 1 FROM rm_rooms r WHERE r.code = w.room_code AND r.status NOT IN ('ended', 'cancelled')))
       ORDER BY w.created_at LIMIT ?`,
  ).all(limit);

export interface WithdrawalHoldRow {
  withdrawal_id: string;
  user_id: string;
  amount: number;
  /** When the cash was held (ISO). */
  created_at: string;
}

/**
 * Cash held for a withdrawal that the member has no withdrawal for and that did not come back: a
 * request cut between its hold and its record (or a hold made under another member's request id).
 * Oldest first, for the withdrawal sweeper.
 */
export const withdrawalHoldsToRepair = ({ sqlite }: ReadDb, limit = 500): WithdrawalHoldRow[] =>
  prepared<[number], WithdrawalHoldRow>(
    sqlite,
    `SELECT t.ref AS withdrawal_id, t.user_id, t.amount, t.created_at FROM rm_wallet_tx t
       WHERE t.type = 'withdrawal'
         AND NOT EXISTS (SELECT 1 FROM rm_withdrawals w WHERE w.withdrawal_id = t.ref AND w.user_id = t.user_id)
         AND NOT EXISTS (SELECT 1 FROM rm_wallet_tx r WHERE r.ref = t.ref AND r.user_id = t.user_id AND r.type = 'withdrawal_returned')
       ORDER BY t.position LIMIT ?`,
  ).all(limit);

/** Whether a reward credit (e.g. `bonus-ABC123`) has been applied. */
export const rewardCreditApplied = ({ sqlite }: ReadDb, creditId: string): boolean =>
  prepared<[string], { n: number }>(
    sqlite,
    "SELECT count(*) AS n FROM rm_wallet_tx WHERE ref = ? AND type = 'reward_credit'",
  ).get(creditId)!.n > 0;
