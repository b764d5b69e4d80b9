import type { Context } from 'hono';

/**
 * CSV exports (RFC 4180) that are safe to open in a spreadsheet. A text cell that starts with `=`,
 * `+`, `-`, `@`, a tab or a carriage return would run as a formula in Excel, LibreOffice or Sheets
 * (CSV injection), so it gets a leading apostrophe; numbers are written as numbers. Rows are
 * streamed from an iterator a chunk at a time, so an export of a large table never sits in memory.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export const csvCell = (value: CsvValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(',')}\r\n`;

/** Paise as rupees with two decimals, a number a spreadsheet can sum. */
export const csvRupees = (paise: number | null | undefined): number | null =>
  paise === null || paise === undefined ? null : Math.round(paise) / 100;

/** An instant as ISO 8601 in India time (+05:30), which spreadsheets and people both read. */
export const csvTime = (ms: number | null | undefined): string | null => {
  if (ms === null || ms === undefined) return null;
  const ist = new Date(ms + 330 * 60_000).toISOString().slice(0, 19);
  return `${ist}+05:30`;
};

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const ROWS_PER_CHUNK = 500;

/**
 * A streaming `text/csv` download: a byte-order mark (so Excel reads UTF-8 names), the header line,
 * then each row. The body pulls rows as the client reads, so memory stays flat.
 */
export const csvResponse = <Row>(
  c: Context,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  rows: Iterator<Row> | Iterable<Row>,
): Response => {
  const iterator: Iterator<Row> = Symbol.iterator in rows ? rows[Symbol.iterator]() : rows;
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk = '';
      if (!started) {
        started = true;
        chunk = `\uFEFF${csvLine(columns.map((col) => col.header))}`;
      }
      for (let i = 0; i < ROWS_PER_CHUNK; i++) {
        const next = iterator.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += csvLine(columns.map((col) => col.value(next.value)));
      }
      controller.enqueue(encoder.encode(chunk));
    },
    cancel() {
      iterator.return?.();
    },
  });
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', `attachment; filename="${filename}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(body);
};

/**
 * Rows read a page at a time by key, each page one finished query: no SQLite statement stays open
 * while the client is slow to read, and rows added meanwhile are neither skipped nor repeated.
 * `page(after, limit)` returns the rows after the key of the last row of the page before (null first).
 */
export function* pagedRows<Row, Key>(
  page: (after: Key | null, limit: number) => readonly Row[],
  keyOf: (row: Row) => Key,
  size = ROWS_PER_CHUNK,
) {
  for (let after: Key | null = null; ;) {
    const rows = page(after, size);
    yield* rows;
    if (rows.length < size) return;
    after = keyOf(rows.at(-1)!);
  }
}

/** `vetri-rooms-2026-11-25.csv`: the export's name with today's India date. */
export const csvFilename = (what: string, now: number): string =>
  `vetri-${what}-${new Date(now + 330 * 60_000).toISOString().slice(0, 10)}.csv`;
