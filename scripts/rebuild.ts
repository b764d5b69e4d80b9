import { loadConfig } from '../api/config.ts';
import { openEventStore } from '../api/store/index.ts';
import { openReadDb } from '../projections/db.ts';
import { allProjectors } from '../projections/index.ts';
import { createProjectionRunner, dropReadModels } from '../projections/runner.ts';
import { createProgress } from './progress.ts';

/**
 * Drops the read models and replays the whole log into them with a progress bar.
 * Run it with the server stopped (or against another READ_MODEL_PATH).
 */
export const rebuild = async (batchSize = 5000): Promise<number> => {
  const config = loadConfig();
  const store = await openEventStore(config);
  const db = openReadDb(config.readModelPath);
  try {
    dropReadModels(db, allProjectors);
    const runner = createProjectionRunner({ store, db, projectors: allProjectors });
    const head = await store.headPosition();
    // Positions are the progress measure: dense in the embedded store, byte offsets in EventStoreDB.
    const progress = createProgress('rebuild', head);
    let done = 0;
    for (let after = 0; after < head;) {
      const batch = await store.readAll({ after, limit: batchSize });
      if (batch.length === 0) break;
      runner.applyBatch(batch);
      done += batch.length;
      after = batch[batch.length - 1]!.position;
      progress.update(after);
    }
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
