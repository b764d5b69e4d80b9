import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Taxonomy } from '../../../../api/contract/shop.ts';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { Notice, ProductImage } from '../../ui/kit.tsx';
import { adminError, imageProblem, rupeesToPaise, slugify } from './adminForms.ts';
import './dealAdmin.css';
import type { ProductCreated } from '../../../../api/contract/shop.ts';

type Created = ProductCreated['product'];

type Fields = {
  name: string;
  slug: string;
  description: string;
  price: string;
  stock: string;
  reward_points: string;
  status: 'active' | 'inactive';
  original_price: string;
  category: string;
  brand: string;
  color: string;
};

const EMPTY: Fields = {
  name: '',
  slug: '',
  description: '',
  price: '',
  stock: '',
  reward_points: '',
  status: 'active',
  original_price: '',
  category: 'General',
  brand: 'Vetri',
  color: '',
};

const wholeAtLeast0 = (s: string) => /^\d+$/.test(s.trim());

/** Client checks mirror the live auction spec §5 "Add product"; the server checks again. */
export const productProblems = (f: Fields): Partial<Record<keyof Fields, string>> => {
  const p: Partial<Record<keyof Fields, string>> = {};
  if (!f.name.trim()) p.name = t('Name is required.');
  if (!f.slug.trim()) p.slug = t('Slug is required.');
  else if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(f.slug.trim())) p.slug = t('Use lowercase letters, digits and hyphens.');
  if (f.price.trim() === '') p.price = t('Price is required.');
  else if (Number.isNaN(rupeesToPaise(f.price))) p.price = t('Price must be at least 0, in rupees and paise.');
  if (f.stock.trim() === '') p.stock = t('Stock is required.');
  else if (!wholeAtLeast0(f.stock)) p.stock = t('Stock must be a whole number, at least 0.');
  if (f.reward_points.trim() === '') p.reward_points = t('Reward points are required.');
  else if (!wholeAtLeast0(f.reward_points)) p.reward_points = t('Reward points must be a whole number, at least 0.');
  if (f.original_price.trim() !== '') {
    const original = rupeesToPaise(f.original_price);
    if (Number.isNaN(original)) p.original_price = t('Original price must be in rupees and paise.');
    else if (!p.price && original < rupeesToPaise(f.price))
      p.original_price = t('The original price cannot be below the price.');
  }
  return p;
};

const SuccessCard = ({ product, onAnother }: { product: Created; onAnother: () => void }) => (
  <div className="card success-card" data-testid="product-created" role="status">
    <p className="success-badge">{t('✓ Product added')}</p>
    <div className="success-product">
      <ProductImage src={product.image} alt={product.name} className="success-image" />
      <div>
        <h2 translate="no">{product.name}</h2>
        <dl className="vd-facts">
          <div className="vd-fact">
            <dt>{t('Product code')}</dt>
            <dd>{product.product_code}</dd>
          </div>
          <div className="vd-fact">
            <dt>{t('Slug')}</dt>
            <dd translate="no">{product.slug}</dd>
          </div>
          <div className="vd-fact">
            <dt>{t('Price')}</dt>
            <dd>{formatRupees(product.price)}</dd>
          </div>
          <div className="vd-fact">
            <dt>{t('Stock')}</dt>
            <dd>{formatNumber(product.stock)}</dd>
          </div>
          <div className="vd-fact">
            <dt>{t('Status')}</dt>
            <dd>{product.is_active ? t('Active') : t('Inactive')}</dd>
          </div>
        </dl>
      </div>
    </div>
    <div className="vd-form-actions">
      <button type="button" className="btn btn-primary" onClick={onAnother}>
        {t('Add another product')}
      </button>
      <Link className="btn btn-ghost" to={`/create-room?product=${encodeURIComponent(product.name)}`}>
        {t('Create a deal room for it')}
      </Link>
      {product.is_active === 1 && (
        <Link className="btn btn-ghost" to={`/product/${product.product_code}`}>
          {t('View in shop')}
        </Link>
      )}
    </div>
  </div>
);

