import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundPaise, filterDeals, NO_FILTERS } from '../../web/src/screens/deals/dealFilters.ts';

const room = (code: string, base: number, total: number, max: number) => ({
  code,
  base_price: base * 100,
  total_price: total * 100,
  max_price: max * 100,
});
const rooms = [room('A', 3000, 9000, 15000), room('B', 500, 2000, 4000), room('C', 6000, 20000, 30000)];

describe('deal price filters (storefront spec §5)', () => {
  it('read a bound with commas or ₹ as rupees; empty is no bound; junk is 0', () => {
    expect(boundPaise('5,000')).toBe(500_000);
    expect(boundPaise('₹ 1,250.50')).toBe(125_050);
    expect(boundPaise('')).toBeNull();
    expect(boundPaise('abc')).toBe(0);
  });

  it('keep rooms inside every range, and sort by base price ascending when asked', () => {
    const f = { ...NO_FILTERS, base_price: { min: '', max: '5,000' }, max_price: { min: '1000', max: '' } };
    expect(filterDeals(rooms, f, 'soonest').map((r) => r.code)).toEqual(['A', 'B']);
    expect(filterDeals(rooms, f, 'base_price').map((r) => r.code)).toEqual(['B', 'A']);
    expect(filterDeals(rooms, NO_FILTERS, 'soonest').map((r) => r.code)).toEqual(['A', 'B', 'C']);
    expect(filterDeals(rooms, { ...NO_FILTERS, total_price: { min: '0', max: 'abc' } }, 'soonest')).toEqual([]);
  });

  it('the base-price order is ascending and keeps the list order among equal prices', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 30 }), (bases) => {
        const list = bases.map((b, i) => room(String(i), b, b, b));
        const sorted = filterDeals(list, NO_FILTERS, 'base_price');
        expect(sorted).toHaveLength(list.length);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          expect(
            a.base_price < b.base_price || (a.base_price === b.base_price && Number(a.code) < Number(b.code)),
          ).toBe(true);
        }
      }),
    );
  });
});
