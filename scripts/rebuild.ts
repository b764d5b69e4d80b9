import { loadConfig } from '../api/config.ts';
import { openEventStore } from '../api/store/index.ts';
import type { EventStore } from '../engine/eventStore.ts';
import type { ReadDb } from '../projections/db.ts';
import { finishBulkRebuild, openReadDb, startBulkRebuild } from '../projections/db.ts';
import { allProjectors } from '../projections/index.ts';
import type { Projector } from '../projections/projector.ts';
import { createProjectionRunner, dropReadModels } from '../projections/runner.ts';
import { createProgress } from './progress.ts';

/** Drops the read models in `db` and replays the whole log of `store` into them. Returns the events applied. */
export const rebuildInto = async (
  store: EventStore,
  db: ReadDb,
  options: {
    projectors?: readonly Projector[];
    batchSize?: number;
    onProgress?: (position: number, head: number) => void;
  } = {},
): Promise<number> => {
  const projectors = options.projectors ?? allProjectors;
  startBulkRebuild(db);
  dropReadModels(db, projectors);
  const runner = createProjectionRunner({ store, db, projectors });
  const deferred = dropDeferredIndexes(db, projectors);
  const head = await store.headPosition();
  let done = 0;
  for (let after = 0; after < head;) {
    const batch = await store.readAll({ after, limit: options.batchSize ?? 2000 });
    if (batch.length === 0) break;
    runner.applyBatch(batch);
    done += batch.length;
    after = batch[batch.length - 1]!.position;
    options.onProgress?.(after, head);
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

/**
 * `npm run rebuild`: drops the read models and replays the whole log into them with a progress bar.
 * Run it with the server stopped (or against another READ_MODEL_PATH).
 */
export const rebuild = async (): Promise<number> => {
  const config = loadConfig();
  const store = await openEventStore(config);
  const db = openReadDb(config.readModelPath);
  try {
    const head = await store.headPosition();
    // Positions are the progress measure: dense in the embedded store, byte offsets in EventStoreDB.
    const progress = createProgress('rebuild', head);
    const done = await rebuildInto(store, db, { onProgress: (position) => progress.update(position) });
    progress.finish(head);
    console.log(
      `Rebuilt ${allProjectors.length} read model(s) from ${done.toLocaleString('en-IN')} events into ${config.readModelPath}`,
    );
    return done;
  } finally {
    db.sqlite.close();
    await store.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await rebuild();
}
