import type { EventStore } from '../../engine/eventStore.ts';

/** Per event store: one per process, however many narrow views of the dependencies share it. */
const lanes = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/**
 * Runs the work queued under one key one after another in this process, in arrival order (one
 * room's bids and round closes, one member's checkouts), so racing work waits its turn instead of
 * retrying. Across processes the streams' expected revisions still decide.
 */
export const inLane = <T>(deps: { store: EventStore }, key: string, work: () => Promise<T>): Promise<T> => {
  let byKey = lanes.get(deps.store);
  if (!byKey) lanes.set(deps.store, (byKey = new Map<string, Promise<unknown>>()));
  const next = (byKey.get(key) ?? Promise.resolve()).then(work, work);
  const tail = next.catch(() => undefined);
  byKey.set(key, tail);
  void tail.then(() => {
    if (byKey.get(key) === tail) byKey.delete(key);
  });
  return next;
};
