import type { IntegrityEvent, ReviewOutcome } from '../engine/integrity.ts';
import type {
  DealFact,
  Flag,
  FlagEvidence,
  FlagFacts,
  FlagKind,
  MemberRecord,
  MemberTiming,
  MemberTotals,
} from '../engine/integrityRules.ts';
import {
  flagsOfRoomEnd,
  INTEGRITY_RULES,
  MAX_EVIDENCE,
  memberTimings,
  NO_DEALS,
  withRoom,
} from '../engine/integrityRules.ts';
import type { RoomEvent } from '../engine/room.ts';
import type { UserEvent } from '../engine/user.ts';
import type { ReadDb } from './db.ts';
import type { BulkInsert } from './bulkInsert.ts';
import type { ReadModelContext, Recorded } from './readModel.ts';
import { defineReadModel, takenByBatch } from './readModel.ts';
import { prepared } from './statements.ts';

/**
 * Fairness insights (issue 21.7). Every deal is kept with its timing (how long before the
 * deadline in force it came, whom it topped, how soon after the deal before it); sign-ins leave
 * their salted device and address hashes (event metadata `signIn`, never the raw values). When a
 * room ends, the rules of `engine/integrityRules.ts` raise or update flags for admins to review;
 * a review (`IntegrityFlagReviewed`) closes a flag until its evidence changes. A flag keeps what
 * the rules found as data (`facts`, JSON): the review screen writes the sentence in the reader's
 * language from it.
 *
 * Flags live only here, never in events: the log holds the deals, sign-ins and reviews they come
 * from, so a change to the flags' shape is a version bump and a rebuild from the same events
 * (version 2: `facts` in place of an English `summary`; version 3: each member's totals kept as
 * rooms end; version 4: deals clustered on their room). The rebuild raises the same ids with the same evidence versions, so the reviews in
 * the log still land on the versions they reviewed.
 */

/** What a sign-in records in its event's metadata: HMAC-SHA256 hashes under the integrity salt. */
export interface SignInMetadata {
  device?: string;
  address?: string;
  agent?: string;
}

const STATEMENTS = {
  signIn: 'INSERT OR IGNORE INTO rm_integrity_signins (user_id, kind, hash, first_at) VALUES (?, ?, ?, ?)',
  started: `INSERT INTO rm_integrity_rooms (room_code, started_at, deadline) VALUES (@code, @at, @deadline)
     ON CONFLICT (room_code) DO UPDATE SET started_at = @at, deadline = @deadline`,
  moved: 'UPDATE rm_integrity_rooms SET deadline = ?, last_user = ?, last_at = ? WHERE room_code = ?',
  ended: 'UPDATE rm_integrity_rooms SET ended_at = ?, end_reason = ?, winner_id = ? WHERE room_code = ?',
  totals: `INSERT INTO rm_integrity_members (user_id, deals, late, rooms, topped) VALUES (@userId, @deals, @late, @rooms, @topped)
     ON CONFLICT (user_id) DO UPDATE SET deals = @deals, late = @late, rooms = @rooms, topped = @topped`,
  raise: `INSERT INTO rm_integrity_flags (id, kind, room_code, members, facts, evidence, version, status, raised_at,
      updated_at) VALUES (@id, @kind, @room, @members, @facts, @evidence, 1, 'open', @at, @at)`,
  update: `UPDATE rm_integrity_flags SET members = @members, facts = @facts, evidence = @evidence,
      version = version + 1, status = 'open', updated_at = @at WHERE id = @id`,
  restate: 'UPDATE rm_integrity_flags SET facts = @facts WHERE id = @id',
  flagRoom: 'INSERT OR IGNORE INTO rm_integrity_flag_rooms (flag_id, room_code) VALUES (?, ?)',
  reviewed: `UPDATE rm_integrity_flags SET review_outcome = @outcome, review_note = @note, reviewed_by_id = @byId,
      reviewed_by_name = @byName, reviewed_at = @at, reviewed_version = @version,
      status = CASE WHEN @version >= version THEN 'reviewed' ELSE status END WHERE id = @flagId`,
};
type Context = ReadModelContext<typeof STATEMENTS>;

