import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorText, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatNumber, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { api } from '../../lib/api.ts';
import type { ProfileAnswer } from '../../../../api/contract/account.ts';
import { crackersDetailsFrom } from './crackersCart.ts';
import type { CrackersDetails } from './CrackersDialogs.tsx';
import { DetailsDialog, ReferralStatusDialog } from './CrackersDialogs.tsx';
import {
  CRACKERS_MIN_ORDER_PAISE,
  clearReserved,
  reserveCracker,
  reservedTotal,
  setReservedQuantity,
  useCrackersCart,
} from './crackersCart.ts';
import { Modal, Notice, ProductImage, SearchIcon, Spinner } from './parts.tsx';
import type { Cracker } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import type { CrackersSeasonView } from '../../../../api/contract/shop.ts';
import { deliveryText, fetchCrackersSeason, seasonMessage } from './crackersSeason.ts';
import './shop.css';
import './checkout.css';
import './shopPage.css';
import './crackers.css';

const MINIMUM = 'Minimum order ₹2000 required';
const SORTS = [
  { value: 'default', label: 'Default' },
  { value: 'price_asc', label: 'Price: Low to High' },
  { value: 'price_desc', label: 'Price: High to Low' },
  { value: 'name', label: 'Name: A to Z' },
];

const Qty = ({ id, name, quantity }: { id: string; name: string; quantity: number }) => (
  <div className="qty" aria-label={t('Quantity of {name}', { name })}>
    <button
      type="button"
      aria-label={t('One less {name}', { name })}
      onClick={() => setReservedQuantity(id, quantity - 1)}
    >
      −
    </button>
    <input
      type="number"
      min={0}
      max={9999}
      value={quantity}
      aria-label={t('Quantity of {name}', { name })}
      onChange={(e) => setReservedQuantity(id, Number(e.target.value))}
    />
    <button
      type="button"
      aria-label={t('One more {name}', { name })}
      onClick={() => setReservedQuantity(id, quantity + 1)}
    >
      +
    </button>
  </div>
);

const CrackerRow = ({ cracker, quantity }: { cracker: Cracker; quantity: number }) => (
  <li className="cracker-row" data-testid="cracker-row">
    <ProductImage src={cracker.image_path} alt="" className="cracker-thumb" />
    <div className="cracker-main">
      <p className="cracker-name" translate="no">
        {cracker.name}
      </p>
      <p className="muted cracker-meta">
        <span className="chip" translate="no">
          {cracker.category}
        </span>{' '}
        <span translate="no">{cracker.particulars}</span> ·{' '}
        {tRich('per <unit>{unit}</unit>', { unit: (w) => <span translate="no">{w}</span> }, { unit: cracker.per })}
      </p>
    </div>
    <p className="cracker-price">
      {cracker.strikeOff > cracker.price && (
        <s className="price-was">{formatRupees(cracker.strikeOff, { whole: true })}</s>
      )}
      <strong>{formatRupees(cracker.price, { whole: cracker.price % 100 === 0 })}</strong>
    </p>
    <div className="cracker-action">
      {quantity > 0 ? (
        <>
          <button
            type="button"
            className="btn btn-sm btn-reserved"
            onClick={() => setReservedQuantity(cracker.id, 0)}
            aria-pressed="true"
          >
            {t('Reserved')}
          </button>
          <Qty id={cracker.id} name={cracker.name} quantity={quantity} />
        </>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => reserveCracker(cracker)}
          aria-pressed="false"
        >
          {t('Reserve')}
        </button>
      )}
    </div>
  </li>
);

type Result = { title: 'Order Placed Successfully'; orderId: string } | { title: 'Error'; message: string };

