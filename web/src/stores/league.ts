import { LEAGUE_TIMER_MS } from '../../../engine/leagueRules.ts';
import { create } from './create.ts';
import type {
  AplLeague,
  AplLot,
  AplPlayer,
  AplServerToClientEvents,
  AplSnapshot,
  AplTeam,
  AplTeamRef,
} from '../../../api/contract/index.ts';
import { AUCTION_FINISHED_MESSAGE, bidIncrement, maxAffordableBid } from '../../../engine/leagueRules.ts';
import { t } from '../i18n/index.ts';
import { formatNumber } from '../lib/format.ts';

export type Connection = 'idle' | 'connecting' | 'connected' | 'disconnected';

export type LeagueView = {
  code: string | null;
  connection: Connection;
  /** `loading` until the first snapshot; `error` when joining failed (see `error`). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The server's words (English) and stable code when joining failed; the screen translates by the code. */
  error: string | null;
  errorCode: string | null;
  league: AplLeague | null;
  players: AplPlayer[];
  teams: AplTeam[];
  lot: AplLot | null;
  myTeam: AplTeamRef | null;
  isAdmin: boolean;
  revision: number;
  /** The last player's result, shown until the next player starts. */
  result: { player: AplPlayer; team: AplTeamRef | null } | null;
  /** Set when the auction ends while watching: the spec's alert. */
  alert: string | null;
  /** A missed update was noticed: the connection layer re-joins for a fresh snapshot. */
  stale: boolean;
};

export const initialLeagueView: LeagueView = {
  code: null,
  connection: 'idle',
  status: 'idle',
  error: null,
  errorCode: null,
  league: null,
  players: [],
  teams: [],
  lot: null,
  myTeam: null,
  isAdmin: false,
  revision: -1,
  result: null,
  alert: null,
  stale: false,
};

type Payload<K extends keyof AplServerToClientEvents> = Parameters<AplServerToClientEvents[K]>[0];

export type LeagueAction =
  | { type: 'snapshot'; snapshot: AplSnapshot }
  | { [K in keyof AplServerToClientEvents]: { type: K; payload: Payload<K> } }[keyof AplServerToClientEvents];

const withRevision = (state: LeagueView, revision: number): LeagueView => ({
  ...state,
  revision: Math.max(state.revision, revision),
  stale: state.stale || revision > state.revision + 1,
});

const setStatus = (league: AplLeague | null, status: AplLeague['status']): AplLeague | null =>
  league && league.status !== 'finished' ? { ...league, status } : league;

