import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { EventStore, RecordedEvent } from '../engine/eventStore.ts';
import { allProjectors } from './index.ts';
import type { SideData, SideReply, SideRequest } from './rebuildSide.ts';
import { batchesUpTo } from './logBatches.ts';
import { createBatchApplier, dropReadModels } from './runner.ts';
import { threadErrorOf } from './threadError.ts';

/**
 * A full rebuild's second thread: some of the product's read models, rebuilt into a file of their
 * own (`rebuildSide.ts` copies it into the read-model file at the end). It reads the log itself
 * when the store says how (`EventStore.reopen`), or takes the batches the rebuild posts.
 */
const { log, sidePath, names, head, batchSize } = workerData as SideData;
const port = parentPort!;
const projectors = allProjectors.filter((p) => names.includes(p.name));

// A scratch file, private as the read-model file is, thrown away whatever happens: no journal, no syncs.
closeSync(openSync(sidePath, 'w', 0o600));
const sqlite = new Database(sidePath);
sqlite.pragma('journal_mode = OFF');
sqlite.pragma('synchronous = OFF');
const db = { sqlite, orm: drizzle(sqlite) };
dropReadModels(db, projectors);
const applier = createBatchApplier(db, projectors);
// The rebuild makes the deferred indexes once, in the read-model file, after the copy.
for (const name of projectors.flatMap((p) => p.deferredIndexes ?? [])) sqlite.exec(`DROP INDEX "${name}"`);

const reply = (message: SideReply) => port.postMessage(message);
const failed = (error: unknown) => {
  reply({ kind: 'failed', ...threadErrorOf(error) });
  port.close();
};
const apply = (events: readonly RecordedEvent[]) => {
  applier.apply(events);
  reply({ kind: 'progress', position: events[events.length - 1]!.position });
};
const finish = () => {
  applier.writeIdleCheckpoints();
  sqlite.close();
  reply({ kind: 'done' });
  port.close();
};

/** Reads the log itself, with the store's own reading code, up to the rebuild's head. */
const readLog = async (reopen: NonNullable<SideData['log']>) => {
  const open = ((await import(reopen.module)) as Record<string, (options: unknown) => EventStore>)[reopen.exportName];
  if (!open) throw new Error(`${reopen.module} has no export ${reopen.exportName}`);
  const store = open(reopen.options);
  try {
    for await (const batch of batchesUpTo(store, head, batchSize)) apply(batch);
  } finally {
    await store.close();
  }
};

if (log) await readLog(log).then(finish, failed);
else
  port.on('message', (request: SideRequest) => {
    try {
      if (request.kind === 'batch') apply(request.events);
      else finish();
    } catch (error) {
      failed(error);
    }
  });
