import { describe, expect, it } from 'vitest';
import { handleCommand } from '../../api/commandHandler.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { LeagueCommand, LeagueState } from '../../engine/league.ts';
import { leagueDecider, leagueStream } from '../../engine/league.ts';
import { openReadDb } from '../../projections/db.ts';
import {
  leagueByCode,
  leaguePlayers,
  leagueTeams,
  leagueProjector,
  liveLeagues,
  listLeagues,
  teamOfOwner,
} from '../../projections/league.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { CODE, T0, admin, playerInput, teamInput } from '../engine/leagueFixtures.ts';

const setUpProjection = async () => {
  const store = openSqliteStore({ path: ':memory:' });
  const db = openReadDb(':memory:');
  const runner = createProjectionRunner({ store, db, projectors: [leagueProjector] });
  await runner.start();
  let state: LeagueState = leagueDecider.initialState;
  const run = async (command: LeagueCommand) => {
    const result = await handleCommand(
      { store, waitForProjections: (p) => runner.waitFor(p) },
      leagueStream(CODE),
      leagueDecider,
      command,
      {
        actor: 'system',
        now: T0,
      },
    );
    state = result.state;
  };
  return { store, db, runner, run, state: () => state };
};

describe('the league read model', () => {
  it('matches the decider’s fold through set-up, bids, a sale, an unsold player and the finish', async () => {
    const { store, db, runner, run, state } = await setUpProjection();
    await run({ type: 'CreateLeague', data: { code: CODE, name: 'Chepauk Premier League', by: admin, now: T0 } });
    await run({ type: 'AddTeams', data: { teams: [teamInput(1), teamInput(2), teamInput(3)], by: admin, now: T0 } });
    await run({
      type: 'AddPlayers',
      data: { players: [playerInput(1), playerInput(2), playerInput(3)], by: admin, now: T0 },
    });
    await run({ type: 'RemoveTeam', data: { teamId: 3, by: admin, now: T0 } });
    await run({ type: 'StartNextPlayer', data: { by: admin, now: T0 } });
    await run({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 + 1000 } });
    expect(leagueByCode(db, CODE)).toMatchObject({
      status: 'active',
      currentPlayerId: 1,
      currentBid: 55,
      leaderTeamId: 1,
      deadline: T0 + 31_000,
      round: 1,
    });
    expect(liveLeagues(db).map((l) => l.code)).toEqual([CODE]);
    await run({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 2000 } });
    await run({ type: 'ClosePlayer', data: { now: T0 + 40_000 } });
    await run({ type: 'StartNextPlayer', data: { by: admin, now: T0 + 50_000 } });
    await run({ type: 'ClosePlayer', data: { now: T0 + 90_000 } });

    const s = state();
    if (s.status === 'none') throw new Error('no league');
    expect(leagueByCode(db, CODE)).toMatchObject({
      name: 'Chepauk Premier League',
      status: 'waiting',
      teamsCount: 2,
      playersCount: 3,
      soldCount: 1,
      currentPlayerId: null,
      revision: 13,
    });
    expect(
      leagueTeams(db, CODE).map((t) => [
        t.teamId,
        t.teamName,
        t.remainingPoints,
        t.currentPlayersCount,
        t.maxPlayersCount,
      ]),
    ).toEqual(s.teams.map((t) => [t.id, t.name, t.pointsLeft, t.playerIds.length, t.maxPlayers]));
    expect(leaguePlayers(db, CODE).map((p) => [p.playerId, p.status, p.teamId, p.finalBid, p.rounds])).toEqual(
      s.players.map((p) => [p.id, p.status, p.teamId, p.finalBid, p.rounds]),
    );
    expect(leaguePlayers(db, CODE)[0]).toMatchObject({ status: 'sold', soldTeamName: 'Team 2', finalBid: 60 });
    expect(teamOfOwner(db, CODE, 'owner-2')?.teamName).toBe('Team 2');
    expect(teamOfOwner(db, CODE, 'owner-3')).toBeUndefined();

    await run({ type: 'EndAuction', data: { by: admin, now: T0 + 100_000 } });
    expect(listLeagues(db)).toEqual([
      expect.objectContaining({ code: CODE, status: 'finished', finishReason: 'ended_by_admin' }),
    ]);
    expect(liveLeagues(db)).toEqual([]);
    await runner.stop();
    await store.close();
  });
});
