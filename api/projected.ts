import type { Deps } from './deps.ts';

/**
 * Resolves once this process's read models hold everything in the log now (its own appends wait a
 * few milliseconds to be projected together; anyone waiting on them has them projected at once).
 */
export const projectedNow = async (deps: Pick<Deps, 'store' | 'projections' | 'config'>): Promise<void> =>
  deps.projections.waitFor(await deps.store.headPosition(), deps.config.PROJECTION_WAIT_MS);
