import { Hono } from 'hono';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import type { Admin, LeagueCommand, PlayerInput, RowError, TeamInput } from '../../engine/league.ts';
import { leagueCode, leagueDecider, leagueStream, rowsError } from '../../engine/league.ts';
import { userByEmail } from '../../projections/users.ts';
import { normalizeEmail } from '../auth/identity.ts';
import type { AuthEnv, SessionUser } from '../auth/session.ts';
import { actorOf, currentUser, requireRole } from '../auth/session.ts';
import { loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { describe, jsonBody, pathParams } from '../http/openapi.ts';
import { runLeague } from './commands.ts';
import { csvRecords, mergeRowErrors, playerRole, wholeNumber } from './csv.ts';
import { snapshotOf } from './payloads.ts';
import { CodeParam, knownLeague } from './routes.ts';
import { RoleQuotasBody } from '../contract/league.ts';

const TeamRow = z.object({
  team_name: z.string().max(100),
  owner_email: z.string().max(254),
  points_budget: z.number(),
  max_players: z.number(),
});
const PlayerRow = z.object({ name: z.string().max(100), role: z.string().max(40), base_price: z.number() });
const CreateBody = z.object({ code: z.string().max(20), name: z.string().max(100) });
const TeamsBody = z.object({ teams: z.array(TeamRow).min(1).max(500) });
const PlayersBody = z.object({ players: z.array(PlayerRow).min(1).max(500) });
const ImportBody = z.object({ kind: z.enum(['teams', 'players']), csv: z.string().max(500_000) });

const TEAM_COLUMNS = ['team_name', 'owner_email', 'points_budget', 'max_players'] as const;
const PLAYER_COLUMNS = ['name', 'role', 'base_price'] as const;
const ALIASES = {
  team: 'team_name',
  owner: 'owner_email',
  email: 'owner_email',
  budget: 'points_budget',
  points: 'points_budget',
} as const;
const PLAYER_ALIASES = { player: 'name', player_name: 'name', base: 'base_price', price: 'base_price' } as const;

const adminOf = (user: SessionUser): Admin => ({ userId: user.id, role: user.role });

/** Owners by email; unknown or waitlisted emails become row errors (and a placeholder id the decider accepts). */
const resolveTeams = (
  deps: Pick<Deps, 'readDb'>,
  rows: z.infer<typeof TeamRow>[],
): { teams: TeamInput[]; errors: RowError[] } => {
  const errors: RowError[] = [];
  const teams = rows.map((r, i): TeamInput => {
    const email = normalizeEmail(r.owner_email);
    const user = email ? userByEmail(deps.readDb, email) : undefined;
    if (!user)
      errors.push({ row: i + 1, message: email ? `No member with the email ${email}.` : 'Owner email is required.' });
    else if (user.access !== 'granted')
      errors.push({ row: i + 1, message: `${user.name} is on the waitlist; grant access first.` });
    const ok = user && user.access === 'granted';
    return {
      name: r.team_name,
      ownerUserId: ok ? user.id : `unresolved:${i}`,
      ownerName: ok ? user.name : email,
      budget: r.points_budget,
      maxPlayers: r.max_players,
    };
  });
  return { teams, errors };
};

const toPlayers = (rows: z.infer<typeof PlayerRow>[]): PlayerInput[] =>
  rows.map((r) => ({ name: r.name, role: playerRole(r.role), basePrice: r.base_price }));

/** Runs the command; with row errors found before it, only checks it (nothing is saved) and reports all rows together. */
const addRows = async (
  deps: Pick<Deps, 'clock' | 'store' | 'commands'>,
  code: string,
  user: SessionUser,
  command: LeagueCommand,
  errorsBefore: RowError[],
) => {
  if (errorsBefore.length === 0) return runLeague(deps, code, actorOf(user), () => command);
  const { state } = await loadState(deps.store, leagueStream(code), leagueDecider);
  let decided: RowError[] = [];
  try {
    leagueDecider.decide(command, state);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code !== 'INVALID_ROWS') throw error;
    decided = (error.details as { rows: RowError[] }).rows;
  }
  throw rowsError(mergeRowErrors(errorsBefore, decided));
};

const teamsCommand = (teams: TeamInput[], by: Admin, now: number): LeagueCommand => ({
  type: 'AddTeams',
  data: { teams, by, now },
});
const playersCommand = (players: PlayerInput[], by: Admin, now: number): LeagueCommand => ({
  type: 'AddPlayers',
  data: { players, by, now },
});

