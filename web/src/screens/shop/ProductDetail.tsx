import { useEffect, useState } from 'react';
import { useProductChanges } from './liveCatalogue.ts';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { addToCart, useCartStore } from '../../stores/cart.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice, PriceTag, ProductImage, Spinner, Stars } from './parts.tsx';
import type { Product } from './shopApi.ts';
import { signInToBuy } from './signInToBuy.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './catalogue.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; product: Product };

/** /product/:code — every field, Add to Cart, and Buy Now (adds one and goes to checkout). */
export const ProductDetail = () => {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSessionStore((s) => s.user);
  const inCart = useCartStore((s) => s.lines.find((l) => l.product_code === code)?.quantity ?? 0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [working, setWorking] = useState(false);
  usePageTitle(load.state === 'ready' ? load.product.name : t('Product'));

  const [changed, setChanged] = useState(0);
  // An admin changed this product: show the new price, stock or that it left the shop.
  useProductChanges((changedCode) => {
    if (changedCode === code) setChanged((n) => n + 1);
  });

  useEffect(() => {
    if (changed === 0) setLoad({ state: 'loading' });
    setMessage(null);
    shopApi
      .product(code)
      .then(({ product }) => setLoad({ state: 'ready', product }))
      .catch((error: unknown) =>
        setLoad({
          state: 'error',
          message: error instanceof ApiError && error.status === 404 ? 'Product not found' : 'Server error',
        }),
      );
  }, [code, changed]);

  if (load.state === 'loading') return <Spinner label={t('Loading product…')} />;
  if (load.state === 'error') {
    return (
      <div className="container shop-page">
        <Notice kind="error">
          <p>{t(load.message)}</p>
          <Link to="/shop" className="btn btn-ghost btn-sm">
            {t('Back to the shop')}
          </Link>
        </Notice>
      </div>
    );
  }

  const p = load.product;
  const here = `${location.pathname}${location.search}`;

  /** `then` is Buy Now's next step; a visitor logs in first and comes back here, or to checkout for Buy Now. */
  const add = async (then?: () => void) => {
    if (!user) return signInToBuy(navigate, p, 1, then ? '/checkout' : here);
    setWorking(true);
    setMessage(null);
    try {
      await addToCart(p.id, 1);
      if (then) then();
      else setMessage({ kind: 'ok', text: t('Added to cart.') });
    } catch (error) {
      // Buy Now still goes to checkout when the one unit left is already in the cart.
      if (then && error instanceof ApiError && error.code === 'QUANTITY_ABOVE_STOCK' && inCart > 0) then();
      else setMessage({ kind: 'error', text: messageOf(error, t('Server error')) });
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="container shop-page">
      <nav className="breadcrumbs" aria-label={t('Breadcrumb')}>
        <Link to="/shop">{t('Shop')}</Link> <span aria-hidden="true">›</span>{' '}
        <Link to={`/shop?category=${encodeURIComponent(p.category)}`} translate="no">
          {p.category}
        </Link>{' '}
        <span aria-hidden="true">›</span> <span translate="no">{p.name}</span>
      </nav>
      <article className="product-detail">
        <div className="product-detail-media">
          <ProductImage src={p.image_url} alt={p.name} />
        </div>
        <div className="product-detail-info">
          <p className="product-card-brand" translate="no">
            {p.brand}
          </p>
          <h1 translate="no">{p.name}</h1>
          <p className="product-code">
            {t('Product code')} <code>{p.product_code}</code>
          </p>
          <Stars rating={p.rating} count={p.ratings} />
          <PriceTag price={p.price} original={p.original_price} size="lg" />
          <dl className="product-facts">
            <dt>{t('Stock')}</dt>
            <dd data-testid="product-stock">
              {p.in_stock ? (
                <span className="in-stock">{t('In stock: {n}', { n: formatNumber(p.stock) })}</span>
              ) : (
                <span className="out-of-stock">{t('Out of stock')}</span>
              )}
            </dd>
            <dt>{t('Reward points')}</dt>
            <dd>
              {t('{points} (up to {cash} of Reward Cash per unit)', {
                points: formatNumber(p.reward_points),
                cash: formatRupees(p.reward_points * 100, { whole: true }),
              })}
            </dd>
            <dt>{t('Category')}</dt>
            <dd translate="no">{p.category}</dd>
            <dt>{t('Colour')}</dt>
            <dd>{t(p.color)}</dd>
          </dl>
          <p className="product-description" translate="no">
            {p.description}
          </p>
          {inCart > 0 && <p className="muted">{t('In your cart: {n}', { n: formatNumber(inCart) })}</p>}
          <div className="button-row">
            <button
              type="button"
              className="btn btn-ghost"
              disabled={!p.in_stock || working}
              onClick={() => void add()}
            >
              {t('Add to Cart')}
            </button>
            <button
              type="button"
              className="btn btn-accent"
              disabled={!p.in_stock || working}
              onClick={() => void add(() => void navigate('/checkout'))}
            >
              {t('Buy Now')}
            </button>
          </div>
          {!p.in_stock && <p className="out-of-stock">{t('Out of stock — this product is sold out for now.')}</p>}
          {message && (
            <p
              className={message.kind === 'ok' ? 'form-ok' : 'form-error'}
              role={message.kind === 'ok' ? 'status' : 'alert'}
            >
              {message.text}
            </p>
          )}
        </div>
      </article>
    </div>
  );
};
