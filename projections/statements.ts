import type Database from 'better-sqlite3';

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * The statement for `sql` on this connection, prepared on first use and kept: better-sqlite3
 * compiles the SQL again on every `prepare`, which showed in the live bid path's profile. This is
 * the one statement cache of the read models: the runner prepares every read model's write
 * statements through it (see `readModel.ts`), and the hot queries use it too.
 */
export const prepared = <P extends unknown[] | object = unknown[], R = unknown>(
  db: Database.Database,
  sql: string,
): Database.Statement<P, R> => {
  let bySql = cache.get(db);
  if (!bySql) cache.set(db, (bySql = new Map<string, Database.Statement>()));
  let statement = bySql.get(sql);
  if (!statement) bySql.set(sql, (statement = db.prepare(sql)));
  return statement as Database.Statement<P, R>;
};
