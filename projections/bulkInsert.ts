import type Database from 'better-sqlite3';

const CHUNK = 32;

/** Rows given value by value, written 32 at a time. */
export interface BulkInsert {
  /** Adds the next value of the current row (`columns` values make a row). */
  push(value: unknown): void;
  /** Writes the rows still held; call it before anything reads the table, and at the end of the batch. */
  flush(): void;
}

type Pair = { one: Database.Statement; many: Database.Statement };
const cache = new WeakMap<Database.Database, Map<string, Pair>>();

const statements = (db: Database.Database, head: string, columns: number) => {
  let byHead = cache.get(db);
  if (!byHead) cache.set(db, (byHead = new Map<string, Pair>()));
  let s = byHead.get(head);
  if (!s) {
    const row = `(${Array<string>(columns).fill('?').join(', ')})`;
    s = {
      one: db.prepare(`${head} VALUES ${row}`),
      many: db.prepare(`${head} VALUES ${Array<string>(CHUNK).fill(row).join(', ')}`),
    };
    byHead.set(head, s);
  }
  return s;
};

/**
 * A multi-row INSERT of 32 rows per statement: the same rows in the same order, with the same
 * conflict handling per row, as one INSERT each, with a thirty-second of the calls into SQLite.
 * `head` is `INSERT [OR …] INTO t (a, b, …)`; the statements are prepared once per connection.
 */
export const bulkInsert = (db: Database.Database, head: string, columns: number): BulkInsert => {
  const { one, many } = statements(db, head, columns);
  const buffer = new Array<unknown>(CHUNK * columns);
  let n = 0;
  return {
    push(value) {
      buffer[n++] = value;
      if (n === buffer.length) {
        many.run(buffer);
        n = 0;
      }
    },
    flush() {
      for (let i = 0; i < n; i += columns) one.run(buffer.slice(i, i + columns));
      n = 0;
    },
  };
};
