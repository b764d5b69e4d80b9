import type { ReadDb } from './db.ts';
import { prepared } from './statements.ts';

/** Queries over the rooms read model (`projections/rooms.ts`). Money in paise, times in ms. */

export interface RoomRow {
  code: string;
  product_id: string;
  product_code: string;
  product_name: string;
  image_url: string | null;
  total_price: number;
  base_price: number;
  max_price: number;
  bid_value: number;
  bid_seconds: number;
  entry_fee: number;
  max_participants: number;
  max_attempts: number;
  scheduled_time: number;
  reward_cash: number;
  created_by_id: string;
  created_by_name: string;
  created_at: number;
  status: 'upcoming' | 'running' | 'ended' | 'cancelled';
  remark: string | null;
  current_price: number;
  deadline: number | null;
  started_at: number | null;
  ended_at: number | null;
  end_reason: string | null;
  winner_id: string | null;
  winner_name: string | null;
  final_bid: number | null;
  purchase_deadline: number | null;
  purchased_at: number | null;
  purchase_payment_id: string | null;
  purchase_address: string | null;
  expired: number;
  /** Who may buy now: the winner, or the runner-up the offer passed to (null with no winner). */
  offer_user_id: string | null;
  offer_user_name: string | null;
  /** The holder's price: their last deal. */
  offer_price: number | null;
  /** 0 for the winner, 1 for the first runner-up, … */
  offer_place: number | null;
  runner_up_places: number;
  joined_count: number;
  bid_count: number;
  revision: number;
}

export interface ParticipantRow {
  room_code: string;
  user_id: string;
  user_name: string;
  reservation_id: string;
  fee: number;
  booked_at: number;
  /** Room stream revision of the SeatBooked event: the order members joined in. */
  booked_revision: number;
  bids_used: number;
  fate: 'refund' | 'reward' | 'kept' | null;
  /** The place at which this member was offered the item (0: as winner), or null if never. */
  offer_place: number | null;
}

export interface BidRow {
  room_code: string;
  seq: number;
  bid_id: string;
  user_id: string;
  user_name: string;
  amount: number;
  at: number;
  revision: number;
}

/**
 * A room's row with its product's current name and image (an admin's edit shows on every room of
 * that product at once); the room's own copy from its creation when the product is gone. The rules
 * (prices, fee, seats) are the room's own and never follow the product.
 */
const ROOMS = `SELECT r.*, coalesce(p.name, r.product_name) AS product_name, coalesce(p.image_url, r.image_url) AS image_url
  FROM rm_rooms r LEFT JOIN rm_products p ON p.id = r.product_id`;

export const roomRow = ({ sqlite }: ReadDb, code: string): RoomRow | undefined =>
  prepared<[string], RoomRow>(sqlite, `${ROOMS} WHERE r.code = ?`).get(code);

export type RoomListFilter = 'upcoming' | 'completed' | 'cancelled' | 'all';

/**
 * `upcoming`: upcoming and running rooms, plus rooms cancelled in the last 24 hours (their cards say
 * "Not enough participants"), soonest first; `completed`: ended rooms, latest first.
 */
export const listRoomRows = ({ sqlite }: ReadDb, filter: RoomListFilter, now: number, limit = 200): RoomRow[] => {
  switch (filter) {
    case 'upcoming':
      return sqlite
        .prepare<[number, number], RoomRow>(
          `${ROOMS} WHERE r.status IN ('upcoming', 'running') OR (r.status = 'cancelled' AND r.scheduled_time >= ?)
           ORDER BY r.scheduled_time ASC LIMIT ?`,
        )
        .all(now - 24 * 3_600_000, limit);
    case 'completed':
      return sqlite
        .prepare<[number], RoomRow>(`${ROOMS} WHERE r.status = 'ended' ORDER BY r.ended_at DESC LIMIT ?`)
        .all(limit);
    case 'cancelled':
      return sqlite
        .prepare<[number], RoomRow>(`${ROOMS} WHERE r.status = 'cancelled' ORDER BY r.scheduled_time DESC LIMIT ?`)
        .all(limit);
    case 'all':
      return sqlite.prepare<[number], RoomRow>(`${ROOMS} ORDER BY r.scheduled_time DESC LIMIT ?`).all(limit);
  }
};

export const participantRows = ({ sqlite }: ReadDb, code: string): ParticipantRow[] =>
  prepared<[string], ParticipantRow>(
    sqlite,
    'SELECT * FROM rm_room_participants WHERE room_code = ? ORDER BY booked_revision',
  ).all(code);

