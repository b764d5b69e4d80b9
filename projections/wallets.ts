import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../engine/eventStore.ts';
import type { ReservationStatus, TransactionType, WalletEvent } from '../engine/wallet.ts';
import { transactionTypeOf } from '../engine/wallet.ts';
import type { ReadDb } from './db.ts';
import { defineProjector } from './projector.ts';
import { prepared } from './statements.ts';

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS rm_wallets (user_id TEXT PRIMARY KEY, cash INTEGER NOT NULL, reward_cash INTEGER NOT NULL,
    held INTEGER NOT NULL, revision INTEGER NOT NULL, updated_at TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS rm_wallet_tx (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, type TEXT NOT NULL,
    amount INTEGER NOT NULL, balance TEXT NOT NULL, room_code TEXT, product_name TEXT, payment_id TEXT, ref TEXT,
    created_at TEXT NOT NULL, position INTEGER NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS rm_wallet_tx_user ON rm_wallet_tx(user_id, position)',
  'CREATE INDEX IF NOT EXISTS rm_wallet_tx_ref ON rm_wallet_tx(ref)',
  `CREATE TABLE IF NOT EXISTS rm_reservations (reservation_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
    room_code TEXT NOT NULL, amount INTEGER NOT NULL, status TEXT NOT NULL, created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS rm_reservations_status ON rm_reservations(status, room_code)',
];

const statements = new WeakMap<Database.Database, ReturnType<typeof prepare>>();
const prepare = (db: Database.Database) => ({
  upsertWallet: db.prepare(
    `INSERT INTO rm_wallets (user_id, cash, reward_cash, held, revision, updated_at)
     VALUES (@userId, @cash, @reward, @held, @revision, @at)
     ON CONFLICT(user_id) DO UPDATE SET cash = cash + @cash, reward_cash = reward_cash + @reward,
       held = held + @held, revision = @revision, updated_at = @at`,
  ),
  insertTx: db.prepare(
    `INSERT OR IGNORE INTO rm_wallet_tx (id, user_id, type, amount, balance, room_code, product_name, payment_id, ref, created_at, position)
     VALUES (@id, @userId, @type, @amount, @balance, @roomCode, @productName, @paymentId, @ref, @at, @position)`,
  ),
  upsertReservation: db.prepare(
    `INSERT INTO rm_reservations (reservation_id, user_id, room_code, amount, status, created_at, updated_at)
     VALUES (@id, @userId, @roomCode, @amount, @status, @at, @at)
     ON CONFLICT(reservation_id) DO UPDATE SET status = @status, updated_at = @at`,
  ),
});
const stmts = (db: Database.Database) => {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
};

interface Movement {
  cash: number;
  reward: number;
  held: number;
  roomCode?: string | null;
  productName?: string | null;
  paymentId?: string | null;
  ref?: string | null;
}

const movementOf = (e: WalletEvent): Movement => {
  switch (e.type) {
    case 'DepositOrderCreated':
      return { cash: 0, reward: 0, held: 0, ref: e.data.orderId };
    case 'Deposited':
      return { cash: e.data.amount, reward: 0, held: 0, paymentId: e.data.paymentId, ref: e.data.orderId };
    case 'Withdrawn':
      return { cash: -e.data.amount, reward: 0, held: 0, ref: e.data.withdrawalId };
    case 'PrebookFeeDeducted':
      return { cash: -e.data.amount, reward: 0, held: e.data.amount, ...roomOf(e.data) };
    case 'PrebookFeeRefunded':
      return { cash: e.data.amount, reward: 0, held: -e.data.amount, ...roomOf(e.data) };
    case 'FeeConvertedToReward':
      return { cash: 0, reward: e.data.amount, held: -e.data.amount, ...roomOf(e.data) };
    case 'EntryFeeKept':
      return { cash: 0, reward: 0, held: -e.data.amount, ...roomOf(e.data) };
    case 'RewardCredited':
      return {
        cash: 0,
        reward: e.data.amount,
        held: 0,
        roomCode: e.data.roomCode,
        productName: e.data.productName,
        ref: e.data.creditId,
      };
    case 'RewardDebited':
      return { cash: 0, reward: -e.data.amount, held: 0, ref: e.data.debitId };
    case 'RewardDebitVoided':
      return { cash: 0, reward: 0, held: 0, ref: e.data.debitId };
  }
};
const roomOf = (d: { roomCode: string; productName: string; reservationId: string }) => ({
  roomCode: d.roomCode,
  productName: d.productName,
  ref: d.reservationId,
});

const RESERVATION_STATUS: Partial<Record<WalletEvent['type'], ReservationStatus>> = {
  PrebookFeeDeducted: 'held',
  PrebookFeeRefunded: 'refunded',
  FeeConvertedToReward: 'converted',
  EntryFeeKept: 'kept',
};

export const WALLET_EVENT_TYPES = [
  'DepositOrderCreated',
  'Deposited',
  'Withdrawn',
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
export const walletsProjector = defineProjector({
  name: 'wallets',
  version: 1,
  handles: WALLET_EVENT_TYPES,
  schema: SCHEMA,
  tables: ['rm_wallets', 'rm_wallet_tx', 'rm_reservations'],
  apply: ({ sqlite }, event: RecordedEvent) => {
    if (!event.streamName.startsWith('wallet-')) return;
    const userId = event.streamName.slice('wallet-'.length);
    const e = event as unknown as WalletEvent;
    const s = stmts(sqlite);
    const m = movementOf(e);
    const at = event.metadata.at;
    s.upsertWallet.run({ userId, cash: m.cash, reward: m.reward, held: m.held, revision: event.revision, at });
    const type = transactionTypeOf(e.type);
    if (type) {
      s.insertTx.run({
        id: event.id,
        userId,
        type,
        amount: Math.abs(m.cash || m.reward),
        balance: m.reward !== 0 ? 'reward' : 'cash',
        roomCode: m.roomCode ?? null,
        productName: m.productName ?? null,
        paymentId: m.paymentId ?? null,
        ref: m.ref ?? null,
        at,
        position: event.position,
      });
    }
    const status = RESERVATION_STATUS[e.type];
    if (status && 'reservationId' in e.data) {
      const d = e.data;
      s.upsertReservation.run({
        id: d.reservationId,
        userId,
        roomCode: d.roomCode,
        amount: d.amount,
        status,
        at: Date.parse(at),
      });
    }
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

export interface WalletTransaction {
  id: string;
  type: TransactionType;
  /** Always positive, in paise; `sign` says which way it moved. */
  amount: number;
  sign: '+' | '-';
  /** Which balance it moved: cash or reward cash. */
  balance: 'cash' | 'reward';
  room_code: string | null;
  product_name: string | null;
  payment_id: string | null;
  created_at: string;
}

const CREDITS: readonly TransactionType[] = ['deposit', 'refund_deposit', 'reward_credit'];

export const walletTransactions = ({ sqlite }: ReadDb, userId: string, limit = 100, offset = 0): WalletTransaction[] =>
  sqlite
    .prepare<[string, number, number], Omit<WalletTransaction, 'sign'>>(
      `SELECT id, type, amount, balance, room_code, product_name, payment_id, created_at FROM rm_wallet_tx
       WHERE user_id = ? ORDER BY position DESC LIMIT ? OFFSET ?`,
    )
    .all(userId, limit, offset)
    .map((t) => ({ ...t, sign: CREDITS.includes(t.type) ? '+' : '-' }));

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
  sqlite
    .prepare<[number], ReservationRow>(
      `SELECT w.* FROM rm_reservations w WHERE w.status = 'held' AND (
        NOT EXISTS (SELECT 1 FROM rm_room_participants p WHERE p.room_code = w.room_code AND p.reservation_id = w.reservation_id)
        OR NOT EXISTS (SELECT 1 FROM rm_rooms r WHERE r.code = w.room_code AND r.status NOT IN ('ended', 'cancelled')))
       ORDER BY w.created_at LIMIT ?`,
    )
    .all(limit);

/** Whether a reward credit (e.g. `bonus-ABC123`) has been applied. */
export const rewardCreditApplied = ({ sqlite }: ReadDb, creditId: string): boolean =>
  sqlite
    .prepare<[string], { n: number }>("SELECT count(*) AS n FROM rm_wallet_tx WHERE ref = ? AND type = 'reward_credit'")
    .get(creditId)!.n > 0;
