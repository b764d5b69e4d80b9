import { AUCTION_FINISHED_MESSAGE } from '../../engine/league.ts';
import type { ReadDb } from '../../projections/db.ts';
import type { LeaguePlayerRow, LeagueRow, LeagueTeamRow } from '../../projections/league.ts';
import { leagueByCode, leaguePlayers, leagueTeams, teamOfOwner } from '../../projections/league.ts';
import type { AplLeague, AplLot, AplPlayer, AplSnapshot, AplTeam, AplTeamRef } from '../contract/league.ts';

export const toAplPlayer = (p: LeaguePlayerRow): AplPlayer => ({
  id: p.playerId,
  name: p.name,
  role: p.role,
  base_price: p.basePrice,
  status: p.status,
  team_id: p.teamId,
  sold_team_name: p.soldTeamName,
  final_bid: p.finalBid,
});

export const toAplTeam = (t: LeagueTeamRow): AplTeam => ({
  id: t.teamId,
  team_name: t.teamName,
  owner_name: t.ownerName,
  remaining_points: t.remainingPoints,
  current_players_count: t.currentPlayersCount,
  max_players_count: t.maxPlayersCount,
});

export const teamRef = (t: Pick<LeagueTeamRow, 'teamId' | 'teamName'>): AplTeamRef => ({
  team_id: t.teamId,
  team_name: t.teamName,
});

export const toAplLeague = (l: LeagueRow): AplLeague => ({
  code: l.code,
  name: l.name,
  status: l.status,
  endMessage: l.status === 'finished' ? AUCTION_FINISHED_MESSAGE : null,
  roleQuotas: JSON.parse(l.roleQuotas) as Record<string, number>,
});

export const playersOf = (db: ReadDb, code: string): AplPlayer[] => leaguePlayers(db, code).map(toAplPlayer);
export const teamsOf = (db: ReadDb, code: string): AplTeam[] => leagueTeams(db, code).map(toAplTeam);

const lotOf = (league: LeagueRow, players: AplPlayer[], teams: AplTeam[]): AplLot | null => {
  const player = players.find((p) => p.id === league.currentPlayerId);
  if (league.status !== 'active' || !player || league.currentBid === null || league.deadline === null) return null;
  const leader = teams.find((t) => t.id === league.leaderTeamId);
  return {
    player,
    currentBid: league.currentBid,
    highestBidder: leader ? { team_id: leader.id, team_name: leader.team_name } : null,
    deadline: league.deadline,
    round: league.round ?? 1,
    pausedRemainingMs: league.pausedRemainingMs,
  };
};

/** A league as one member sees it now: players, teams, the live lot, their own team and role. */
export const snapshotOf = (
  db: ReadDb,
  code: string,
  viewer: { id: string; role: string },
  serverTime: number,
): AplSnapshot | null => {
  const league = leagueByCode(db, code);
  if (!league) return null;
  const players = playersOf(db, code);
  const teams = teamsOf(db, code);
  const mine = teamOfOwner(db, code, viewer.id);
  return {
    league: toAplLeague(league),
    players,
    teams,
    lot: lotOf(league, players, teams),
    myTeam: mine ? teamRef(mine) : null,
    isAdmin: viewer.role === 'admin',
    revision: league.revision,
    serverTime,
  };
};