/** `/add-products` (admin): the product form with an optional image, then a success card. */
export const AddProduct = () => {
  usePageTitle(t('Add New Product'));
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [slugEdited, setSlugEdited] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [lists, setLists] = useState<Taxonomy>({ categories: [], brands: [] });
  useEffect(() => {
    api<Taxonomy>('/api/admin/shop-taxonomy')
      .then(setLists)
      .catch(() => undefined);
  }, []);
  const fileInput = useRef<HTMLInputElement>(null);

  const problems = productProblems(fields);
  const set = (key: keyof Fields, value: string) =>
    setFields((f) => ({
      ...f,
      [key]: value,
      ...(key === 'name' && !slugEdited ? { slug: slugify(value) } : {}),
    }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (Object.keys(problems).length > 0 || imageError) return;
    const form = new FormData();
    form.set('name', fields.name.trim());
    form.set('slug', fields.slug.trim());
    form.set('description', fields.description.trim());
    form.set('price', String(rupeesToPaise(fields.price)));
    form.set('stock', fields.stock.trim());
    form.set('reward_points', fields.reward_points.trim());
    form.set('is_active', fields.status === 'active' ? '1' : '0');
    if (fields.original_price.trim()) form.set('original_price', String(rupeesToPaise(fields.original_price)));
    form.set('category', fields.category);
    form.set('brand', fields.brand);
    if (fields.color.trim()) form.set('color', fields.color.trim());
    if (image) form.set('image', image);
    setBusy(true);
    try {
      const res = await api<{ success: boolean; product: Created }>('/api/admin/products', { body: form });
      setCreated(res.product);
      window.scrollTo(0, 0);
    } catch (cause) {
      setError(adminError(cause, t('Failed to add product')));
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setFields(EMPTY);
    setSlugEdited(false);
    setImage(null);
    setImageError(null);
    setTouched(false);
    setCreated(null);
    setError(null);
  };

  const fieldError = (key: keyof Fields) =>
    touched && problems[key] ? (
      <p className="vd-form-error" id={`product-${key}-error`}>
        {problems[key]}
      </p>
    ) : null;
  const invalid = (key: keyof Fields) =>
    touched && problems[key] ? { 'aria-invalid': true, 'aria-describedby': `product-${key}-error` } : {};

  return (
    <section className="container deal-admin">
      <p className="eyebrow">{t('Admin')}</p>
      <h1>{t('Add New Product')}</h1>
      <p className="deal-admin-links">
        <Link to="/create-room">{t('Create a deal room')}</Link> · <Link to="/deals">{t('Deals')}</Link> ·{' '}
        <Link to="/admin">{t('Users')}</Link>
      </p>
      {created ? (
        <SuccessCard product={created} onAnother={reset} />
      ) : (
        <form className="card vd-form-card" onSubmit={(e) => void submit(e)} noValidate data-testid="add-product-form">
          {error && <Notice tone="error">{error}</Notice>}
          <div className="vd-form-grid">
            <div className="vd-form-field">
              <label htmlFor="product-name">
                {t('Name')} <span className="vd-req">*</span>
              </label>
              <input
                id="product-name"
                value={fields.name}
                maxLength={120}
                required
                onChange={(e) => set('name', e.target.value)}
                {...invalid('name')}
              />
              {fieldError('name')}
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-slug">
                {t('Slug')} <span className="vd-req">*</span>
              </label>
              <input
                id="product-slug"
                value={fields.slug}
                maxLength={120}
                required
                onChange={(e) => {
                  setSlugEdited(true);
                  set('slug', e.target.value.toLowerCase());
                }}
                {...invalid('slug')}
              />
              {fieldError('slug') ?? (
                <p className="vd-form-hint">{t('Unique; used in links. Filled from the name.')}</p>
              )}
            </div>
            <div className="vd-form-field vd-form-field--wide">
              <label htmlFor="product-description">{t('Description')}</label>
              <textarea
                id="product-description"
                value={fields.description}
                maxLength={4000}
                onChange={(e) => set('description', e.target.value)}
              />
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-price">
                {t('Price (₹)')} <span className="vd-req">*</span>
              </label>
              <input
                id="product-price"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required
                value={fields.price}
                onChange={(e) => set('price', e.target.value)}
                {...invalid('price')}
              />
              {fieldError('price')}
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-stock">
                {t('Stock')} <span className="vd-req">*</span>
              </label>
              <input
                id="product-stock"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                required
                value={fields.stock}
                onChange={(e) => set('stock', e.target.value)}
                {...invalid('stock')}
              />
              {fieldError('stock')}
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-reward">
                {t('Reward points')} <span className="vd-req">*</span>
              </label>
              <input
                id="product-reward"
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                required
                value={fields.reward_points}
                onChange={(e) => set('reward_points', e.target.value)}
                {...invalid('reward_points')}
              />
              {fieldError('reward_points')}
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-original">{t('Original price (₹)')}</label>
              <input
                id="product-original"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                placeholder={t('Same as the price')}
                value={fields.original_price}
                onChange={(e) => set('original_price', e.target.value)}
                {...invalid('original_price')}
              />
              {fieldError('original_price')}
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-category">{t('Category')}</label>
              <select id="product-category" value={fields.category} onChange={(e) => set('category', e.target.value)}>
                {[...new Set([fields.category, ...lists.categories.map((c) => c.name)])].map((c) => (
                  <option key={c} translate="no">
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-brand">{t('Brand')}</label>
              <select id="product-brand" value={fields.brand} onChange={(e) => set('brand', e.target.value)}>
                {[...new Set([fields.brand, ...lists.brands.map((c) => c.name)])].map((c) => (
                  <option key={c} translate="no">
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-color">{t('Colour')}</label>
              <input
                id="product-color"
                placeholder={t('Assorted')}
                value={fields.color}
                onChange={(e) => set('color', e.target.value)}
              />
            </div>
            <div className="vd-form-field">
              <label htmlFor="product-status">{t('Status')}</label>
              <select id="product-status" value={fields.status} onChange={(e) => set('status', e.target.value)}>
                <option value="active">{t('Active')}</option>
                <option value="inactive">{t('Inactive')}</option>
              </select>
            </div>
            <div className="vd-form-field vd-form-field--wide">
              <label htmlFor="product-image">{t('Image')}</label>
              <input
                ref={fileInput}
                id="product-image"
                type="file"
                accept="image/*"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  const problem = imageProblem(file);
                  setImageError(problem);
                  setImage(problem ? null : file);
                  if (problem && fileInput.current) fileInput.current.value = '';
                }}
                aria-invalid={imageError ? true : undefined}
              />
              {imageError ? (
                <p className="vd-form-error" role="alert">
                  {imageError}
                </p>
              ) : (
                <p className="vd-form-hint">{t('Optional. Image files only (PNG, JPEG, GIF or WebP), up to 1 MB.')}</p>
              )}
            </div>
          </div>
          <div className="vd-form-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? t('Adding…') : t('Add Product')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
};
