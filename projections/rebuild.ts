import type { EventStore } from '../engine/eventStore.ts';
import type { ReadDb } from './db.ts';
import { finishBulkRebuild, startBulkRebuild } from './db.ts';
import { allProjectors } from './index.ts';
import type { Projector } from './projector.ts';
import { createProjectionRunner, dropReadModels } from './runner.ts';

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
