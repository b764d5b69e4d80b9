import Database from 'better-sqlite3';
import { join } from 'node:path';
import { privateFile } from './dataFiles.ts';

const busy = (error: unknown) => (error as { code?: string }).code === 'SQLITE_BUSY';

/**
 * Runs `work` while holding an exclusive lock named `name` in the data directory, shared by every
 * process on it: an SQLite EXCLUSIVE transaction on `${name}.lock`, so the operating system drops
 * the lock when its holder dies, and a crashed process never leaves a stale lock behind. Waiting
 * is asynchronous (a poll every `pollMs`), so the event loop keeps serving meanwhile.
 */
export const withDataDirLock = async <T>(
  dataDir: string,
  name: string,
  work: () => Promise<T>,
  pollMs = 50,
): Promise<T> => {
  const path = join(dataDir, `${name}.lock`);
  privateFile(path);
  const db = new Database(path);
  db.pragma('busy_timeout = 0');
  try {
    for (;;) {
      try {
        db.exec('BEGIN EXCLUSIVE');
        break;
      } catch (error) {
        if (!busy(error)) throw error;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    }
    try {
      return await work();
    } finally {
      db.exec('ROLLBACK');
    }
  } finally {
    db.close();
  }
};

/**
 * The same lock held synchronously, for work done once at start-up before anything is served (a
 * data-directory secret): waits up to `timeoutMs` for another process to finish its turn.
 */
export const withDataDirLockSync = <T>(dataDir: string, name: string, work: () => T, timeoutMs = 30_000): T => {
  const path = join(dataDir, `${name}.lock`);
  privateFile(path);
  const db = new Database(path, { timeout: timeoutMs });
  try {
    db.exec('BEGIN EXCLUSIVE');
    try {
      return work();
    } finally {
      db.exec('ROLLBACK');
    }
  } finally {
    db.close();
  }
};
