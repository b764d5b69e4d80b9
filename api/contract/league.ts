import { z } from 'zod';
import { PLAYER_ROLES } from '../../engine/leagueTypes.ts';
import type { Broadcasts, Requests } from './common.ts';
import { SignedAckSchema } from './common.ts';

/**
 * The league auction: REST under `/api/leagues` and the socket.io namespace `/apl` on the main
 * server (path `/socket.io/`, websocket transport only; it replaces the old separate path
 * `/apl-auction-api/socket.io`). Event names are the spec's `apl_*`; points are whole league
 * points (not rupees); times are server epoch ms. Every server event carries the league stream's
 * `revision`, so a client that sees a jump re-joins for a fresh snapshot. The team always comes
 * from the session, never from the payload.
 */
export { APL_NAMESPACE } from './constants.ts';

export const AplPlayerStatus = z.enum(['pending', 'live', 'sold', 'unsold']);
export type AplPlayerStatus = z.infer<typeof AplPlayerStatus>;
export const AplLeagueStatus = z.enum(['setup', 'waiting', 'active', 'finished']);
export type AplLeagueStatus = z.infer<typeof AplLeagueStatus>;

export const AplPlayer = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  base_price: z.number().int(),
  status: AplPlayerStatus,
  team_id: z.number().int().nullable(),
  sold_team_name: z.string().nullable(),
  final_bid: z.number().int().nullable(),
});
export type AplPlayer = z.infer<typeof AplPlayer>;

export const AplTeam = z.object({
  id: z.number().int(),
  team_name: z.string(),
  owner_name: z.string(),
  remaining_points: z.number().int(),
  current_players_count: z.number().int(),
  max_players_count: z.number().int(),
});
export type AplTeam = z.infer<typeof AplTeam>;

/** The spec's "League user team" and "highestBidder". */
export const AplTeamRef = z.object({ team_id: z.number().int(), team_name: z.string() });
export type AplTeamRef = z.infer<typeof AplTeamRef>;

export const AplLot = z.object({
  player: AplPlayer,
  currentBid: z.number().int(),
  highestBidder: AplTeamRef.nullable(),
  deadline: z.number().int(),
  round: z.number().int(),
  /** Paused by the admin with this much time left; null while the clock runs. */
  pausedRemainingMs: z.number().int().nullable(),
});
export type AplLot = z.infer<typeof AplLot>;

export const AplLeague = z.object({
  code: z.string(),
  name: z.string(),
  status: AplLeagueStatus,
  /** The end message when finished ("Auction Finished! No more unsold players."). */
  endMessage: z.string().nullable(),
  /** At most this many players of a role per team (roles not listed: no limit). */
  roleQuotas: z.record(z.string(), z.number().int()),
});
export type AplLeague = z.infer<typeof AplLeague>;

/** A row of `GET /api/leagues` (the spec's landing room: id, name, code, owners). */
export const AplRoom = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** Team owners: one per team. */
  owners: z.number().int(),
  players: z.number().int(),
  sold: z.number().int(),
  status: AplLeagueStatus,
});
export type AplRoom = z.infer<typeof AplRoom>;

/** Everything a screen needs on (re)join. */
export const AplSnapshot = z.object({
  league: AplLeague,
  players: z.array(AplPlayer),
  teams: z.array(AplTeam),
  lot: AplLot.nullable(),
  /** The member's own team; null means view-only. */
  myTeam: AplTeamRef.nullable(),
  isAdmin: z.boolean(),
  revision: z.number().int(),
  serverTime: z.number().int(),
});
export type AplSnapshot = z.infer<typeof AplSnapshot>;

const revision = z.number().int();

/** `PUT /api/admin/leagues/:code/role-quotas`: e.g. `{ "quotas": { "Wicket-keeper": 2 } }`. */
export const RoleQuotasBody = z.object({
  quotas: z.partialRecord(z.enum(PLAYER_ROLES), z.number().int()),
});

export const AplBroadcasts = {
  apl_players_update: z.object({ players: z.array(AplPlayer), revision }),
  apl_auction_start: z.object({
    player: AplPlayer,
    currentBid: z.number().int(),
    deadline: z.number().int(),
    round: z.number().int(),
    revision,
  }),
  /** Derived from the deadline each second; the deadline itself is the truth. */
  apl_auction_timer: z.object({ remainingTime: z.number().int(), deadline: z.number().int() }),
  apl_bid_update: z.object({
    currentBid: z.number().int(),
    highestBidder: AplTeamRef,
    deadline: z.number().int(),
    revision,
  }),
  apl_teams_update: z.object({ teams: z.array(AplTeam), revision }),
  /** `team` null means the player went unsold. */
  apl_player_sold: z.object({ player: AplPlayer, team: AplTeamRef.nullable(), revision }),
  apl_wait_for_admin: z.object({ revision }),
  apl_auction_end: z.object({ message: z.string(), revision }),
  /** The admin paused (the clock stops with `remainingMs` left) or resumed (a new `deadline`). */
  apl_auction_paused: z.object({
    paused: z.boolean(),
    remainingMs: z.number().int().nullable(),
    deadline: z.number().int(),
    revision,
  }),
  /** The admin took back the last bid, with a reason everyone sees; the lot is back at `currentBid`. */
  apl_bid_undone: z.object({
    team: AplTeamRef,
    amount: z.number().int(),
    reason: z.string(),
    currentBid: z.number().int(),
    highestBidder: AplTeamRef.nullable(),
    deadline: z.number().int(),
    revision,
  }),
} satisfies Record<string, z.ZodType>;

export const AplRequests = {
  /** Joins a league room and answers with its snapshot. Any team fields sent are ignored. */
  apl_join_auction: { payload: z.object({ roomCode: z.string().max(20) }), answer: AplSnapshot },
  /** League admin: put the next player up. */
  apl_start_auction: { payload: z.object({}), answer: z.object({ started: z.boolean() }) },
  /** League admin: end the auction. */
  apl_end_auction: { payload: z.object({}), answer: z.object({ ended: z.literal(true) }) },
  /** League admin: stop the clock of the player under auction (bids wait). */
  apl_pause_auction: { payload: z.object({}), answer: z.object({ paused: z.literal(true) }) },
  /** League admin: start the clock again with the time that was left. */
  apl_resume_auction: { payload: z.object({}), answer: z.object({ resumed: z.literal(true) }) },
  /** League admin: take back the last bid on the player under auction, saying why. */
  apl_undo_bid: {
    payload: z.object({ reason: z.string().max(500) }),
    answer: z.object({ undone: z.literal(true) }),
  },
  /** A bid of the next amount for the member's own team; `bidAmount`, when sent, must equal it. */
  apl_place_bid: {
    payload: z.object({ bidAmount: z.number().int().positive().optional() }).nullish(),
    /** The bid's price, and the server's signed acknowledgement of it at its place in the log. */
    answer: z.object({ currentBid: z.number().int(), proof: SignedAckSchema.nullable() }),
  },
};

export type AplServerToClientEvents = Broadcasts<typeof AplBroadcasts>;
export type AplClientToServerEvents = Requests<typeof AplRequests>;
