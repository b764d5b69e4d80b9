import { enableWal } from '../../projections/db.ts';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { privateFile } from '../dataFiles.ts';

/**
 * Where rate limits keep their hits (failed logins, codes sent, orders placed), by limit name and
 * key (an email or an address): a SQLite file under DATA_DIR, so when several processes serve one
 * log the limits hold across all of them rather than per process.
 */
export interface HitLog {
  /** Times of the key's hits at or after `since`, oldest first. */
  recent(name: string, key: string, since: number): number[];
  /** Records a hit; hits older than `forgetBefore` are dropped. */
  add(name: string, key: string, at: number, forgetBefore: number): void;
  clear(name: string, key: string): void;
  /**
   * Counts a try before it is checked, atomically across processes: records a hit when `allow`
   * accepts the key's hits since `since` (oldest first), and returns its id; null when refused.
   */
  take(name: string, key: string, at: number, since: number, allow: (times: number[]) => boolean): number | null;
  /** Takes back one hit recorded by `take` (a try that turned out to be no failure). */
  forgive(id: number): void;
  close(): void;
}

/** Longer than any limit's window: hits older than this count for nothing. */
const KEEP_MS = 24 * 60 * 60_000;
const PRUNE_EVERY = 500;

/** Keys are stored hashed: the file holds no emails or addresses. */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

export const sqliteHitLog = (path: string): HitLog => {
  privateFile(path);
  const db = new Database(path);
  enableWal(db);
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS hits (name TEXT NOT NULL, key TEXT NOT NULL, at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS hits_key ON hits(name, key, at);`);
  const recent = db.prepare<[string, string, number], { at: number }>(
    'SELECT at FROM hits WHERE name = ? AND key = ? AND at >= ? ORDER BY at',
  );
  const forget = db.prepare('DELETE FROM hits WHERE name = ? AND key = ? AND at < ?');
  const insert = db.prepare('INSERT INTO hits (name, key, at) VALUES (?, ?, ?)');
  const clear = db.prepare('DELETE FROM hits WHERE name = ? AND key = ?');
  // Keys that are never hit again are not forgotten by `forget`: every so often, drop every old hit.
  const prune = db.prepare('DELETE FROM hits WHERE at < ?');
  let adds = 0;
  const add = db.transaction((name: string, key: string, at: number, forgetBefore: number) => {
    forget.run(name, key, forgetBefore);
    insert.run(name, key, at);
    if (++adds % PRUNE_EVERY === 0) prune.run(at - KEEP_MS);
  });
  const forgiveOne = db.prepare('DELETE FROM hits WHERE rowid = ?');
  const take = db.transaction(
    (name: string, key: string, at: number, since: number, allow: (times: number[]) => boolean): number | null => {
      forget.run(name, key, since);
      if (!allow(recent.all(name, key, since).map((r) => r.at))) return null;
      return Number(insert.run(name, key, at).lastInsertRowid);
    },
  );
  return {
    // IMMEDIATE: the count and the insert hold the write lock together, so parallel tries in other
    // processes queue behind this one instead of all counting the same hits.
    take: (name, key, at, since, allow) => take.immediate(name, digest(key), at, since, allow),
    forgive: (id) => void forgiveOne.run(id),
    recent: (name, key, since) => recent.all(name, digest(key), since).map((r) => r.at),
    add: (name, key, at, forgetBefore) => add(name, digest(key), at, forgetBefore),
    clear: (name, key) => void clear.run(name, digest(key)),
    close: () => db.close(),
  };
};
