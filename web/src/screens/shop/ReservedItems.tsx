import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { formatDateTime, formatNumber, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { Notice, Spinner } from './parts.tsx';
import type { ReservedOrder } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './checkout.css';

/** /reserved-items: the member's crackers orders, newest first. */
export const ReservedItems = () => {
  usePageTitle(t('Reserved Items'));
  const [orders, setOrders] = useState<ReservedOrder[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    shopApi
      .myCrackersOrders()
      .then((r) => setOrders(r.data))
      .catch(() => setFailed(true));
  }, []);

  return (
    <div className="container shop-page narrow">
      <p className="eyebrow">{t('Crackers')}</p>
      <h1>{t('My reserved orders')}</h1>
      {failed && <Notice kind="error">{t('Server error. Please try again later.')}</Notice>}
      {!orders && !failed && <Spinner label={t('Loading your orders…')} />}
      {orders?.length === 0 && (
        <Notice kind="empty">
          <p>{t('You haven’t placed any orders yet.')}</p>
          <Link to="/crackers" className="btn btn-primary btn-sm">
            {t('Browse crackers')}
          </Link>
        </Notice>
      )}
      <div className="order-list">
        {orders?.map((o) => (
          <article key={o.order_id} className="card order-card" data-testid="reserved-order">
            <div className="order-head">
              <div className="order-main">
                <h2 className="order-title">{t('Order {id}', { id: o.order_id })}</h2>
                <p className="muted">
                  {formatDateTime(o.created_at)} · <span translate="no">{o.district}</span>
                </p>
              </div>
              <p className="order-amount">{formatRupees(o.total_amount)}</p>
            </div>
            <div className="table-wrap">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">{t('Item')}</th>
                    <th scope="col">{t('Price')}</th>
                    <th scope="col">{t('Qty')}</th>
                    <th scope="col">{t('Amount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {o.order_items.map((item) => (
                    <tr key={item.id}>
                      <td translate="no">{item.name}</td>
                      <td>{formatRupees(item.price)}</td>
                      <td>{formatNumber(item.quantity)}</td>
                      <td>{formatRupees(item.price * item.quantity)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {o.applied_reward > 0 && (
              <p className="muted">{t('Reward applied: {amount}', { amount: formatRupees(o.applied_reward) })}</p>
            )}
          </article>
        ))}
      </div>
    </div>
  );
};
