import type { Decider, Message } from './decider.ts';
import type { Actor } from './eventStore.ts';
import type { LeagueEvent, LeagueState } from './leagueTypes.ts';
import type { RoomEvent, RoomState } from './room.ts';

/**
 * Replay: a stream's recorded events folded one at a time with the decider's own `evolve`, so
 * the state shown at any step is exactly what the engine held after that event. Pure; used by
 * `npm run replay` and by the admin replay screens in the browser.
 */

/** What replay needs of a recorded event (a `RecordedEvent`, or a line of an export file). */
export interface ReplayEvent {
  id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: { at: string; actor: Actor; hash?: string; prevHash?: string; [key: string]: unknown };
}

/** A replayed event read as its stream's domain event (the one place that says a room stream holds RoomEvents). */
export const asReplayed = <E extends Message>(events: readonly ReplayEvent[]) => events as readonly (ReplayEvent & E)[];

export interface ReplayStep<S> {
  /** 0-based index of the event in the replayed list. */
  index: number;
  event: ReplayEvent;
  /** Server time of the event, ms since the epoch. */
  at: number;
  /** The state right after this event. */
  state: S;
}

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/;

/** Epoch ms of an ISO-8601 UTC time as the store writes it (`2026-11-22T04:30:00.000Z`); NaN otherwise. */
export const isoToMs = (iso: string): number => {
  const m = ISO_UTC.exec(iso);
  if (!m) return Number.NaN;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = Number((m[7] ?? '0').padEnd(3, '0'));
  // Days from the civil date (Howard Hinnant's algorithm), so no clock or Date object is needed.
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const days = era * 146097 + doe - 719468;
  return ((days * 24 + h) * 60 + mi) * 60_000 + s * 1000 + ms;
};

type Folder<E extends Message, S> = Pick<Decider<Message, E, S>, 'initialState' | 'evolve'>;

/** Every intermediate state: step i holds the fold of events 0..i. */
export const replaySteps = <E extends Message, S>(
  decider: Folder<E, S>,
  events: readonly ReplayEvent[],
): ReplayStep<S>[] => {
  const steps: ReplayStep<S>[] = [];
  let state = decider.initialState;
  events.forEach((event, index) => {
    state = decider.evolve(state, asReplayed<E>([event])[0]!);
    steps.push({ index, event, at: isoToMs(event.metadata.at), state });
  });
  return steps;
};

/** Index of the last step at or before `time`, or -1 when the first event is later. */
export const stepIndexAt = (steps: readonly { at: number }[], time: number): number => {
  let lo = 0;
  let hi = steps.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]!.at <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
};

export const actorLabel = (actor: Actor | undefined): string =>
  !actor || actor === 'system' ? 'system' : `${actor.role} ${actor.userId}`;

// ── Playback in recorded time ────────────────────────────────────────────────────────────

/**
 * A playback clock over recorded time in which quiet stretches longer than `maxGapMs` are
 * shortened to `maxGapMs`, so a room scheduled an hour after its creation does not play an idle
 * hour. `toRecorded(offset)` maps a playback offset to a server time; `toOffset` is its inverse.
 */
export const playbackTimeline = (times: readonly number[], maxGapMs: number) => {
  const offsets: number[] = [];
  let total = 0;
  times.forEach((t, i) => {
    if (i > 0) total += Math.min(Math.max(0, t - times[i - 1]!), maxGapMs);
    offsets.push(total);
  });
  const byOffset = offsets.map((at) => ({ at }));
  const byTime = times.map((at) => ({ at }));
  const toRecorded = (offset: number): number => {
    if (times.length === 0) return 0;
    const i = Math.max(0, stepIndexAt(byOffset, offset));
    const next = times[i + 1];
    const real = next === undefined ? 0 : next - times[i]!;
    const played = (offsets[i + 1] ?? offsets[i]!) - offsets[i]!;
    const into = Math.min(offset - offsets[i]!, played);
    // In a shortened gap the clock runs at the compressed rate; elsewhere it is 1:1.
    return times[i]! + (played > 0 && real > played ? (into / played) * real : into);
  };
  const toOffset = (time: number): number => {
    const i = stepIndexAt(byTime, time);
    if (i < 0) return 0;
    const next = times[i + 1];
    if (next === undefined) return offsets[i]!;
    const real = next - times[i]!;
    const played = offsets[i + 1]! - offsets[i]!;
    const into = time - times[i]!;
    return offsets[i]! + (real > played && real > 0 ? (into / real) * played : into);
  };
  return { duration: total, offsets, toRecorded, toOffset };
};

// ── Deal rooms ───────────────────────────────────────────────────────────────────────────

export interface RoomMemberAttempts {
  userId: string;
  userName: string;
  used: number;
  remaining: number;
}

/** A deal room as it stood at `time`: what the replay screen and the CLI show. Money in paise. */
export interface RoomAt {
  status: RoomState['status'];
  price: number | null;
  leader: { userId: string; userName: string } | null;
  winner: { userId: string; userName: string } | null;
  bids: number;
  attempts: RoomMemberAttempts[];
  /** Round time left (ms) while running; the countdown to the start while upcoming; else null. */
  timeLeftMs: number | null;
  maxAttempts: number | null;
  /** Who may buy the item after the end (the winner, or a runner-up it passed to), at what price and until when. */
  offer: { userName: string; price: number; place: number; deadline: number } | null;
  /** Ended and bought, or the last window closed unsold; null before the end. */
  sale: 'bought' | 'unsold' | 'open' | null;
}