interface LiveRoom {
  started_at: number;
  deadline: number;
  last_user: string | null;
  last_at: number | null;
}

type DealRow = {
  room_code: string;
  event_id: string;
  revision: number;
  position: number;
  seq: number;
  user_id: string;
  user_name: string;
  at: number;
  before_ms: number;
  opponent_id: string | null;
  reaction_ms: number;
};
const DEAL_COLUMNS = `room_code, event_id, revision, position, seq, user_id, user_name, at, before_ms, opponent_id, reaction_ms`;
const toFact = (r: DealRow): DealFact => ({
  room: r.room_code,
  eventId: r.event_id,
  revision: r.revision,
  position: r.position,
  seq: r.seq,
  userId: r.user_id,
  userName: r.user_name,
  at: r.at,
  beforeMs: r.before_ms,
  opponentId: r.opponent_id,
  reactionMs: r.reaction_ms,
});

const roomDeals = ({ sqlite }: ReadDb, code: string): DealFact[] =>
  prepared<[string], DealRow>(sqlite, `SELECT ${DEAL_COLUMNS} FROM rm_integrity_deals WHERE room_code = ? ORDER BY seq`)
    .all(code)
    .map(toFact);

type BidPlaced = Recorded<Extract<RoomEvent, { type: 'BidPlaced' }>>;

const INSERT_DEAL = `INSERT OR IGNORE INTO rm_integrity_deals (room_code, seq, event_id, revision, position, user_id,
  user_name, at, before_ms, opponent_id, reaction_ms)`;
const liveRoom = ({ sqlite }: ReadDb, code: string): LiveRoom | undefined =>
  prepared<[string], LiveRoom>(
    sqlite,
    'SELECT started_at, deadline, last_user, last_at FROM rm_integrity_rooms WHERE room_code = ?',
  ).get(code);

/** A deal's row (its timing against the room as it stood), and the room moved on by it. */
const pushDeal = (rows: BulkInsert, live: LiveRoom, e: BidPlaced, code: string): DealFact => {
  const b = e.data;
  const fact: DealFact = {
    room: code,
    eventId: e.id,
    revision: e.revision,
    position: e.position,
    seq: b.seq,
    userId: b.userId,
    userName: b.userName,
    at: b.at,
    beforeMs: Math.max(0, live.deadline - b.at),
    opponentId: live.last_user,
    reactionMs: Math.max(0, b.at - (live.last_at ?? live.started_at)),
  };
  rows.push(code);
  rows.push(fact.seq);
  rows.push(fact.eventId);
  rows.push(fact.revision);
  rows.push(fact.position);
  rows.push(fact.userId);
  rows.push(fact.userName);
  rows.push(fact.at);
  rows.push(fact.beforeMs);
  rows.push(fact.opponentId);
  rows.push(fact.reactionMs);
  live.deadline = b.deadline;
  live.last_user = b.userId;
  live.last_at = b.at;
  return fact;
};

/**
 * Raises a flag, or updates it: new evidence or members make a new version and open it again; new
 * counts alone (a calm deal that leaves a `last-second` share above the line) only restate its
 * facts, so the sentence stays true without reopening a review.
 */
const upsertFlag = ({ db, sql }: Context, flag: Flag, at: number) => {
  const row = {
    id: flag.id,
    kind: flag.kind,
    room: flag.room,
    members: JSON.stringify(flag.members),
    facts: JSON.stringify(flag.facts),
    evidence: JSON.stringify(flag.evidence),
    at,
  };
  const known = prepared<[string], { evidence: string; members: string; facts: string }>(
    db.sqlite,
    'SELECT evidence, members, facts FROM rm_integrity_flags WHERE id = ?',
  ).get(flag.id);
  if (!known) sql.raise.run(row);
  else if (known.evidence !== row.evidence || known.members !== row.members) sql.update.run(row);
  else if (known.facts !== row.facts) sql.restate.run({ id: row.id, facts: row.facts });
  for (const room of new Set(flag.evidence.map((d) => d.room))) sql.flagRoom.run(flag.id, room);
};

