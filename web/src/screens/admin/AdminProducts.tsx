import { useCallback, useEffect, useState } from 'react';
import type { AdminProduct, Taxonomy } from '../../../../api/contract/shop.ts';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, messageOf } from '../../lib/api.ts';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { rupeesToPaise, serverSaid } from './adminForms.ts';
import { AdminNav } from './AdminNav.tsx';
import '../auth/auth.css';
import './admin.css';

type Result = { tone: 'success' | 'error'; text: string } | null;
const rupees = (paise: number) => (paise / 100).toFixed(2).replace(/\.00$/, '');

/** One product's edit form: every field, prices in rupees, category and brand from the lists. */
const EditForm = ({
  product,
  taxonomy,
  busy,
  onSave,
}: {
  product: AdminProduct;
  taxonomy: Taxonomy;
  busy: boolean;
  onSave: (changes: Record<string, unknown>) => void;
}) => {
  const [f, setF] = useState({
    name: product.name,
    description: product.description,
    price: rupees(product.price),
    original_price: rupees(product.original_price),
    category: product.category,
    brand: product.brand,
    color: product.color,
    reward_points: String(product.reward_points),
    images: product.images.join('\n'),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const id = `edit-${product.id}`;
  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [k]: e.target.value }));
  return (
    <form
      className="admin-form product-edit"
      aria-labelledby={`${id}-title product-name-${product.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        const price = rupeesToPaise(f.price);
        const original = rupeesToPaise(f.original_price);
        if (Number.isNaN(price) || Number.isNaN(original))
          return setProblem(t('Prices are rupees, like 1299 or 1299.50.'));
        if (original < price) return setProblem(t('The original price cannot be below the price.'));
        const images = f.images
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        if (images.length === 0) return setProblem(t('Keep at least one image.'));
        setProblem(null);
        onSave({
          name: f.name,
          description: f.description,
          price,
          original_price: original,
          category: f.category,
          brand: f.brand,
          color: f.color,
          reward_points: Number(f.reward_points),
          images,
          image_url: images[0],
        });
      }}
    >
      <span id={`${id}-title`} hidden>
        {t('Edit')}
      </span>
      <div className="form-grid">
        <div className="vd-form-field">
          <label htmlFor={`${id}-name`}>{t('Name')}</label>
          <input id={`${id}-name`} value={f.name} onChange={set('name')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-price`}>{t('Price (₹)')}</label>
          <input id={`${id}-price`} inputMode="decimal" value={f.price} onChange={set('price')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-original`}>{t('Original price (₹)')}</label>
          <input id={`${id}-original`} inputMode="decimal" value={f.original_price} onChange={set('original_price')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-category`}>{t('Category')}</label>
          <select id={`${id}-category`} value={f.category} onChange={set('category')}>
            {[...new Set([f.category, ...taxonomy.categories.map((c) => c.name)])].map((c) => (
              <option key={c} translate="no">
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-brand`}>{t('Brand')}</label>
          <select id={`${id}-brand`} value={f.brand} onChange={set('brand')}>
            {[...new Set([f.brand, ...taxonomy.brands.map((c) => c.name)])].map((c) => (
              <option key={c} translate="no">
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-color`}>{t('Colour')}</label>
          <input id={`${id}-color`} value={f.color} onChange={set('color')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-points`}>{t('Reward points')}</label>
          <input id={`${id}-points`} inputMode="numeric" value={f.reward_points} onChange={set('reward_points')} />
        </div>
      </div>
      <div className="vd-form-field">
        <label htmlFor={`${id}-description`}>{t('Description')}</label>
        <textarea
          id={`${id}-description`}
          translate="no"
          rows={3}
          value={f.description}
          onChange={set('description')}
        />
      </div>
      <div className="vd-form-field">
        <label htmlFor={`${id}-images`}>{t('Images (one path per line; the first is the main one)')}</label>
        <textarea id={`${id}-images`} translate="no" rows={2} value={f.images} onChange={set('images')} />
      </div>
      {problem && (
        <p className="vd-form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {t('Save changes')}
      </button>
    </form>
  );
};

/** The category and brand lists: add a name, remove one no product uses. */
const TaxonomyPanel = ({
  taxonomy,
  isAdmin,
  onChange,
}: {
  taxonomy: Taxonomy;
  isAdmin: boolean;
  onChange: (lists: Taxonomy, message: string) => void;
}) => {
  const [names, setNames] = useState({ categories: '', brands: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const call = async (kind: 'categories' | 'brands', method: 'POST' | 'DELETE', name: string) => {
    setProblem(null);
    try {
      const lists = await api<Taxonomy>(
        `/api/admin/shop-taxonomy/${kind}${method === 'DELETE' ? `/${encodeURIComponent(name)}` : ''}`,
        method === 'POST' ? { body: { name } } : { method },
      );
      if (method === 'POST') setNames((n) => ({ ...n, [kind]: '' }));
      onChange(
        lists,
        method === 'POST' ? t('Added “{name}”.', { name: name.trim() }) : t('Removed “{name}”.', { name }),
      );
    } catch (e) {
      setProblem(messageOf(e, t('That did not go through. Please try again.')));
    }
  };
  return (
    <div className="card admin-panel taxonomy" data-testid="taxonomy">
      <h2>{t('Categories and brands')}</h2>
      {problem && <Notice tone="error">{problem}</Notice>}
      <div className="taxonomy-lists">
        {(['categories', 'brands'] as const).map((kind) => (
          <section key={kind} aria-label={kind === 'categories' ? t('Categories') : t('Brands')}>
            <h3>{kind === 'categories' ? t('Categories') : t('Brands')}</h3>
            <ul>
              {taxonomy[kind].map((e) => (
                <li key={e.name}>
                  <span>
                    <span translate="no">{e.name}</span> <span className="muted">({formatNumber(e.products)})</span>
                  </span>
                  {isAdmin && e.products === 0 && (
                    <button type="button" className="link-btn" onClick={() => void call(kind, 'DELETE', e.name)}>
                      {tRich(
                        'Remove <name>{name}</name>',
                        { name: (words) => <span translate="no">{words}</span> },
                        { name: e.name },
                      )}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {isAdmin && (
              <form
                className="button-row"
                onSubmit={(e) => {
                  e.preventDefault();
                  void call(kind, 'POST', names[kind]);
                }}
              >
                <label className="visually-hidden" htmlFor={`new-${kind}`}>
                  {kind === 'categories' ? t('New category') : t('New brand')}
                </label>
                <input
                  id={`new-${kind}`}
                  placeholder={kind === 'categories' ? t('New category') : t('New brand')}
                  value={names[kind]}
                  onChange={(e) => setNames((n) => ({ ...n, [kind]: e.target.value }))}
                />
                <button type="submit" className="btn btn-ghost btn-sm">
                  {t('Add')}
                </button>
              </form>
            )}
          </section>
        ))}
      </div>
    </div>
  );
};

/**
 * /admin/products: every product, listed or not, with its stock and units held by checkouts.
 * Admins edit any field, set the stock (a restock or a count), take a product off the shop or
 * put it back, and keep the category and brand lists. Auditors read.
 */
export const AdminProducts = () => {
  usePageTitle(t('Products'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [q, setQ] = useState('');
  const [listed, setListed] = useState<'all' | 'listed' | 'delisted'>('all');
  const [products, setProducts] = useState<AdminProduct[] | null>(null);
  const [taxonomy, setTaxonomy] = useState<Taxonomy>({ categories: [], brands: [] });
  const [open, setOpen] = useState<string | null>(null);
  const [stock, setStock] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [result, setResult] = useState<Result>(null);

  const load = useCallback(() => {
    const controller = new AbortController();
    const p = new URLSearchParams({ listed });
    if (q.trim()) p.set('q', q.trim());
    api<{ products: AdminProduct[] }>(`/api/admin/products?${p.toString()}`, { signal: controller.signal })
      .then((r) => setProducts(r.products))
      .catch(() => {
        if (!controller.signal.aborted)
          setResult({ tone: 'error', text: t('Could not load the products. Please reload.') });
      });
    return () => controller.abort();
  }, [q, listed]);
  useEffect(load, [load]);
  const loadTaxonomy = useCallback(() => {
    api<Taxonomy>('/api/admin/shop-taxonomy')
      .then(setTaxonomy)
      .catch(() => undefined);
  }, []);
  useEffect(loadTaxonomy, [loadTaxonomy]);

  const act = async (p: AdminProduct, path: string, method: 'PATCH' | 'PUT', body: unknown) => {
    setBusy(p.id);
    setResult(null);
    try {
      const answer = await api<{ message: string; product: AdminProduct }>(`/api/admin/products/${p.id}${path}`, {
        method,
        body,
      });
      setProducts((list) => (list ?? []).map((x) => (x.id === p.id ? answer.product : x)));
      const { name, stock, listed } = answer.product;
      const said =
        path === '/stock'
          ? '{name}: {stock} in stock.'
          : path === '/listed'
            ? listed
              ? '{name} is back in the shop.'
              : '{name} is off the shop.'
            : '{name} is updated.';
      setResult({ tone: 'success', text: serverSaid(answer.message, said, { name, stock: formatNumber(stock) }) });
      if (path === '') {
        setOpen(null);
        loadTaxonomy(); // the lists' product counts follow a new category or brand
      }
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, t('That did not go through. Please try again.')) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Products')}</h1>
          <p className="muted">{t('Edit, restock or take products off the shop. Changes show in the shop at once.')}</p>
        </div>
      </div>
      <AdminNav />
      <div className="card admin-panel">
        <div className="room-filters">
          <div className="vd-form-field">
            <label htmlFor="products-q">{t('Name or code')}</label>
            <input id="products-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
          <div className="vd-form-field">
            <label htmlFor="products-listed">{t('Show')}</label>
            <select id="products-listed" value={listed} onChange={(e) => setListed(e.target.value as typeof listed)}>
              <option value="all">{t('All products')}</option>
              <option value="listed">{t('In the shop')}</option>
              <option value="delisted">{t('Off the shop')}</option>
            </select>
          </div>
        </div>
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
        {products === null && <p className="table-state">{t('Loading products…')}</p>}
        {products?.length === 0 && <p className="table-state">{t('No products match.')}</p>}
        <ul className="product-admin-list">
          {products?.map((p) => (
            <li key={p.id} className="card" data-testid={`product-${p.product_code}`}>
              <div className="product-admin-head">
                <img src={p.image_url} alt="" width={56} height={56} />
                <div>
                  <strong id={`product-name-${p.id}`} translate="no">
                    {p.name}
                  </strong>{' '}
                  <span className={`role-badge ${p.listed ? 'access-badge--granted' : 'access-badge--waitlisted'}`}>
                    {p.listed ? t('In the shop') : t('Off the shop')}
                  </span>
                  <p className="muted">
                    <span translate="no">
                      {p.product_code} · {p.category} · {p.brand}
                    </span>{' '}
                    · {formatRupees(p.price)}
                    {p.original_price > p.price
                      ? ` ${t('(was {price})', { price: formatRupees(p.original_price) })}`
                      : ''}{' '}
                    ·{' '}
                    <span data-testid="product-stock">
                      {p.reserved > 0
                        ? t('{stock} in stock, {held} held by checkouts', {
                            stock: formatNumber(p.stock),
                            held: formatNumber(p.reserved),
                          })
                        : t('{stock} in stock', { stock: formatNumber(p.stock) })}
                    </span>
                  </p>
                </div>
              </div>
              {isAdmin && (
                <div className="button-row">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-expanded={open === p.id}
                    onClick={() => setOpen(open === p.id ? null : p.id)}
                  >
                    {t('Edit')}
                  </button>
                  <form
                    className="button-row"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void act(p, '/stock', 'PUT', { stock: Number(stock[p.id] ?? p.stock) });
                    }}
                  >
                    <label className="visually-hidden" htmlFor={`stock-${p.id}`}>
                      {tRich(
                        'Stock of <name>{name}</name>',
                        { name: (words) => <span translate="no">{words}</span> },
                        { name: p.name },
                      )}
                    </label>
                    <input
                      id={`stock-${p.id}`}
                      className="stock-input"
                      inputMode="numeric"
                      value={stock[p.id] ?? String(p.stock)}
                      onChange={(e) => setStock((s) => ({ ...s, [p.id]: e.target.value }))}
                    />
                    <button type="submit" className="btn btn-ghost btn-sm" disabled={busy === p.id}>
                      {t('Set stock')}
                    </button>
                  </form>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy === p.id}
                    onClick={() => void act(p, '/listed', 'PUT', { listed: !p.listed })}
                  >
                    {p.listed ? t('Take off the shop') : t('Put back in the shop')}
                  </button>
                </div>
              )}
              {open === p.id && (
                <EditForm
                  product={p}
                  taxonomy={taxonomy}
                  busy={busy === p.id}
                  onSave={(changes) => void act(p, '', 'PATCH', changes)}
                />
              )}
            </li>
          ))}
        </ul>
      </div>
      <TaxonomyPanel
        taxonomy={taxonomy}
        isAdmin={isAdmin}
        onChange={(lists, message) => {
          setTaxonomy(lists);
          setResult({ tone: 'success', text: message });
        }}
      />
    </section>
  );
};
