import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CrackersSeason } from '../../engine/crackersSeason.ts';
import { crackersSeasonDecider, indiaDate, seasonStatus } from '../../engine/crackersSeason.ts';
import { specFor } from '../helpers/decider.ts';

const given = specFor(crackersSeasonDecider);
const season: CrackersSeason = {
  opensOn: '2026-09-15',
  closesOn: '2026-10-10',
  bands: [
    { orderBy: '2026-10-06', deliverBy: '2026-10-10' },
    { orderBy: '2026-10-10', deliverBy: '2026-10-14' },
  ],
};
const set = (s: CrackersSeason = season) =>
  ({ type: 'SetCrackersSeason', data: { ...s, by: 'admin-1', now: 1 } }) as const;

describe('the crackers season', () => {
  it('is set by an admin with its delivery promises; the same season again adds nothing', () => {
    given([])
      .when(set())
      .then([{ type: 'CrackersSeasonSet', data: { ...season, by: 'admin-1', at: 1 } }]);
    given([{ type: 'CrackersSeasonSet', data: { ...season, by: 'admin-1', at: 1 } }])
      .when(set())
      .thenNothing();
  });

  it.each([
    ['a closing day before the opening', { ...season, opensOn: '2026-10-11' }, /open on or before/],
    ['a date that does not exist', { ...season, closesOn: '2026-02-30' }, /must be dates/],
    [
      'delivery before the order',
      { ...season, bands: [{ orderBy: '2026-10-10', deliverBy: '2026-10-09' }] },
      /cannot be delivered before/,
    ],
    ['promises out of order', { ...season, bands: [...season.bands].reverse() }, /date order/],
    ['no promise up to the closing day', { ...season, bands: [season.bands[0]!] }, /up to the closing day/],
    ['no promise at all', { ...season, bands: [] }, /one to four/],
  ])('refuses %s, in words', (_name, bad, message) => {
    given([]).when(set(bad)).thenThrows('INVALID_SEASON', message);
  });

  it('is open on India days from the opening to the closing day', () => {
    expect(seasonStatus(season, Date.parse('2026-09-14T18:30:00Z'))).toEqual({ open: true });
    expect(seasonStatus(season, Date.parse('2026-09-14T18:29:59Z'))).toMatchObject({ open: false, reason: 'not_open' });
    expect(seasonStatus(season, Date.parse('2026-10-10T18:30:00Z'))).toMatchObject({ open: false, reason: 'closed' });
    expect(seasonStatus(null, 0)).toMatchObject({ open: false, reason: 'none' });
  });

  it('reads the India date of any instant since 1970 as Intl does for Asia/Kolkata (fixed +05:30 since 1945)', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8_000_000_000_000 }), (ms) => {
        expect(indiaDate(ms)).toBe(intl.format(ms));
      }),
      { numRuns: 2000 },
    );
  });
});
