import type Database from 'better-sqlite3';
import type { EventStore, RecordedEvent } from '../../engine/eventStore.ts';
import type { RoomEvent, RoomState } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import type { WalletEvent, WalletState } from '../../engine/wallet.ts';
import { walletDecider } from '../../engine/wallet.ts';
import { openReadDb } from '../../projections/db.ts';
import { allProjectors } from '../../projections/index.ts';
import { rebuildInto } from '../../projections/rebuild.ts';
import type { AckedBid } from './roomClient.ts';

/**
 * The promises of the product, checked over a whole event log after a run. Each check returns the
 * problems it found, in words (an empty list means the promise held).
 */

const byStream = (events: readonly RecordedEvent[], prefix: string) => {
  const streams = new Map<string, RecordedEvent[]>();
  for (const e of events) {
    if (!e.streamName.startsWith(prefix)) continue;
    const list = streams.get(e.streamName) ?? [];
    list.push(e);
    streams.set(e.streamName, list);
  }
  return streams;
};

export const roomStates = (events: readonly RecordedEvent[]): Map<string, RoomState> => {
  const rooms = new Map<string, RoomState>();
  for (const [stream, list] of byStream(events, 'room-')) {
    rooms.set(
      stream.slice('room-'.length),
      list.reduce<RoomState>((s, e) => roomDecider.evolve(s, e as unknown as RoomEvent), roomDecider.initialState),
    );
  }
  return rooms;
};

export const walletStates = (events: readonly RecordedEvent[]): Map<string, WalletState> => {
  const wallets = new Map<string, WalletState>();
  for (const [stream, list] of byStream(events, 'wallet-')) {
    wallets.set(
      stream.slice('wallet-'.length),
      list.reduce<WalletState>(
        (s, e) => walletDecider.evolve(s, e as unknown as WalletEvent),
        walletDecider.initialState,
      ),
    );
  }
  return wallets;
};

/** Every deal a client was told is stored is in the log, as it was acknowledged. */
export const ackedBidsInLog = (events: readonly RecordedEvent[], acked: readonly AckedBid[]): string[] => {
  const stored = new Map<string, { stream: string; data: { userId: string; amount: number; seq: number } }>();
  for (const e of events) {
    if (e.type !== 'BidPlaced' || !e.streamName.startsWith('room-')) continue;
    const data = e.data as { bidId: string; userId: string; amount: number; seq: number };
    stored.set(data.bidId, { stream: e.streamName, data });
  }
  const problems: string[] = [];
  for (const a of acked) {
    const s = stored.get(a.bidId);
    if (!s) problems.push(`acknowledged deal ${a.bidId} (room ${a.roomCode}, ₹${a.amount / 100}) is not in the log`);
    else if (
      s.stream !== `room-${a.roomCode}` ||
      s.data.userId !== a.userId ||
      s.data.amount !== a.amount ||
      s.data.seq !== a.seq
    ) {
      problems.push(
        `acknowledged deal ${a.bidId} differs in the log: ${JSON.stringify(s.data)} vs ${JSON.stringify(a)}`,
      );
    }
  }
  return problems;
};

