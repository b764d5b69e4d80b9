import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { addToCart, useCartStore } from '../../stores/cart.ts';
import { useSessionStore } from '../../stores/session.ts';
import { PriceTag, ProductImage, Stars } from './parts.tsx';
import type { Product } from './shopApi.ts';
import { signInToBuy } from './signInToBuy.ts';

export const productPath = (p: Pick<Product, 'product_code'>) => `/product/${encodeURIComponent(p.product_code)}`;

/** A shop card: links to /product/{code}; Add to Cart (visitors log in first, and the item waits for them), "Sold Out" when out of stock. */
export const ProductCard = ({ product, featured = false }: { product: Product; featured?: boolean }) => {
  const user = useSessionStore((s) => s.user);
  const waiting = useCartStore((s) => s.busy.includes(product.id));
  const navigate = useNavigate();
  const location = useLocation();
  const [added, setAdded] = useState(false);

  const add = () => {
    if (!user) return signInToBuy(navigate, product, 1, `${location.pathname}${location.search}`);
    addToCart(product.id)
      .then(() => {
        setAdded(true);
        setTimeout(() => setAdded(false), 1500);
      })
      .catch((error: unknown) => console.error('shop: add to cart failed', error));
  };

  return (
    <article className={`product-card${featured ? ' product-card--featured' : ''}`} data-testid="product-card">
      <Link to={productPath(product)} className="product-card-media" tabIndex={-1} aria-hidden="true">
        <ProductImage src={product.image_url} alt="" />
        {!product.in_stock && <span className="stock-flag">{t('Out of Stock')}</span>}
      </Link>
      <div className="product-card-body">
        <p className="product-card-brand" translate="no">
          {product.brand}
        </p>
        <h3 className="product-card-name" translate="no">
          <Link to={productPath(product)}>{product.name}</Link>
        </h3>
        <Stars rating={product.rating} count={product.ratings} size={14} />
        <PriceTag price={product.price} original={product.original_price} size={featured ? 'lg' : 'md'} />
        {featured && (
          <p className="product-card-desc" translate="no">
            {product.description}
          </p>
        )}
        {product.in_stock ? (
          <button type="button" className="btn btn-primary btn-sm product-card-add" disabled={waiting} onClick={add}>
            {added ? t('Added ✓') : t('Add to Cart')}
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-sm product-card-add" disabled>
            {t('Sold Out')}
          </button>
        )}
      </div>
    </article>
  );
};
