import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { ProductCard } from './ProductCard.tsx';
import type { Product } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './catalogue.css';

/** Home → Top Products (storefront §2): 1 featured and 6 smaller in-stock products (7 items). */
export const TopProducts = () => {
  const [products, setProducts] = useState<Product[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    shopApi
      .top()
      .then((r) => setProducts(r.products))
      .catch((error: unknown) => {
        console.error('home: top products failed', error);
        setFailed(true);
      });
  }, []);

  if (failed || (products && products.length === 0)) return null;
  const [featured, ...rest] = products ?? [];
  return (
    <section className="section top-products" aria-labelledby="top-products-title" data-testid="top-products">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">{t('Members’ shop')}</p>
          <h2 id="top-products-title">{t('Top Products')}</h2>
          <p className="muted">{t('Best-rated picks in stock now — pay with cash and your Reward Cash.')}</p>
        </div>
        {!products ? (
          <div className="top-grid" aria-busy="true">
            {Array.from({ length: 7 }, (_, i) => (
              <div key={i} className={`product-skeleton${i === 0 ? ' product-skeleton--featured' : ''}`} />
            ))}
          </div>
        ) : (
          <div className="top-grid">
            {featured && <ProductCard product={featured} featured />}
            {rest.slice(0, 6).map((p) => (
              <ProductCard key={p.id} product={p} />
            ))}
          </div>
        )}
        <p className="top-more">
          <Link to="/shop" className="btn btn-ghost">
            {t('Browse the shop')}
          </Link>
        </p>
      </div>
    </section>
  );
};