export const participantsOfRooms = (db: ReadDb, codes: readonly string[]): Map<string, ParticipantRow[]> => {
  const out = new Map<string, ParticipantRow[]>(codes.map((c) => [c, []]));
  if (codes.length === 0) return out;
  const rows = db.sqlite
    .prepare<string[], ParticipantRow>(
      `SELECT * FROM rm_room_participants WHERE room_code IN (${codes.map(() => '?').join(',')}) ORDER BY booked_revision`,
    )
    .all(...codes);
  for (const r of rows) out.get(r.room_code)?.push(r);
  return out;
};

export const bidRows = ({ sqlite }: ReadDb, code: string): BidRow[] =>
  prepared<[string], BidRow>(sqlite, 'SELECT * FROM rm_bids WHERE room_code = ? ORDER BY seq').all(code);

/**
 * The members who placed a deal in a room before deal `seq` (the read model may already hold later
 * deals: it takes live deals in batches).
 */
export const biddersBefore = ({ sqlite }: ReadDb, code: string, seq: number): string[] =>
  prepared<[string, number], { user_id: string }>(
    sqlite,
    'SELECT DISTINCT user_id FROM rm_bids WHERE room_code = ? AND seq < ?',
  )
    .all(code, seq)
    .map((row) => row.user_id);

/** Rooms a member pre-booked, with their own attempts, fee fate and offer place, latest start first. */
export const roomsOfUser = (
  { sqlite }: ReadDb,
  userId: string,
): (RoomRow & { bids_used: number; fate: string | null; my_offer_place: number | null })[] =>
  sqlite
    .prepare<[string], RoomRow & { bids_used: number; fate: string | null; my_offer_place: number | null }>(
      `SELECT r.*, coalesce(c.name, r.product_name) AS product_name, coalesce(c.image_url, r.image_url) AS image_url,
         p.bids_used AS bids_used, p.fate AS fate, p.offer_place AS my_offer_place FROM rm_room_participants p
       JOIN rm_rooms r ON r.code = p.room_code LEFT JOIN rm_products c ON c.id = r.product_id
       WHERE p.user_id = ? ORDER BY r.scheduled_time DESC`,
    )
    .all(userId);

/** The scheduler's work list at `now`: rooms to start or cancel, rounds to close, purchase windows to expire. */
export const dueWork = ({ sqlite }: ReadDb, now: number) => ({
  toStart: prepared<[number], { code: string }>(
    sqlite,
    "SELECT code FROM rm_rooms WHERE status = 'upcoming' AND scheduled_time <= ?",
  )
    .all(now)
    .map((r) => r.code),
  toClose: prepared<[number], { code: string; deadline: number }>(
    sqlite,
    "SELECT code, deadline FROM rm_rooms WHERE status = 'running' AND deadline <= ?",
  ).all(now),
  // With each window's deadline: a room may have several (the offer passing to runner-ups).
  toExpire: prepared<[number], { code: string; deadline: number }>(
    sqlite,
    `SELECT code, purchase_deadline AS deadline FROM rm_rooms WHERE status = 'ended' AND purchase_deadline IS NOT NULL
       AND purchase_deadline <= ? AND purchased_at IS NULL AND expired = 0`,
  ).all(now),
});

/** When the scheduler next has something to do (ms), or null. */
export const nextDueAt = ({ sqlite }: ReadDb): number | null =>
  prepared<[], { at: number | null }>(
    sqlite,
    `SELECT min(at) AS at FROM (
        SELECT min(scheduled_time) AS at FROM rm_rooms WHERE status = 'upcoming'
        UNION ALL SELECT min(deadline) FROM rm_rooms WHERE status = 'running'
        UNION ALL SELECT min(purchase_deadline) FROM rm_rooms
          WHERE status = 'ended' AND purchased_at IS NULL AND expired = 0 AND purchase_deadline IS NOT NULL)`,
  ).get()?.at ?? null;

/**
 * Finished rooms whose settlement has not fully reached the wallets: a fee with a fate but still
 * held (or never seen) in the wallet read model, or a winner bonus not yet credited.
 */
