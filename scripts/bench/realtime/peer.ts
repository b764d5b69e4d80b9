import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'socket.io';
import { Server } from 'socket.io';
import { hashSessionToken, newSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from '../../../api/auth/session.ts';
import type { RoomErrorCode } from '../../../engine/roomRules.ts';
import { lateMessage, ROOM_MESSAGES } from '../../../engine/roomRules.ts';
import type { BenchRoom } from './fixture.ts';
import { serve, settledMemory } from './ipc.ts';

/**
 * The peer: the deal-room server a competitor would write for the same rules, with no event log.
 * socket.io and better-sqlite3 (WAL, `synchronous = FULL`); a deal is one `BEGIN IMMEDIATE`
 * transaction that reads the room row, the bidder's booking and deal count, then does one
 * `UPDATE` of the room row and one `INSERT` of the deal, and commits durably. The rules are the
 * room decider's (engine/room.ts `placeBid`), checked in the same order with the same error codes.
 * After the commit it sends the room what our server sends for a deal (one `bidUpdate` with the
 * whole history, every member's count and the timer; `bidLimitReached` to a bidder at the limit), and the ack
 * has our ack's fields, except the signed proof (there is no log to sign). Like ours, it keeps
 * each running room's history in memory for the broadcast (seeded from the table) and looks the
 * session up on every event. Real clock: rooms start when the bench makes them.
 */

type Row = Record<string, unknown>;
interface RoomRow {
  code: string;
  status: 'upcoming' | 'running' | 'ended' | 'cancelled';
  price: number;
  max_price: number;
  bid_value: number;
  bid_seconds: number;
  max_attempts: number;
  leader: string | null;
  bids: number;
  end_reason: string | null;
  started_at: number;
  deadline: number;
  last_at: number;
  revision: number;
}
interface BidEntry {
  seq: number;
  user_id: string;
  username: string;
  bid_amount: number;
  created_at: string;
  created_at_ms: number;
}
interface User {
  id: string;
  name: string;
  access: string;
}

class PeerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
const refuse = (code: RoomErrorCode, message: string = ROOM_MESSAGES[code]) => new PeerError(code, message);

const SCHEMA = `
CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL, access TEXT NOT NULL);
CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), expires_at INTEGER NOT NULL);
CREATE TABLE rooms (
  code TEXT PRIMARY KEY, status TEXT NOT NULL, price INTEGER NOT NULL, max_price INTEGER NOT NULL,
  bid_value INTEGER NOT NULL, bid_seconds INTEGER NOT NULL, max_attempts INTEGER NOT NULL,
  leader TEXT, bids INTEGER NOT NULL DEFAULT 0, started_at INTEGER NOT NULL, deadline INTEGER NOT NULL,
  last_at INTEGER NOT NULL, revision INTEGER NOT NULL DEFAULT 0, end_reason TEXT, ended_at INTEGER);
CREATE TABLE bookings (room_code TEXT NOT NULL, user_id TEXT NOT NULL, user_name TEXT NOT NULL,
  PRIMARY KEY (room_code, user_id));
CREATE TABLE bids (room_code TEXT NOT NULL, seq INTEGER NOT NULL, bid_id TEXT NOT NULL, user_id TEXT NOT NULL,
  user_name TEXT NOT NULL, amount INTEGER NOT NULL, attempt INTEGER NOT NULL, at INTEGER NOT NULL,
  revision INTEGER NOT NULL, PRIMARY KEY (room_code, seq), UNIQUE (room_code, bid_id)) WITHOUT ROWID;
CREATE INDEX bids_by_bidder ON bids (room_code, user_id);
`;

const dir = mkdtempSync(join(tmpdir(), 'vetri-bench-peer-'));
const db = new Database(join(dir, 'peer.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
db.exec(SCHEMA);

const q = {
  session: db.prepare<[string, number], User>(
    'SELECT u.id, u.name, u.access FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?',
  ),
  room: db.prepare<[string], RoomRow>('SELECT * FROM rooms WHERE code = ?'),
  known: db.prepare<[string, string], Row>('SELECT * FROM bids WHERE room_code = ? AND bid_id = ?'),
  booking: db.prepare<[string, string, string, string], { user_name: string; used: number }>(
    'SELECT user_name, (SELECT COUNT(*) FROM bids WHERE room_code = ? AND user_id = ?) AS used FROM bookings WHERE room_code = ? AND user_id = ?',
  ),
  /** Members who may still bid once `leader` leads: not the leader, attempts left. */
  able: db.prepare<[string, string, number], { n: number }>(
    `SELECT COUNT(*) AS n FROM bookings b WHERE b.room_code = ? AND b.user_id != ?
       AND (SELECT COUNT(*) FROM bids WHERE room_code = b.room_code AND user_id = b.user_id) < ?`,
  ),
  update: db.prepare(
    `UPDATE rooms SET price = @price, leader = @leader, bids = @seq, deadline = @deadline, last_at = @at,
       status = @status, end_reason = @reason, ended_at = @endedAt, revision = revision + @events WHERE code = @code`,
  ),
  insert: db.prepare(
    'INSERT INTO bids (room_code, seq, bid_id, user_id, user_name, amount, attempt, at, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ),
  history: db.prepare<[string], Row>('SELECT * FROM bids WHERE room_code = ? ORDER BY seq'),
  bookings: db.prepare<[string], { user_id: string; user_name: string }>(
    'SELECT user_id, user_name FROM bookings WHERE room_code = ? ORDER BY rowid',
  ),
};

const entry = (b: Row): BidEntry => ({
  seq: b.seq as number,
  user_id: b.user_id as string,
  username: b.user_name as string,
  bid_amount: b.amount as number,
  created_at: new Date(b.at as number).toISOString(),
  created_at_ms: b.at as number,
});

const userOf = (cookie: string | undefined): User | null => {
  const token = cookie
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${SESSION_COOKIE}=`))
    ?.slice(SESSION_COOKIE.length + 1);
  if (!token || token.length > 200) return null;
  return q.session.get(hashSessionToken(decodeURIComponent(token)), Date.now()) ?? null;
};

const notRunning = (status: RoomRow['status'] | undefined): never => {
  if (!status) throw refuse('ROOM_NOT_FOUND');
  if (status === 'upcoming') throw refuse('NOT_STARTED');
  if (status === 'cancelled') throw refuse('ROOM_CANCELLED');
  throw refuse('AUCTION_ENDED');
};

interface Placed {
  bid: Row;
  room: RoomRow;
  ended: 'max_price' | 'no_bidders' | null;
  /** The room's revision of the deal (the end, when there is one, is the next). */
  revision: number;
  fresh: boolean;
}

/** The decider's `placeBid`, in one durable transaction: read, check, one UPDATE, one INSERT. */
const place = db.transaction((code: string, user: User, bidId: string, arrived: number): Placed => {
  const room = q.room.get(code);
  const known = room ? q.known.get(code, bidId) : undefined;
  if (known && known.user_id !== user.id) throw refuse('BID_ID_TAKEN');
  if (known) {
    // The same member sending the same deal again: what was recorded for it, nothing new.
    const last = (known.seq as number) === room!.bids && room!.status === 'ended';
    const ended = last ? (room!.end_reason as Placed['ended']) : null;
    return { bid: known, room: room!, ended, revision: known.revision as number, fresh: false };
  }
  if (!room || room.status !== 'running') return notRunning(room?.status);
  const now = Math.max(arrived, room.started_at, room.last_at);
  const booking = q.booking.get(code, user.id, code, user.id);
  if (!booking) throw refuse('NOT_PARTICIPANT');
  if (now >= room.deadline) throw refuse('BID_TOO_LATE', lateMessage(now - room.deadline));
  if (booking.used >= room.max_attempts) throw refuse('BID_LIMIT');
  if (room.leader === user.id) throw refuse('CONSECUTIVE_BID');
  const amount = room.price + room.bid_value;
  if (amount > room.max_price) throw refuse('MAX_PRICE');
  const seq = room.bids + 1;
  const attempt = booking.used + 1;
  const revision = room.revision + 1;
  const bid = {
    seq,
    bid_id: bidId,
    user_id: user.id,
    user_name: booking.user_name,
    amount,
    attempt,
    at: now,
    revision,
  };
  q.insert.run(code, seq, bidId, user.id, booking.user_name, amount, attempt, now, revision);
  const ended =
    amount + room.bid_value > room.max_price
      ? 'max_price'
      : q.able.get(code, user.id, room.max_attempts)!.n === 0
        ? 'no_bidders'
        : null;
  const deadline = now + room.bid_seconds * 1000;
  q.update.run({
    code,
    price: amount,
    leader: user.id,
    seq,
    deadline,
    at: now,
    status: ended ? 'ended' : 'running',
    reason: ended,
    endedAt: ended ? now : null,
    events: ended ? 2 : 1,
  });
  const after = {
    ...room,
    price: amount,
    leader: user.id,
    bids: seq,
    deadline,
    last_at: now,
    status: ended ? 'ended' : 'running',
  } as RoomRow;
  return { bid, room: after, ended, revision, fresh: true };
});

/** Running rooms' histories and bookings, kept for the broadcast (as our server's live histories are). */
const live = new Map<string, { bids: BidEntry[]; participants: { user_id: string; user_name: string }[] }>();

const broadcast = (io: Server, p: Placed) => {
  const code = p.room.code;
  let room = live.get(code);
  if (!room || room.bids.length !== (p.bid.seq as number) - 1) {
    room = { bids: q.history.all(code).map(entry), participants: q.bookings.all(code) };
    live.set(code, room);
  } else room.bids.push(entry(p.bid));
  const channel = io.to(`room:${code}`);
  const now = Date.now();
  const b = p.bid;
  const max = p.room.max_attempts;
  const deadline = p.room.deadline;
  // The protocol ours speaks since issue 18: one bidUpdate per deal carrying the counts (the
  // bidder's own among them) and the timer; the bidder alone also hears when the limit is reached.
  const counts: Record<string, number> = {};
  for (const h of room.bids) counts[h.user_id] = (counts[h.user_id] ?? 0) + 1;
  channel.emit('bidUpdate', {
    roomCode: code,
    revision: p.revision,
    currentBid: b.amount,
    highestBidder: { id: b.user_id, username: b.user_name },
    bid: room.bids.at(-1),
    bidHistory: room.bids,
    deadline,
    bidCounts: Object.fromEntries(room.participants.map((m) => [m.user_id, counts[m.user_id] ?? 0])),
    max,
    timer: Math.max(0, Math.ceil((deadline - now) / 1000)),
    serverTime: now,
  });
  const attempt = b.attempt as number;
  const me = io.to(`user:${b.user_id as string}`);
  if (attempt >= max)
    me.emit('bidLimitReached', { roomCode: code, used: attempt, max, message: ROOM_MESSAGES.BID_LIMIT });
  if (p.ended) {
    live.delete(code);
    channel.emit('auctionEnded', {
      roomCode: code,
      revision: p.revision + 1,
      finalBid: b.amount,
      winner: { id: b.user_id, username: b.user_name },
      reason: p.ended,
      endedAt: b.at,
      purchaseDeadline: (b.at as number) + 60 * 60_000,
    });
    // As ours: to the sockets showing room lists (none in the bench), not to every socket.
    io.to('room-lists').emit('roomStatus', { room: { room_code: code, status: 'completed', current_bid: b.amount } });
  }
};

const ackOf = (p: Placed) => ({
  bid: entry(p.bid),
  currentBid: p.fresh ? p.room.price : p.bid.amount,
  deadline: p.ended ? p.bid.at : p.fresh ? p.room.deadline : (p.bid.at as number) + p.room.bid_seconds * 1000,
  used: p.bid.attempt,
  remaining: Math.max(0, p.room.max_attempts - (p.bid.attempt as number)),
  max: p.room.max_attempts,
  revision: p.revision,
  ended: p.ended !== null,
});

type Ack = (response: unknown) => void;
const answer = (ack: unknown, work: () => unknown) => {
  let response;
  try {
    response = { ok: true, data: work() };
  } catch (error) {
    response =
      error instanceof PeerError
        ? { ok: false, error: { code: error.code, message: error.message } }
        : { ok: false, error: { code: 'INTERNAL', message: 'Something went wrong.' } };
  }
  if (typeof ack === 'function') (ack as Ack)(response);
};

const CODE = /^[A-Z0-9]{6}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const roomCodeOf = (payload: unknown): string => {
  const code = (payload as { roomCode?: unknown } | null)?.roomCode;
  if (typeof code !== 'string' || !CODE.test(code)) throw new PeerError('VALIDATION', 'Invalid room code.');
  return code;
};

const http = createServer();
const io = new Server(http, { path: '/socket.io/', serveClient: false, pingInterval: 10_000, pingTimeout: 8_000 });
io.on('connection', (socket: Socket) => {
  const user = userOf(socket.handshake.headers.cookie);
  if (user) void socket.join(`user:${user.id}`);
  socket.on('joinRoom', (payload: unknown, ack: unknown) =>
    answer(ack, () => {
      const code = roomCodeOf(payload);
      const room = q.room.get(code);
      if (!room) throw refuse('ROOM_NOT_FOUND');
      void socket.join(`room:${code}`);
      const me = userOf(socket.handshake.headers.cookie);
      const booking = me ? q.booking.get(code, me.id, code, me.id) : undefined;
      const canBid = room.status === 'running' && booking !== undefined;
      const used = booking?.used ?? 0;
      socket.emit('joinStatus', {
        roomCode: code,
        canBid,
        reason: canBid ? null : 'not_booked',
        used,
        remaining: room.max_attempts - used,
        max: room.max_attempts,
      });
      return { room, canBid, serverTime: Date.now() };
    }),
  );
  socket.on('placeBid', (payload: unknown, ack: unknown) =>
    answer(ack, () => {
      const code = roomCodeOf(payload);
      const bidId = (payload as { bidId?: unknown }).bidId ?? crypto.randomUUID();
      if (typeof bidId !== 'string' || !UUID.test(bidId)) throw new PeerError('VALIDATION', 'Invalid deal id.');
      const me = userOf(socket.handshake.headers.cookie);
      if (!me) throw new PeerError('UNAUTHENTICATED', 'Please login to join a Deal.');
      if (me.access !== 'granted') throw new PeerError('WAITLISTED', 'You are on the waitlist.');
      const placed = place.immediate(code, me, bidId, Date.now());
      if (placed.fresh) broadcast(io, placed);
      return ackOf(placed);
    }),
  );
});

/** `count` running rooms of `seats` members (the fixture's rules: ₹500 base, ₹10 steps, 5 attempts, 60 s rounds), started now. */
const makeRooms = (tag: string, count: number, seats: number): BenchRoom[] => {
  const now = Date.now();
  const addUser = db.prepare('INSERT INTO users (id, name, access) VALUES (?, ?, ?)');
  const addSession = db.prepare('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)');
  const addRoom = db.prepare(
    `INSERT INTO rooms (code, status, price, max_price, bid_value, bid_seconds, max_attempts, started_at, deadline, last_at, revision)
     VALUES (?, 'running', 50000, ?, 1000, 60, 5, ?, ?, ?, ?)`,
  );
  const addBooking = db.prepare('INSERT INTO bookings (room_code, user_id, user_name) VALUES (?, ?, ?)');
  return db.transaction(() =>
    Array.from({ length: count }, (_, r) => {
      const code = `${tag}${String(r).padStart(6 - tag.length, '0')}`;
      // Created, seats booked, started: the revision our room stream has at its first deal.
      addRoom.run(code, 500_00 + Math.max(2, seats) * 5 * 10_00, now, now + 60_000, now, seats + 1);
      const bidders = Array.from({ length: seats }, (_, i) => {
        const id = `peer-${code}-${i}`;
        addUser.run(id, `Bidder ${code}${i}`, 'granted');
        addBooking.run(code, id, `Bidder ${code}${i}`);
        const token = newSessionToken();
        addSession.run(hashSessionToken(token), id, now + SESSION_TTL_MS);
        return `${SESSION_COOKIE}=${token}`;
      });
      return { code, bidders };
    }),
  )();
};

await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const { port } = http.address() as AddressInfo;
serve(async (body) => {
  switch (body.type) {
    case 'url':
      return `http://127.0.0.1:${port}`;
    case 'rooms':
      return makeRooms(body.tag as string, body.count as number, body.seats as number);
    case 'memory':
      return settledMemory();
    case 'exit':
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      db.close();
      rmSync(dir, { recursive: true, force: true });
      return null;
    default:
      throw new Error(`unknown request ${body.type}`);
  }
});
