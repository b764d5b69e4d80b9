import { useEffect, useState } from 'react';
import { PRODUCT_COLOURS } from '../../../../engine/productColours.ts';
import { t } from '../../i18n/index.ts';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import type { ShopFilters } from './filters.ts';
import { DEFAULT_FILTERS, PRICE_MAX, PRICE_MIN, PRICE_STEP, SORT_OPTIONS, withFilter } from './filters.ts';
import { Stars } from './parts.tsx';
import type { Facets } from './shopApi.ts';

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

/** Two sliders (0–100000, step 500); the URL changes once the thumb settles. */
const PriceRange = ({
  min,
  max,
  onChange,
}: {
  min: number;
  max: number;
  onChange: (min: number, max: number) => void;
}) => {
  const [draft, setDraft] = useState({ min, max });
  useEffect(() => {
    setDraft({ min, max });
  }, [min, max]);
  useEffect(() => {
    if (draft.min === min && draft.max === max) return;
    const timer = setTimeout(() => onChange(draft.min, draft.max), 350);
    return () => clearTimeout(timer);
  }, [draft, min, max, onChange]);
  const rupees = (n: number) => formatRupees(n * 100, { whole: true });
  return (
    <fieldset className="filter-group">
      <legend>{t('Price')}</legend>
      <p className="price-range-value" aria-live="polite">
        {rupees(draft.min)} – {rupees(draft.max)}
        {draft.max === PRICE_MAX ? '+' : ''}
      </p>
      <label className="range-label">
        <span>{t('Minimum price')}</span>
        <input
          type="range"
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={draft.min}
          aria-valuetext={rupees(draft.min)}
          onChange={(e) => setDraft((d) => ({ min: Math.min(Number(e.target.value), d.max), max: d.max }))}
        />
      </label>
      <label className="range-label">
        <span>{t('Maximum price')}</span>
        <input
          type="range"
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={draft.max}
          aria-valuetext={rupees(draft.max)}
          onChange={(e) => setDraft((d) => ({ min: d.min, max: Math.max(Number(e.target.value), d.min) }))}
        />
      </label>
    </fieldset>
  );
};

/** Every shop filter: search, category, price, brand, rating, colour and in stock. Used in the sidebar and the mobile sheet. */
export const FilterPanel = ({
  filters,
  facets,
  onChange,
  idPrefix,
}: {
  filters: ShopFilters;
  facets: Facets | null;
  onChange: (next: ShopFilters) => void;
  idPrefix: string;
}) => {
  const [search, setSearch] = useState(filters.search);
  useEffect(() => {
    setSearch(filters.search);
  }, [filters.search]);
  const set = (patch: Partial<Omit<ShopFilters, 'page'>>) => onChange(withFilter(filters, patch));

  return (
    <div className="filter-panel">
      <form
        className="filter-group"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ search });
        }}
      >
        <label htmlFor={`${idPrefix}-search`} className="filter-title">
          {t('Search')}
        </label>
        <div className="filter-search">
          <input
            id={`${idPrefix}-search`}
            type="search"
            value={search}
            placeholder={t('Name or description')}
            onChange={(e) => setSearch(e.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-sm">
            {t('Go')}
          </button>
        </div>
      </form>

      <div className="filter-group">
        <label htmlFor={`${idPrefix}-category`} className="filter-title">
          {t('Category')}
        </label>
        <select
          id={`${idPrefix}-category`}
          value={filters.category}
          onChange={(e) => set({ category: e.target.value })}
        >
          <option value="">{t('All categories')}</option>
          {facets?.categories.map((c) => (
            <option key={c.value} value={c.value} translate="no">
              {c.value} ({formatNumber(c.count)})
            </option>
          ))}
        </select>
      </div>

      <PriceRange
        min={filters.minPrice}
        max={filters.maxPrice}
        onChange={(minPrice, maxPrice) => set({ minPrice, maxPrice })}
      />

      <fieldset className="filter-group">
        <legend>{t('Brand')}</legend>
        <div className="check-list">
          {facets?.brands.map((b) => (
            <label key={b.value} className="check">
              <input
                type="checkbox"
                checked={filters.brands.includes(b.value)}
                onChange={() => set({ brands: toggle(filters.brands, b.value) })}
              />
              <span translate="no">{b.value}</span>
              <span className="muted">{formatNumber(b.count)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="filter-group">
        <legend>{t('Rating')}</legend>
        <div className="check-list">
          {[5, 4, 3, 2, 1].map((stars) => (
            <label key={stars} className="check">
              <input
                type="radio"
                name={`${idPrefix}-rating`}
                checked={filters.rating === stars}
                onChange={() => set({ rating: stars })}
              />
              <Stars rating={stars} size={14} />
              <span className="muted">{stars === 5 ? t('5 stars') : t('{n} & up', { n: formatNumber(stars) })}</span>
            </label>
          ))}
          {filters.rating > 0 && (
            <button type="button" className="link-btn" onClick={() => set({ rating: 0 })}>
              {t('Any rating')}
            </button>
          )}
        </div>
      </fieldset>

      <fieldset className="filter-group">
        <legend>{t('Colour')}</legend>
        <div className="swatches">
          {facets?.colors.map((c) => (
            <label key={c.value} className="swatch-label" title={t(c.value)}>
              <input
                type="checkbox"
                className="visually-hidden"
                checked={filters.colors.includes(c.value)}
                onChange={() => set({ colors: toggle(filters.colors, c.value) })}
              />
              <span className="swatch" style={{ background: PRODUCT_COLOURS[c.value] ?? '#ccc' }} aria-hidden="true" />
              <span className="swatch-name">{t(c.value)}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <label className="check filter-group">
        <input type="checkbox" checked={filters.inStock} onChange={(e) => set({ inStock: e.target.checked })} />
        <span>{t('In stock only')}</span>
      </label>

      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => onChange({ ...DEFAULT_FILTERS, sort: filters.sort })}
      >
        {t('Clear all filters')}
      </button>
    </div>
  );
};

export const SortSelect = ({
  value,
  onChange,
  id,
}: {
  value: string;
  onChange: (v: ShopFilters['sort']) => void;
  id: string;
}) => (
  <label className="sort-select" htmlFor={id}>
    <span>{t('Sort by')}</span>
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as ShopFilters['sort'])}>
      {SORT_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {t(o.label)}
        </option>
      ))}
    </select>
  </label>
);
