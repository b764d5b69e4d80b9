import { DomainError } from './decider.ts';
import type { LeagueCode, LeaguePlayer, LeagueState, LeagueTeam, PlayerInput, TeamInput } from './leagueTypes.ts';
import { PLAYER_ROLES } from './leagueTypes.ts';

export { PLAYER_ROLES };
export type { LeagueCode, PlayerInput, PlayerRole, TeamInput } from './leagueTypes.ts';

/** Points a bid round lasts; every accepted bid starts it again. */
export const LEAGUE_TIMER_MS = 30_000;
/** The lowest base price, and the price the purse guard reserves for each empty slot. */
export const MIN_BASE_PRICE = 30;
/** Players go round at most this many times: once, then once more if unsold. */
export const MAX_ROUNDS = 2;

export const AUCTION_FINISHED_MESSAGE = 'Auction Finished! No more unsold players.';

const CODE = /^[A-Z0-9]{3,12}$/;

/** League codes are 3–12 capital letters or digits (`APL2026`); lower case is accepted and raised. */
export const leagueCode = (raw: string): LeagueCode => {
  const code = raw.trim().toUpperCase();
  if (!CODE.test(code)) throw new DomainError('INVALID_LEAGUE_CODE', 'A league code is 3 to 12 letters or digits.');
  return code as LeagueCode;
};

export const isLeagueCode = (raw: string): boolean => CODE.test(raw.trim().toUpperCase());

export const leagueStream = (code: LeagueCode | string): string => `league-${code}`;

/**
 * The step above a bid, by the tier of the current bid: 30–99 → 5, 100–299 → 10, 300+ → 25.
 * Below 30 no tier applies (the spec shows no bid button), so `null`.
 */
export const bidIncrement = (current: number): number | null =>
  current < MIN_BASE_PRICE ? null : current < 100 ? 5 : current < 300 ? 10 : 25;

/** The only amount the next bid may have: the current bid plus its tier's step. */
export const nextBidAmount = (current: number): number | null => {
  const step = bidIncrement(current);
  return step === null ? null : current + step;
};

/** Whether `price` can be reached from `base` by bids that each step by their tier. */
export const followsTiers = (base: number, price: number): boolean => {
  let at = base;
  while (at < price) {
    const next = nextBidAmount(at);
    if (next === null) return false;
    at = next;
  }
  return at === price;
};

export interface PurseLike {
  pointsLeft: number;
  maxPlayers: number;
  squadSize: number;
}

/** Points a team must keep after buying one more player: the empty slots left, at the minimum price. */
export const pointsToKeep = (team: PurseLike): number =>
  Math.max(0, team.maxPlayers - team.squadSize - 1) * MIN_BASE_PRICE;

/** The purse guard: after paying `amount` the team still fills every remaining slot at the minimum price. */
export const canAfford = (team: PurseLike, amount: number): boolean => team.pointsLeft - amount >= pointsToKeep(team);

/** The most a team could pay for the next player right now (0 when its squad is full). */
export const maxAffordableBid = (team: PurseLike): number =>
  team.squadSize >= team.maxPlayers ? 0 : Math.max(0, team.pointsLeft - pointsToKeep(team));

export interface RowError {
  /** 1-based position in the submitted list (a CSV's data row). */
  row: number;
  message: string;
}

const cleanName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** Problems with a team row on its own (uniqueness is checked against the league by the decider). */
export const teamProblems = (t: TeamInput): string[] => {
  const problems: string[] = [];
  const name = cleanName(t.name);
  if (name.length < 2 || name.length > 40) problems.push('Team name must be 2 to 40 characters.');
  if (!t.ownerUserId) problems.push('Choose the member who owns this team.');
  if (!Number.isInteger(t.maxPlayers) || t.maxPlayers < 1 || t.maxPlayers > 30) {
    problems.push('Max players must be a whole number from 1 to 30.');
  } else if (!Number.isInteger(t.budget) || t.budget < t.maxPlayers * MIN_BASE_PRICE || t.budget > 1_000_000) {
    problems.push(
      `Points budget must be a whole number of at least ${t.maxPlayers * MIN_BASE_PRICE} (max players × ${MIN_BASE_PRICE}).`,
    );
  }
  return problems;
};