/** /crackers (no login needed): search, sort, reserve items, the ₹2000 minimum, details form, referral status. */
export const Crackers = () => {
  usePageTitle(t('Crackers Collection'));
  const user = useSessionStore((s) => s.user);
  const lines = useCrackersCart((s) => s.lines);
  const [q, setQ] = useState('');
  const [sort, setSort] = useState('default');
  const [crackers, setCrackers] = useState<Cracker[] | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [dialog, setDialog] = useState<'details' | 'referral' | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const total = reservedTotal(lines);
  const belowMinimum = total < CRACKERS_MIN_ORDER_PAISE;
  const [known, setKnown] = useState<Partial<CrackersDetails> | undefined>(undefined);
  const [season, setSeason] = useState<CrackersSeasonView | null>(null);
  const closed = season !== null && !season.open;
  const seasonText = season ? (season.open && season.season ? deliveryText(season.season) : seasonMessage(season)) : '';

  // The season the admins set: the delivery promise, and whether orders are taken today.
  useEffect(() => {
    const controller = new AbortController();
    fetchCrackersSeason(controller.signal)
      .then(setSeason)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  // A signed-in member's details form starts from their profile (or what they registered with).
  useEffect(() => {
    if (!user) {
      setKnown(undefined);
      return;
    }
    const controller = new AbortController();
    api<ProfileAnswer>('/api/me/profile', { signal: controller.signal })
      .then((answer) => setKnown(crackersDetailsFrom(answer)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [user]);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      shopApi
        .crackers(q.trim(), sort, controller.signal)
        .then((r) => {
          setCrackers(r.data);
          setLoadError(false);
        })
        .catch((error: unknown) => {
          if (!(error instanceof DOMException)) setLoadError(true);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, sort]);

  const place = async (details: CrackersDetails) => {
    if (belowMinimum) return setResult({ title: 'Error', message: t(MINIMUM) });
    setSubmitting(true);
    try {
      const answer = await shopApi.placeCrackersOrder({
        ...details,
        platform: 'web',
        items: lines.map((l) => ({ id: l.cracker.id, quantity: l.quantity })),
      });
      clearReserved();
      setDialog(null);
      setResult({ title: 'Order Placed Successfully', orderId: answer.order_id });
    } catch (error) {
      const known = error instanceof ApiError && error.status === 422;
      setResult({
        title: 'Error',
        message: known
          ? errorText(error.code, error.message, error.details)
          : t('Failed to place order, please try again.'),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const quantityOf = (id: string) => lines.find((l) => l.cracker.id === id)?.quantity ?? 0;

  return (
    <div className="crackers-page">
      {season && (
        <div className="marquee" role="note" aria-label={t('Delivery dates')}>
          <p className="marquee-track" data-testid="crackers-delivery">
            <span>{seasonText}</span>
            <span aria-hidden="true">{seasonText}</span>
          </p>
        </div>
      )}
      <div className="container shop-page">
        <header className="shop-head">
          <div>
            <p className="eyebrow">{t('Deepavali season')}</p>
            <h1>{t('Crackers Collection')}</h1>
            <p className="muted">
              {t('Reserve what you like; we deliver across Thanjavur and Thiruvarur. Minimum order ₹2000.')}
            </p>
          </div>
          <div className="button-row">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setDialog('referral')}>
              {t('Referral status')}
            </button>
            {user && (
              <Link to="/reserved-items" className="btn btn-ghost btn-sm">
                {t('My reserved orders')}
              </Link>
            )}
          </div>
        </header>

        <div className="crackers-tools">
          <label className="filter-search crackers-search">
            <SearchIcon />
            <input
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder={t('Search crackers')}
              aria-label={t('Search crackers')}
            />
          </label>
          <label className="sort-select">
            <span>{t('Sort by')}</span>
            <select value={sort} onChange={(e) => setSort(e.target.value)}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {t(s.label)}
                </option>
              ))}
            </select>
          </label>
        </div>

        <div className="crackers-layout">
          <section aria-label={t('Crackers')}>
            {loadError && <Notice kind="error">{t('Server error')}</Notice>}
            {!crackers && !loadError && <Spinner label={t('Loading crackers…')} />}
            {crackers?.length === 0 && <Notice kind="empty">{t('No crackers found')}</Notice>}
            {crackers && crackers.length > 0 && (
              <ul className="cracker-list">
                {crackers.map((c) => (
                  <CrackerRow key={c.id} cracker={c} quantity={quantityOf(c.id)} />
                ))}
              </ul>
            )}
          </section>

          <aside
            className="card reserved-panel"
            id="reserved-panel"
            aria-labelledby="reserved-title"
            data-testid="reserved-panel"
          >
            <h2 id="reserved-title">{t('Reserved Items')}</h2>
            {lines.length === 0 ? (
              <p className="muted">{t('No items reserved.')}</p>
            ) : (
              <ul className="reserved-list">
                {lines.map((l) => (
                  <li key={l.cracker.id} className="reserved-line">
                    <div>
                      <p className="reserved-name" translate="no">
                        {l.cracker.name}
                      </p>
                      <p className="muted">
                        {formatRupees(l.cracker.price)} × {l.quantity} = {formatRupees(l.cracker.price * l.quantity)}
                      </p>
                    </div>
                    <Qty id={l.cracker.id} name={l.cracker.name} quantity={l.quantity} />
                    <button type="button" className="link-btn" onClick={() => setReservedQuantity(l.cracker.id, 0)}>
                      {t('Remove')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <p className="reserved-total">
              {t('Total')} <strong data-testid="reserved-total">{formatRupees(total)}</strong>
            </p>
            {belowMinimum && lines.length > 0 && <p className="form-hint">{t(MINIMUM)}</p>}
            {closed && (
              <p className="form-hint" data-testid="crackers-closed">
                {seasonMessage(season)}
              </p>
            )}
            <button
              type="button"
              className="btn btn-accent reserve-now"
              disabled={belowMinimum || closed}
              onClick={() => setDialog('details')}
            >
              {t('Reserve')}
            </button>
          </aside>
        </div>
      </div>

      {lines.length > 0 && (
        <a href="#reserved-panel" className="crackers-mobile-bar">
          <span>
            {t('{n} reserved', { n: formatNumber(lines.length) })} ·{' '}
            <strong>{formatRupees(total, { whole: true })}</strong>
          </span>
          <span>{t('Review ›')}</span>
        </a>
      )}

      <DetailsDialog
        open={dialog === 'details'}
        total={total}
        submitting={submitting}
        initial={known}
        onClose={() => setDialog(null)}
        onSubmit={(d) => void place(d)}
      />
      <ReferralStatusDialog open={dialog === 'referral'} onClose={() => setDialog(null)} />
      <Modal
        open={result !== null}
        onClose={() => setResult(null)}
        title={result ? t(result.title) : ''}
        testId="crackers-result"
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setResult(null)}>
            {t('OK')}
          </button>
        }
      >
        {result?.title === 'Order Placed Successfully' ? (
          <p>
            {tRich(
              'Thank you! Your order ID is <id>{id}</id>. We will call you to confirm the delivery.',
              { id: (w) => <strong data-testid="crackers-order-id">{w}</strong> },
              { id: result.orderId },
            )}
          </p>
        ) : (
          <p>{result && 'message' in result ? result.message : ''}</p>
        )}
      </Modal>
    </div>
  );
};