export const unsettledRoomCodes = ({ sqlite }: ReadDb, limit = 200): string[] =>
  sqlite
    .prepare<[number], { code: string }>(
      `SELECT r.code FROM rm_rooms r WHERE r.status IN ('ended', 'cancelled') AND (
        EXISTS (SELECT 1 FROM rm_room_participants p LEFT JOIN rm_reservations w ON w.reservation_id = p.reservation_id
                WHERE p.room_code = r.code AND p.fee > 0 AND (w.status IS NULL OR w.status = 'held'))
        OR (r.winner_id IS NOT NULL AND r.reward_cash > 0
            AND NOT EXISTS (SELECT 1 FROM rm_wallet_tx t WHERE t.ref = 'bonus-' || r.code)))
       LIMIT ?`,
    )
    .all(limit)
    .map((r) => r.code);

/** `%text%` for LIKE … ESCAPE '\\', with the text's own %, _ and \\ taken literally. */
export const escapeLike = (text: string): string => `%${text.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The admin's room list filters: status as stored, a code or product search, and a start-time range (ms). */
export interface AdminRoomFilter {
  code?: string | undefined;
  status?: RoomRow['status'] | undefined;
  q?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

/** A room with its seats' money: fees still held in escrow, and fees by fate once settled. */
export type AdminRoomRow = RoomRow & {
  fees_held: number;
  fees_kept: number;
  fees_rewarded: number;
  fees_refunded: number;
};

/** The admin room list's filters as SQL over `rm_rooms r` (the deals export uses them too). */
export const adminWhere = (f: AdminRoomFilter): { sql: string; params: (string | number)[] } => {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  if (f.code) {
    clauses.push('r.code = ?');
    params.push(f.code);
  }
  if (f.status) {
    clauses.push('r.status = ?');
    params.push(f.status);
  }
  if (f.q && f.q.trim()) {
    const like = escapeLike(f.q);
    clauses.push(
      "(r.code LIKE ? ESCAPE '\\' OR r.product_name LIKE ? ESCAPE '\\' OR r.product_code LIKE ? ESCAPE '\\')",
    );
    params.push(like, like, like);
  }
  if (f.from !== undefined) {
    clauses.push('r.scheduled_time >= ?');
    params.push(f.from);
  }
  if (f.to !== undefined) {
    clauses.push('r.scheduled_time < ?');
    params.push(f.to);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
};

const ADMIN_ROOM_SELECT = `SELECT r.*,
    COALESCE((SELECT sum(fee) FROM rm_room_participants p WHERE p.room_code = r.code AND p.fate IS NULL), 0) AS fees_held,
    COALESCE((SELECT sum(fee) FROM rm_room_participants p WHERE p.room_code = r.code AND p.fate = 'kept'), 0) AS fees_kept,
    COALESCE((SELECT sum(fee) FROM rm_room_participants p WHERE p.room_code = r.code AND p.fate = 'reward'), 0) AS fees_rewarded,
    COALESCE((SELECT sum(fee) FROM rm_room_participants p WHERE p.room_code = r.code AND p.fate = 'refund'), 0) AS fees_refunded
  FROM rm_rooms r`;

/** One page of the admin's room list, latest start first, with the total that match. */
export const adminRoomRows = (
  { sqlite }: ReadDb,
  filter: AdminRoomFilter,
  page: { limit: number; offset: number },
): { rows: AdminRoomRow[]; total: number } => {
  const where = adminWhere(filter);
  const rows = sqlite
    .prepare<(string | number)[], AdminRoomRow>(
      `${ADMIN_ROOM_SELECT} ${where.sql} ORDER BY r.scheduled_time DESC, r.code LIMIT ? OFFSET ?`,
    )
    .all(...where.params, page.limit, page.offset);
  const total = sqlite
    .prepare<(string | number)[], { n: number }>(`SELECT count(*) AS n FROM rm_rooms r ${where.sql}`)
    .get(...where.params)!.n;
  return { rows, total };
};

/** Rooms that match, in the order they were created, after `afterRowid` (a keyset page for exports). */
export const adminRoomsAfter = (
  { sqlite }: ReadDb,
  filter: AdminRoomFilter,
  afterRowid: number,
  limit: number,
): (AdminRoomRow & { rowid: number })[] => {
  const where = adminWhere(filter);
  const clause = where.sql ? `${where.sql} AND r.rowid > ?` : 'WHERE r.rowid > ?';
  return sqlite
    .prepare<(string | number)[], AdminRoomRow & { rowid: number }>(
      `${ADMIN_ROOM_SELECT.replace('SELECT r.*,', 'SELECT r.rowid AS rowid, r.*,')} ${clause} ORDER BY r.rowid LIMIT ?`,
    )
    .all(...where.params, afterRowid, limit);
};
