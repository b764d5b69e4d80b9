import type { ProductSort } from '../../../../api/contract/shop.ts';

/** Storefront §5: the price slider runs 0 to 100000 rupees in steps of 500. */
export const PRICE_MIN = 0;
export const PRICE_MAX = 100_000;
export const PRICE_STEP = 500;
export const PAGE_SIZE = 12;

export const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'featured', label: 'Featured' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'rating', label: 'Top Rated' },
  { value: 'newest', label: 'Newest' },
  { value: 'name', label: 'Name: A to Z' },
];

/** What the shop's URL says; prices in whole rupees (the API wants paise). */
export interface ShopFilters {
  search: string;
  category: string;
  brands: string[];
  colors: string[];
  minPrice: number;
  maxPrice: number;
  rating: number;
  inStock: boolean;
  sort: ProductSort;
  page: number;
}

export const DEFAULT_FILTERS: ShopFilters = {
  search: '',
  category: '',
  brands: [],
  colors: [],
  minPrice: PRICE_MIN,
  maxPrice: PRICE_MAX,
  rating: 0,
  inStock: false,
  sort: 'featured',
  page: 1,
};

const int = (value: string | null, fallback: number, min: number, max: number) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : fallback;
};
const listOf = (value: string | null) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
const snap = (rupees: number) => Math.round(rupees / PRICE_STEP) * PRICE_STEP;

/** Reads filters from the shop's URL; anything odd falls back to the default, so a shared link always works. */
export const filtersFromParams = (params: URLSearchParams): ShopFilters => {
  const sort = params.get('sort');
  const minPrice = snap(int(params.get('min'), PRICE_MIN, PRICE_MIN, PRICE_MAX));
  const maxPrice = snap(int(params.get('max'), PRICE_MAX, PRICE_MIN, PRICE_MAX));
  return {
    search: (params.get('search') ?? '').slice(0, 100),
    category: params.get('category') ?? '',
    brands: listOf(params.get('brand')),
    colors: listOf(params.get('color')),
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
    rating: int(params.get('rating'), 0, 0, 5),
    inStock: params.get('in_stock') === '1',
    sort: SORT_OPTIONS.some((o) => o.value === sort) ? (sort as ProductSort) : 'featured',
    page: int(params.get('page'), 1, 1, 10_000),
  };
};

/** The shop URL for these filters: only what differs from the defaults, in a stable order. */
export const paramsFromFilters = (f: ShopFilters): URLSearchParams => {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('search', f.search.trim());
  if (f.category) p.set('category', f.category);
  if (f.brands.length) p.set('brand', f.brands.join(','));
  if (f.colors.length) p.set('color', f.colors.join(','));
  if (f.minPrice > PRICE_MIN) p.set('min', String(f.minPrice));
  if (f.maxPrice < PRICE_MAX) p.set('max', String(f.maxPrice));
  if (f.rating) p.set('rating', String(f.rating));
  if (f.inStock) p.set('in_stock', '1');
  if (f.sort !== 'featured') p.set('sort', f.sort);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
};

/** The API query for these filters (prices in paise). */
export const apiQuery = (f: ShopFilters): string => {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('search', f.search.trim());
  if (f.category) p.set('category', f.category);
  if (f.brands.length) p.set('brand', f.brands.join(','));
  if (f.colors.length) p.set('color', f.colors.join(','));
  if (f.minPrice > PRICE_MIN) p.set('min_price', String(f.minPrice * 100));
  if (f.maxPrice < PRICE_MAX) p.set('max_price', String(f.maxPrice * 100));
  if (f.rating) p.set('rating', String(f.rating));
  if (f.inStock) p.set('in_stock', '1');
  p.set('sort', f.sort);
  p.set('page', String(f.page));
  return p.toString();
};

/** How many filters are on (the mobile "Filters" button shows it). */
export const activeFilterCount = (f: ShopFilters): number =>
  [
    f.search.trim() !== '',
    f.category !== '',
    f.brands.length > 0,
    f.colors.length > 0,
    f.minPrice > PRICE_MIN || f.maxPrice < PRICE_MAX,
    f.rating > 0,
    f.inStock,
  ].filter(Boolean).length;

/** A change of any filter goes back to page 1. */
export const withFilter = (f: ShopFilters, patch: Partial<Omit<ShopFilters, 'page'>>): ShopFilters => ({
  ...f,
  ...patch,
  page: 1,
});
