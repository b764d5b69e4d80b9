import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { loadCart } from '../../stores/cart.ts';
import type { ShopOrder } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './checkout.css';

/** /success: after a verified payment — "Payment Successful!" and the order it paid for. */
export const Success = () => {
  usePageTitle(t('Payment Successful'));
  const [params] = useSearchParams();
  const location = useLocation();
  const orderId = params.get('order');
  const message = (location.state as { message?: string } | null)?.message ?? 'Payment Successful!';
  const [order, setOrder] = useState<ShopOrder | null>(null);

  useEffect(() => {
    void loadCart();
    if (!orderId) return;
    shopApi
      .order(orderId)
      .then((r) => setOrder(r.order))
      .catch((error: unknown) => console.error('success: order not loaded', error));
  }, [orderId]);

  return (
    <div className="container shop-page narrow">
      <section className="card success-card" aria-labelledby="success-title">
        <div className="success-mark" aria-hidden="true">
          ✓
        </div>
        <h1 id="success-title">{t(message)}</h1>
        {order ? (
          <>
            <p>
              {tRich(
                'Thank you, <name>{name}</name>. Your order <strong>{code}</strong> is confirmed.',
                {
                  name: (w) => <span translate="no">{w}</span>,
                  strong: (w) => <strong>{w}</strong>,
                },
                { name: order.full_name || t('member'), code: order.order_code },
              )}
            </p>
            <dl className="success-facts">
              <dt>{t('Items')}</dt>
              <dd translate="no">{order.product_name}</dd>
              <dt>{t('Paid')}</dt>
              <dd>{formatRupees(order.total_amount)}</dd>
              {order.applied_reward > 0 && (
                <>
                  <dt>{t('Reward Cash used')}</dt>
                  <dd>{formatRupees(order.applied_reward)}</dd>
                </>
              )}
              <dt>{t('Placed')}</dt>
              <dd>{formatDateTime(order.created_at)}</dd>
            </dl>
            <p className="muted">{t('Market-price products ship in 2 to 4 business days. Track it in My Orders.')}</p>
          </>
        ) : (
          <p className="muted">{t('Your order is confirmed. You can follow it in My Orders.')}</p>
        )}
        <div className="button-row success-actions">
          <Link to="/orders" className="btn btn-primary">
            {t('My Orders')}
          </Link>
          <Link to="/shop" className="btn btn-ghost">
            {t('Continue shopping')}
          </Link>
        </div>
      </section>
    </div>
  );
};
