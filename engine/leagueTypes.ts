import type { Message } from './decider.ts';

/** Commands, events and state of the league auction decider (`engine/league.ts`), and its inputs. */

export const PLAYER_ROLES = ['Batter', 'Bowler', 'All-rounder', 'Wicket-keeper'] as const;
export type PlayerRole = (typeof PLAYER_ROLES)[number];

export type LeagueCode = string & { readonly __brand: 'LeagueCode' };

export interface TeamInput {
  name: string;
  ownerUserId: string;
  ownerName: string;
  budget: number;
  maxPlayers: number;
}

export interface PlayerInput {
  name: string;
  role: PlayerRole;
  basePrice: number;
}

export type Admin = { userId: string; role: string };

export type LeagueCommand =
  | Message<'CreateLeague', { code: LeagueCode; name: string; by: Admin; now: number }>
  | Message<'AddTeams', { teams: TeamInput[]; by: Admin; now: number }>
  | Message<'RemoveTeam', { teamId: number; by: Admin; now: number }>
  | Message<'AddPlayers', { players: PlayerInput[]; by: Admin; now: number }>
  | Message<'RemovePlayer', { playerId: number; by: Admin; now: number }>
  | Message<'StartNextPlayer', { by: Admin; now: number }>
  | Message<'PlaceBid', { userId: string; amount?: number; now: number }>
  | Message<'ClosePlayer', { now: number }>
  | Message<'EndAuction', { by: Admin; now: number }>
  | Message<'PauseAuction', { by: Admin; now: number }>
  | Message<'ResumeAuction', { by: Admin; now: number }>
  | Message<'UndoLastBid', { by: Admin; reason: string; now: number }>
  | Message<'SetRoleQuotas', { quotas: RoleQuotas; by: Admin; now: number }>;

/** At most this many players of a role per team (a role not listed has no limit). */
export type RoleQuotas = Partial<Record<PlayerRole, number>>;

export type LeagueEvent =
  | Message<'LeagueCreated', { code: LeagueCode; name: string; createdBy: string }>
  | Message<'TeamAdded', TeamInput & { teamId: number }>
  | Message<'TeamRemoved', { teamId: number }>
  | Message<'PlayerAdded', PlayerInput & { playerId: number }>
  | Message<'PlayerRemoved', { playerId: number }>
  | Message<'PlayerAuctionStarted', { playerId: number; round: number; startingBid: number; deadline: number }>
  | Message<'BidPlaced', { playerId: number; teamId: number; amount: number; deadline: number }>
  | Message<'PlayerSold', { playerId: number; teamId: number; price: number }>
  | Message<'PlayerUnsold', { playerId: number; round: number }>
  | Message<'AuctionFinished', { reason: 'no_players_left' | 'ended_by_admin' }>
  /** The timer stops with `remainingMs` left; no bids and no close until it resumes. */
  | Message<'AuctionPaused', { playerId: number; remainingMs: number; by: string; at: number }>
  | Message<'AuctionResumed', { playerId: number; deadline: number; by: string; at: number }>
  /**
   * A compensating event: the last bid (`teamId`, `amount`) no longer counts; the lot goes back to
   * `currentBid` led by `leaderTeamId` (null: no bid left), with a fresh `deadline`.
   */
  | Message<
      'BidUndone',
      {
        playerId: number;
        teamId: number;
        amount: number;
        currentBid: number;
        leaderTeamId: number | null;
        deadline: number;
        by: string;
        reason: string;
        at: number;
      }
    >
  | Message<'RoleQuotasSet', { quotas: RoleQuotas; by: string }>;

export interface LeagueTeam extends TeamInput {
  id: number;
  pointsLeft: number;
  playerIds: number[];
}

export interface LeaguePlayer {
  id: number;
  name: string;
  role: PlayerRole;
  basePrice: number;
  status: 'pending' | 'live' | 'sold' | 'unsold';
  /** Times the player has gone under the hammer. */
  rounds: number;
  teamId: number | null;
  finalBid: number | null;
}

/** The player under the hammer. `leaderTeamId` null means nobody has bid yet and `currentBid` is the base price. */
export interface Lot {
  playerId: number;
  round: number;
  currentBid: number;
  leaderTeamId: number | null;
  deadline: number;
  /** Every bid on this lot, oldest first (what an undo goes back through). */
  bids: { teamId: number; amount: number }[];
  /** Paused with this much time left, or null while the clock runs. */
  pausedRemainingMs: number | null;
}

interface LeagueBody {
  code: LeagueCode;
  name: string;
  teams: LeagueTeam[];
  players: LeaguePlayer[];
  nextTeamId: number;
  nextPlayerId: number;
  roleQuotas: RoleQuotas;
}

/** `setup`: no auction in progress yet; `waiting`: for the admin to start the next player; `active`: a player under auction. */
export type LeagueState =
  | { status: 'none' }
  | (LeagueBody & { status: 'setup' | 'waiting' | 'finished'; lot: null })
  | (LeagueBody & { status: 'active'; lot: Lot });

export type OpenLeague = Exclude<LeagueState, { status: 'none' }>;