/** A member's totals over their deals in finished rooms, as kept by `ended`. */
const totalsOf = ({ sqlite }: ReadDb, userId: string): MemberTotals => {
  const row = prepared<[string], { deals: number; late: number; rooms: number; topped: string }>(
    sqlite,
    'SELECT deals, late, rooms, topped FROM rm_integrity_members WHERE user_id = ?',
  ).get(userId);
  return row ? { ...row, topped: JSON.parse(row.topped) as MemberTotals['topped'] } : NO_DEALS;
};

/** A member's latest deals in finished rooms (all, or those in the last second), oldest first. */
const latestDeals = ({ sqlite }: ReadDb, userId: string, lateOnly: boolean): DealFact[] =>
  prepared<[string, number, number], DealRow>(
    sqlite,
    `SELECT ${DEAL_COLUMNS.split(', ')
      .map((c) => `d.${c}`)
      .join(', ')} FROM rm_integrity_deals d JOIN rm_integrity_rooms r ON r.room_code = d.room_code
      WHERE d.user_id = ? AND r.ended_at IS NOT NULL AND d.before_ms < ? ORDER BY d.position DESC LIMIT ?`,
  )
    .all(userId, lateOnly ? INTEGRITY_RULES.lastSecondMs : Number.MAX_SAFE_INTEGER, MAX_EVIDENCE)
    .reverse()
    .map(toFact);

/**
 * A room's end: each of its dealers' totals take the room's deals (one row each, however many deals
 * they placed before: reading them all at every room end made the work grow with every member's
 * history), then the rules raise or update flags; a cross-room flag reads its evidence (the latest
 * deals, on the member's index) only when it is raised.
 */
const ended = (
  e: Recorded<Extract<RoomEvent, { type: 'RoomEnded' }>>,
  ctx: Context,
  code: string,
  known?: readonly DealFact[],
) => {
  ctx.sql.ended.run(e.data.at, e.data.reason, e.data.winner?.userId ?? null, code);
  const deals = known ?? roomDeals(ctx.db, code);
  if (deals.length === 0) return;
  const members = [...new Set(deals.map((d) => d.userId))];
  const totals = new Map<string, MemberTotals>();
  for (const userId of members) {
    const after = withRoom(
      totalsOf(ctx.db, userId),
      deals.filter((d) => d.userId === userId),
    );
    ctx.sql.totals.run({ userId, ...after, topped: JSON.stringify(after.topped) });
    totals.set(userId, after);
  }
  const marks = members.map(() => '?').join(', ');
  const sqlite = ctx.db.sqlite;
  const signIns = new Map<string, { devices: Set<string>; addresses: Set<string> }>();
  const hashes = prepared<string[], { user_id: string; kind: string; hash: string }>(
    sqlite,
    `SELECT user_id, kind, hash FROM rm_integrity_signins WHERE user_id IN (${marks})`,
  ).all(...members);
  for (const h of hashes) {
    const facts = signIns.get(h.user_id) ?? { devices: new Set<string>(), addresses: new Set<string>() };
    (h.kind === 'device' ? facts.devices : facts.addresses).add(h.hash);
    signIns.set(h.user_id, facts);
  }
  const recordOf = (userId: string): MemberRecord => ({
    ...(totals.get(userId) ?? NO_DEALS),
    latest: (lateOnly) => latestDeals(ctx.db, userId, lateOnly),
  });
  for (const flag of flagsOfRoomEnd(code, deals, recordOf, signIns)) {
    upsertFlag(ctx, flag, e.data.at);
  }
};

type IntegrityInput =
  | Extract<RoomEvent, { type: 'RoomStarted' | 'BidPlaced' | 'RoomEnded' }>
  | Extract<UserEvent, { type: 'SessionStarted' }>
  | IntegrityEvent;

