import { useCallback, useEffect, useState } from 'react';
import { useProductChanges } from './liveCatalogue.ts';
import { Link, useSearchParams } from 'react-router-dom';
import { t, plural } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { formatNumber } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import type { ShopFilters } from './filters.ts';
import { SORT_OPTIONS, activeFilterCount, apiQuery, filtersFromParams, paramsFromFilters } from './filters.ts';
import { pageItems } from './pagination.ts';
import { FilterIcon, Modal, Notice, SortIcon, Spinner } from './parts.tsx';
import { ProductCard } from './ProductCard.tsx';
import { FilterPanel, SortSelect } from './ShopFilters.tsx';
import type { Facets, ProductPage } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './catalogue.css';
import './shopPage.css';

const Pagination = ({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) => {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('Pages')}>
      <button
        type="button"
        className="page-btn"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('Previous page')}
      >
        ‹
      </button>
      {pageItems(page, pages).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} className="page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={`page-btn${item === page ? ' is-current' : ''}`}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('Page {n}', { n: formatNumber(item) })}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="page-btn"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        aria-label={t('Next page')}
      >
        ›
      </button>
    </nav>
  );
};

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: ProductPage };

/** /shop: search, filters, sort and 12-per-page results, all in the URL so a page can be shared and reloaded. */
export const Shop = () => {
  usePageTitle(t('Shop'));
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const query = apiQuery(filters);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [facets, setFacets] = useState<Facets | null>(null);
  const [sheet, setSheet] = useState<'filters' | 'sort' | null>(null);
  const [attempt, setAttempt] = useState(0);
  // An admin's change to any product: fetch this page again (the list keeps showing meanwhile).
  useProductChanges(() => setAttempt((n) => n + 1));

  const change = useCallback(
    (next: ShopFilters) => {
      setParams(paramsFromFilters(next));
    },
    [setParams],
  );

  // The filter counts follow the search and the other filters, as the list does.
  useEffect(() => {
    const controller = new AbortController();
    shopApi
      .facets(query, controller.signal)
      .then(setFacets)
      .catch((error: unknown) => {
        if (!(error instanceof DOMException)) console.error('shop: filters failed to load', error);
      });
    return () => controller.abort();
  }, [query]);

  useEffect(() => {
    const controller = new AbortController();
    setLoad((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    shopApi
      .products(query, controller.signal)
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (error instanceof DOMException) return;
        const network = error instanceof ApiError && error.code === 'NETWORK';
        setLoad({ state: 'error', message: network ? 'Server error' : 'Failed to load products' });
      });
    return () => controller.abort();
  }, [query, attempt]);

  const goToPage = (page: number) => {
    change({ ...filters, page });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const count = activeFilterCount(filters);
  const data = load.state === 'ready' ? load.data : null;

  return (
    <div className="shop-page container">
      <header className="shop-head">
        <div>
          <p className="eyebrow">{t('Members’ shop')}</p>
          <h1 translate={!filters.search && filters.category ? 'no' : undefined}>
            {filters.search ? t('Results for “{search}”', { search: filters.search }) : filters.category || t('Shop')}
          </h1>
          {data && (
            <p className="muted" aria-live="polite" data-testid="result-count">
              {data.total === 0
                ? t('No products match these filters.')
                : t('Showing {from}–{to} of {total} products', {
                    from: formatNumber((data.page - 1) * data.page_size + 1),
                    to: formatNumber(Math.min(data.total, data.page * data.page_size)),
                    total: formatNumber(data.total),
                  })}
            </p>
          )}
        </div>
        <div className="shop-head-sort">
          <SortSelect id="shop-sort" value={filters.sort} onChange={(sort) => change({ ...filters, sort, page: 1 })} />
        </div>
      </header>

      <div className="shop-mobile-bar">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setSheet('filters')}
          data-testid="open-filters"
        >
          <FilterIcon /> {t('Filters')}
          {count > 0 ? ` (${formatNumber(count)})` : ''}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSheet('sort')} data-testid="open-sort">
          <SortIcon /> {t('Sort')}
        </button>
      </div>

      <div className="shop-layout">
        <aside className="shop-sidebar" aria-label={t('Filters')}>
          <FilterPanel idPrefix="side" filters={filters} facets={facets} onChange={change} />
        </aside>
        <section className="shop-results" aria-label={t('Products')} aria-busy={load.state === 'loading'}>
          {load.state === 'loading' && <Spinner label={t('Loading products…')} />}
          {load.state === 'error' && (
            <Notice kind="error">
              <p>{t(load.message)}</p>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAttempt((n) => n + 1)}>
                {t('Try again')}
              </button>
            </Notice>
          )}
          {data && data.products.length === 0 && (
            <Notice kind="empty">
              <p>{t('No products found.')}</p>
              {count > 0 && (
                <Link to="/shop" className="btn btn-ghost btn-sm">
                  {t('Clear filters')}
                </Link>
              )}
            </Notice>
          )}
          {data && data.products.length > 0 && (
            <>
              <div className="product-grid">
                {data.products.map((p) => (
                  <ProductCard key={p.id} product={p} />
                ))}
              </div>
              <Pagination page={data.page} pages={data.pages} onPage={goToPage} />
            </>
          )}
        </section>
      </div>

      <Modal
        open={sheet === 'filters'}
        onClose={() => setSheet(null)}
        title={t('Filters')}
        variant="sheet"
        testId="filter-sheet"
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setSheet(null)}>
            {data ? plural(data.total, 'Show {n} product', 'Show {n} products') : t('Done')}
          </button>
        }
      >
        <FilterPanel idPrefix="sheet" filters={filters} facets={facets} onChange={change} />
      </Modal>
      <Modal
        open={sheet === 'sort'}
        onClose={() => setSheet(null)}
        title={t('Sort by')}
        variant="sheet"
        testId="sort-sheet"
      >
        <div className="sort-options" role="radiogroup" aria-label={t('Sort by')}>
          {SORT_OPTIONS.map((o) => (
            <label key={o.value} className="check sort-option">
              <input
                type="radio"
                name="sheet-sort"
                checked={filters.sort === o.value}
                onChange={() => {
                  change({ ...filters, sort: o.value, page: 1 });
                  setSheet(null);
                }}
              />
              <span>{t(o.label)}</span>
            </label>
          ))}
        </div>
      </Modal>
    </div>
  );
};
