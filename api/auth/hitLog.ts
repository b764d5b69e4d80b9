import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/**
 * Where rate limits keep their hits (failed logins, codes sent, orders placed), by limit name and
 * key (an email or an address). In memory for one process; in a SQLite file under DATA_DIR when
 * several processes serve one log, so the limits hold across all of them rather than per process.
 */
export interface HitLog {
  /** Times of the key's hits at or after `since`, oldest first. */
  recent(name: string, key: string, since: number): number[];
  /** Records a hit; hits older than `forgetBefore` are dropped. */
  add(name: string, key: string, at: number, forgetBefore: number): void;
  clear(name: string, key: string): void;
  close(): void;
}

const MAX_KEYS = 50_000;

export const memoryHitLog = (): HitLog => {
  const hits = new Map<string, number[]>();
  const id = (name: string, key: string) => `${name}\u0000${key}`;
  return {
    recent: (name, key, since) => (hits.get(id(name, key)) ?? []).filter((t) => t >= since),
    add(name, key, at, forgetBefore) {
      const k = id(name, key);
      const list = (hits.get(k) ?? []).filter((t) => t >= forgetBefore);
      list.push(at);
      hits.delete(k);
      hits.set(k, list);
      if (hits.size > MAX_KEYS) hits.delete(hits.keys().next().value!);
    },
    clear: (name, key) => void hits.delete(id(name, key)),
    close: () => hits.clear(),
  };
};

/** Keys are stored hashed: the file holds no emails or addresses. */
const digest = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 22);

export const sqliteHitLog = (path: string): HitLog => {
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
  const add = db.transaction((name: string, key: string, at: number, forgetBefore: number) => {
    forget.run(name, key, forgetBefore);
    insert.run(name, key, at);
  });
  return {
    recent: (name, key, since) => recent.all(name, digest(key), since).map((r) => r.at),
    add: (name, key, at, forgetBefore) => add(name, digest(key), at, forgetBefore),
    clear: (name, key) => void clear.run(name, digest(key)),
    close: () => db.close(),
  };
};