/** Admin league set-up: create a league, add teams (owner by email) and players by form or CSV, remove before the start. */
export const leagueAdminRoutes = (deps: Pick<Deps, 'clock' | 'store' | 'readDb' | 'commands'>) => {
  const answer = (code: string, user: SessionUser) => snapshotOf(deps.readDb, code, user, deps.clock.now());
  return new Hono<AuthEnv>()
    .use('*', requireRole('admin'))
    .post(
      '/',
      describe({ summary: 'Create a league', tags: ['league', 'admin'], access: 'admin' }),
      jsonBody(CreateBody),
      async (c) => {
        const user = currentUser(c);
        const body = c.req.valid('json');
        const code = leagueCode(body.code);
        await runLeague(deps, code, actorOf(user), (now) => ({
          type: 'CreateLeague',
          data: { code, name: body.name, by: adminOf(user), now },
        }));
        return c.json(answer(code, user));
      },
    )
    .post(
      '/:code/teams',
      describe({
        summary: 'Add teams; owners by email. All rows or none.',
        tags: ['league', 'admin'],
        access: 'admin',
      }),
      pathParams(CodeParam),
      jsonBody(TeamsBody),
      async (c) => {
        const user = currentUser(c);
        const code = knownLeague(deps, c.req.valid('param').code);
        const { teams, errors } = resolveTeams(deps, c.req.valid('json').teams);
        await addRows(deps, code, user, teamsCommand(teams, adminOf(user), deps.clock.now()), errors);
        return c.json(answer(code, user));
      },
    )
    .post(
      '/:code/players',
      describe({
        summary: 'Add players (name, role, base price ≥ 30). All rows or none.',
        tags: ['league', 'admin'],
        access: 'admin',
      }),
      pathParams(CodeParam),
      jsonBody(PlayersBody),
      async (c) => {
        const user = currentUser(c);
        const code = knownLeague(deps, c.req.valid('param').code);
        const players = toPlayers(c.req.valid('json').players);
        await addRows(deps, code, user, playersCommand(players, adminOf(user), deps.clock.now()), []);
        return c.json(answer(code, user));
      },
    )
    .post(
      '/:code/import',
      describe({
        summary:
          'Add teams (team_name, owner_email, points_budget, max_players) or players (name, role, base_price) from CSV',
        tags: ['league', 'admin'],
        access: 'admin',
      }),
      pathParams(CodeParam),
      jsonBody(ImportBody),
      async (c) => {
        const user = currentUser(c);
        const code = knownLeague(deps, c.req.valid('param').code);
        const { kind, csv } = c.req.valid('json');
        const now = deps.clock.now();
        if (kind === 'teams') {
          const rows = csvRecords(csv, TEAM_COLUMNS, ALIASES).map((r) => ({
            ...r,
            points_budget: wholeNumber(r.points_budget),
            max_players: wholeNumber(r.max_players),
          }));
          const { teams, errors } = resolveTeams(deps, rows);
          await addRows(deps, code, user, teamsCommand(teams, adminOf(user), now), errors);
        } else {
          const rows = csvRecords(csv, PLAYER_COLUMNS, PLAYER_ALIASES).map((r) => ({
            ...r,
            base_price: wholeNumber(r.base_price),
          }));
          await addRows(deps, code, user, playersCommand(toPlayers(rows), adminOf(user), now), []);
        }
        return c.json(answer(code, user));
      },
    )
    .put(
      '/:code/role-quotas',
      describe({
        summary: 'Set the most players of each role a team may buy (a role left out has no limit)',
        tags: ['league', 'admin'],
        access: 'admin',
      }),
      pathParams(CodeParam),
      jsonBody(RoleQuotasBody),
      async (c) => {
        const user = currentUser(c);
        const code = knownLeague(deps, c.req.valid('param').code);
        const { quotas } = c.req.valid('json');
        await runLeague(deps, code, actorOf(user), (now) => ({
          type: 'SetRoleQuotas',
          data: { quotas, by: adminOf(user), now },
        }));
        return c.json(answer(code, user));
      },
    )
    .delete(
      '/:code/:kind/:id',
      describe({
        summary: 'Remove a team or a player before the auction starts',
        tags: ['league', 'admin'],
        access: 'admin',
      }),
      pathParams(CodeParam.extend({ kind: z.enum(['teams', 'players']), id: z.coerce.number().int().positive() })),
      async (c) => {
        const user = currentUser(c);
        const { code: raw, kind, id } = c.req.valid('param');
        const code = knownLeague(deps, raw);
        const by = adminOf(user);
        await runLeague(deps, code, actorOf(user), (now) =>
          kind === 'teams'
            ? { type: 'RemoveTeam', data: { teamId: id, by, now } }
            : { type: 'RemovePlayer', data: { playerId: id, by, now } },
        );
        return c.json(answer(code, user));
      },
    );
};
