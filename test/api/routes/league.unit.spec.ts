import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leagueAdminRoutes } from '../../../api/league/adminRoutes.ts';
import { leagueRoutes } from '../../../api/league/routes.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string; details?: { rows?: { row: number; message: string }[] } } };
type Snapshot = { league: { code: string }; teams: { team_name: string }[]; players: { name: string }[] };

describe('leagueAdminRoutes', () => {
  it('lets an admin create a league and add teams and players, and refuses a member', async () => {
    const app = mount(deps, '/api/admin/leagues', leagueAdminRoutes(deps));
    const admin = await signedIn(deps, { role: 'admin' });
    const owner = await signedIn(deps);
    const waiting = await signedIn(deps, { waitlisted: true });

    const refused = await call<Failure>(app, 'POST', '/api/admin/leagues', {
      cookie: owner.cookie,
      json: { code: 'APL26', name: 'APL' },
    });
    expect(refused.status).toBe(403);

    const created = await call<Snapshot>(app, 'POST', '/api/admin/leagues', {
      cookie: admin.cookie,
      json: { code: 'apl26', name: 'Avadi Premier League' },
    });
    expect(created.status).toBe(200);
    expect(created.body.league.code).toBe('APL26');

    const team = (email: string, team_name: string) => ({
      team_name,
      owner_email: email,
      points_budget: 1000,
      max_players: 5,
    });
    const badTeams = await call<Failure>(app, 'POST', '/api/admin/leagues/APL26/teams', {
      cookie: admin.cookie,
      json: { teams: [team(owner.user.email, 'Avadi Kings'), team(waiting.user.email, 'Porur Lions')] },
    });
    expect(badTeams.status).toBe(422);
    expect(badTeams.body.error.code).toBe('INVALID_ROWS');
    expect(badTeams.body.error.details?.rows).toEqual([
      { row: 2, message: `${waiting.user.name} is on the waitlist; grant access first.` },
    ]);

    const teams = await call<Snapshot>(app, 'POST', '/api/admin/leagues/APL26/teams', {
      cookie: admin.cookie,
      json: { teams: [team(owner.user.email, 'Avadi Kings')] },
    });
    expect(teams.body.teams.map((t) => t.team_name)).toEqual(['Avadi Kings']);
    const players = await call<Snapshot>(app, 'POST', '/api/admin/leagues/APL26/import', {
      cookie: admin.cookie,
      json: { kind: 'players', csv: 'name,role,base_price\nArun K,Batter,50\nMeena S,Bowler,40\n' },
    });
    expect(players.status).toBe(200);
    expect(players.body.players.map((p) => p.name)).toEqual(['Arun K', 'Meena S']);

    const unknown = await call<Failure>(app, 'POST', '/api/admin/leagues/NOPE99/players', {
      cookie: admin.cookie,
      json: { players: [{ name: 'X', role: 'Batter', base_price: 50 }] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LEAGUE_NOT_FOUND');
  });
});

describe('leagueRoutes', () => {
  it('shows signed-in members the leagues, a league and their own team', async () => {
    const admin = await signedIn(deps, { role: 'admin' });
    const owner = await signedIn(deps);
    const viewer = await signedIn(deps);
    const adminApp = mount(deps, '/api/admin/leagues', leagueAdminRoutes(deps));
    await call(adminApp, 'POST', '/api/admin/leagues', { cookie: admin.cookie, json: { code: 'APL26', name: 'APL' } });
    await call(adminApp, 'POST', '/api/admin/leagues/APL26/teams', {
      cookie: admin.cookie,
      json: {
        teams: [{ team_name: 'Avadi Kings', owner_email: owner.user.email, points_budget: 1000, max_players: 5 }],
      },
    });

    const app = mount(deps, '/api/leagues', leagueRoutes(deps));
    expect((await call(app, 'GET', '/api/leagues')).status).toBe(401);
    const list = await call<{ leagues: { code: string; owners: number; status: string }[] }>(
      app,
      'GET',
      '/api/leagues',
      {
        cookie: viewer.cookie,
      },
    );
    expect(list.body.leagues).toEqual([expect.objectContaining({ code: 'APL26', owners: 1, status: 'setup' })]);

    const mine = await call<{ team: { team_name: string } | null }>(app, 'GET', '/api/leagues/apl26/my-team', {
      cookie: owner.cookie,
    });
    expect(mine.body.team?.team_name).toBe('Avadi Kings');
    const none = await call<{ team: null }>(app, 'GET', '/api/leagues/APL26/my-team', { cookie: viewer.cookie });
    expect(none.body.team).toBeNull();
    const snapshot = await call<Snapshot & { myTeam: unknown; isAdmin: boolean }>(app, 'GET', '/api/leagues/APL26', {
      cookie: viewer.cookie,
    });
    expect(snapshot.body).toMatchObject({ league: { code: 'APL26' }, myTeam: null, isAdmin: false });

    const unknown = await call<Failure>(app, 'GET', '/api/leagues/NOPE99/teams', { cookie: viewer.cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('LEAGUE_NOT_FOUND');
  });
});