export const integrityProjector = defineReadModel<IntegrityInput>()({
  name: 'integrity',
  version: 4,
  tables: {
    rm_integrity_signins: `CREATE TABLE IF NOT EXISTS rm_integrity_signins (user_id TEXT NOT NULL, kind TEXT NOT NULL,
      hash TEXT NOT NULL, first_at INTEGER NOT NULL, PRIMARY KEY (user_id, kind, hash))`,
    rm_integrity_rooms: `CREATE TABLE IF NOT EXISTS rm_integrity_rooms (room_code TEXT PRIMARY KEY,
      started_at INTEGER NOT NULL, deadline INTEGER NOT NULL, last_user TEXT, last_at INTEGER, ended_at INTEGER,
      end_reason TEXT, winner_id TEXT)`,
    rm_integrity_deals: `CREATE TABLE IF NOT EXISTS rm_integrity_deals (room_code TEXT NOT NULL, seq INTEGER NOT NULL,
      event_id TEXT NOT NULL, revision INTEGER NOT NULL, position INTEGER NOT NULL, user_id TEXT NOT NULL,
      user_name TEXT NOT NULL, at INTEGER NOT NULL, before_ms INTEGER NOT NULL, opponent_id TEXT,
      reaction_ms INTEGER NOT NULL, PRIMARY KEY (room_code, seq)) WITHOUT ROWID`,
    rm_integrity_flags: `CREATE TABLE IF NOT EXISTS rm_integrity_flags (id TEXT PRIMARY KEY, kind TEXT NOT NULL,
      room_code TEXT, members TEXT NOT NULL, facts TEXT NOT NULL, evidence TEXT NOT NULL, version INTEGER NOT NULL,
      status TEXT NOT NULL, raised_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, review_outcome TEXT,
      review_note TEXT, reviewed_by_id TEXT, reviewed_by_name TEXT, reviewed_at INTEGER, reviewed_version INTEGER)`,
    rm_integrity_members: `CREATE TABLE IF NOT EXISTS rm_integrity_members (user_id TEXT PRIMARY KEY,
      deals INTEGER NOT NULL, late INTEGER NOT NULL, rooms INTEGER NOT NULL, topped TEXT NOT NULL)`,
    rm_integrity_flag_rooms: `CREATE TABLE IF NOT EXISTS rm_integrity_flag_rooms (flag_id TEXT NOT NULL,
      room_code TEXT NOT NULL, PRIMARY KEY (flag_id, room_code))`,
  },
  indexes: {
    rm_integrity_deals_user:
      'CREATE INDEX IF NOT EXISTS rm_integrity_deals_user ON rm_integrity_deals(user_id, position)',
    rm_integrity_flag_rooms_room:
      'CREATE INDEX IF NOT EXISTS rm_integrity_flag_rooms_room ON rm_integrity_flag_rooms(room_code)',
    rm_integrity_flags_status:
      'CREATE INDEX IF NOT EXISTS rm_integrity_flags_status ON rm_integrity_flags(status, updated_at)',
  },
  statements: STATEMENTS,
  on: {
    SessionStarted: (e, { sql }, userId) => {
      const facts = e.metadata.signIn as SignInMetadata | undefined;
      if (!facts || typeof facts !== 'object') return;
      if (typeof facts.device === 'string') sql.signIn.run(userId, 'device', facts.device, e.data.at);
      if (typeof facts.address === 'string') sql.signIn.run(userId, 'address', facts.address, e.data.at);
    },
    RoomStarted: (e, { sql }, code) => sql.started.run({ code, at: e.data.at, deadline: e.data.deadline }),
    BidPlaced: takenByBatch,
    RoomEnded: (e, ctx, code) => ended(e, ctx, code),
    IntegrityFlagReviewed: (e, { sql }) =>
      sql.reviewed.run({
        flagId: e.data.flagId,
        outcome: e.data.outcome,
        note: e.data.note,
        byId: e.data.by.userId,
        byName: e.data.by.name,
        at: e.data.at,
        version: e.data.version,
      }),
  },
  batch: (events, ctx, apply) => {
    // A deal needs its room's deadline and last dealer, and moves them on: keep each room's in memory
    // through the batch, its deals 32 rows a statement, and write both before any other event (a
    // room's end reads its deals) and at the end of the batch.
    // A room whose every deal is in this batch (it had none before) ends on those, not read back.
    const deals = ctx.bulk(INSERT_DEAL, 11);
    const rooms = new Map<string, LiveRoom | null>();
    const whole = new Map<string, DealFact[] | null>();
    const flush = () => {
      deals.flush();
      for (const [code, live] of rooms) if (live) ctx.sql.moved.run(live.deadline, live.last_user, live.last_at, code);
      rooms.clear();
    };
    let stream = '';
    let code = '';
    let live: LiveRoom | null | undefined;
    let facts: DealFact[] | null | undefined;
    for (const event of events) {
      if (event.type !== 'BidPlaced') {
        if (rooms.size > 0) flush();
        stream = '';
        if (event.type === 'RoomEnded') {
          const room = event.streamName.slice('room-'.length);
          const known = whole.get(room);
          if (known) {
            ended(event, ctx, room, known);
            continue;
          }
        }
        apply(event);
        continue;
      }
      // A league's lots have deals of that name too: only a deal room's count here.
      if (!event.streamName.startsWith('room-')) continue;
      if (event.streamName !== stream) {
        stream = event.streamName;
        code = stream.slice('room-'.length);
        live = rooms.get(code);
        if (live === undefined) rooms.set(code, (live = liveRoom(ctx.db, code) ?? null));
        facts = whole.get(code);
        if (facts === undefined) whole.set(code, (facts = live && live.last_user === null ? [] : null));
      }
      if (live) {
        const fact = pushDeal(deals, live, event, code);
        facts?.push(fact);
      }
    }
    flush();
  },
});

