import type { EventStore } from '../engine/eventStore.ts';
import type { ReadDb } from './db.ts';
import { finishBulkRebuild, startBulkRebuild } from './db.ts';
import { allProjectors } from './index.ts';
import type { Projector } from './projector.ts';
import { batchesUpTo } from './logBatches.ts';
import { startSideRebuild } from './rebuildSide.ts';
import { CATCH_UP_IN_BULK_FROM, createProjectionRunner, dropReadModels } from './runner.ts';

/**
 * The read models a full rebuild writes on a second thread: the log's tree and the event index,
 * the two that take every event and none of its data, and read only their own tables. On one
 * thread they were about a third of a rebuild; on the second, which reads the log again, the two
 * threads take about as long (bench/README.md, issue 18 round 15).
 */
export const SECOND_THREAD_READ_MODELS: readonly string[] = ['merkle', 'event-index'];

/**
 * The log position from which a rebuild takes a second thread: the thread's start (about 0.5 s,
 * loading the read models' modules) is what it saves on some 100,000 events. Positions count events
 * in the embedded store; in EventStoreDB they are byte offsets, so there a smaller log takes two.
 */
export const SECOND_THREAD_FROM = 100_000;

/**
 * Drops the read models in `db` and replays the whole log of `store` into them, up to its head
 * when the rebuild starts. Returns the events applied. The product's read models are split over
 * two threads when the log is long enough (`SECOND_THREAD_FROM`), those of `SECOND_THREAD_READ_MODELS`
 * (or `secondThread`; `[]` keeps them all on this one) on the second:
 * the second reads the log itself when the store says how (`EventStore.reopen`), or takes each
 * batch this thread reads.
 * Read models given as `projectors` all stay on this thread (the second loads the product's own).
 */
export const rebuildInto = async (
  store: EventStore,
  db: ReadDb,
  options: {
    projectors?: readonly Projector[];
    batchSize?: number;
    onProgress?: (position: number, head: number) => void;
    secondThread?: readonly string[];
    /** The head from which the second thread is taken (`SECOND_THREAD_FROM`). */
    secondThreadFrom?: number;
  } = {},
): Promise<number> => {
  const projectors = options.projectors ?? allProjectors;
  const batchSize = options.batchSize ?? 2000;
  const names = options.projectors ? [] : (options.secondThread ?? SECOND_THREAD_READ_MODELS);
  const unknown = names.filter((name) => !projectors.some((p) => p.name === name));
  if (unknown.length) throw new Error(`No read model is called ${unknown.join(', ')}`);
  const head = await store.headPosition();
  const apart =
    head > 0 && head >= (options.secondThreadFrom ?? SECOND_THREAD_FROM)
      ? projectors.filter((p) => names.includes(p.name))
      : [];
  startBulkRebuild(db);
  dropReadModels(db, projectors);
  const runner = createProjectionRunner({ store, db, projectors: projectors.filter((p) => !apart.includes(p)) });
  for (const p of apart) for (const ddl of p.schema) db.sqlite.exec(ddl);
  const deferred = dropDeferredIndexes(db, projectors);
  // Progress is where the thread that lags stands.
  let here = 0;
  let there = apart.length ? 0 : head;
  const report = () => options.onProgress?.(Math.min(here, there), head);
  const side = apart.length
    ? startSideRebuild({
        db,
        apart,
        log: store.reopen,
        head,
        batchSize,
        onProgress: (position) => {
          there = position;
          report();
        },
      })
    : null;
  let done = 0;
  try {
    for await (const batch of batchesUpTo(store, head, batchSize)) {
      await side?.post(batch);
      runner.applyBatch(batch);
      done += batch.length;
      here = batch[batch.length - 1]!.position;
      report();
      // The second thread's messages (its progress, room for the next batch) arrive between batches.
      if (side) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await side?.finish();
  } catch (error) {
    await side?.abandon();
    throw error;
  }
  runner.writeIdleCheckpoints();
  // Sorting a whole index at once may use a second core; a crash before this line is mended by the
  // projectors' own `CREATE INDEX IF NOT EXISTS` at the next start.
  const threads = db.sqlite.pragma('threads', { simple: true }) as number;
  db.sqlite.pragma('threads = 2');
  for (const ddl of deferred) db.sqlite.exec(ddl);
  db.sqlite.pragma(`threads = ${threads}`);
  finishBulkRebuild(db);
  return done;
};

/**
 * A read-model file that holds nothing of the log yet (new, as a second server's or a new
 * machine's is, or thrown away after a dead rebuild), opened on a log this long, is filled by a
 * full rebuild before the server follows the log: its bulk writes and second thread instead of
 * every batch through the live path (a 1,000,000-event log took 31–35 s to serve through the live
 * path, bench/README.md round 16). Positions are byte offsets in EventStoreDB, where a smaller log
 * takes it.
 */
export const REBUILD_AT_START_FROM = CATCH_UP_IN_BULK_FROM;

/**
 * Rebuilds every read model when `db` holds none (no checkpoint past the log's start) and the log
 * reaches `from` (`REBUILD_AT_START_FROM`); run before the projection runner opens the file. Returns the
 * events applied, or null when the file is left to the runner.
 */
export const rebuildIfEmpty = async (
  store: EventStore,
  db: ReadDb,
  options: {
    /** The log's head from which an empty file is rebuilt (`REBUILD_AT_START_FROM`). */
    from?: number;
    onStart?: (head: number) => void;
    onProgress?: (position: number, head: number) => void;
  } = {},
): Promise<number | null> => {
  const checkpoints = db.sqlite
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'rm_checkpoints'")
    .get();
  if (checkpoints && db.sqlite.prepare('SELECT 1 FROM rm_checkpoints WHERE position > 0 LIMIT 1').get()) return null;
  const head = await store.headPosition();
  if (head === 0 || head < (options.from ?? REBUILD_AT_START_FROM)) return null;
  options.onStart?.(head);
  return rebuildInto(store, db, { onProgress: options.onProgress });
};

/** Drops the projectors' deferred indexes (see `Projector.deferredIndexes`) and returns their DDL. */
const dropDeferredIndexes = (db: ReadDb, projectors: readonly Projector[]): string[] => {
  const sqlOf = db.sqlite.prepare<[string], { sql: string }>(
    "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
  );
  const ddl: string[] = [];
  for (const name of projectors.flatMap((p) => p.deferredIndexes ?? [])) {
    const row = sqlOf.get(name);
    if (!row) throw new Error(`Deferred index ${name} is not in the schema`);
    ddl.push(row.sql);
    db.sqlite.exec(`DROP INDEX "${name}"`);
  }
  return ddl;
};