/** Each room starts or is cancelled once, ends once, and its deals follow the rules in order. */
export const roomsClosedOnce = (events: readonly RecordedEvent[]): string[] => {
  const problems: string[] = [];
  for (const [stream, list] of byStream(events, 'room-')) {
    const count = (type: string) => list.filter((e) => e.type === type).length;
    if (count('RoomStarted') + count('RoomCancelled') > 1) problems.push(`${stream} started or cancelled twice`);
    if (count('RoomEnded') > 1) problems.push(`${stream} closed ${count('RoomEnded')} times`);
    if (count('RoomEnded') + count('RoomCancelled') > 1) problems.push(`${stream} both ended and was cancelled`);
    const end = list.findIndex((e) => e.type === 'RoomEnded' || e.type === 'RoomCancelled');
    if (end >= 0 && list.slice(end).some((e) => e.type === 'BidPlaced' || e.type === 'SeatBooked')) {
      problems.push(`${stream} took a deal or a booking after it closed`);
    }
    const rules = list[0]?.data as { bidValue: number; maxPrice: number; basePrice: number; maxAttempts: number };
    const bids = list
      .filter((e) => e.type === 'BidPlaced')
      .map((e) => e.data as { bidId: string; userId: string; amount: number; seq: number });
    const ids = new Set(bids.map((b) => b.bidId));
    if (ids.size !== bids.length) problems.push(`${stream} holds one deal id twice`);
    const attempts = new Map<string, number>();
    bids.forEach((b, i) => {
      if (b.seq !== i + 1) problems.push(`${stream} deal ${b.bidId} has seq ${b.seq}, expected ${i + 1}`);
      if (b.amount !== rules.basePrice + (i + 1) * rules.bidValue || b.amount > rules.maxPrice) {
        problems.push(`${stream} deal ${i + 1} is priced ₹${b.amount / 100}`);
      }
      if (i > 0 && bids[i - 1]!.userId === b.userId) problems.push(`${stream} deal ${i + 1} is a second deal in a row`);
      attempts.set(b.userId, (attempts.get(b.userId) ?? 0) + 1);
    });
    for (const [user, n] of attempts) {
      if (n > rules.maxAttempts) problems.push(`${stream}: ${user} made ${n} deals (max ${rules.maxAttempts})`);
    }
    const ended = list.find((e) => e.type === 'RoomEnded')?.data as
      { winner: { userId: string } | null; finalPrice: number } | undefined;
    const last = bids.at(-1);
    if (ended && (ended.winner?.userId ?? null) !== (last?.userId ?? null)) {
      problems.push(`${stream} winner is not the last bidder`);
    }
    if (ended && last && ended.finalPrice !== last.amount) problems.push(`${stream} final price is not the last deal`);
  }
  return problems;
};

/**
 * Money: no balance is negative; every fee of a finished room has the fate the room recorded,
 * applied exactly once; every fee taken for a room that never seated the member went back; the
 * winner's bonus is paid once; and all money in wallets is what came in by deposits, less fees
 * kept by winners, plus bonuses paid.
 */
export const walletsConserve = (events: readonly RecordedEvent[]): string[] => {
  const problems: string[] = [];
  const rooms = roomStates(events);
  const wallets = walletStates(events);
  let inWallets = 0;
  let flows = 0;
  for (const e of events) {
    if (!e.streamName.startsWith('wallet-')) continue;
    const d = e.data as { amount: number };
    if (e.type === 'Deposited' || e.type === 'RewardCredited') flows += d.amount;
    if (e.type === 'EntryFeeKept' || e.type === 'Withdrawn' || e.type === 'RewardDebited') flows -= d.amount;
  }
  const closings = new Map<string, number>();
  for (const e of events) {
    if (['PrebookFeeRefunded', 'FeeConvertedToReward', 'EntryFeeKept'].includes(e.type)) {
      const id = (e.data as { reservationId: string }).reservationId;
      closings.set(id, (closings.get(id) ?? 0) + 1);
    }
  }
  for (const [id, n] of closings) if (n > 1) problems.push(`reservation ${id} was settled ${n} times`);
  for (const [userId, w] of wallets) {
    if (w.cash < 0 || w.rewardCash < 0) problems.push(`wallet ${userId} is negative: ${w.cash} / ${w.rewardCash}`);
    const held = Object.values(w.reservations).filter((r) => r.status === 'held');
    inWallets += w.cash + w.rewardCash + held.reduce((s, r) => s + r.amount, 0);
    for (const [reservationId, r] of Object.entries(w.reservations)) {
      const room = rooms.get(r.roomCode);
      const booked =
        room && room.status !== 'none' ? room.bookings.find((b) => b.reservationId === reservationId) : null;
      if (!booked) {
        if (r.status !== 'refunded')
          problems.push(`fee ${reservationId} for ${r.roomCode} never seated and not refunded`);
        continue;
      }
      if (booked.userId !== userId) problems.push(`fee ${reservationId} seated another member`);
      if (room?.status === 'ended' || room?.status === 'cancelled') {
        const outcomes = room.status === 'ended' ? room.ended.outcomes : room.outcomes;
        const fate = outcomes.find((o) => o.reservationId === reservationId)?.fate;
        const expected = { refund: 'refunded', reward: 'converted', kept: 'kept' } as const;
        if (!fate || r.status !== expected[fate]) {
          problems.push(`fee ${reservationId} of finished ${r.roomCode} is ${r.status}, the room says ${fate}`);
        }
      }
    }
  }
  for (const [code, room] of rooms) {
    if (room.status !== 'ended' || !room.ended.winner || room.ended.winnerBonus <= 0) continue;
    const w = wallets.get(room.ended.winner.userId);
    const bonuses = events.filter(
      (e) =>
        e.type === 'RewardCredited' &&
        e.streamName === `wallet-${room.ended.winner!.userId}` &&
        (e.data as { creditId: string }).creditId === `bonus-${code}`,
    );
    if (!w || bonuses.length !== 1) problems.push(`winner of ${code} got the bonus ${bonuses.length} times`);
  }
  if (inWallets !== flows) problems.push(`wallets hold ${inWallets} paise but deposits − kept + bonuses = ${flows}`);
  return problems;
};

