import type { PlayerRole, RowError } from '../../engine/league.ts';
import { PLAYER_ROLES } from '../../engine/league.ts';
import { ApiError } from '../http/errors.ts';

export const MAX_CSV_ROWS = 500;

/** RFC 4180 CSV: quoted fields with "" escapes and line breaks, CRLF or LF, a leading BOM; blank lines skipped. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  const endRow = () => {
    row.push(field);
    if (row.some((f) => f.trim() !== '')) rows.push(row.map((f) => f.trim()));
    row = [];
    field = '';
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
    } else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRow();
    } else field += ch;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
};

const headerKey = (h: string) =>
  h
    .toLowerCase()
    .replace(/[^a-z]+/g, '_')
    .replace(/^_|_$/g, '');

const csvError = (message: string) => new ApiError(422, 'INVALID_CSV', message);

/** Data rows as objects keyed by the wanted columns. Headers are matched loosely ("Team Name" = team_name). */
export const csvRecords = <K extends string>(
  text: string,
  columns: readonly K[],
  aliases: Partial<Record<string, K>> = {},
) => {
  const [header, ...data] = parseCsv(text);
  if (!header) throw csvError('The file is empty. The first line must name the columns.');
  const keys = header.map((h) => {
    const key = headerKey(h);
    return aliases[key] ?? key;
  });
  const missing = columns.filter((c) => !keys.includes(c));
  if (missing.length)
    throw csvError(
      `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}. Expected: ${columns.join(', ')}.`,
    );
  if (data.length === 0) throw csvError('The file has a header but no rows.');
  if (data.length > MAX_CSV_ROWS) throw csvError(`At most ${MAX_CSV_ROWS} rows per upload.`);
  return data.map(
    (cells) => Object.fromEntries(columns.map((c) => [c, cells[keys.indexOf(c)] ?? ''])) as Record<K, string>,
  );
};

/** A whole number from a cell, or NaN (the decider then names the row's problem). */
export const wholeNumber = (cell: string): number =>
  /^\d+$/.test(cell.replace(/[,\s]/g, '')) ? Number(cell.replace(/[,\s]/g, '')) : NaN;

const ROLE_WORDS: Record<string, PlayerRole> = {
  batter: 'Batter',
  batsman: 'Batter',
  bowler: 'Bowler',
  allrounder: 'All-rounder',
  wicketkeeper: 'Wicket-keeper',
  keeper: 'Wicket-keeper',
  wk: 'Wicket-keeper',
};

/** "all rounder", "All-Rounder", "WK" → the role's canonical name; anything else is returned as typed. */
export const playerRole = (cell: string): PlayerRole => {
  const found = ROLE_WORDS[cell.toLowerCase().replace(/[^a-z]/g, '')];
  return found ?? PLAYER_ROLES.find((r) => r === cell) ?? (cell as PlayerRole);
};

/** Row errors from two sources merged by row, in row order. */
export const mergeRowErrors = (a: RowError[], b: RowError[]): RowError[] => {
  const byRow = new Map<number, string[]>();
  for (const e of [...a, ...b]) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.message]);
  return [...byRow.entries()]
    .sort(([x], [y]) => x - y)
    .map(([row, messages]) => ({ row, message: messages.join(' ') }));
};
