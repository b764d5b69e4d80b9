import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';

/** A read-model database: the raw connection for DDL and hot statements, drizzle for queries. */
export interface ReadDb {
  sqlite: Database.Database;
  orm: BetterSQLite3Database;
}

/**
 * Opens a read-model database. Read models are this process's own (DESIGN.md §7) and can be
 * rebuilt from the log at any time, so `synchronous = NORMAL` is enough: a lost tail is re-projected.
 */
export const openReadDb = (path: string): ReadDb => {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = OFF');
  return { sqlite, orm: drizzle(sqlite) };
};
