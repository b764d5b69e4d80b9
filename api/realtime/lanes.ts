const lanes = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Runs the work queued under one key one after another in this process, in arrival order (one
 * room's bids and round closes, one member's checkouts), so racing work waits its turn instead of
 * retrying. Across processes the streams' expected revisions still decide. `owner` scopes the
 * lanes (the server's dependencies: two servers in one test process keep their own).
 */
export const inLane = <T>(owner: object, key: string, work: () => Promise<T>): Promise<T> => {
  let byKey = lanes.get(owner);
  if (!byKey) lanes.set(owner, (byKey = new Map<string, Promise<unknown>>()));
  const next = (byKey.get(key) ?? Promise.resolve()).then(work, work);
  const tail = next.catch(() => undefined);
  byKey.set(key, tail);
  void tail.then(() => {
    if (byKey.get(key) === tail) byKey.delete(key);
  });
  return next;
};
