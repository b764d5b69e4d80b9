import type { Decider } from './decider.ts';
import { DomainError, assertNever } from './decider.ts';
import type { PlayerInput, RowError, TeamInput } from './leagueRules.ts';
import { PLAYER_ROLES } from './leagueTypes.ts';
import type {
  Admin,
  RoleQuotas,
  LeagueCommand,
  LeagueEvent,
  LeaguePlayer,
  LeagueState,
  LeagueTeam,
  OpenLeague,
} from './leagueTypes.ts';
import {
  AUCTION_FINISHED_MESSAGE,
  LEAGUE_TIMER_MS,
  nextBidAmount,
  normalisePlayer,
  normaliseTeam,
  playerProblems,
  nextPlayerUp,
  rowsError,
  teamOfUser,
  bidRefusal,
  teamProblems,
} from './leagueRules.ts';

export * from './leagueRules.ts';
export type * from './leagueTypes.ts';

export const initialState: LeagueState = { status: 'none' };

const fail = (code: string, message: string, details?: Record<string, unknown>): never => {
  throw new DomainError(code, message, details);
};

const requireLeague = (state: LeagueState): OpenLeague =>
  state.status === 'none' ? fail('LEAGUE_NOT_FOUND', 'League not found.') : state;

const requireAdmin = (by: Admin): void => {
  if (by.role !== 'admin') fail('FORBIDDEN', 'Only the league admin can do this.');
};

const requireNotFinished = (league: OpenLeague): void => {
  if (league.status === 'finished') fail('AUCTION_FINISHED', AUCTION_FINISHED_MESSAGE);
};

const createLeague = (
  state: LeagueState,
  { code, name, by }: Extract<LeagueCommand, { type: 'CreateLeague' }>['data'],
): LeagueEvent[] => {
  requireAdmin(by);
  if (state.status !== 'none') fail('LEAGUE_EXISTS', 'A league with this code already exists.');
  const clean = name.trim().replace(/\s+/g, ' ');
  if (clean.length < 3 || clean.length > 60) fail('INVALID_NAME', 'League name must be 3 to 60 characters.');
  return [{ type: 'LeagueCreated', data: { code, name: clean, createdBy: by.userId } }];
};

const addTeams = (state: LeagueState, teams: TeamInput[], by: Admin): LeagueEvent[] => {
  requireAdmin(by);
  const league = requireLeague(state);
  requireNotFinished(league);
  if (teams.length === 0) fail('NOTHING_TO_ADD', 'Add at least one team.');
  const names = new Set(league.teams.map((t) => t.name.toLowerCase()));
  const owners = new Set(league.teams.map((t) => t.ownerUserId));
  const errors: RowError[] = [];
  const events: LeagueEvent[] = [];
  teams.map(normaliseTeam).forEach((team, i) => {
    const problems = teamProblems(team);
    if (names.has(team.name.toLowerCase())) problems.push(`A team named "${team.name}" is already in this league.`);
    if (team.ownerUserId && owners.has(team.ownerUserId))
      problems.push(`${team.ownerName || 'This member'} already owns a team in this league.`);
    names.add(team.name.toLowerCase());
    owners.add(team.ownerUserId);
    if (problems.length) errors.push({ row: i + 1, message: problems.join(' ') });
    else events.push({ type: 'TeamAdded', data: { ...team, teamId: league.nextTeamId + events.length } });
  });
  if (errors.length) throw rowsError(errors);
  return events;
};

const addPlayers = (state: LeagueState, players: PlayerInput[], by: Admin): LeagueEvent[] => {
  requireAdmin(by);
  const league = requireLeague(state);
  requireNotFinished(league);
  if (players.length === 0) fail('NOTHING_TO_ADD', 'Add at least one player.');
  const names = new Set(league.players.map((p) => p.name.toLowerCase()));
  const errors: RowError[] = [];
  const events: LeagueEvent[] = [];
  players.map(normalisePlayer).forEach((player, i) => {
    const problems = playerProblems(player);
    if (names.has(player.name.toLowerCase()))
      problems.push(`A player named "${player.name}" is already in this league.`);
    names.add(player.name.toLowerCase());
    if (problems.length) errors.push({ row: i + 1, message: problems.join(' ') });
    else events.push({ type: 'PlayerAdded', data: { ...player, playerId: league.nextPlayerId + events.length } });
  });
  if (errors.length) throw rowsError(errors);
  return events;
};

const removeTeam = (state: LeagueState, teamId: number, by: Admin): LeagueEvent[] => {
  requireAdmin(by);
  const league = requireLeague(state);
  if (league.status !== 'setup') fail('AUCTION_STARTED', 'Teams can only be removed before the auction starts.');
  if (!league.teams.some((t) => t.id === teamId)) fail('TEAM_NOT_FOUND', 'Team not found.');
  return [{ type: 'TeamRemoved', data: { teamId } }];
};

