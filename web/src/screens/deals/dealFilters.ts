import type { RoomSummary } from '../../../../api/contract/rooms.ts';

/**
 * The deals page's price filters and sort (storefront spec §5): base, total and max price ranges in
 * rupees, typed with or without commas ("5,000", "₹5000"); a bound left empty is no bound. The
 * spec's defaults (0–5000, 0–10000, 0–20000) are shown as hints rather than applied, because
 * applied they would hide every room of a product over ₹16,000 before a member touched a filter.
 */
export type PriceField = 'base_price' | 'total_price' | 'max_price';
export const PRICE_FIELDS: readonly { key: PriceField; label: string; hint: [number, number] }[] = [
  { key: 'base_price', label: 'Base price', hint: [0, 5000] },
  { key: 'total_price', label: 'Total price', hint: [0, 10000] },
  { key: 'max_price', label: 'Max price', hint: [0, 20000] },
];

export type DealSort = 'soonest' | 'base_price';
export type PriceFilters = Record<PriceField, { min: string; max: string }>;
export const NO_FILTERS: PriceFilters = {
  base_price: { min: '', max: '' },
  total_price: { min: '', max: '' },
  max_price: { min: '', max: '' },
};

/** What a typed bound means in paise: commas, ₹ and other non-digits stripped; empty is no bound; junk is 0. */
export const boundPaise = (text: string): number | null => {
  if (text.trim() === '') return null;
  const digits = text.replace(/[^\d.]/g, '');
  const rupees = Number(digits);
  return Number.isFinite(rupees) && digits !== '' ? Math.round(rupees * 100) : 0;
};

export const filtersActive = (f: PriceFilters): boolean =>
  PRICE_FIELDS.some(({ key }) => f[key].min.trim() !== '' || f[key].max.trim() !== '');

type Priced = Pick<RoomSummary, PriceField>;

/** The rooms inside every range, in the chosen order (soonest keeps the list's own order; base price is ascending and stable). */
export const filterDeals = <R extends Priced>(rooms: readonly R[], f: PriceFilters, sort: DealSort): R[] => {
  const bounds = PRICE_FIELDS.map(({ key }) => ({ key, min: boundPaise(f[key].min), max: boundPaise(f[key].max) }));
  const kept = rooms.filter((r) =>
    bounds.every(({ key, min, max }) => (min === null || r[key] >= min) && (max === null || r[key] <= max)),
  );
  return sort === 'base_price'
    ? kept
        .map((r, i) => [r, i] as const)
        .sort((a, b) => a[0].base_price - b[0].base_price || a[1] - b[1])
        .map(([r]) => r)
    : kept;
};
