import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvTime, pagedRows } from '../../api/http/csv.ts';

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+91 98765', "'+91 98765"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['Kavya, Thanjavur', '"Kavya, Thanjavur"'],
    ['line\nbreak', '"line\nbreak"'],
    ['Plain text', 'Plain text'],
    ['தமிழ்', 'தமிழ்'],
  ])('%j becomes %j (no formula runs in a spreadsheet)', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('writes numbers as numbers (negative amounts too), blanks for missing values', () => {
    expect(csvLine([-12.5, 0, null, undefined, true, 'x'])).toBe('-12.5,0,,,yes,x\r\n');
  });

  it('writes times in India time with the offset', () => {
    expect(csvTime(Date.parse('2026-11-22T04:30:00.000Z'))).toBe('2026-11-22T10:00:00+05:30');
  });
});

describe('pagedRows', () => {
  it('reads every row once by key, even when rows arrive while it reads', () => {
    const table = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));
    const seen: number[] = [];
    for (const row of pagedRows(
      (after: number | null, limit) => table.filter((r) => r.id > (after ?? 0)).slice(0, limit),
      (r) => r.id,
      5,
    )) {
      seen.push(row.id);
      if (row.id === 7) table.push({ id: 24 }, { id: 25 });
    }
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });
});
