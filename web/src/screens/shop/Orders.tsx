import { api } from '../../lib/api.ts';
import type { InvoiceDto } from '../../../../api/contract/shop.ts';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { connectSocket } from '../../lib/socket.ts';
import { Notice, ProductImage, Spinner } from './parts.tsx';
import type { ShopOrder } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './checkout.css';

const PAYMENT_LABEL: Record<string, string> = { paid: 'Paid', pending: 'Payment pending', failed: 'Payment failed' };
const SHIPMENT_LABEL: Record<string, string> = {
  pending: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Storefront §4: payment paid/pending/failed; shipment shipped/delivered/cancelled, other values neutral. */
export const StatusBadges = ({ order }: { order: ShopOrder }) => (
  <div className="badges">
    <span className={`badge badge--pay-${order.payment_status}`} data-testid="payment-badge">
      {t(PAYMENT_LABEL[order.payment_status] ?? order.payment_status)}
    </span>
    {order.payment_status === 'paid' && (
      <span className={`badge badge--ship-${order.shipment_status}`} data-testid="shipment-badge">
        {t(SHIPMENT_LABEL[order.shipment_status] ?? order.shipment_status)}
      </span>
    )}
  </div>
);

export const OrderCard = ({ order, actions }: { order: ShopOrder; actions?: ReactNode }) => {
  const [open, setOpen] = useState(false);
  return (
    <article className="card order-card" data-testid="order-card">
      <div className="order-head">
        <ProductImage src={order.image_url} alt="" className="order-thumb" />
        <div className="order-main">
          <h2 className="order-title" translate="no">
            {order.product_name}
          </h2>
          <p className="muted">
            {tRich(
              'Order <strong>{code}</strong>',
              { strong: (w) => <strong>{w}</strong> },
              { code: order.order_code },
            )}{' '}
            · {formatDateTime(order.created_at)}
          </p>
          <StatusBadges order={order} />
        </div>
        <p className="order-amount">{formatRupees(order.total_amount)}</p>
      </div>
      <ul className="order-items">
        {order.items.map((item) => (
          <li key={item.product_id}>
            <span translate="no">{item.name}</span> × {item.quantity}
            {item.applied_reward > 0 && (
              <span className="muted">
                {' '}
                {t('(Reward Cash {amount})', { amount: formatRupees(item.applied_reward) })}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="order-foot">
        <button type="button" className="link-btn" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('Hide address') : t('Show address')}
        </button>
        {actions}
      </div>
      {open && (
        <address className="order-address">
          <strong translate="no">{order.full_name}</strong>
          <span>{order.contact_number}</span>
          {order.email && <span>{order.email}</span>}
          <span className="pre-line" translate={order.address ? 'no' : undefined}>
            {order.address || t('No address given')}
          </span>
        </address>
      )}
    </article>
  );
};

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; orders: ShopOrder[] };

/** /orders: my shop orders. Shipment and payment changes arrive over the socket; it also refreshes on focus and every 30 s. */
export const Orders = () => {
  usePageTitle(t('My Orders'));
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [issued, setIssued] = useState<InvoiceDto[]>([]);
  // Tax invoices: a paid order's appears once its payment is recorded, so it is fetched with the orders.
  useEffect(() => {
    if (load.state !== 'ready') return;
    api<{ invoices: InvoiceDto[] }>('/api/me/invoices')
      .then((r) => setIssued(r.invoices))
      .catch(() => undefined);
  }, [load]);
  const invoices = new Map(issued.filter((i) => i.source.kind === 'shop_order').map((i) => [i.source.id, i.number]));
  const deals = issued.filter((i) => i.source.kind === 'deal_purchase');
  const known = useRef(new Set<string>());
  useEffect(() => {
    if (load.state === 'ready') known.current = new Set(load.orders.map((o) => o.id));
  }, [load]);

  const fetchOrders = useCallback(() => {
    shopApi
      .orders()
      .then(({ orders }) => setLoad({ state: 'ready', orders }))
      .catch((error: unknown) =>
        setLoad((l) =>
          l.state === 'ready'
            ? l
            : {
                state: 'error',
                message:
                  error instanceof ApiError && error.code !== 'NETWORK'
                    ? 'Failed to load orders.'
                    : 'Server error. Please try again later.',
              },
        ),
      );
  }, []);

  useEffect(() => {
    fetchOrders();
    const timer = setInterval(fetchOrders, 30_000);
    window.addEventListener('focus', fetchOrders);
    const socket = connectSocket();
    const onUpdate = (u: { order_id: string; payment_status: string; shipment_status: string }) => {
      if (!known.current.has(u.order_id)) return fetchOrders();
      setLoad((l) =>
        l.state !== 'ready'
          ? l
          : {
              state: 'ready',
              orders: l.orders.map((o) =>
                o.id === u.order_id
                  ? {
                      ...o,
                      payment_status: u.payment_status as ShopOrder['payment_status'],
                      shipment_status: u.shipment_status as ShopOrder['shipment_status'],
                    }
                  : o,
              ),
            },
      );
    };
    socket.on('orderUpdate', onUpdate);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', fetchOrders);
      socket.off('orderUpdate', onUpdate);
    };
  }, [fetchOrders]);

  return (
    <div className="container shop-page narrow">
      <h1>{t('My Orders')}</h1>
      {deals.length > 0 && (
        <p className="muted" data-testid="deal-invoices">
          {t('Won deals:')}{' '}
          {deals.map((d, i) => (
            <span key={d.number}>
              {i > 0 && ', '}
              <Link to={`/invoices/${d.number}`}>
                <span translate="no">{d.source.reference}</span> {t('(invoice {number})', { number: d.number })}
              </Link>
            </span>
          ))}
        </p>
      )}
      {load.state === 'loading' && <Spinner label={t('Loading orders…')} />}
      {load.state === 'error' && <Notice kind="error">{t(load.message)}</Notice>}
      {load.state === 'ready' && load.orders.length === 0 && (
        <Notice kind="empty">
          <p>{t('You have no orders yet.')}</p>
          <Link to="/shop" className="btn btn-primary btn-sm">
            {t('Go to the shop')}
          </Link>
        </Notice>
      )}
      {load.state === 'ready' && (
        <div className="order-list">
          {load.orders.map((o) => (
            <OrderCard
              key={o.id}
              order={o}
              actions={
                invoices.get(o.id) ? (
                  <Link to={`/invoices/${invoices.get(o.id)!}`} className="link-btn" data-testid="invoice-link">
                    {t('Tax invoice {number}', { number: invoices.get(o.id)! })}
                  </Link>
                ) : undefined
              }
            />
          ))}
        </div>
      )}
    </div>
  );
};
