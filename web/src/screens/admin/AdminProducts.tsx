import { useCallback, useEffect, useState } from 'react';
import type { AdminProduct, Taxonomy } from '../../../../api/contract/shop.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { rupeesToPaise } from './adminForms.ts';
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
      aria-label={`Edit ${product.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        const price = rupeesToPaise(f.price);
        const original = rupeesToPaise(f.original_price);
        if (Number.isNaN(price) || Number.isNaN(original))
          return setProblem('Prices are rupees, like 1299 or 1299.50.');
        if (original < price) return setProblem('The original price cannot be below the price.');
        const images = f.images
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        if (images.length === 0) return setProblem('Keep at least one image.');
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
      <div className="form-grid">
        <div className="vd-form-field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} value={f.name} onChange={set('name')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-price`}>Price (₹)</label>
          <input id={`${id}-price`} inputMode="decimal" value={f.price} onChange={set('price')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-original`}>Original price (₹)</label>
          <input id={`${id}-original`} inputMode="decimal" value={f.original_price} onChange={set('original_price')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select id={`${id}-category`} value={f.category} onChange={set('category')}>
            {[...new Set([f.category, ...taxonomy.categories.map((c) => c.name)])].map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-brand`}>Brand</label>
          <select id={`${id}-brand`} value={f.brand} onChange={set('brand')}>
            {[...new Set([f.brand, ...taxonomy.brands.map((c) => c.name)])].map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-color`}>Colour</label>
          <input id={`${id}-color`} value={f.color} onChange={set('color')} />
        </div>
        <div className="vd-form-field">
          <label htmlFor={`${id}-points`}>Reward points</label>
          <input id={`${id}-points`} inputMode="numeric" value={f.reward_points} onChange={set('reward_points')} />
        </div>
      </div>
      <div className="vd-form-field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea id={`${id}-description`} rows={3} value={f.description} onChange={set('description')} />
      </div>
      <div className="vd-form-field">
        <label htmlFor={`${id}-images`}>Images (one path per line; the first is the main one)</label>
        <textarea id={`${id}-images`} rows={2} value={f.images} onChange={set('images')} />
      </div>
      {problem && (
        <p className="vd-form-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        Save changes
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
  onChange: (t: Taxonomy, message: string) => void;
}) => {
  const [names, setNames] = useState({ categories: '', brands: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const call = async (kind: 'categories' | 'brands', method: 'POST' | 'DELETE', name: string) => {
    setProblem(null);
    try {
      const t = await api<Taxonomy>(
        `/api/admin/shop-taxonomy/${kind}${method === 'DELETE' ? `/${encodeURIComponent(name)}` : ''}`,
        method === 'POST' ? { body: { name } } : { method },
      );
      if (method === 'POST') setNames((n) => ({ ...n, [kind]: '' }));
      onChange(t, method === 'POST' ? `Added “${name.trim()}”.` : `Removed “${name}”.`);
    } catch (e) {
      setProblem(messageOf(e, 'That did not go through. Please try again.'));
    }
  };
  return (
    <div className="card admin-panel taxonomy" data-testid="taxonomy">
      <h2>Categories and brands</h2>
      {problem && <Notice tone="error">{problem}</Notice>}
      <div className="taxonomy-lists">
        {(['categories', 'brands'] as const).map((kind) => (
          <section key={kind} aria-label={kind === 'categories' ? 'Categories' : 'Brands'}>
            <h3>{kind === 'categories' ? 'Categories' : 'Brands'}</h3>
            <ul>
              {taxonomy[kind].map((e) => (
                <li key={e.name}>
                  <span>
                    {e.name} <span className="muted">({e.products})</span>
                  </span>
                  {isAdmin && e.products === 0 && (
                    <button type="button" className="link-btn" onClick={() => void call(kind, 'DELETE', e.name)}>
                      Remove {e.name}
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
                  New {kind === 'categories' ? 'category' : 'brand'}
                </label>
                <input
                  id={`new-${kind}`}
                  placeholder={kind === 'categories' ? 'New category' : 'New brand'}
                  value={names[kind]}
                  onChange={(e) => setNames((n) => ({ ...n, [kind]: e.target.value }))}
                />
                <button type="submit" className="btn btn-ghost btn-sm">
                  Add
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
  usePageTitle('Products');
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
          setResult({ tone: 'error', text: 'Could not load the products. Please reload.' });
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
      setResult({ tone: 'success', text: answer.message });
      if (path === '') {
        setOpen(null);
        loadTaxonomy(); // the lists' product counts follow a new category or brand
      }
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, 'That did not go through. Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Products</h1>
          <p className="muted">Edit, restock or take products off the shop. Changes show in the shop at once.</p>
        </div>
      </div>
      <AdminNav />
      <div className="card admin-panel">
        <div className="room-filters">
          <div className="vd-form-field">
            <label htmlFor="products-q">Name or code</label>
            <input id="products-q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
          </div>
          <div className="vd-form-field">
            <label htmlFor="products-listed">Show</label>
            <select id="products-listed" value={listed} onChange={(e) => setListed(e.target.value as typeof listed)}>
              <option value="all">All products</option>
              <option value="listed">In the shop</option>
              <option value="delisted">Off the shop</option>
            </select>
          </div>
        </div>
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
        {products === null && <p className="table-state">Loading products…</p>}
        {products?.length === 0 && <p className="table-state">No products match.</p>}
        <ul className="product-admin-list">
          {products?.map((p) => (
            <li key={p.id} className="card" data-testid={`product-${p.product_code}`}>
              <div className="product-admin-head">
                <img src={p.image_url} alt="" width={56} height={56} />
                <div>
                  <strong>{p.name}</strong>{' '}
                  <span className={`role-badge ${p.listed ? 'access-badge--granted' : 'access-badge--waitlisted'}`}>
                    {p.listed ? 'In the shop' : 'Off the shop'}
                  </span>
                  <p className="muted">
                    {p.product_code} · {p.category} · {p.brand} · {formatRupees(p.price)}
                    {p.original_price > p.price ? ` (was ${formatRupees(p.original_price)})` : ''} ·{' '}
                    <span data-testid="product-stock">
                      {p.stock} in stock{p.reserved > 0 ? `, ${p.reserved} held by checkouts` : ''}
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
                    Edit
                  </button>
                  <form
                    className="button-row"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void act(p, '/stock', 'PUT', { stock: Number(stock[p.id] ?? p.stock) });
                    }}
                  >
                    <label className="visually-hidden" htmlFor={`stock-${p.id}`}>
                      Stock of {p.name}
                    </label>
                    <input
                      id={`stock-${p.id}`}
                      className="stock-input"
                      inputMode="numeric"
                      value={stock[p.id] ?? String(p.stock)}
                      onChange={(e) => setStock((s) => ({ ...s, [p.id]: e.target.value }))}
                    />
                    <button type="submit" className="btn btn-ghost btn-sm" disabled={busy === p.id}>
                      Set stock
                    </button>
                  </form>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={busy === p.id}
                    onClick={() => void act(p, '/listed', 'PUT', { listed: !p.listed })}
                  >
                    {p.listed ? 'Take off the shop' : 'Put back in the shop'}
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
        onChange={(t, message) => {
          setTaxonomy(t);
          setResult({ tone: 'success', text: message });
        }}
      />
    </section>
  );
};
