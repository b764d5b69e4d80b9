import { and, asc, eq, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { RecordedEvent } from '../engine/eventStore.ts';
import type { LeagueEvent } from '../engine/league.ts';
import type { ReadDb } from './db.ts';
import { defineProjector } from './projector.ts';

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
] as const satisfies readonly LeagueEvent['type'][];

export const leagueCodeOfStream = (stream: string): string | null =>
  stream.startsWith('league-') ? stream.slice(7) : null;

const noLot = { currentPlayerId: null, currentBid: null, leaderTeamId: null, deadline: null, round: null };

const applyLeagueEvent = ({ orm }: ReadDb, code: string, e: LeagueEvent, at: string): void => {
  const league = eq(leaguesTable.code, code);
  const team = (id: number) => and(eq(leagueTeamsTable.leagueCode, code), eq(leagueTeamsTable.teamId, id));
  const player = (id: number) => and(eq(leaguePlayersTable.leagueCode, code), eq(leaguePlayersTable.playerId, id));
  const setLeague = (values: SQLiteUpdateSetSource<typeof leaguesTable>) =>
    orm.update(leaguesTable).set(values).where(league).run();
  switch (e.type) {
    case 'LeagueCreated':
      orm
        .insert(leaguesTable)
        .values({
          code,
          name: e.data.name,
          status: 'setup',
          teamsCount: 0,
          playersCount: 0,
          soldCount: 0,
          revision: 0,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .run();
      return;
    case 'TeamAdded': {
      const d = e.data;
      orm
        .insert(leagueTeamsTable)
        .values({
          leagueCode: code,
          teamId: d.teamId,
          teamName: d.name,
          ownerUserId: d.ownerUserId,
          ownerName: d.ownerName,
          budget: d.budget,
          remainingPoints: d.budget,
          currentPlayersCount: 0,
          maxPlayersCount: d.maxPlayers,
        })
        .run();
      setLeague({ teamsCount: sql`${leaguesTable.teamsCount} + 1` });
      return;
    }
    case 'TeamRemoved':
      orm.delete(leagueTeamsTable).where(team(e.data.teamId)).run();
      setLeague({ teamsCount: sql`${leaguesTable.teamsCount} - 1` });
      return;
    case 'PlayerAdded': {
      const d = e.data;
      orm
        .insert(leaguePlayersTable)
        .values({
          leagueCode: code,
          playerId: d.playerId,
          name: d.name,
          role: d.role,
          basePrice: d.basePrice,
          status: 'pending',
          rounds: 0,
        })
        .run();
      setLeague({ playersCount: sql`${leaguesTable.playersCount} + 1` });
      return;
    }
    case 'PlayerRemoved':
      orm.delete(leaguePlayersTable).where(player(e.data.playerId)).run();
      setLeague({ playersCount: sql`${leaguesTable.playersCount} - 1` });
      return;
    case 'PlayerAuctionStarted': {
      const { playerId, round, startingBid, deadline } = e.data;
      orm.update(leaguePlayersTable).set({ status: 'live', rounds: round }).where(player(playerId)).run();
      setLeague({
        status: 'active',
        currentPlayerId: playerId,
        currentBid: startingBid,
        leaderTeamId: null,
        deadline,
        round,
      });
      return;
    }
    case 'BidPlaced':
      setLeague({ currentBid: e.data.amount, leaderTeamId: e.data.teamId, deadline: e.data.deadline });
      return;
    case 'PlayerSold': {
      const { playerId, teamId, price } = e.data;
      const buyer = orm.select({ name: leagueTeamsTable.teamName }).from(leagueTeamsTable).where(team(teamId)).get();
      orm
        .update(leaguePlayersTable)
        .set({ status: 'sold', teamId, soldTeamName: buyer?.name ?? null, finalBid: price })
        .where(player(playerId))
        .run();
      orm
        .update(leagueTeamsTable)
        .set({
          remainingPoints: sql`${leagueTeamsTable.remainingPoints} - ${price}`,
          currentPlayersCount: sql`${leagueTeamsTable.currentPlayersCount} + 1`,
        })
        .where(team(teamId))
        .run();
      setLeague({ status: 'waiting', soldCount: sql`${leaguesTable.soldCount} + 1`, ...noLot });
      return;
    }
    case 'PlayerUnsold':
      orm.update(leaguePlayersTable).set({ status: 'unsold' }).where(player(e.data.playerId)).run();
      setLeague({ status: 'waiting', ...noLot });
      return;
    case 'AuctionFinished':
      setLeague({ status: 'finished', finishReason: e.data.reason, ...noLot });
      return;
  }
};

/**
 * League read models: one row per league (status, the live lot with its deadline, counts, the
 * stream revision for gap detection), its teams (remaining points, squad count) and its players in
 * auction order (status, buyer, final bid). Folds the same events as `engine/league.ts`.
 */
export const leagueProjector = defineProjector({
  name: 'league',
  version: 1,
  handles: LEAGUE_EVENT_TYPES,
  schema: [
    `CREATE TABLE IF NOT EXISTS rm_leagues (
      code TEXT PRIMARY KEY, name TEXT NOT NULL, status TEXT NOT NULL, teams_count INTEGER NOT NULL,
      players_count INTEGER NOT NULL, sold_count INTEGER NOT NULL, current_player_id INTEGER, current_bid INTEGER,
      leader_team_id INTEGER, deadline INTEGER, round INTEGER, finish_reason TEXT, revision INTEGER NOT NULL,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS rm_league_teams (
      league_code TEXT NOT NULL, team_id INTEGER NOT NULL, team_name TEXT NOT NULL, owner_user_id TEXT NOT NULL,
      owner_name TEXT NOT NULL, budget INTEGER NOT NULL, remaining_points INTEGER NOT NULL,
      current_players_count INTEGER NOT NULL, max_players_count INTEGER NOT NULL, PRIMARY KEY (league_code, team_id))`,
    'CREATE INDEX IF NOT EXISTS rm_league_teams_owner ON rm_league_teams(owner_user_id)',
    `CREATE TABLE IF NOT EXISTS rm_league_players (
      league_code TEXT NOT NULL, player_id INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL,
      base_price INTEGER NOT NULL, status TEXT NOT NULL, rounds INTEGER NOT NULL, team_id INTEGER,
      sold_team_name TEXT, final_bid INTEGER, PRIMARY KEY (league_code, player_id))`,
  ],
  tables: ['rm_leagues', 'rm_league_teams', 'rm_league_players'],
  apply: (db, event: RecordedEvent) => {
    const code = leagueCodeOfStream(event.streamName);
    if (!code) return;
    applyLeagueEvent(db, code, event as unknown as LeagueEvent, event.metadata.at);
    db.orm
      .update(leaguesTable)
      .set({ revision: event.revision, updatedAt: event.metadata.at })
      .where(eq(leaguesTable.code, code))
      .run();
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
