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
  db.pragma('journal_mode = WAL');
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
  return {
    recent: (name, key, since) => recent.all(name, digest(key), since).map((r) => r.at),
    add: (name, key, at, forgetBefore) => add(name, digest(key), at, forgetBefore),
    clear: (name, key) => void clear.run(name, digest(key)),
    close: () => db.close(),
  };
};