// ── Queries ──────────────────────────────────────────────────────────────────────────────

export type FlagStatus = 'open' | 'reviewed';

export interface IntegrityFlagRow {
  id: string;
  kind: FlagKind;
  room: string | null;
  members: { id: string; name: string }[];
  facts: FlagFacts;
  evidence: (FlagEvidence & { userName: string })[];
  /** Rooms the evidence comes from. */
  rooms: string[];
  version: number;
  status: FlagStatus;
  raisedAt: number;
  updatedAt: number;
  review: {
    outcome: ReviewOutcome;
    note: string;
    by: { id: string; name: string };
    at: number;
    version: number;
  } | null;
}

type FlagDbRow = {
  id: string;
  kind: FlagKind;
  room_code: string | null;
  members: string;
  facts: string;
  evidence: string;
  version: number;
  status: FlagStatus;
  raised_at: number;
  updated_at: number;
  review_outcome: ReviewOutcome | null;
  review_note: string | null;
  reviewed_by_id: string | null;
  reviewed_by_name: string | null;
  reviewed_at: number | null;
  reviewed_version: number | null;
};

/** A member's name as their latest deal (or their account) gave it. */
const nameOf = ({ sqlite }: ReadDb, userId: string): string =>
  prepared<[string, string], { name: string }>(
    sqlite,
    `SELECT coalesce((SELECT user_name FROM rm_integrity_deals WHERE user_id = ? ORDER BY position DESC LIMIT 1),
       (SELECT name FROM rm_users WHERE id = ?)) AS name`,
  ).get(userId, userId)?.name ?? userId;

const toFlag = (db: ReadDb, r: FlagDbRow): IntegrityFlagRow => {
  const names = new Map<string, string>();
  const name = (id: string) => {
    if (!names.has(id)) names.set(id, nameOf(db, id));
    return names.get(id)!;
  };
  const evidence = (JSON.parse(r.evidence) as FlagEvidence[]).map((d) => ({ ...d, userName: name(d.userId) }));
  return {
    id: r.id,
    kind: r.kind,
    room: r.room_code,
    members: (JSON.parse(r.members) as string[]).map((id) => ({ id, name: name(id) })),
    facts: JSON.parse(r.facts) as FlagFacts,
    evidence,
    rooms: [...new Set(evidence.map((d) => d.room))].sort(),
    version: r.version,
    status: r.status,
    raisedAt: r.raised_at,
    updatedAt: r.updated_at,
    review:
      r.review_outcome && r.reviewed_at !== null
        ? {
            outcome: r.review_outcome,
            note: r.review_note ?? '',
            by: { id: r.reviewed_by_id ?? '', name: r.reviewed_by_name ?? '' },
            at: r.reviewed_at,
            version: r.reviewed_version ?? 0,
          }
        : null,
  };
};

