import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatCountdown, formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { usePaymentReturn } from '../../lib/usePaymentReturn.ts';
import { refreshSession, useSessionStore } from '../../stores/session.ts';
import { Notice, ProductImage, ScreenHeader, useServerNow } from '../../ui/kit.tsx';
import type { Address, PurchaseView } from './purchaseForm.ts';
import { addressProblems, emptyAddress, loadPurchase, PURCHASE_MESSAGES, startPayment } from './purchaseForm.ts';
import './purchase.css';

type TextField = Exclude<keyof Address, 'address_type'>;
const FIELDS: { key: TextField; label: string; required: boolean; wide?: boolean; input?: 'tel' | 'numeric' }[] = [
  { key: 'full_name', label: 'Full name', required: true },
  { key: 'contact_number', label: 'Contact number', required: true, input: 'tel' },
  { key: 'address_line1', label: 'Address line 1', required: true, wide: true },
  { key: 'address_line2', label: 'Address line 2', required: false, wide: true },
  { key: 'landmark', label: 'Landmark', required: false },
  { key: 'pincode', label: 'Pincode', required: true, input: 'numeric' },
  { key: 'city', label: 'City', required: true },
  { key: 'state', label: 'State', required: true },
];

const Summary = ({ view, now }: { view: PurchaseView; now: number }) => {
  const r = view.room;
  const price = r.bid_amount ?? 0;
  const left = r.purchase_deadline_ms === null ? 0 : r.purchase_deadline_ms - now;
  return (
    <aside className="purchase-side">
      <section className="card purchase-product">
        <ProductImage src={r.image_url} alt={r.product_name} className="purchase-image" />
        <div>
          <h2 translate="no">{r.product_name}</h2>
          <p className="muted">
            {t('Room {code}', { code: r.room_code })} · {r.product_code}
          </p>
          {r.offer_place > 0 ? (
            <p className="purchase-won" data-testid="purchase-offered">
              {t('Offered to you as runner-up at your last deal,')} <strong>{formatRupees(price)}</strong>
              {r.total_price > price && <s className="muted">{formatRupees(r.total_price)}</s>}
            </p>
          ) : (
            <p className="purchase-won">
              {t('You won it at')} <strong>{formatRupees(price)}</strong>
              {r.total_price > price && <s className="muted">{formatRupees(r.total_price)}</s>}
            </p>
          )}
        </div>
      </section>
      <section className="card purchase-window" data-testid="purchase-window">
        {view.existing_purchase ? (
          <p>
            {t('Purchased on')} <strong>{formatDateTime(view.existing_purchase.purchased_at)}</strong>
          </p>
        ) : view.expired || left <= 0 ? (
          <p className="purchase-expired">{t(PURCHASE_MESSAGES.expired)}</p>
        ) : (
          <>
            <p className="muted">{t('Time left to purchase')}</p>
            <p className="purchase-countdown" data-testid="purchase-countdown">
              {formatCountdown(left)}
            </p>
            <p className="muted">{t('Until {time}', { time: formatDateTime(r.purchase_deadline_ms!) })}</p>
          </>
        )}
      </section>
      <section className="card purchase-pay" aria-labelledby="pay-title">
        <h2 id="pay-title">{t('Payment summary')}</h2>
        <dl className="purchase-lines">
          <div>
            <dt>{t('Deal price')}</dt>
            <dd>{formatRupees(price)}</dd>
          </div>
          <div>
            <dt>{t('Delivery charge')}</dt>
            <dd>{formatRupees(r.delivery_charge ?? 0, { whole: true })}</dd>
          </div>
          <div className="purchase-total">
            <dt>{t('Total')}</dt>
            <dd data-testid="purchase-total">{formatRupees(price + (r.delivery_charge ?? 0))}</dd>
          </div>
        </dl>
      </section>
    </aside>
  );
};

