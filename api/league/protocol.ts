import type { SignedAck } from '../../engine/ack.ts';
/**
 * The league auction's socket.io protocol: namespace `/apl` on the main server (path `/socket.io/`,
 * websocket transport only). It replaces the old separate path `/apl-auction-api/socket.io`.
 * Event names are the spec's `apl_*`; points are whole league points (not rupees); times are
 * server epoch ms. Every server event carries the league stream's `revision`, so a client that
 * sees a jump re-joins for a fresh snapshot. The team always comes from the session, never from
 * the payload.
 */
import type { AckCallback } from '../realtime/protocol.ts';

export const APL_NAMESPACE = '/apl';

export type AplPlayerStatus = 'pending' | 'live' | 'sold' | 'unsold';
export type AplLeagueStatus = 'setup' | 'waiting' | 'active' | 'finished';

export interface AplPlayer {
  id: number;
  name: string;
  role: string;
  base_price: number;
  status: AplPlayerStatus;
  team_id: number | null;
  sold_team_name: string | null;
  final_bid: number | null;
}

export interface AplTeam {
  id: number;
  team_name: string;
  owner_name: string;
  remaining_points: number;
  current_players_count: number;
  max_players_count: number;
}

/** The spec's "League user team" and "highestBidder". */
export interface AplTeamRef {
  team_id: number;
  team_name: string;
}

export interface AplLot {
  player: AplPlayer;
  currentBid: number;
  highestBidder: AplTeamRef | null;
  deadline: number;
  round: number;
}

export interface AplLeague {
  code: string;
  name: string;
  status: AplLeagueStatus;
  /** The end message when finished ("Auction Finished! No more unsold players."). */
  endMessage: string | null;
}

/** A row of `GET /api/leagues` (the spec's landing room: id, name, code, owners). */
export interface AplRoom {
  id: string;
  code: string;
  name: string;
  /** Team owners: one per team. */
  owners: number;
  players: number;
  sold: number;
  status: AplLeagueStatus;
}

/** Everything a screen needs on (re)join. */
export interface AplSnapshot {
  league: AplLeague;
  players: AplPlayer[];
  teams: AplTeam[];
  lot: AplLot | null;
  /** The member's own team; null means view-only. */
  myTeam: AplTeamRef | null;
  isAdmin: boolean;
  revision: number;
  serverTime: number;
}

export interface AplServerToClientEvents {
  apl_players_update: (payload: { players: AplPlayer[]; revision: number }) => void;
  apl_auction_start: (payload: {
    player: AplPlayer;
    currentBid: number;
    deadline: number;
    round: number;
    revision: number;
  }) => void;
  /** Derived from the deadline each second; the deadline itself is the truth. */
  apl_auction_timer: (payload: { remainingTime: number; deadline: number }) => void;
  apl_bid_update: (payload: {
    currentBid: number;
    highestBidder: AplTeamRef;
    deadline: number;
    revision: number;
  }) => void;
  apl_teams_update: (payload: { teams: AplTeam[]; revision: number }) => void;
  /** `team` null means the player went unsold. */
  apl_player_sold: (payload: { player: AplPlayer; team: AplTeamRef | null; revision: number }) => void;
  apl_wait_for_admin: (payload: { revision: number }) => void;
  apl_auction_end: (payload: { message: string; revision: number }) => void;
}

export interface AplClientToServerEvents {
  /** Joins a league room and answers with its snapshot. Any team fields sent are ignored. */
  apl_join_auction: (payload: { roomCode: string }, ack: AckCallback<AplSnapshot>) => void;
  /** League admin: put the next player up. */
  apl_start_auction: (payload: Record<string, never>, ack: AckCallback<{ started: boolean }>) => void;
  /** League admin: end the auction. */
  apl_end_auction: (payload: Record<string, never>, ack: AckCallback<{ ended: true }>) => void;
  /** A bid of the next amount for the member's own team; `bidAmount`, when sent, must equal it. */
  apl_place_bid: (
    payload: { bidAmount?: number },
    /** The bid's price, and the server's signed acknowledgement of it at its place in the log. */
    ack: AckCallback<{ currentBid: number; proof: SignedAck | null }>,
  ) => void;
}
