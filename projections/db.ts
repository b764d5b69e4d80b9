import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A read-model database: the raw connection for DDL and hot statements, drizzle for queries. */
export interface ReadDb {
  sqlite: Database.Database;
  orm: BetterSQLite3Database;
}

/** Beside a read-model file while a bulk rebuild writes it (see `startBulkRebuild`). */
export const rebuildMarkerOf = (path: string): string => `${path}.rebuilding`;

/** Beside it too: the read models a bulk rebuild writes on its second thread (`rebuildSide.ts`). */
export const rebuildSideOf = (path: string): string => `${path}.second-thread`;

/** A database path that names a file (not one in memory). */
export const onDisk = (path: string): boolean => path !== '' && path !== ':memory:';

/** Removes a database file with its journal, write-ahead and shared-memory files. */
export const removeDatabaseFiles = (path: string): void => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true });
};

/**
 * Opens a read-model database. Read models are this process's own (DESIGN.md §7) and can be
 * rebuilt from the log at any time, so `synchronous = NORMAL` is enough: a lost tail is re-projected.
 * A file whose bulk rebuild never finished is thrown away: the runner then builds every read
 * model from the log, as for a new file.
 */
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Switches a database to WAL, retrying while another process switches the same new file: SQLite
 * answers SQLITE_BUSY at once there (waiting could deadlock), whatever the busy timeout. Seen when
 * two servers start together on an empty data directory.
 */
export const enableWal = (db: Database.Database): void => {
  for (let attempt = 1; ; attempt++) {
    try {
      if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 250) throw error;
      Atomics.wait(pause, 0, 0, 20);
    }
  }
};

export const openReadDb = (path: string): ReadDb => {
  if (onDisk(path) && existsSync(rebuildMarkerOf(path))) {
    removeDatabaseFiles(path);
    removeDatabaseFiles(rebuildSideOf(path));
    unlinkSync(rebuildMarkerOf(path));
  }
  const sqlite = new Database(path);
  enableWal(sqlite);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = OFF');
  return { sqlite, orm: drizzle(sqlite) };
};

const syncPath = (path: string, flags: string) => {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

/**
 * Switches a read-model file to bulk writing for a full rebuild: the rollback journal in memory
 * and no syncs, so pages are written once (not to the WAL and again at each checkpoint) and the
 * disk is synced once at the end. A marker file, on disk before the first write, makes the next
 * `openReadDb` throw the file away if the rebuild dies half-way. Run it with no other connection
 * open (the server stopped), as `npm run rebuild` says.
 */
export const startBulkRebuild = ({ sqlite }: ReadDb): void => {
  if (onDisk(sqlite.name)) {
    const marker = rebuildMarkerOf(sqlite.name);
    writeFileSync(
      marker,
      'A rebuild is writing this read-model file; if it is still here, the file is thrown away.\n',
      {
        mode: 0o600,
      },
    );
    syncPath(marker, 'r+');
    syncPath(dirname(marker), 'r');
  }
  sqlite.pragma('main.journal_mode = MEMORY');
  sqlite.pragma('main.synchronous = OFF');
};

/** Back to WAL and NORMAL syncs after a bulk rebuild: the file is synced, then the marker goes. */
export const finishBulkRebuild = ({ sqlite }: ReadDb): void => {
  sqlite.pragma('main.journal_mode = WAL');
  sqlite.pragma('main.synchronous = NORMAL');
  if (!onDisk(sqlite.name)) return;
  syncPath(sqlite.name, 'r+');
  unlinkSync(rebuildMarkerOf(sqlite.name));
  syncPath(dirname(sqlite.name), 'r');
};