const removePlayer = (state: LeagueState, playerId: number, by: Admin): LeagueEvent[] => {
  requireAdmin(by);
  const league = requireLeague(state);
  if (league.status !== 'setup') fail('AUCTION_STARTED', 'Players can only be removed before the auction starts.');
  if (!league.players.some((p) => p.id === playerId)) fail('PLAYER_NOT_FOUND', 'Player not found.');
  return [{ type: 'PlayerRemoved', data: { playerId } }];
};

const startNextPlayer = (state: LeagueState, by: Admin, now: number): LeagueEvent[] => {
  requireAdmin(by);
  const league = requireLeague(state);
  requireNotFinished(league);
  if (league.status === 'active') fail('PLAYER_UNDER_AUCTION', 'A player is already under auction.');
  if (league.teams.length === 0 || league.players.length === 0) {
    fail('NOTHING_TO_AUCTION', 'Add teams and players before starting the auction.');
  }
  const player = nextPlayerUp(league);
  if (!player) return [{ type: 'AuctionFinished', data: { reason: 'no_players_left' } }];
  return [
    {
      type: 'PlayerAuctionStarted',
      data: {
        playerId: player.id,
        round: player.rounds + 1,
        startingBid: player.basePrice,
        deadline: now + LEAGUE_TIMER_MS,
      },
    },
  ];
};

const placeBid = (state: LeagueState, userId: string, amount: number | undefined, now: number): LeagueEvent[] => {
  const league = requireLeague(state);
  const team = teamOfUser(league, userId);
  if (!team) return fail('VIEW_ONLY', 'You are in view-only mode.');
  const refusal = bidRefusal(league, team, amount);
  if (refusal) throw refusal;
  const { lot } = league as Extract<LeagueState, { status: 'active' }>;
  if (lot.pausedRemainingMs !== null) fail('AUCTION_PAUSED', LEAGUE_MESSAGES.paused);
  if (now >= lot.deadline) fail('BIDDING_CLOSED', 'Time is up for this player.');
  return [
    {
      type: 'BidPlaced',
      data: {
        playerId: lot.playerId,
        teamId: team.id,
        amount: nextBidAmount(lot.currentBid)!,
        deadline: now + LEAGUE_TIMER_MS,
      },
    },
  ];
};

/** At the deadline: sold to the leader or unsold; the auction finishes when nobody is left. Early or idle: nothing. */
const closePlayer = (state: LeagueState, now: number): LeagueEvent[] => {
  if (state.status !== 'active' || state.lot.pausedRemainingMs !== null || now < state.lot.deadline) return [];
  const { lot } = state;
  const result: LeagueEvent =
    lot.leaderTeamId === null
      ? { type: 'PlayerUnsold', data: { playerId: lot.playerId, round: lot.round } }
      : { type: 'PlayerSold', data: { playerId: lot.playerId, teamId: lot.leaderTeamId, price: lot.currentBid } };
  const after = evolve(state, result);
  return nextPlayerUp(after) ? [result] : [result, { type: 'AuctionFinished', data: { reason: 'no_players_left' } }];
};

const endAuction = (state: LeagueState, by: Admin): LeagueEvent[] => {
  requireAdmin(by);
  const league = requireLeague(state);
  requireNotFinished(league);
  if (league.status === 'active') fail('PLAYER_UNDER_AUCTION', 'Wait until the current player is sold or unsold.');
  return [{ type: 'AuctionFinished', data: { reason: 'ended_by_admin' } }];
};

export const LEAGUE_MESSAGES = {
  paused: 'The auction is paused. Bidding resumes when the admin resumes it.',
  notPaused: 'The auction is not paused.',
  alreadyPaused: 'The auction is already paused.',
  nothingToUndo: 'There is no bid on this player to undo.',
  reasonRequired: 'Say why the bid is undone: everyone in the room sees the reason.',
  quotaInvalid: 'A role limit must be a whole number from 1 to 25.',
} as const;

const activeLot = (state: LeagueState, by: Admin) => {
  requireAdmin(by);
  const league = requireLeague(state);
  if (league.status !== 'active') return fail('NO_PLAYER_UNDER_AUCTION', 'No auction in progress.');
  return league.lot;
};

