import type { Deps } from './deps.ts';

const lanes = new WeakMap<Deps, Map<string, Promise<unknown>>>();

/**
 * Runs the work queued under one key one after another in this process, in arrival order (one
 * room's deals and round closes, one member's checkouts), so racing work waits its turn instead of
 * retrying. Across processes the streams' expected revisions still decide.
 */
export const inLane = <T>(deps: Deps, key: string, work: () => Promise<T>): Promise<T> => {
  let byKey = lanes.get(deps);
  if (!byKey) lanes.set(deps, (byKey = new Map<string, Promise<unknown>>()));
  const next = (byKey.get(key) ?? Promise.resolve()).then(work, work);
  const tail = next.catch(() => undefined);
  byKey.set(key, tail);
  void tail.then(() => {
    if (byKey.get(key) === tail) byKey.delete(key);
  });
  return next;
};