const nameOf = (bookings: readonly { userId: string; userName: string }[], userId: string | null) =>
  userId === null ? null : { userId, userName: bookings.find((b) => b.userId === userId)?.userName ?? userId };

export const roomAt = (state: RoomState, time: number): RoomAt => {
  if (state.status === 'none') {
    return {
      status: 'none',
      price: null,
      leader: null,
      winner: null,
      bids: 0,
      attempts: [],
      timeLeftMs: null,
      maxAttempts: null,
      offer: null,
      sale: null,
    };
  }
  const bidding = state.status === 'running' || state.status === 'ended';
  const attempts = state.bookings.map((b) => {
    const used = bidding ? (state.attempts[b.userId] ?? 0) : 0;
    return { userId: b.userId, userName: b.userName, used, remaining: state.rules.maxAttempts - used };
  });
  const timeLeftMs =
    state.status === 'running'
      ? Math.max(0, state.deadline - time)
      : state.status === 'upcoming'
        ? Math.max(0, state.rules.scheduledTime - time)
        : null;
  return {
    status: state.status,
    price: bidding ? state.price : state.rules.basePrice,
    leader: bidding ? nameOf(state.bookings, state.leader) : null,
    winner: state.status === 'ended' ? state.ended.winner : null,
    bids: bidding ? state.bids.length : 0,
    attempts,
    timeLeftMs,
    maxAttempts: state.rules.maxAttempts,
    offer:
      state.status === 'ended' && state.offer
        ? {
            userName: state.offer.userName,
            price: state.offer.price,
            place: state.offer.place,
            deadline: state.offer.deadline,
          }
        : null,
    sale:
      state.status !== 'ended' || !state.offer ? null : state.purchase ? 'bought' : state.expired ? 'unsold' : 'open',
  };
};

export interface PricePoint {
  at: number;
  price: number;
  /** The bidder for a bid; null for the starting price. */
  bidder: { userId: string; userName: string } | null;
  seq: number;
}

/** The price over time: the starting price, then one point per accepted bid. */
export const roomPricePoints = (events: readonly ReplayEvent[]): PricePoint[] => {
  const points: PricePoint[] = [];
  for (const e of asReplayed<RoomEvent>(events)) {
    if (e.type === 'RoomStarted') points.push({ at: e.data.at, price: e.data.price, bidder: null, seq: 0 });
    if (e.type === 'BidPlaced') {
      const { at, amount, userId, userName, seq } = e.data;
      points.push({ at, price: amount, bidder: { userId, userName }, seq });
    }
  }
  return points;
};

// ── League auctions ──────────────────────────────────────────────────────────────────────

export interface LeagueAt {
  status: LeagueState['status'];
  player: { id: number; name: string; role: string; round: number } | null;
  currentBid: number | null;
  leader: { teamId: number; name: string } | null;
  timeLeftMs: number | null;
  teams: { id: number; name: string; pointsLeft: number; players: number; maxPlayers: number }[];
  sold: number;
  unsold: number;
  pending: number;
}

export const leagueAt = (state: LeagueState, time: number): LeagueAt => {
  if (state.status === 'none') {
    return {
      status: 'none',
      player: null,
      currentBid: null,
      leader: null,
      timeLeftMs: null,
      teams: [],
      sold: 0,
      unsold: 0,
      pending: 0,
    };
  }
  const lot = state.lot;
  const p = lot ? state.players.find((x) => x.id === lot.playerId) : undefined;
  const leaderTeam = lot?.leaderTeamId == null ? undefined : state.teams.find((t) => t.id === lot.leaderTeamId);
  const count = (status: string) => state.players.filter((x) => x.status === status).length;
  return {
    status: state.status,
    player: lot && p ? { id: p.id, name: p.name, role: p.role, round: lot.round } : null,
    currentBid: lot ? lot.currentBid : null,
    leader: leaderTeam ? { teamId: leaderTeam.id, name: leaderTeam.name } : null,
    // Paused: the time that was left when the admin stopped the clock.
    timeLeftMs: lot ? (lot.pausedRemainingMs ?? Math.max(0, lot.deadline - time)) : null,
    teams: state.teams.map((t) => ({
      id: t.id,
      name: t.name,
      pointsLeft: t.pointsLeft,
      players: t.playerIds.length,
      maxPlayers: t.maxPlayers,
    })),
    sold: count('sold'),
    unsold: count('unsold'),
    pending: count('pending') + count('live'),
  };
};

export interface LeagueBidPoint {
  at: number;
  playerId: number;
  amount: number;
  teamId: number;
}

/** Every league bid with its time, for the chart. */
export const leagueBidPoints = (events: readonly ReplayEvent[]): LeagueBidPoint[] =>
  asReplayed<LeagueEvent>(events).flatMap((e) =>
    e.type === 'BidPlaced'
      ? [{ at: isoToMs(e.metadata.at), playerId: e.data.playerId, amount: e.data.amount, teamId: e.data.teamId }]
      : [],
  );
