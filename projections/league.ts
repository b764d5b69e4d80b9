import { and, asc, eq } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { LeagueEvent } from '../engine/league.ts';
import { LEAGUE_TIMER_MS } from '../engine/league.ts';
import type { ReadDb } from './db.ts';
import type { Handler } from './readModel.ts';
import { defineReadModel } from './readModel.ts';

export const leaguesTable = sqliteTable('rm_leagues', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  status: text('status', { enum: ['setup', 'waiting', 'active', 'finished'] }).notNull(),
  teamsCount: integer('teams_count').notNull(),
  playersCount: integer('players_count').notNull(),
  soldCount: integer('sold_count').notNull(),
  currentPlayerId: integer('current_player_id'),
  currentBid: integer('current_bid'),
  leaderTeamId: integer('leader_team_id'),
  deadline: integer('deadline'),
  round: integer('round'),
  /** Paused with this much time left; null while the clock runs. */
  pausedRemainingMs: integer('paused_remaining_ms'),
  /** The league's role quotas per team, as JSON (`{"Wicket-keeper":2}`). */
  roleQuotas: text('role_quotas').notNull(),
  finishReason: text('finish_reason'),
  revision: integer('revision').notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
});

export const leagueTeamsTable = sqliteTable(
  'rm_league_teams',
  {
    leagueCode: text('league_code').notNull(),
    teamId: integer('team_id').notNull(),
    teamName: text('team_name').notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    ownerName: text('owner_name').notNull(),
    budget: integer('budget').notNull(),
    remainingPoints: integer('remaining_points').notNull(),
    currentPlayersCount: integer('current_players_count').notNull(),
    maxPlayersCount: integer('max_players_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueCode, t.teamId] })],
);

export const leaguePlayersTable = sqliteTable(
  'rm_league_players',
  {
    leagueCode: text('league_code').notNull(),
    playerId: integer('player_id').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    basePrice: integer('base_price').notNull(),
    status: text('status', { enum: ['pending', 'live', 'sold', 'unsold'] }).notNull(),
    rounds: integer('rounds').notNull(),
    teamId: integer('team_id'),
    soldTeamName: text('sold_team_name'),
    finalBid: integer('final_bid'),
  },
  (t) => [primaryKey({ columns: [t.leagueCode, t.playerId] })],
);

export const LEAGUE_EVENT_TYPES = [
  'LeagueCreated',
  'TeamAdded',
  'TeamRemoved',
  'PlayerAdded',
  'PlayerRemoved',
  'PlayerAuctionStarted',
  'BidPlaced',
  'PlayerSold',
  'PlayerUnsold',
  'AuctionFinished',
  'AuctionPaused',
  'AuctionResumed',
  'BidUndone',
  'RoleQuotasSet',
] as const satisfies readonly LeagueEvent['type'][];

export const leagueCodeOfStream = (stream: string): string | null =>
  stream.startsWith('league-') ? stream.slice(7) : null;

const NO_LOT =
  'current_player_id = NULL, current_bid = NULL, leader_team_id = NULL, deadline = NULL, round = NULL, paused_remaining_ms = NULL';
const STATEMENTS = {
  create: `INSERT INTO rm_leagues (code, name, status, teams_count, players_count, sold_count, role_quotas, revision,
      created_at, updated_at)
    VALUES (?, ?, 'setup', 0, 0, 0, '{}', 0, ?, ?) ON CONFLICT DO NOTHING`,
  addTeam: `INSERT INTO rm_league_teams (league_code, team_id, team_name, owner_user_id, owner_name, budget, remaining_points,
      current_players_count, max_players_count) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)`,
  removeTeam: 'DELETE FROM rm_league_teams WHERE league_code = ? AND team_id = ?',
  countTeams: 'UPDATE rm_leagues SET teams_count = teams_count + ? WHERE code = ?',
  addPlayer: `INSERT INTO rm_league_players (league_code, player_id, name, role, base_price, status, rounds)
    VALUES (?, ?, ?, ?, ?, 'pending', 0)`,
  removePlayer: 'DELETE FROM rm_league_players WHERE league_code = ? AND player_id = ?',
  countPlayers: 'UPDATE rm_leagues SET players_count = players_count + ? WHERE code = ?',
  playerLive: "UPDATE rm_league_players SET status = 'live', rounds = ? WHERE league_code = ? AND player_id = ?",
  lotStarted: `UPDATE rm_leagues SET status = 'active', current_player_id = ?, current_bid = ?, leader_team_id = NULL,
    deadline = ?, round = ? WHERE code = ?`,
  bid: 'UPDATE rm_leagues SET current_bid = ?, leader_team_id = ?, deadline = ? WHERE code = ?',
  paused: 'UPDATE rm_leagues SET paused_remaining_ms = ? WHERE code = ?',
  resumed: 'UPDATE rm_leagues SET paused_remaining_ms = NULL, deadline = ? WHERE code = ?',
  undone: `UPDATE rm_leagues SET current_bid = ?, leader_team_id = ?, deadline = ?,
    paused_remaining_ms = CASE WHEN paused_remaining_ms IS NULL THEN NULL ELSE ? END WHERE code = ?`,
  quotas: 'UPDATE rm_leagues SET role_quotas = ? WHERE code = ?',
  playerSold: `UPDATE rm_league_players SET status = 'sold', team_id = @teamId, final_bid = @price,
      sold_team_name = (SELECT team_name FROM rm_league_teams WHERE league_code = @code AND team_id = @teamId)
    WHERE league_code = @code AND player_id = @playerId`,
  teamBought: `UPDATE rm_league_teams SET remaining_points = remaining_points - ?, current_players_count = current_players_count + 1
    WHERE league_code = ? AND team_id = ?`,
  lotSold: `UPDATE rm_leagues SET status = 'waiting', sold_count = sold_count + 1, ${NO_LOT} WHERE code = ?`,
  playerUnsold: "UPDATE rm_league_players SET status = 'unsold' WHERE league_code = ? AND player_id = ?",
  lotUnsold: `UPDATE rm_leagues SET status = 'waiting', ${NO_LOT} WHERE code = ?`,
  finished: `UPDATE rm_leagues SET status = 'finished', finish_reason = ?, ${NO_LOT} WHERE code = ?`,
  touch: 'UPDATE rm_leagues SET revision = ?, updated_at = ? WHERE code = ?',
};

/** Every league event also leaves the league row at its stream revision and time (gap detection). */
const touching =
  <E extends LeagueEvent>(handler: Handler<E, typeof STATEMENTS>): Handler<E, typeof STATEMENTS> =>
  (event, ctx, code) => {
    handler(event, ctx, code);
    ctx.sql.touch.run(event.revision, event.metadata.at, code);
  };

/**
 * League read models: one row per league (status, the live lot with its deadline, counts, the
 * stream revision for gap detection), its teams (remaining points, squad count) and its players in
 * auction order (status, buyer, final bid). Folds the same events as `engine/league.ts`.
 */
export const leagueProjector = defineReadModel<LeagueEvent>()({
  name: 'league',
  version: 2,
  stream: 'league',
  tables: {
    rm_leagues: `CREATE TABLE IF NOT EXISTS rm_leagues (
      code TEXT PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL, teams_count INTEGER NOT NULL,
      players_count INTEGER NOT NULL, sold_count INTEGER NOT NULL, current_player_id INTEGER, current_bid INTEGER,
      leader_team_id INTEGER, deadline INTEGER, round INTEGER, paused_remaining_ms INTEGER,
      role_quotas TEXT NOT NULL DEFAULT '{}', finish_reason TEXT, revision INTEGER NOT NULL,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    rm_league_teams: `CREATE TABLE IF NOT EXISTS rm_league_teams (
      league_code TEXT NOT NULL, team_id INTEGER NOT NULL, team_name TEXT NOT NULL, owner_user_id TEXT NOT NULL,
      owner_name TEXT NOT NULL, budget INTEGER NOT NULL, remaining_points INTEGER NOT NULL,
      current_players_count INTEGER NOT NULL, max_players_count INTEGER NOT NULL, PRIMARY KEY (league_code, team_id))`,
    rm_league_players: `CREATE TABLE IF NOT EXISTS rm_league_players (
      league_code TEXT NOT NULL, player_id INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL,
      base_price INTEGER NOT NULL, status TEXT NOT NULL, rounds INTEGER NOT NULL, team_id INTEGER,
      sold_team_name TEXT, final_bid INTEGER, PRIMARY KEY (league_code, player_id))`,
  },
  indexes: {
    rm_league_teams_owner: 'CREATE INDEX IF NOT EXISTS rm_league_teams_owner ON rm_league_teams(owner_user_id)',
  },
  statements: STATEMENTS,
  on: {
    LeagueCreated: touching((e, { sql }, code) => sql.create.run(code, e.data.name, e.metadata.at, e.metadata.at)),
    TeamAdded: touching(({ data: d }, { sql }, code) => {
      sql.addTeam.run(code, d.teamId, d.name, d.ownerUserId, d.ownerName, d.budget, d.budget, d.maxPlayers);
      sql.countTeams.run(1, code);
    }),
    TeamRemoved: touching((e, { sql }, code) => {
      sql.removeTeam.run(code, e.data.teamId);
      sql.countTeams.run(-1, code);
    }),
    PlayerAdded: touching(({ data: d }, { sql }, code) => {
      sql.addPlayer.run(code, d.playerId, d.name, d.role, d.basePrice);
      sql.countPlayers.run(1, code);
    }),
    PlayerRemoved: touching((e, { sql }, code) => {
      sql.removePlayer.run(code, e.data.playerId);
      sql.countPlayers.run(-1, code);
    }),
    PlayerAuctionStarted: touching(({ data: d }, { sql }, code) => {
      sql.playerLive.run(d.round, code, d.playerId);
      sql.lotStarted.run(d.playerId, d.startingBid, d.deadline, d.round, code);
    }),
    BidPlaced: touching(({ data: d }, { sql }, code) => sql.bid.run(d.amount, d.teamId, d.deadline, code)),
    PlayerSold: touching(({ data: d }, { sql }, code) => {
      sql.playerSold.run({ code, playerId: d.playerId, teamId: d.teamId, price: d.price });
      sql.teamBought.run(d.price, code, d.teamId);
      sql.lotSold.run(code);
    }),
    PlayerUnsold: touching((e, { sql }, code) => {
      sql.playerUnsold.run(code, e.data.playerId);
      sql.lotUnsold.run(code);
    }),
    AuctionFinished: touching((e, { sql }, code) => sql.finished.run(e.data.reason, code)),
    AuctionPaused: touching(({ data: d }, { sql }, code) => sql.paused.run(d.remainingMs, code)),
    AuctionResumed: touching(({ data: d }, { sql }, code) => sql.resumed.run(d.deadline, code)),
    BidUndone: touching(({ data: d }, { sql }, code) =>
      sql.undone.run(d.currentBid, d.leaderTeamId, d.deadline, LEAGUE_TIMER_MS, code),
    ),
    RoleQuotasSet: touching(({ data: d }, { sql }, code) => sql.quotas.run(JSON.stringify(d.quotas), code)),
  },
});

export type LeagueRow = typeof leaguesTable.$inferSelect;
export type LeagueTeamRow = typeof leagueTeamsTable.$inferSelect;
export type LeaguePlayerRow = typeof leaguePlayersTable.$inferSelect;

export const listLeagues = ({ orm }: ReadDb): LeagueRow[] =>
  orm.select().from(leaguesTable).orderBy(asc(leaguesTable.createdAt)).all();

export const leagueByCode = ({ orm }: ReadDb, code: string): LeagueRow | undefined =>
  orm.select().from(leaguesTable).where(eq(leaguesTable.code, code)).get();

export const leagueTeams = ({ orm }: ReadDb, code: string): LeagueTeamRow[] =>
  orm
    .select()
    .from(leagueTeamsTable)
    .where(eq(leagueTeamsTable.leagueCode, code))
    .orderBy(asc(leagueTeamsTable.teamId))
    .all();

export const leaguePlayers = ({ orm }: ReadDb, code: string): LeaguePlayerRow[] =>
  orm
    .select()
    .from(leaguePlayersTable)
    .where(eq(leaguePlayersTable.leagueCode, code))
    .orderBy(asc(leaguePlayersTable.playerId))
    .all();

export const teamOfOwner = ({ orm }: ReadDb, code: string, userId: string): LeagueTeamRow | undefined =>
  orm
    .select()
    .from(leagueTeamsTable)
    .where(and(eq(leagueTeamsTable.leagueCode, code), eq(leagueTeamsTable.ownerUserId, userId)))
    .get();

/** Leagues with a player under the hammer, for the deadline scheduler. */
export const liveLeagues = ({ orm }: ReadDb): LeagueRow[] =>
  orm.select().from(leaguesTable).where(eq(leaguesTable.status, 'active')).all();
