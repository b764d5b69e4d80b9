import { createHash } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { PRIVATE_DIR_MODE, privateDir } from '../dataFiles.ts';

/**
 * Online, consistent snapshots of a deployment's data directory, and their restore.
 *
 * A snapshot holds what cannot be rebuilt: the event store (`events.db`), the signed tree heads and
 * their leaves (`heads.db`), the payment order book (`payments.db`), the log key and the
 * deployment's secrets, and uploaded images. SQLite files are copied with SQLite's online backup
 * API, page by page while the server keeps writing, so each is a consistent state; the heads are
 * copied before the event store, so every head in the snapshot is over events the snapshot holds. Read models and rate-limit counts are left out: a restore rebuilds the read models.
 * `manifest.json` names every file with its SHA-256 and the log's last position.
 */

export const SNAPSHOT_FORMAT = 'vetri-deals-snapshot';
/** heads.db before events.db: every head (and kept leaf) in a snapshot is then over events it holds. */
const SQLITE_FILES = ['heads.db', 'events.db', 'payments.db'] as const;
const PLAIN_FILES = ['secrets.json', 'log-signing-key.pem'] as const;
const FOLDERS = ['uploads'] as const;

export interface SnapshotManifest {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  created_at: string;
  /** The event store's last global position and event count in the snapshot. */
  events: number;
  last_position: number;
  /** Every file of the snapshot (relative path → hex SHA-256). */
  files: Record<string, string>;
}

const sha256File = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Every file under `root`, as paths relative to it. */
export const listFiles = (root: string, dir = root): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(root, path) : [relative(root, path)];
  });

/** A name that sorts by time: `snapshot-2026-11-24T18-30-00-000Z`. */
export const snapshotName = (now: number) => `snapshot-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;

/** The time a snapshot's name says it was taken (NaN for another name). */
export const snapshotTime = (name: string): number => {
  const m = /^snapshot-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`) : NaN;
};

/**
 * Writes a snapshot of `dataDir` into `<outDir>/<name>` (made in a temporary folder and renamed, so
 * a snapshot folder is either whole or absent). Returns its path and manifest.
 */
export const takeSnapshot = async (
  dataDir: string,
  outDir: string,
  now: number,
): Promise<{ path: string; manifest: SnapshotManifest }> => {
  if (!existsSync(join(dataDir, 'events.db')))
    throw new Error(`No embedded event store in ${dataDir}: back EventStoreDB up with its own tools.`);
  privateDir(outDir);
  const name = snapshotName(now);
  const staging = join(outDir, `.${name}.partial`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: PRIVATE_DIR_MODE });
  try {
    for (const file of SQLITE_FILES) {
      const from = join(dataDir, file);
      if (!existsSync(from)) continue;
      const db = new Database(from, { readonly: true, fileMustExist: true });
      try {
        await db.backup(join(staging, file));
      } finally {
        db.close();
      }
      // One self-contained file per database: no -wal or -shm beside it in the snapshot.
      const copy = new Database(join(staging, file));
      copy.pragma('journal_mode = DELETE');
      copy.close();
    }
    for (const file of PLAIN_FILES) {
      if (existsSync(join(dataDir, file))) copyFileSync(join(dataDir, file), join(staging, file));
    }
    for (const folder of FOLDERS) {
      if (existsSync(join(dataDir, folder))) cpSync(join(dataDir, folder), join(staging, folder), { recursive: true });
    }
    const events = new Database(join(staging, 'events.db'), { readonly: true, fileMustExist: true });
    const last = (() => {
      try {
        return events
          .prepare<[], { n: number; p: number | null }>('SELECT count(*) AS n, max(position) AS p FROM events')
          .get()!;
      } finally {
        events.close();
      }
    })();
    const files: Record<string, string> = {};
    for (const file of listFiles(staging).sort()) files[file] = sha256File(join(staging, file));
    const manifest: SnapshotManifest = {
      format: SNAPSHOT_FORMAT,
      version: 1,
      created_at: new Date(now).toISOString(),
      events: last.n,
      last_position: last.p ?? 0,
      files,
    };
    writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
    const path = join(outDir, name);
    renameSync(staging, path);
    return { path, manifest };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
};

/** Snapshot folders in `outDir`, oldest first. */
export const listSnapshots = (outDir: string): string[] =>
  existsSync(outDir)
    ? readdirSync(outDir)
        .filter((n) => n.startsWith('snapshot-') && existsSync(join(outDir, n, 'manifest.json')))
        .sort()
    : [];

/** Reads a snapshot's manifest and checks every file against it; returns the problems in words. */
export const checkSnapshotFiles = (path: string): { manifest: SnapshotManifest | null; problems: string[] } => {
  let manifest: SnapshotManifest;
  try {
    manifest = JSON.parse(readFileSync(join(path, 'manifest.json'), 'utf8')) as SnapshotManifest;
  } catch {
    return {
      manifest: null,
      problems: [`${path} has no readable manifest.json: it is not a snapshot, or it is cut short`],
    };
  }
  if (manifest.format !== SNAPSHOT_FORMAT || manifest.version !== 1)
    return { manifest: null, problems: ['manifest.json is not a version 1 Vetri Deals snapshot manifest'] };
  const problems: string[] = [];
  const present = new Set(listFiles(path).filter((f) => f !== 'manifest.json'));
  for (const [file, hash] of Object.entries(manifest.files)) {
    if (!present.has(file)) problems.push(`${file} is missing`);
    else if (sha256File(join(path, file)) !== hash) problems.push(`${file} differs from the snapshot's manifest`);
    present.delete(file);
  }
  for (const file of present) problems.push(`${file} is not in the snapshot's manifest`);
  if (!manifest.files['events.db']) problems.push('the snapshot holds no event store');
  return { manifest, problems };
};