export interface FlagFilter {
  status?: FlagStatus;
  kind?: FlagKind;
  room?: string;
  limit?: number;
}

/** The review queue: newest first, by status, kind and room (a flag is in every room of its evidence). */
export const integrityFlags = (db: ReadDb, filter: FlagFilter = {}): IntegrityFlagRow[] => {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (filter.status) {
    where.push('f.status = ?');
    args.push(filter.status);
  }
  if (filter.kind) {
    where.push('f.kind = ?');
    args.push(filter.kind);
  }
  if (filter.room) {
    where.push('f.id IN (SELECT flag_id FROM rm_integrity_flag_rooms WHERE room_code = ?)');
    args.push(filter.room);
  }
  args.push(filter.limit ?? 200);
  return prepared<(string | number)[], FlagDbRow>(
    db.sqlite,
    `SELECT f.* FROM rm_integrity_flags f ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY f.updated_at DESC, f.id LIMIT ?`,
  )
    .all(...args)
    .map((r) => toFlag(db, r));
};

export const integrityFlag = (db: ReadDb, id: string): IntegrityFlagRow | null => {
  const row = prepared<[string], FlagDbRow>(db.sqlite, 'SELECT * FROM rm_integrity_flags WHERE id = ?').get(id);
  return row ? toFlag(db, row) : null;
};

export interface IntegrityRoomSummary {
  room: string;
  endedAt: number;
  deals: number;
  members: number;
  openFlags: number;
}

/** Finished rooms with deals, newest first, with how many open flags rest on each. */
export const integrityRooms = ({ sqlite }: ReadDb, limit = 50): IntegrityRoomSummary[] =>
  prepared<[number], IntegrityRoomSummary>(
    sqlite,
    `SELECT r.room_code AS room, r.ended_at AS endedAt,
       (SELECT count(*) FROM rm_integrity_deals d WHERE d.room_code = r.room_code) AS deals,
       (SELECT count(DISTINCT user_id) FROM rm_integrity_deals d WHERE d.room_code = r.room_code) AS members,
       (SELECT count(*) FROM rm_integrity_flag_rooms fr JOIN rm_integrity_flags f ON f.id = fr.flag_id
         WHERE fr.room_code = r.room_code AND f.status = 'open') AS openFlags
     FROM rm_integrity_rooms r WHERE r.ended_at IS NOT NULL
       AND EXISTS (SELECT 1 FROM rm_integrity_deals d WHERE d.room_code = r.room_code)
     ORDER BY r.ended_at DESC, r.room_code LIMIT ?`,
  ).all(limit);

export interface IntegrityRoomReport {
  room: string;
  startedAt: number;
  endedAt: number;
  endReason: string | null;
  winnerId: string | null;
  deals: DealFact[];
  timings: MemberTiming[];
  flags: IntegrityFlagRow[];
}

/** A finished room's report: every deal with its timing, the per-member timing table, and its flags. */
export const integrityRoomReport = (db: ReadDb, code: string): IntegrityRoomReport | null => {
  const room = prepared<
    [string],
    { started_at: number; ended_at: number | null; end_reason: string | null; winner_id: string | null }
  >(db.sqlite, 'SELECT started_at, ended_at, end_reason, winner_id FROM rm_integrity_rooms WHERE room_code = ?').get(
    code,
  );
  if (!room || room.ended_at === null) return null;
  const deals = roomDeals(db, code);
  return {
    room: code,
    startedAt: room.started_at,
    endedAt: room.ended_at,
    endReason: room.end_reason,
    winnerId: room.winner_id,
    deals,
    timings: memberTimings(deals),
    flags: integrityFlags(db, { room: code }),
  };
};
