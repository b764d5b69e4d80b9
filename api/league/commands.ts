import type { Actor } from '../../engine/eventStore.ts';
import type { LeagueCommand } from '../../engine/league.ts';
import { leagueDecider, leagueStream } from '../../engine/league.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';

/** Runs one league command at the server's time. `commandId` makes it idempotent (seeders, the deadline closer). */
export const runLeague = (
  deps: Pick<Deps, 'clock' | 'commands'>,
  code: string,
  actor: Actor,
  command: (now: number) => LeagueCommand,
  commandId?: string,
) => {
  const now = deps.clock.now();
  return handleCommand(deps.commands, leagueStream(code), leagueDecider, command(now), { actor, now, commandId });
};