/** Stops the clock with the time left; bids and the close wait until it resumes. */
const pauseAuction = (state: LeagueState, by: Admin, now: number): LeagueEvent[] => {
  const lot = activeLot(state, by);
  if (lot.pausedRemainingMs !== null) fail('ALREADY_PAUSED', LEAGUE_MESSAGES.alreadyPaused);
  // A lot whose time has run out is closed, not paused.
  if (now >= lot.deadline) fail('BIDDING_CLOSED', 'Time is up for this player.');
  return [
    {
      type: 'AuctionPaused',
      data: { playerId: lot.playerId, remainingMs: lot.deadline - now, by: by.userId, at: now },
    },
  ];
};

const resumeAuction = (state: LeagueState, by: Admin, now: number): LeagueEvent[] => {
  const lot = activeLot(state, by);
  if (lot.pausedRemainingMs === null) fail('NOT_PAUSED', LEAGUE_MESSAGES.notPaused);
  return [
    {
      type: 'AuctionResumed',
      data: { playerId: lot.playerId, deadline: now + lot.pausedRemainingMs!, by: by.userId, at: now },
    },
  ];
};

/**
 * Takes back the lot's last bid (a compensating event, with the admin and the reason); the timer
 * starts afresh. A lot whose time has run out belongs to its leader, so it is closed, not undone;
 * a paused lot's time is stopped, so its bid can still be taken back.
 */
const undoLastBid = (state: LeagueState, by: Admin, reason: string, now: number): LeagueEvent[] => {
  const lot = activeLot(state, by);
  if (lot.pausedRemainingMs === null && now >= lot.deadline) fail('BIDDING_CLOSED', 'Time is up for this player.');
  const why = reason.trim().replace(/\s+/g, ' ');
  if (why.length < 3 || why.length > 200) fail('REASON_REQUIRED', LEAGUE_MESSAGES.reasonRequired);
  const last = lot.bids.at(-1);
  if (!last) return fail('NOTHING_TO_UNDO', LEAGUE_MESSAGES.nothingToUndo);
  const before = lot.bids.at(-2);
  const league = state as Extract<LeagueState, { status: 'active' }>;
  const startingBid = league.players.find((p) => p.id === lot.playerId)?.basePrice ?? lot.currentBid;
  return [
    {
      type: 'BidUndone',
      data: {
        playerId: lot.playerId,
        teamId: last.teamId,
        amount: last.amount,
        currentBid: before?.amount ?? startingBid,
        leaderTeamId: before?.teamId ?? null,
        // Paused stays paused (with a full round left); otherwise a fresh round from now.
        deadline: now + LEAGUE_TIMER_MS,
        by: by.userId,
        reason: why,
        at: now,
      },
    },
  ];
};

const setRoleQuotas = (state: LeagueState, quotas: RoleQuotas, by: Admin): LeagueEvent[] => {
  requireAdmin(by);
  const league = requireLeague(state);
  requireNotFinished(league);
  const clean: RoleQuotas = {};
  for (const role of PLAYER_ROLES) {
    const n = quotas[role];
    if (n === undefined) continue;
    if (!Number.isInteger(n) || n < 1 || n > 25) fail('INVALID_QUOTA', LEAGUE_MESSAGES.quotaInvalid, { role });
    clean[role] = n;
  }
  return [{ type: 'RoleQuotasSet', data: { quotas: clean, by: by.userId } }];
};

export const decide = (command: LeagueCommand, state: LeagueState): LeagueEvent[] => {
  switch (command.type) {
    case 'CreateLeague':
      return createLeague(state, command.data);
    case 'AddTeams':
      return addTeams(state, command.data.teams, command.data.by);
    case 'RemoveTeam':
      return removeTeam(state, command.data.teamId, command.data.by);
    case 'AddPlayers':
      return addPlayers(state, command.data.players, command.data.by);
    case 'RemovePlayer':
      return removePlayer(state, command.data.playerId, command.data.by);
    case 'StartNextPlayer':
      return startNextPlayer(state, command.data.by, command.data.now);
    case 'PlaceBid':
      return placeBid(state, command.data.userId, command.data.amount, command.data.now);
    case 'ClosePlayer':
      return closePlayer(state, command.data.now);
    case 'EndAuction':
      return endAuction(state, command.data.by);
    case 'PauseAuction':
      return pauseAuction(state, command.data.by, command.data.now);
    case 'ResumeAuction':
      return resumeAuction(state, command.data.by, command.data.now);
    case 'UndoLastBid':
      return undoLastBid(state, command.data.by, command.data.reason, command.data.now);
    case 'SetRoleQuotas':
      return setRoleQuotas(state, command.data.quotas, command.data.by);
    default:
      return assertNever(command);
  }
};

const mapPlayer = (s: OpenLeague, id: number, f: (p: LeaguePlayer) => LeaguePlayer): LeaguePlayer[] =>
  s.players.map((p) => (p.id === id ? f(p) : p));

