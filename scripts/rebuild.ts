import { loadConfig } from '../api/config.ts';
import { openEventStore } from '../api/store/index.ts';
import { openReadDb } from '../projections/db.ts';
import { allProjectors } from '../projections/index.ts';
import { rebuildInto } from '../projections/rebuild.ts';
import { createProgress } from './progress.ts';

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