/** The live screen as a pure fold over the snapshot and the server's `apl_*` events. */
export const leagueReducer = (state: LeagueView, action: LeagueAction): LeagueView => {
  switch (action.type) {
    case 'snapshot': {
      const s = action.snapshot;
      return {
        ...state,
        status: 'ready',
        error: null,
        errorCode: null,
        league: s.league,
        players: s.players,
        teams: s.teams,
        lot: s.lot,
        myTeam: s.myTeam,
        isAdmin: s.isAdmin,
        revision: s.revision,
        result: s.lot ? null : state.result,
        stale: false,
      };
    }
    case 'apl_players_update':
      return withRevision({ ...state, players: action.payload.players }, action.payload.revision);
    case 'apl_teams_update':
      return withRevision({ ...state, teams: action.payload.teams }, action.payload.revision);
    case 'apl_auction_start': {
      const { player, currentBid, deadline, round, revision } = action.payload;
      const players = state.players.map((p) => (p.id === player.id ? { ...p, status: 'live' as const } : p));
      const lot = { player, currentBid, deadline, round, highestBidder: null, pausedRemainingMs: null };
      return withRevision(
        { ...state, players, lot, result: null, league: setStatus(state.league, 'active') },
        revision,
      );
    }
    case 'apl_bid_update': {
      const { currentBid, highestBidder, deadline, revision } = action.payload;
      if (!state.lot) return withRevision({ ...state, stale: true }, revision);
      return withRevision({ ...state, lot: { ...state.lot, currentBid, highestBidder, deadline } }, revision);
    }
    case 'apl_player_sold': {
      const { player, team, revision } = action.payload;
      const players = state.players.map((p) => (p.id === player.id ? player : p));
      return withRevision(
        { ...state, players, lot: null, result: { player, team }, league: setStatus(state.league, 'waiting') },
        revision,
      );
    }
    case 'apl_wait_for_admin':
      return withRevision({ ...state, lot: null, league: setStatus(state.league, 'waiting') }, action.payload.revision);
    case 'apl_auction_end': {
      const league = state.league && {
        ...state.league,
        status: 'finished' as const,
        endMessage: action.payload.message,
      };
      return withRevision({ ...state, lot: null, league, alert: t(action.payload.message) }, action.payload.revision);
    }
    case 'apl_auction_timer':
      return state;
    case 'apl_auction_paused': {
      const { paused, remainingMs, deadline, revision } = action.payload;
      if (!state.lot) return withRevision({ ...state, stale: true }, revision);
      const lot = { ...state.lot, deadline, pausedRemainingMs: paused ? remainingMs : null };
      return withRevision(
        { ...state, lot, alert: paused ? t('The admin paused the auction. Bidding resumes when it resumes.') : null },
        revision,
      );
    }
    case 'apl_bid_undone': {
      const { team, amount, reason, currentBid, highestBidder, deadline, revision } = action.payload;
      if (!state.lot) return withRevision({ ...state, stale: true }, revision);
      const lot = {
        ...state.lot,
        currentBid,
        highestBidder,
        deadline,
        // Undone while paused: still paused, with a full round waiting.
        pausedRemainingMs: state.lot.pausedRemainingMs === null ? null : LEAGUE_TIMER_MS,
      };
      // Said in the language shown when it happens, like a toast; the team name and the admin's reason are theirs.
      const alert = t('The admin undid {team}’s bid of {amount} points: {reason}', {
        team: team.team_name,
        amount: formatNumber(amount),
        reason,
      });
      return withRevision({ ...state, lot, alert }, revision);
    }
  }
};

export const useLeagueStore = create<LeagueView>()(() => initialLeagueView);

export const dispatchLeague = (action: LeagueAction): void => useLeagueStore.setState((s) => leagueReducer(s, action));

export const selectMyTeamRow = (s: Pick<LeagueView, 'teams' | 'myTeam'>): AplTeam | undefined =>
  s.myTeam ? s.teams.find((t) => t.id === s.myTeam!.team_id) : undefined;

export type BidButton =
  { show: false } | { show: true; increment: number; amount: number; disabled: boolean; reason: string | null };

/** What the bid button shows for the viewer right now (the server decides again on the bid); read during render, so `reason` is in the language shown. */
export const bidButtonOf = (s: Pick<LeagueView, 'lot' | 'teams' | 'myTeam'>, secondsLeft: number): BidButton => {
  const team = selectMyTeamRow(s);
  const increment = s.lot ? bidIncrement(s.lot.currentBid) : null;
  if (!s.lot || !team || increment === null) return { show: false };
  const amount = s.lot.currentBid + increment;
  const squadSize = team.current_players_count;
  const purse = { pointsLeft: team.remaining_points, maxPlayers: team.max_players_count, squadSize };
  const reason =
    s.lot.highestBidder?.team_id === team.id
      ? t('You are the highest bidder')
      : squadSize >= team.max_players_count
        ? t('Your squad is full.')
        : amount > maxAffordableBid(purse)
          ? t('Not enough points: you can bid up to {points} for this player.', { points: maxAffordableBid(purse) })
          : secondsLeft <= 0
            ? t('Time is up for this player.')
            : null;
  return { show: true, increment, amount, disabled: reason !== null, reason };
};

export const finishedMessage = (s: LeagueView): string | null =>
  s.league?.status === 'finished' ? t(s.league.endMessage ?? AUCTION_FINISHED_MESSAGE) : null;
