import { Hono } from 'hono';
import { z } from 'zod';
import { isLeagueCode, leagueCode } from '../../engine/league.ts';
import { leagueByCode, listLeagues, teamOfOwner } from '../../projections/league.ts';
import type { AuthEnv } from '../auth/session.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, pathParams } from '../http/openapi.ts';
import { playersOf, snapshotOf, teamRef, teamsOf } from './payloads.ts';
import type { AplRoom } from '../contract/league.ts';

export const CodeParam = z.object({ code: z.string().max(20) });

/** The league's code from the path, or 404 when there is no such league. */
export const knownLeague = (deps: Pick<Deps, 'readDb'>, raw: string): string => {
  const code = isLeagueCode(raw) ? leagueCode(raw) : null;
  if (!code || !leagueByCode(deps.readDb, code)) throw new ApiError(404, 'LEAGUE_NOT_FOUND', 'League not found.');
  return code;
};

const TeamRef = z.object({ team_id: z.number(), team_name: z.string() });
const LeagueListResponse = z.object({
  leagues: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      owners: z.number().describe('Team owners (one per team)'),
      players: z.number(),
      sold: z.number(),
      status: z.enum(['setup', 'waiting', 'active', 'finished']),
    }),
  ),
});

/** League reads for logged-in members: the room list, a league's snapshot, players, teams and the member's own team. */
export const leagueRoutes = (deps: Pick<Deps, 'clock' | 'readDb'>) =>
  new Hono<AuthEnv>()
    .use('*', requireUser)
    .get(
      '/',
      describe({ summary: 'League auction rooms', tags: ['league'], access: 'member', response: LeagueListResponse }),
      (c) =>
        c.json({
          leagues: listLeagues(deps.readDb).map((l): AplRoom => ({
            id: l.code,
            code: l.code,
            name: l.name,
            owners: l.teamsCount,
            players: l.playersCount,
            sold: l.soldCount,
            status: l.status,
          })),
        }),
    )
    .get(
      '/:code',
      describe({
        summary: 'A league as the member sees it: players, teams, the live lot, own team',
        tags: ['league'],
        access: 'member',
      }),
      pathParams(CodeParam),
      (c) => {
        const code = knownLeague(deps, c.req.valid('param').code);
        return c.json(snapshotOf(deps.readDb, code, currentUser(c), deps.clock.now()));
      },
    )
    .get(
      '/:code/players',
      describe({ summary: "A league's players in auction order", tags: ['league'], access: 'member' }),
      pathParams(CodeParam),
      (c) => c.json({ players: playersOf(deps.readDb, knownLeague(deps, c.req.valid('param').code)) }),
    )
    .get(
      '/:code/teams',
      describe({
        summary: "A league's teams with remaining points and squad size",
        tags: ['league'],
        access: 'member',
      }),
      pathParams(CodeParam),
      (c) => c.json({ teams: teamsOf(deps.readDb, knownLeague(deps, c.req.valid('param').code)) }),
    )
    .get(
      '/:code/my-team',
      describe({
        summary: "The member's team in this league (null: view-only)",
        tags: ['league'],
        access: 'member',
        response: z.object({ success: z.literal(true), team: TeamRef.nullable() }),
      }),
      pathParams(CodeParam),
      (c) => {
        const code = knownLeague(deps, c.req.valid('param').code);
        const team = teamOfOwner(deps.readDb, code, currentUser(c).id);
        return c.json({ success: true as const, team: team ? teamRef(team) : null });
      },
    );
