import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import type { EventStore } from '../../engine/eventStore.ts';
import { dirname, join } from 'node:path';
import { openReadDb } from '../../projections/db.ts';
import { rebuildInto } from '../../projections/rebuild.ts';
import { privateDataDir } from '../dataFiles.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import { verifyAll } from '../store/verify.ts';
import { checkStoreAgainstKeptHeads } from '../transparency/logCheck.ts';
import { loadLogKey } from '../transparency/logKey.ts';
import { checkSnapshotFiles } from './snapshot.ts';

export type RestoreVerdict =
  { ok: true; events: number; streams: number; heads: number } | { ok: false; problems: string[] };

/**
 * Restores a snapshot into an empty data directory: checks every file against the snapshot's
 * manifest, every stream's chain (and each room's rules), and the whole log against the signed
 * heads and leaves it holds; rebuilds the read models (`readModelFile` inside the data directory);
 * only then moves the result into place. A snapshot that does not verify is refused and the data
 * directory is left untouched.
 */
export const restoreSnapshot = async (
  snapshot: string,
  dataDir: string,
  options: {
    readModelFile: string;
    logOrigin: string;
    /** LOG_SIGNING_KEY, when the deployment is given its key rather than keeping it in the data directory. */
    logSigningKey?: string;
    onProgress?: (position: number, head: number) => void;
  },
): Promise<RestoreVerdict> => {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    return { ok: false, problems: [`${dataDir} is not empty: restore only into an empty data directory`] };
  const files = checkSnapshotFiles(snapshot);
  if (!files.manifest || files.problems.length > 0) return { ok: false, problems: files.problems };
  const staging = join(dirname(dataDir), `.${dataDir.split('/').pop()}.restoring`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(snapshot, staging, { recursive: true });
  rmSync(join(staging, 'manifest.json'));
  privateDataDir(staging);
  const store = openSqliteStore({ path: join(staging, 'events.db') });
  let checked: { problems: string[]; streams: number; heads: number };
  try {
    checked = await checkAndRebuild(store, staging, options);
  } finally {
    await store.close();
  }
  if (checked.problems.length > 0) {
    rmSync(staging, { recursive: true, force: true });
    return { ok: false, problems: checked.problems };
  }
  if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
  renameSync(staging, dataDir);
  return { ok: true, events: files.manifest.events, streams: checked.streams, heads: checked.heads };
};

/** Every chain, the log against its signed heads, then the read models rebuilt: the problems, in words. */
const checkAndRebuild = async (
  store: EventStore,
  staging: string,
  options: Parameters<typeof restoreSnapshot>[2],
): Promise<{ problems: string[]; streams: number; heads: number }> => {
  const verdicts = await verifyAll(store);
  const streams = verdicts.length;
  const refuse = (problems: string[]) => ({ problems, streams, heads: 0 });
  const bad = verdicts.flatMap((v) =>
    v.ok ? [] : [`${v.stream}: event ${v.badEventId} at revision ${v.badRevision}: ${v.reason}`],
  );
  if (bad.length > 0) return refuse(bad);
  let heads = 0;
  if (existsSync(join(staging, 'heads.db'))) {
    // The key as the deployment loads it: LOG_SIGNING_KEY when given, else the snapshot's key file.
    if (!options.logSigningKey && !existsSync(join(staging, 'log-signing-key.pem')))
      return refuse(['the snapshot holds signed heads but no log key: set LOG_SIGNING_KEY to the deployment’s key']);
    const verifierKey = loadLogKey(staging, options.logOrigin, options.logSigningKey).verifierKey;
    const { unsigned, verdict } = await checkStoreAgainstKeptHeads(store, join(staging, 'heads.db'), verifierKey);
    if (unsigned > 0) return refuse([`${unsigned} signed head(s) in the snapshot are not signed by its log key`]);
    if (!verdict.ok) return refuse([`the event store is not the log its signed heads hold: ${verdict.reason}`]);
    heads = verdict.heads;
  }
  const db = openReadDb(join(staging, options.readModelFile));
  try {
    await rebuildInto(store, db, { onProgress: options.onProgress });
  } finally {
    db.sqlite.close();
  }
  return { problems: [], streams, heads };
};