/** The read model's balances are the fold of each wallet's events. */
export const balancesMatchLog = (events: readonly RecordedEvent[], readDb: Database.Database): string[] => {
  const problems: string[] = [];
  const rows = new Map(
    readDb
      .prepare<[], { user_id: string; cash: number; reward_cash: number; held: number }>(
        'SELECT user_id, cash, reward_cash, held FROM rm_wallets',
      )
      .all()
      .map((r) => [r.user_id, r]),
  );
  for (const [userId, w] of walletStates(events)) {
    const held = Object.values(w.reservations)
      .filter((r) => r.status === 'held')
      .reduce((s, r) => s + r.amount, 0);
    const row = rows.get(userId);
    if (!row || row.cash !== w.cash || row.reward_cash !== w.rewardCash || row.held !== held) {
      problems.push(
        `wallet ${userId}: read model ${JSON.stringify(row)} vs log ${JSON.stringify({ cash: w.cash, reward: w.rewardCash, held })}`,
      );
    }
  }
  return problems;
};

/** Every read-model table holds the same rows as one rebuilt from the log (order aside). */
export const sameReadModels = (a: Database.Database, b: Database.Database, tables: readonly string[]): string[] => {
  const problems: string[] = [];
  for (const table of tables) {
    const columns = a
      .prepare<[], { name: string }>(`PRAGMA table_info("${table}")`)
      .all()
      .map((c) => `"${c.name}"`);
    if (columns.length === 0) continue;
    const read = (db: Database.Database) =>
      db
        .prepare(`SELECT ${columns.join(', ')} FROM "${table}" ORDER BY ${columns.join(', ')}`)
        .all()
        .map((r) => JSON.stringify(r));
    const [left, right] = [read(a), read(b)];
    if (left.length !== right.length) problems.push(`${table}: ${left.length} rows, rebuilt ${right.length}`);
    const rebuilt = new Set(right);
    const extra = left.filter((r) => !rebuilt.has(r));
    const kept = new Set(left);
    const missing = right.filter((r) => !kept.has(r));
    if (extra.length) problems.push(`${table}: not in the rebuild: ${extra.slice(0, 3).join(' | ')}`);
    if (missing.length) problems.push(`${table}: only in the rebuild: ${missing.slice(0, 3).join(' | ')}`);
  }
  return problems;
};

/**
 * What a server's read-model file holds that a fresh rebuild of the log (into `scratch`) does not,
 * and the other way round: rows, indexes (a rebuild makes the deferred ones at its end), and any
 * read model whose checkpoint is not at `head`. Empty when the file is what the log says.
 */
export const againstRebuild = async (
  store: EventStore,
  mine: Database.Database,
  scratch: string,
  head: number,
): Promise<string[]> => {
  const rebuilt = openReadDb(scratch);
  try {
    await rebuildInto(store, rebuilt);
    const problems = sameReadModels(
      mine,
      rebuilt.sqlite,
      allProjectors.flatMap((p) => p.tables),
    );
    const indexes = (db: Database.Database) =>
      db
        .prepare<[], { name: string; sql: string }>(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name",
        )
        .all()
        .map((i) => `${i.name}: ${i.sql}`);
    const theirs = new Set(indexes(rebuilt.sqlite));
    const ours = new Set(indexes(mine));
    for (const index of ours) if (!theirs.has(index)) problems.push(`index not in the rebuild: ${index}`);
    for (const index of theirs) if (!ours.has(index)) problems.push(`index only in the rebuild: ${index}`);
    const checkpoints = mine.prepare<[], { name: string; position: number }>(
      'SELECT name, position FROM rm_checkpoints',
    );
    for (const c of checkpoints.all())
      if (c.position !== head) problems.push(`${c.name}: checkpoint at ${c.position}, the log's head at ${head}`);
    return problems;
  } finally {
    rebuilt.sqlite.close();
  }
};
