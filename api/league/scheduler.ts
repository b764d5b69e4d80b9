import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { LeagueEvent } from '../../engine/league.ts';
import { leagueCodeOfStream, liveLeagues } from '../../projections/league.ts';
import type { Deps } from '../deps.ts';
import { runLeague } from './commands.ts';
import { asDomainEvent } from '../../engine/eventStore.ts';

const TICK_MS = 200;
const RETRY_MS = 1000;

interface TrackedLot {
  deadline: number;
  lastSecond: number;
  /** Not before this time may the closer try again (after a failure). */
  nextTryAt: number;
  closing: boolean;
}

/**
 * Closes league players at their deadlines. Deadlines live in the league state and reach every
 * process through the projected events, so every process tracks every live lot; at the deadline
 * each one asks the decider to close it with the same command id, and the expected revision (and
 * the idempotent event ids) let exactly one close land. On start-up, overdue lots close at once.
 * `onSecond` is called when a lot's whole seconds left change (the spec's `apl_auction_timer`).
 */
export const createLeagueScheduler = (
  deps: Deps,
  onSecond: (code: string, remainingTime: number, deadline: number) => void,
) => {
  const lots = new Map<string, TrackedLot>();
  const paused = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  const close = async (code: string, lot: TrackedLot) => {
    lot.closing = true;
    try {
      await runLeague(
        deps,
        code,
        'system',
        (now) => ({ type: 'ClosePlayer', data: { now } }),
        `league-close-${code}-${lot.deadline}`,
      );
    } catch (error) {
      lot.nextTryAt = deps.clock.now() + RETRY_MS;
      deps.log.warn('closing a league player failed; trying again shortly', { code, error });
    } finally {
      lot.closing = false;
    }
  };

  const tick = () => {
    const now = deps.clock.now();
    for (const [code, lot] of lots) {
      const remaining = Math.max(0, Math.ceil((lot.deadline - now) / 1000));
      if (remaining !== lot.lastSecond) {
        lot.lastSecond = remaining;
        onSecond(code, remaining, lot.deadline);
      }
      if (now >= lot.deadline && !lot.closing && now >= lot.nextTryAt) void close(code, lot);
    }
  };

  const track = (code: string, deadline: number) => {
    const existing = lots.get(code);
    if (existing) Object.assign(existing, { deadline, lastSecond: -1, nextTryAt: 0 });
    else lots.set(code, { deadline, lastSecond: -1, nextTryAt: 0, closing: false });
    timer ??= setInterval(tick, TICK_MS).unref();
  };

  const untrack = (code: string) => {
    lots.delete(code);
    if (lots.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  /** Follows the projected league events: a start or a bid sets the deadline, a result or the end clears it. */
  const observe = (events: readonly RecordedEvent[]) => {
    for (const recorded of events) {
      const code = leagueCodeOfStream(recorded.streamName);
      if (!code) continue;
      const e = asDomainEvent<LeagueEvent>(recorded);
      switch (e.type) {
        case 'PlayerAuctionStarted':
        case 'AuctionResumed':
          paused.delete(code);
          track(code, e.data.deadline);
          break;
        case 'BidPlaced':
          track(code, e.data.deadline);
          break;
        case 'BidUndone':
          // Undone while paused: the clock stays stopped until the admin resumes.
          if (!paused.has(code)) track(code, e.data.deadline);
          break;
        case 'AuctionPaused':
          // A paused clock neither ticks nor closes; resuming tracks the new deadline.
          paused.add(code);
          untrack(code);
          break;
        case 'PlayerSold':
        case 'PlayerUnsold':
        case 'AuctionFinished':
          paused.delete(code);
          untrack(code);
          break;
        default:
          break;
      }
    }
  };

  return {
    start() {
      for (const league of liveLeagues(deps.readDb)) {
        if (league.pausedRemainingMs !== null) paused.add(league.code);
        else if (league.deadline !== null) track(league.code, league.deadline);
      }
      tick();
    },
    observe,
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
      lots.clear();
    },
    /** Live lots this process is watching (for tests and health). */
    tracked: () => [...lots.entries()].map(([code, lot]) => ({ code, deadline: lot.deadline })),
  };
};

export type LeagueScheduler = ReturnType<typeof createLeagueScheduler>;
