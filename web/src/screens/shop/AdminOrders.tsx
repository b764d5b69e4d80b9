import { useCallback, useEffect, useState } from 'react';
import { SHIPMENT_NEXT, SHIPMENT_STATUSES } from '../../../../engine/order.ts';
import type { ShipmentStatus } from '../../../../engine/order.ts';
import { t } from '../../i18n/index.ts';
import { messageOf } from '../../lib/api.ts';
import { formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { AdminNav } from '../admin/AdminNav.tsx';
import { selectIsAdmin, useSessionStore } from '../../stores/session.ts';
import { OrderCard } from './Orders.tsx';
import { Notice, Spinner } from './parts.tsx';
import type { ShopOrder } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './checkout.css';

const ACTION: Record<ShipmentStatus, string> = {
  pending: 'Back to processing',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
  cancelled: 'Cancel shipment',
};
const TAB: Record<ShipmentStatus | '', string> = {
  '': 'All',
  pending: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * /admin/orders: paid shop orders, a page at a time ("Load more orders"; Processing shows the
 * oldest first, what should ship next); admins move each through pending → shipped → delivered,
 * or cancel it.
 */
export const AdminOrders = () => {
  usePageTitle(t('Shop orders'));
  const isAdmin = useSessionStore(selectIsAdmin);
  const [tab, setTab] = useState<ShipmentStatus | ''>('pending');
  const [orders, setOrders] = useState<ShopOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The order whose cancel waits for the admin's yes: a cancel gives the member's money back. */
  const [confirming, setConfirming] = useState<string | null>(null);

  const load = useCallback(() => {
    setOrders(null);
    setNext(null);
    let current = true;
    shopApi
      .adminOrders(tab)
      .then((r) => {
        if (!current) return;
        setOrders(r.orders);
        setNext(r.next_cursor);
      })
      .catch(() => current && setError(t('Failed to load orders.')));
    return () => {
      current = false;
    };
  }, [tab]);
  useEffect(load, [load]);

  const loadMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    setError(null);
    try {
      const r = await shopApi.adminOrders(tab, next);
      setOrders((list) => {
        const seen = new Set((list ?? []).map((o) => o.id));
        return [...(list ?? []), ...r.orders.filter((o) => !seen.has(o.id))];
      });
      setNext(r.next_cursor);
    } catch {
      setError(t('Failed to load orders.'));
    } finally {
      setLoadingMore(false);
    }
  };

  const move = async (order: ShopOrder, to: ShipmentStatus) => {
    setConfirming(null);
    setBusy(order.id);
    setError(null);
    try {
      const { order: updated } = await shopApi.setShipment(order.id, to);
      setOrders((list) => (list ?? []).map((o) => (o.id === updated.id ? updated : o)));
    } catch (e) {
      setError(messageOf(e, t('Server error')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="container shop-page narrow">
      <p className="eyebrow">{t('Admin')}</p>
      <h1>{t('Shop orders')}</h1>
      {!isAdmin && <p className="muted">{t('Read-only view for auditors.')}</p>}
      <AdminNav />
      <div className="tabs" role="tablist" aria-label={t('Shipment status')}>
        {(['', ...SHIPMENT_STATUSES] as const).map((s) => (
          <button
            key={s || 'all'}
            type="button"
            role="tab"
            aria-selected={tab === s}
            className={`tab${tab === s ? ' is-active' : ''}`}
            onClick={() => setTab(s)}
          >
            {t(TAB[s])}
          </button>
        ))}
      </div>
      <p>
        <a
          className="btn btn-ghost btn-sm"
          href={`/api/admin/orders.csv${tab ? `?shipment_status=${tab}` : ''}`}
          download
        >
          {t('Download CSV')}
        </a>
      </p>
      {error && <Notice kind="error">{error}</Notice>}
      {!orders && !error && <Spinner label={t('Loading orders…')} />}
      {orders?.length === 0 && <Notice kind="empty">{t('No orders here.')}</Notice>}
      <div className="order-list">
        {orders?.map((o) => (
          <OrderCard
            key={o.id}
            order={o}
            actions={
              isAdmin &&
              (confirming === o.id ? (
                <div
                  className="order-confirm"
                  role="group"
                  aria-label={t('Cancel order {code}', { code: o.order_code })}
                >
                  <p>
                    {t(
                      'Cancel order {code}? {amount} goes back to the member’s wallet as cash, and the reward cash it used and its units come back. This cannot be undone.',
                      { code: o.order_code, amount: formatRupees(o.total_amount) },
                    )}
                  </p>
                  <div className="button-row">
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      disabled={busy === o.id}
                      onClick={() => void move(o, 'cancelled')}
                    >
                      {t('Cancel and refund')}
                    </button>
                    <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirming(null)}>
                      {t('Keep the order')}
                    </button>
                  </div>
                </div>
              ) : (
                <div className="button-row">
                  {SHIPMENT_NEXT[o.shipment_status].map((to) => (
                    <button
                      key={to}
                      type="button"
                      className={`btn btn-sm ${to === 'cancelled' ? 'btn-ghost' : 'btn-primary'}`}
                      disabled={busy === o.id}
                      // A cancel refunds the member: it asks first.
                      onClick={() => (to === 'cancelled' ? setConfirming(o.id) : void move(o, to))}
                    >
                      {t(ACTION[to])}
                    </button>
                  ))}
                </div>
              ))
            }
          />
        ))}
      </div>
      {orders && next && (
        <p>
          <button type="button" className="btn btn-ghost" disabled={loadingMore} onClick={() => void loadMore()}>
            {loadingMore ? t('Loading…') : t('Load more orders')}
          </button>
        </p>
      )}
    </div>
  );
};