const toWaiting = (s: OpenLeague): OpenLeague => ({ ...s, status: 'waiting', lot: null });

export const evolve = (state: LeagueState, event: LeagueEvent): LeagueState => {
  if (event.type === 'LeagueCreated') {
    // A league is created once; a second creation (only possible by tampering) changes nothing.
    if (state.status !== 'none') return state;
    const { code, name } = event.data;
    return {
      status: 'setup',
      lot: null,
      code,
      name,
      teams: [],
      players: [],
      nextTeamId: 1,
      nextPlayerId: 1,
      roleQuotas: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'TeamAdded': {
      const { teamId, ...team } = event.data;
      const added: LeagueTeam = { ...team, id: teamId, pointsLeft: team.budget, playerIds: [] };
      return { ...state, teams: [...state.teams, added], nextTeamId: Math.max(state.nextTeamId, teamId + 1) };
    }
    case 'TeamRemoved':
      return { ...state, teams: state.teams.filter((t) => t.id !== event.data.teamId) };
    case 'PlayerAdded': {
      const { playerId, name, role, basePrice } = event.data;
      const added: LeaguePlayer = {
        id: playerId,
        name,
        role,
        basePrice,
        status: 'pending',
        rounds: 0,
        teamId: null,
        finalBid: null,
      };
      return { ...state, players: [...state.players, added], nextPlayerId: Math.max(state.nextPlayerId, playerId + 1) };
    }
    case 'PlayerRemoved':
      return { ...state, players: state.players.filter((p) => p.id !== event.data.playerId) };
    case 'PlayerAuctionStarted': {
      const { playerId, round, startingBid, deadline } = event.data;
      const players = mapPlayer(state, playerId, (p) => ({ ...p, status: 'live', rounds: round }));
      return {
        ...state,
        players,
        status: 'active',
        lot: {
          playerId,
          round,
          currentBid: startingBid,
          leaderTeamId: null,
          deadline,
          bids: [],
          pausedRemainingMs: null,
        },
      };
    }
    case 'BidPlaced':
      if (state.status !== 'active') return state;
      return {
        ...state,
        lot: {
          ...state.lot,
          currentBid: event.data.amount,
          leaderTeamId: event.data.teamId,
          deadline: event.data.deadline,
          bids: [...state.lot.bids, { teamId: event.data.teamId, amount: event.data.amount }],
        },
      };
    case 'AuctionPaused':
      if (state.status !== 'active') return state;
      return { ...state, lot: { ...state.lot, pausedRemainingMs: event.data.remainingMs } };
    case 'AuctionResumed':
      if (state.status !== 'active') return state;
      return { ...state, lot: { ...state.lot, pausedRemainingMs: null, deadline: event.data.deadline } };
    case 'BidUndone': {
      if (state.status !== 'active') return state;
      const { lot } = state;
      return {
        ...state,
        lot: {
          ...lot,
          currentBid: event.data.currentBid,
          leaderTeamId: event.data.leaderTeamId,
          deadline: event.data.deadline,
          bids: lot.bids.slice(0, -1),
          // Undone while paused: the clock stays stopped, with a full round waiting.
          pausedRemainingMs: lot.pausedRemainingMs === null ? null : LEAGUE_TIMER_MS,
        },
      };
    }
    case 'RoleQuotasSet':
      return { ...state, roleQuotas: event.data.quotas };
    case 'PlayerSold': {
      const { playerId, teamId, price } = event.data;
      const players = mapPlayer(state, playerId, (p) => ({ ...p, status: 'sold', teamId, finalBid: price }));
      const teams = state.teams.map((t) =>
        t.id === teamId ? { ...t, pointsLeft: t.pointsLeft - price, playerIds: [...t.playerIds, playerId] } : t,
      );
      return toWaiting({ ...state, players, teams });
    }
    case 'PlayerUnsold':
      return toWaiting({
        ...state,
        players: mapPlayer(state, event.data.playerId, (p) => ({ ...p, status: 'unsold' })),
      });
    case 'AuctionFinished':
      return { ...state, status: 'finished', lot: null };
    default:
      return assertNever(event);
  }
};

/**
 * The league auction (`league-{code}`). Guarantees: only role `admin` sets up, starts players and
 * ends; bids come only from a team's owner, step by the tier of the current bid, never from the
 * leader, never into a full squad and never past the purse guard (points left after the bid cover
 * every remaining slot at the minimum price), so points never go negative; each player is sold at
 * most once, pending players first, then the unsold for one more round; the deadline lives in the
 * state, so closing a player at the deadline is decided once, whoever asks.
 */
export const leagueDecider: Decider<LeagueCommand, LeagueEvent, LeagueState> = { initialState, decide, evolve };
