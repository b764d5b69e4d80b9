import type { ReadDb } from './db.ts';
import type { AdminRoomFilter } from './roomQueries.ts';
import { adminWhere, escapeLike } from './roomQueries.ts';

/**
 * Keyset pages over the read models for the admins' CSV exports: each call is one finished query
 * of at most `limit` rows after the last key of the page before, in a stable order, so an export
 * streams a table of any size without holding a statement open and without skipping a row that
 * arrives while it runs. Money in paise, times as stored.
 */

// ── Deals (accepted bids) ────────────────────────────────────────────────────────────────
export type DealExportFilter = Pick<AdminRoomFilter, 'q' | 'from' | 'to'>;
export interface DealExportRow {
  room_code: string;
  seq: number;
  product_name: string;
  user_id: string;
  user_name: string;
  amount: number;
  at: number;
}
export type DealKey = { room: string; seq: number };

/** Accepted deals of the rooms matching the room list's search and start dates, room by room in order. */
export const dealsAfter = (
  { sqlite }: ReadDb,
  f: DealExportFilter,
  after: DealKey | null,
  limit: number,
): DealExportRow[] => {
  const rooms = adminWhere({ q: f.q, from: f.from, to: f.to });
  const clauses = [
    '(b.room_code > ? OR (b.room_code = ? AND b.seq > ?))',
    ...(rooms.sql ? [rooms.sql.slice('WHERE '.length)] : []),
  ];
  const params: (string | number)[] = [after?.room ?? '', after?.room ?? '', after?.seq ?? 0, ...rooms.params];
  return sqlite
    .prepare<(string | number)[], DealExportRow>(
      `SELECT b.room_code, b.seq, r.product_name, b.user_id, b.user_name, b.amount, b.at
       FROM rm_bids b JOIN rm_rooms r ON r.code = b.room_code
       WHERE ${clauses.join(' AND ')} ORDER BY b.room_code, b.seq LIMIT ?`,
    )
    .all(...params, limit);
};

// ── Wallet transactions ──────────────────────────────────────────────────────────────────
export interface WalletTxExportFilter {
  type?: string | undefined;
  /** ISO instants, compared as stored. */
  from?: string | undefined;
  to?: string | undefined;
}
export interface WalletTxExportRow {
  position: number;
  id: string;
  user_id: string;
  user_name: string | null;
  type: string;
  amount: number;
  balance: string;
  room_code: string | null;
  product_name: string | null;
  payment_id: string | null;
  created_at: string;
}

/** One event may make more than one transaction: the key is its log position, then the id. */
export type WalletTxKey = { position: number; id: string };

/** Every wallet transaction in log order, with the member's name. */
export const walletTxAfter = (
  { sqlite }: ReadDb,
  f: WalletTxExportFilter,
  after: WalletTxKey | null,
  limit: number,
): WalletTxExportRow[] => {
  const clauses = ['(t.position > ? OR (t.position = ? AND t.id > ?))'];
  const params: (string | number)[] = [after?.position ?? -1, after?.position ?? -1, after?.id ?? ''];
  if (f.type) {
    clauses.push('t.type = ?');
    params.push(f.type);
  }
  if (f.from) {
    clauses.push('t.created_at >= ?');
    params.push(f.from);
  }
  if (f.to) {
    clauses.push('t.created_at < ?');
    params.push(f.to);
  }
  return sqlite
    .prepare<(string | number)[], WalletTxExportRow>(
      `SELECT t.position, t.id, t.user_id, u.name AS user_name, t.type, t.amount, t.balance, t.room_code,
         t.product_name, t.payment_id, t.created_at
       FROM rm_wallet_tx t LEFT JOIN rm_users u ON u.id = t.user_id
       WHERE ${clauses.join(' AND ')} ORDER BY t.position, t.id LIMIT ?`,
    )
    .all(...params, limit);
};

// ── Shop orders ──────────────────────────────────────────────────────────────────────────
export interface OrderExportRow {
  rowid: number;
  order_code: string;
  user_id: string;
  full_name: string;
  email: string;
  status: string;
  shipment_status: string;
  items: number;
  subtotal: number;
  applied_reward: number;
  total_amount: number;
  payment_id: string | null;
  created_at: string;
}

/** Paid shop orders (the admin orders screen's list), optionally one shipment status. */
export const paidOrdersAfter = (
  { sqlite }: ReadDb,
  shipment: string | undefined,
  after: number | null,
  limit: number,
): OrderExportRow[] =>
  sqlite
    .prepare<(string | number)[], OrderExportRow>(
      `SELECT o.rowid AS rowid, o.order_code, o.user_id, o.full_name, o.email, o.status, o.shipment_status,
         (SELECT COALESCE(sum(quantity), 0) FROM rm_shop_order_lines l WHERE l.order_id = o.id) AS items,
         o.subtotal, o.applied_reward, o.total_amount, o.payment_id, o.created_at
       FROM rm_shop_orders o WHERE o.status = 'paid' AND o.rowid > ? ${shipment ? 'AND o.shipment_status = ?' : ''}
       ORDER BY o.rowid LIMIT ?`,
    )
    .all(...(shipment ? [after ?? 0, shipment, limit] : [after ?? 0, limit]));

// ── Users ────────────────────────────────────────────────────────────────────────────────
/** A member as exported: no password hash, no session, no profile details beyond the list's. */
export interface UserExportRow {
  rowid: number;
  id: string;
  name: string;
  email: string;
  phone: string;
  district: string;
  role: string;
  access: string;
  referral_code: string | null;
  created_at: string;
}

/** Users matching the admin list's name-or-email search, in the order they registered. */
export const usersAfter = (
  { sqlite }: ReadDb,
  search: string | undefined,
  after: number | null,
  limit: number,
): UserExportRow[] => {
  const term = search?.trim();
  return sqlite
    .prepare<(string | number)[], UserExportRow>(
      `SELECT rowid, id, name, email, phone, district, role, access, referral_code, created_at FROM rm_users
       WHERE rowid > ? ${term ? "AND (name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')" : ''}
       ORDER BY rowid LIMIT ?`,
    )
    .all(...(term ? [after ?? 0, escapeLike(term), escapeLike(term), limit] : [after ?? 0, limit]));
};
