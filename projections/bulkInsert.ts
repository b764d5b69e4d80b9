import type Database from 'better-sqlite3';
import { prepared } from './statements.ts';

const CHUNK = 32;

/** Rows given value by value, written 32 at a time. */
export interface BulkInsert {
  /** Adds the next value of the current row (`columns` values make a row). */
  push(value: unknown): void;
  /** Writes the rows still held; call it before anything reads the table, and at the end of the batch. */
  flush(): void;
}

/** The SQL of one row and of 32 rows per `head`, built once (the live path makes a buffer per batch). */
const sqlByHead = new Map<string, { one: string; many: string }>();

/**
 * A multi-row INSERT of 32 rows per statement: the same rows in the same order, with the same
 * conflict handling per row, as one INSERT each, with a thirty-second of the calls into SQLite.
 * `head` is `INSERT [OR …] INTO t (a, b, …)`; the statements come from the one statement cache.
 */
export const bulkInsert = (db: Database.Database, head: string, columns: number): BulkInsert => {
  let sql = sqlByHead.get(head);
  if (!sql) {
    const row = `(${Array<string>(columns).fill('?').join(', ')})`;
    sql = { one: `${head} VALUES ${row}`, many: `${head} VALUES ${Array<string>(CHUNK).fill(row).join(', ')}` };
    sqlByHead.set(head, sql);
  }
  const one = prepared(db, sql.one);
  const many = prepared(db, sql.many);
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
