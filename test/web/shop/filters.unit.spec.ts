import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  activeFilterCount,
  apiQuery,
  filtersFromParams,
  paramsFromFilters,
  withFilter,
} from '../../../web/src/screens/shop/filters.ts';
import { pageItems } from '../../../web/src/screens/shop/pagination.ts';

describe('shop pagination (first, last, ±2, ellipses)', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('puts ellipses between the first, the ±2 window and the last', () => {
    expect(pageItems(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, 'gap', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'gap', 3, 4, 5, 6, 7, 'gap', 20]);
  });
});

describe('shop filters in the URL', () => {
  it('round-trips every filter through the URL', () => {
    const f = {
      ...DEFAULT_FILTERS,
      search: 'silk saree',
      category: 'Fashion',
      brands: ['Kaveri', 'Aadhi'],
      colors: ['Maroon'],
      minPrice: 1_000,
      maxPrice: 20_000,
      rating: 4,
      inStock: true,
      sort: 'price_asc' as const,
      page: 3,
    };
    const params = paramsFromFilters(f);
    expect(params.toString()).toBe(
      'search=silk+saree&category=Fashion&brand=Kaveri%2CAadhi&color=Maroon&min=1000&max=20000&rating=4&in_stock=1&sort=price_asc&page=3',
    );
    expect(filtersFromParams(params)).toEqual(f);
  });

  it('leaves defaults out of the URL and reads junk as defaults', () => {
    expect(paramsFromFilters(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('page=-4&rating=9&sort=evil&min=abc&max=250000'))).toEqual({
      ...DEFAULT_FILTERS,
      rating: 5,
    });
  });

  it('snaps prices to the slider’s ₹500 steps and keeps min ≤ max', () => {
    const f = filtersFromParams(new URLSearchParams('min=40100&max=1200'));
    expect([f.minPrice, f.maxPrice]).toEqual([1_000, 40_000]);
  });

  it('asks the API in paise and goes back to page 1 on any filter change', () => {
    const f = withFilter({ ...DEFAULT_FILTERS, page: 4 }, { minPrice: 500, maxPrice: 1_500 });
    expect(f.page).toBe(1);
    expect(apiQuery(f)).toBe('min_price=50000&max_price=150000&sort=featured&page=1');
    expect(activeFilterCount(f)).toBe(1);
  });
});