/** `/purchase/:roomCode`: the winner buys the won deal within the hour, with a delivery address. */
export const Purchase = () => {
  const { roomCode = '' } = useParams();
  const code = roomCode.toUpperCase();
  usePageTitle(t('Purchase'));
  const session = useSessionStore((s) => s.status);
  const user = useSessionStore((s) => s.user);
  const location = useLocation();
  const now = useServerNow(1000);
  const [view, setView] = useState<PurchaseView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [address, setAddress] = useState<Address>(() => emptyAddress(user?.name ?? ''));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success' | 'info' | 'warning'; text: string } | null>(null);

  const reload = useCallback(async () => {
    try {
      setView(await loadPurchase(code));
      setLoadError(null);
    } catch (error) {
      setLoadError(error instanceof Error ? error.message : t(PURCHASE_MESSAGES.serverError));
    }
  }, [code]);

  usePaymentReturn(user, {
    load: () => void reload(),
    cancelled: () =>
      setMessage({ tone: 'warning', text: t('Payment cancelled. You can try again while the window is open.') }),
    paid: (ret) => {
      setMessage({ tone: 'info', text: t('Confirming your payment…') });
      const verify = ret.callback
        ? api<{ message?: string }>(`/api/rooms/${encodeURIComponent(code)}/purchase/verify`, { body: ret.callback })
        : Promise.resolve({ message: 'Payment received.' });
      verify
        .then((res) => setMessage({ tone: 'success', text: t(res.message || 'Payment Successful!') }))
        .catch((error: unknown) =>
          setMessage({ tone: 'error', text: messageOf(error, t('Payment verification failed')) }),
        )
        .finally(() => {
          void reload();
          void refreshSession();
        });
    },
  });

  useEffect(() => {
    const saved = view?.existing_purchase?.address;
    if (saved) setAddress((a) => ({ ...a, ...saved }));
  }, [view?.existing_purchase]);

  if (session === 'loading') return <PageLoading label={t('Checking your session…')} />;
  if (!user) {
    return (
      <section className="container purchase-missing">
        <h1>{t(PURCHASE_MESSAGES.loginRequired)}</h1>
        <Link className="btn btn-primary" to="/login" state={{ from: location.pathname }}>
          {t('Login')}
        </Link>
      </section>
    );
  }
  if (loadError && !view) {
    return (
      <section className="container purchase-missing" data-testid="purchase-error">
        <h1>{loadError}</h1>
        <div className="button-row">
          <Link className="btn btn-primary" to="/my-deals">
            {t('Back to My Deals')}
          </Link>
          <Link className="btn btn-ghost" to={`/auction/${code}`}>
            {t('View the deal room')}
          </Link>
        </div>
      </section>
    );
  }
  if (!view) return <PageLoading label={t('Loading your deal…')} />;

  const left = view.room.purchase_deadline_ms === null ? 0 : view.room.purchase_deadline_ms - now;
  const expired = view.expired || left <= 0;
  const locked = view.existing_purchase !== null;
  const disabled = locked || expired || busy;
  const problems = addressProblems(address);
  const set = (key: keyof Address, value: string) => setAddress((a) => ({ ...a, [key]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (locked || expired) return;
    setTouched(true);
    setMessage(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      window.location.assign(await startPayment(code, address));
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : t(PURCHASE_MESSAGES.initiateFailed) });
      setBusy(false);
    }
  };

  return (
    <>
      <ScreenHeader
        eyebrow={view.room.offer_place > 0 ? t('Offered to you') : t('Your won deal')}
        title={t('Purchase')}
        lead={
          view.room.offer_place > 0
            ? t(
                'The winner did not buy in time, so this item is offered to you at your last deal. Enter where to deliver it and pay before the time runs out. Delivery is free.',
              )
            : t('Enter where to deliver it and pay the final price. Delivery is free.')
        }
      />
      <div className="container vd-screen-body purchase-layout">
        <div className="purchase-main">
          {message && (
            <Notice tone={message.tone} onClose={() => setMessage(null)} testId="purchase-message">
              {message.text}
            </Notice>
          )}
          {locked && (
            <Notice tone="success" testId="purchase-locked">
              {t(PURCHASE_MESSAGES.locked)}
            </Notice>
          )}
          {!locked && expired && (
            <Notice tone="warning" testId="purchase-expired">
              {t(PURCHASE_MESSAGES.expired)}
            </Notice>
          )}
          <form className="card vd-form-card" onSubmit={(e) => void submit(e)} noValidate data-testid="purchase-form">
            <h2>{t('Delivery address')}</h2>
            <fieldset className="purchase-fieldset" disabled={disabled}>
              <div className="vd-form-grid">
                {FIELDS.map((f) => {
                  const problem = touched ? problems[f.key] : undefined;
                  return (
                    <div key={f.key} className={`vd-form-field${f.wide ? ' vd-form-field--wide' : ''}`}>
                      <label htmlFor={`addr-${f.key}`}>
                        {t(f.label)}{' '}
                        {f.required ? (
                          <span className="vd-req">*</span>
                        ) : (
                          <span className="muted">{t('(optional)')}</span>
                        )}
                      </label>
                      <input
                        id={`addr-${f.key}`}
                        name={f.key}
                        value={address[f.key]}
                        required={f.required}
                        inputMode={f.input === 'tel' ? 'tel' : f.input === 'numeric' ? 'numeric' : undefined}
                        maxLength={f.key === 'pincode' ? 6 : f.key === 'contact_number' ? 10 : 200}
                        onChange={(e) => set(f.key, e.target.value)}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `addr-${f.key}-error` : undefined}
                      />
                      {problem && (
                        <p className="vd-form-error" id={`addr-${f.key}-error`}>
                          {t(problem)}
                        </p>
                      )}
                    </div>
                  );
                })}
                <fieldset className="vd-form-field vd-form-field--wide purchase-type">
                  <legend>
                    {t('Address type')} <span className="vd-req">*</span>
                  </legend>
                  <div className="vd-radio-row">
                    {(['home', 'work', 'other'] as const).map((type) => (
                      <label key={type} className="vd-radio-pill">
                        <input
                          type="radio"
                          name="address_type"
                          value={type}
                          checked={address.address_type === type}
                          onChange={() => set('address_type', type)}
                        />
                        {t(type)}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div className="vd-form-field">
                  <label htmlFor="addr-platform">
                    {t('Platform')} <span className="muted">{t('(optional)')}</span>
                  </label>
                  <select id="addr-platform" value={address.platform} onChange={(e) => set('platform', e.target.value)}>
                    <option value="">{t('Not specified')}</option>
                    <option value="web">{t('Website')}</option>
                    <option value="android">{t('Android phone')}</option>
                    <option value="ios">{t('iPhone')}</option>
                  </select>
                </div>
              </div>
            </fieldset>
            <div className="vd-form-actions">
              <button
                type="submit"
                className="btn btn-accent purchase-submit"
                disabled={disabled}
                aria-busy={busy}
                data-testid="purchase-pay"
              >
                {locked
                  ? t('Purchased')
                  : expired
                    ? t('Expired')
                    : busy
                      ? t('Opening checkout…')
                      : t('Pay {amount}', { amount: formatRupees(view.room.bid_amount ?? 0) })}
              </button>
            </div>
          </form>
        </div>
        <Summary view={view} now={now} />
      </div>
    </>
  );
};
