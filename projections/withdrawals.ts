import type { WithdrawalEvent, WithdrawalStatus } from '../engine/withdrawal.ts';
import { destinationLabel } from '../engine/withdrawal.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';

export interface WithdrawalRow {
  withdrawal_id: string;
  user_id: string;
  user_name: string;
  amount: number;
  destination: string;
  status: WithdrawalStatus;
  reason: string | null;
  payout_id: string | null;
  requested_at: number;
  updated_at: number;
}

/** Withdrawals (`withdrawal-…` streams): one row each, with its latest status, reason and payout. */
export const withdrawalsProjector = defineReadModel<WithdrawalEvent>()({
  name: 'withdrawals',
  version: 1,
  stream: 'withdrawal',
  tables: {
    rm_withdrawals: `CREATE TABLE IF NOT EXISTS rm_withdrawals (
      withdrawal_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, user_name TEXT NOT NULL, amount INTEGER NOT NULL,
      destination TEXT NOT NULL, status TEXT NOT NULL, reason TEXT, payout_id TEXT, requested_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL)`,
  },
  indexes: {
    rm_withdrawals_user: 'CREATE INDEX IF NOT EXISTS rm_withdrawals_user ON rm_withdrawals(user_id, requested_at)',
    rm_withdrawals_status: 'CREATE INDEX IF NOT EXISTS rm_withdrawals_status ON rm_withdrawals(status, requested_at)',
  },
  statements: {
    add: `INSERT INTO rm_withdrawals (withdrawal_id, user_id, user_name, amount, destination, status, requested_at, updated_at)
      VALUES (?, ?, ?, ?, ?, 'requested', ?, ?) ON CONFLICT DO NOTHING`,
    status:
      'UPDATE rm_withdrawals SET status = ?, reason = COALESCE(?, reason), payout_id = COALESCE(?, payout_id), updated_at = ? WHERE withdrawal_id = ?',
  },
  on: {
    WithdrawalRequested: ({ data: d }, { sql }) =>
      sql.add.run(d.withdrawalId, d.userId, d.userName, d.amount, destinationLabel(d.destination), d.at, d.at),
    WithdrawalApproved: ({ data: d }, { sql }, id) => sql.status.run('approved', null, null, d.at, id),
    WithdrawalRejected: ({ data: d }, { sql }, id) => sql.status.run('rejected', d.reason, null, d.at, id),
    WithdrawalPaid: ({ data: d }, { sql }, id) => sql.status.run('paid', null, d.payoutId, d.at, id),
    WithdrawalPayoutFailed: ({ data: d }, { sql }, id) => sql.status.run('failed', d.reason, d.payoutId, d.at, id),
  },
});

export const withdrawalsOfUser = ({ sqlite }: ReadDb, userId: string): WithdrawalRow[] =>
  sqlite
    .prepare<[string], WithdrawalRow>(
      'SELECT * FROM rm_withdrawals WHERE user_id = ? ORDER BY requested_at DESC LIMIT 100',
    )
    .all(userId);

export const listWithdrawals = ({ sqlite }: ReadDb, status: WithdrawalStatus | null): WithdrawalRow[] =>
  sqlite
    .prepare<[string | null, string | null], WithdrawalRow>(
      `SELECT * FROM rm_withdrawals WHERE (? IS NULL OR status = ?)
       ORDER BY CASE status WHEN 'requested' THEN 0 ELSE 1 END, requested_at DESC LIMIT 500`,
    )
    .all(status, status);

export const withdrawalById = ({ sqlite }: ReadDb, id: string): WithdrawalRow | undefined =>
  sqlite.prepare<[string], WithdrawalRow>('SELECT * FROM rm_withdrawals WHERE withdrawal_id = ?').get(id);

/** What a member asked to withdraw since `since` (epoch ms), not counting rejected or failed ones. */
export const withdrawnSince = ({ sqlite }: ReadDb, userId: string, since: number): number =>
  sqlite
    .prepare<[string, number], { total: number | null }>(
      `SELECT SUM(amount) AS total FROM rm_withdrawals
       WHERE user_id = ? AND requested_at >= ? AND status NOT IN ('rejected', 'failed')`,
    )
    .get(userId, since)?.total ?? 0;