export const playerProblems = (p: PlayerInput): string[] => {
  const problems: string[] = [];
  const name = cleanName(p.name);
  if (name.length < 2 || name.length > 60) problems.push('Player name must be 2 to 60 characters.');
  if (!PLAYER_ROLES.includes(p.role)) problems.push(`Role must be one of ${PLAYER_ROLES.join(', ')}.`);
  if (!Number.isInteger(p.basePrice) || p.basePrice < MIN_BASE_PRICE || p.basePrice > 100_000) {
    problems.push(`Base price must be a whole number of at least ${MIN_BASE_PRICE}.`);
  }
  return problems;
};

export const normaliseTeam = (t: TeamInput): TeamInput => ({
  ...t,
  name: cleanName(t.name),
  ownerName: cleanName(t.ownerName),
});
export const normalisePlayer = (p: PlayerInput): PlayerInput => ({ ...p, name: cleanName(p.name) });

/** Thrown with every row's problems at once, so a form or CSV upload can show them all. */
export const rowsError = (rows: RowError[]): DomainError =>
  new DomainError(
    'INVALID_ROWS',
    rows.length === 1 ? `Row ${rows[0]!.row}: ${rows[0]!.message}` : `${rows.length} rows need fixing.`,
    { rows, count: rows.length },
  );

/** The team a member owns in this league, if any. */
export const teamOfUser = (state: LeagueState, userId: string): LeagueTeam | undefined =>
  state.status === 'none' ? undefined : state.teams.find((t) => t.ownerUserId === userId);

/** Pending players in list order, then the unsold ones for their one more round. */
export const nextPlayerUp = (state: LeagueState): LeaguePlayer | undefined =>
  state.status === 'none'
    ? undefined
    : (state.players.find((p) => p.status === 'pending') ??
      state.players.find((p) => p.status === 'unsold' && p.rounds < MAX_ROUNDS));

/** Why a team may not make the next bid, or null when it may. */
export const bidRefusal = (state: LeagueState, team: LeagueTeam, amount?: number): DomainError | null => {
  if (state.status !== 'active') return new DomainError('NO_PLAYER_UNDER_AUCTION', 'No auction in progress.');
  const { lot } = state;
  if (lot.leaderTeamId === team.id) return new DomainError('ALREADY_HIGHEST', 'You are already the highest bidder.');
  const squadSize = team.playerIds.length;
  if (squadSize >= team.maxPlayers) return new DomainError('SQUAD_FULL', 'Your squad is full.');
  const role = state.players.find((p) => p.id === lot.playerId)?.role;
  const limit = role === undefined ? undefined : state.roleQuotas[role];
  if (role !== undefined && limit !== undefined) {
    const have = team.playerIds.filter((id) => state.players.find((p) => p.id === id)?.role === role).length;
    if (have >= limit)
      return new DomainError(
        'ROLE_QUOTA',
        `Your squad already has ${have} ${role.toLowerCase()}${have === 1 ? '' : 's'}: the league allows at most ${limit} per team.`,
        { role, limit },
      );
  }
  const next = nextBidAmount(lot.currentBid);
  if (next === null) return new DomainError('NO_TIER', 'This bid matches no increment tier.');
  if (amount !== undefined && amount !== next) {
    return new DomainError('BID_STALE', `The bid has moved on: the next bid is ${next} points.`, { nextBid: next });
  }
  const purse = { pointsLeft: team.pointsLeft, maxPlayers: team.maxPlayers, squadSize };
  if (!canAfford(purse, next)) {
    const keep = pointsToKeep(purse);
    const slots = team.maxPlayers - squadSize - 1;
    return new DomainError(
      'PURSE_GUARD',
      `Not enough points: after a bid of ${next} you would have ${team.pointsLeft - next} left, but you must keep ${keep} to fill your other ${slots} ${slots === 1 ? 'slot' : 'slots'} at ${MIN_BASE_PRICE} each.`,
      { nextBid: next, pointsLeft: team.pointsLeft, mustKeep: keep },
    );
  }
  return null;
};
