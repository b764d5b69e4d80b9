import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatVerifierKey } from '../../engine/checkpoint.ts';
import { openReadDb } from '../../projections/db.ts';
import { sha256 } from '../../projections/merkle.ts';
import { rebuildInto } from '../../projections/rebuild.ts';
import { privateDataDir } from '../dataFiles.ts';
import { openSqliteStore } from '../store/sqlite.ts';
import { verifyAll } from '../store/verify.ts';
import { checkLogAgainstHeads, openKeptHeads } from '../transparency/logCheck.ts';
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
  options: { readModelFile: string; logOrigin: string; onProgress?: (position: number, head: number) => void },
): Promise<RestoreVerdict> => {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    return { ok: false, problems: [`${dataDir} is not empty: restore only into an empty data directory`] };
  const files = checkSnapshotFiles(snapshot);
  if (files.problems.length > 0) return { ok: false, problems: files.problems };
  const staging = join(dirname(dataDir), `.${dataDir.split('/').pop()}.restoring`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(snapshot, staging, { recursive: true });
  rmSync(join(staging, 'manifest.json'));
  privateDataDir(staging);
  const refuse = (problems: string[]): RestoreVerdict => {
    rmSync(staging, { recursive: true, force: true });
    return { ok: false, problems };
  };
  const store = openSqliteStore({ path: join(staging, 'events.db') });
  let heads = 0;
  let streams = 0;
  try {
    const verdicts = await verifyAll(store);
    streams = verdicts.length;
    const bad = verdicts.filter((v) => !v.ok);
    if (bad.length > 0)
      return refuse(
        bad.map((v) => (v.ok ? '' : `${v.stream}: event ${v.badEventId} at revision ${v.badRevision}: ${v.reason}`)),
      );
    if (existsSync(join(staging, 'heads.db'))) {
      const keyPem = join(staging, 'log-signing-key.pem');
      const verifierKey = existsSync(keyPem)
        ? loadLogKey(staging, options.logOrigin).verifierKey
        : formatVerifierKey(sha256, options.logOrigin, new Uint8Array(32));
      const kept = openKeptHeads(join(staging, 'heads.db'), verifierKey);
      try {
        if (kept.unsigned > 0)
          return refuse([`${kept.unsigned} signed head(s) in the snapshot are not signed by its log key`]);
        const log = await checkLogAgainstHeads(store, kept.heads, kept.keptLeaf);
        if (!log.ok) return refuse([`the event store is not the log its signed heads hold: ${log.reason}`]);
        heads = kept.heads.length;
      } finally {
        kept.close();
      }
    }
    const db = openReadDb(join(staging, options.readModelFile));
    try {
      await rebuildInto(store, db, { onProgress: options.onProgress });
    } finally {
      db.sqlite.close();
    }
    const events = JSON.parse(readFileSync(join(snapshot, 'manifest.json'), 'utf8')) as { events: number };
    await store.close();
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
    renameSync(staging, dataDir);
    return { ok: true, events: events.events, streams, heads };
  } finally {
    await store.close().catch(() => undefined);
  }
};
