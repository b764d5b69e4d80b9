import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { lineRewardCap } from '../../../../engine/order.ts';
import { errorText, t } from '../../i18n/index.ts';
import { ApiError } from '../../lib/api.ts';
import { formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { loadCart } from '../../stores/cart.ts';
import { refreshSession } from '../../stores/session.ts';
import { Notice, ProductImage, Spinner } from './parts.tsx';
import type { CartLine, CheckoutData } from './shopApi.ts';
import { shopApi } from './shopApi.ts';
import './shop.css';
import './checkout.css';

const STEP = 100;

/** Storefront §5: per line 0 to the smaller of reward points × quantity and the reward cash not used on other lines. */
export const rewardMax = (line: CartLine, rewardCash: number, usedElsewhere: number): number => {
  const cap = Math.min(lineRewardCap(line), Math.max(0, rewardCash - usedElsewhere));
  return Math.floor(cap / STEP) * STEP;
};

const RETURN_KEYS = [
  'payment_success',
  'order_id',
  'razorpay_order_id',
  'razorpay_payment_id',
  'razorpay_signature',
  'error_description',
];

/** Handles the provider's return to /checkout: verifies a payment once, or gives back a cancelled order. */
const usePaymentReturn = (onError: (message: string) => void) => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);
  const [busy, setBusy] = useState(params.has('payment_success'));

  useEffect(() => {
    if (handled.current || !params.has('payment_success')) return;
    handled.current = true;
    const get = (k: string) => params.get(k) ?? '';
    const success = get('payment_success') === '1';
    const providerOrderId = get('razorpay_order_id') || get('order_id');
    const description = get('error_description');
    const next = new URLSearchParams(params);
    for (const k of RETURN_KEYS) next.delete(k);
    setParams(next, { replace: true });

    const done = async () => {
      if (success) {
        try {
          const answer = await shopApi.verifyPayment({
            razorpay_order_id: get('razorpay_order_id'),
            razorpay_payment_id: get('razorpay_payment_id'),
            razorpay_signature: get('razorpay_signature'),
            order_id: get('order_id'),
          });
          await Promise.all([loadCart(), refreshSession()]);
          void navigate(`/success?order=${encodeURIComponent(answer.order_id)}`, {
            replace: true,
            state: { message: answer.message },
          });
          return;
        } catch (error) {
          onError(
            error instanceof ApiError && error.code !== 'NETWORK'
              ? errorText(error.code, error.message, error.details)
              : t('Payment verification failed'),
          );
        }
      } else {
        if (providerOrderId)
          await shopApi.cancelPayment(providerOrderId, description || 'cancelled').catch(() => undefined);
        await Promise.all([loadCart(), refreshSession()]);
        onError(t('Payment failed: {reason}', { reason: description || t('Unknown error') }));
      }
      setBusy(false);
    };
    void done();
  }, [params, setParams, navigate, onError]);
  return busy;
};

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: CheckoutData };

/** /checkout: billing details, an order summary with a Reward Cash slider per item, the total and Proceed to Payment. */
export const Checkout = () => {
  usePageTitle(t('Checkout'));
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [billing, setBilling] = useState({ name: '', email: '', phone: '', address: '' });
  const [applied, setApplied] = useState<Record<string, number>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const returning = usePaymentReturn(setError);

  useEffect(() => {
    if (returning) return;
    shopApi
      .checkoutData()
      .then((data) => {
        setLoad({ state: 'ready', data });
        setBilling(data.billing);
        setApplied({});
      })
      .catch(() => setLoad({ state: 'error' }));
  }, [returning]);

  if (returning) return <Spinner label={t('Checking your payment…')} />;
  if (load.state === 'loading') return <Spinner label={t('Loading checkout…')} />;
  if (load.state === 'error') {
    return (
      <div className="container shop-page">
        {error && <Notice kind="error">{error}</Notice>}
        <Notice kind="error">{t('Failed to load checkout data.')}</Notice>
      </div>
    );
  }

  const { cart, user_rewards: rewardCash } = load.data;
  if (cart.length === 0) {
    return (
      <div className="container shop-page narrow">
        <h1>{t('Checkout')}</h1>
        {error && <Notice kind="error">{error}</Notice>}
        <Notice kind="empty">
          <p>{t('Cart is empty.')}</p>
          <Link to="/shop" className="btn btn-primary btn-sm">
            {t('Go to the shop')}
          </Link>
        </Notice>
      </div>
    );
  }

  const totalApplied = cart.reduce((n, l) => n + (applied[l.product_id] ?? 0), 0);
  const subtotal = cart.reduce((n, l) => n + l.price * l.quantity, 0);
  const total = Math.max(0, subtotal - totalApplied);

  const proceed = async () => {
    setSubmitting(true);
    setError(null);
    try {
      const appliedRewards = Object.fromEntries(Object.entries(applied).filter(([, v]) => v > 0));
      const answer = await shopApi.checkout({ ...billing, appliedRewards });
      if (answer.paid || !answer.checkout_url) {
        await Promise.all([loadCart(), refreshSession()]);
        void navigate(`/success?order=${encodeURIComponent(answer.order_id)}`, {
          state: { message: 'Payment Successful!' },
        });
        return;
      }
      window.location.assign(answer.checkout_url);
    } catch (e) {
      setSubmitting(false);
      if (!(e instanceof ApiError) || e.code === 'NETWORK') setError(t('Server error during checkout.'));
      else setError(errorText(e.code, e.message, e.details) || t('Checkout failed'));
      void loadCart();
    }
  };

  const field = (key: keyof typeof billing, label: string, type = 'text') => (
    <label className="form-field">
      <span>{label}</span>
      {key === 'address' ? (
        <textarea rows={3} value={billing[key]} onChange={(e) => setBilling({ ...billing, [key]: e.target.value })} />
      ) : (
        <input type={type} value={billing[key]} onChange={(e) => setBilling({ ...billing, [key]: e.target.value })} />
      )}
    </label>
  );

  return (
    <div className="container shop-page">
      <h1>{t('Checkout')}</h1>
      {error && <Notice kind="error">{error}</Notice>}
      <div className="checkout-layout">
        <section className="card checkout-billing" aria-labelledby="billing-title">
          <h2 id="billing-title">{t('Billing details')}</h2>
          {field('name', t('Name'))}
          {field('email', t('Email'), 'email')}
          {field('phone', t('Phone'), 'tel')}
          {field('address', t('Address'))}
        </section>
        <section className="card checkout-summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('Order summary')}</h2>
          <p className="muted" data-testid="reward-available">
            {t('Reward Cash available:')} <strong>{formatRupees(rewardCash)}</strong>
          </p>
          <ul className="summary-lines">
            {cart.map((line) => {
              const mine = applied[line.product_id] ?? 0;
              const max = rewardMax(line, rewardCash, totalApplied - mine);
              return (
                <li key={line.product_id} className="summary-line">
                  <ProductImage src={line.image_url} alt="" className="summary-thumb" />
                  <div className="summary-main">
                    <p className="summary-name" translate="no">
                      {line.name}
                    </p>
                    <p className="muted">
                      {line.quantity} × {formatRupees(line.price)} = {formatRupees(line.price * line.quantity)}
                    </p>
                    <label className="reward-slider">
                      <span>
                        {t('Reward Cash on this item:')} <strong>{formatRupees(mine)}</strong>{' '}
                        <span className="muted">{t('(max {amount})', { amount: formatRupees(max) })}</span>
                      </span>
                      <input
                        type="range"
                        min={0}
                        max={max}
                        step={STEP}
                        value={Math.min(mine, max)}
                        disabled={max === 0}
                        aria-label={t('Reward Cash on {name}', { name: line.name })}
                        aria-valuetext={formatRupees(mine)}
                        onChange={(e) => setApplied({ ...applied, [line.product_id]: Number(e.target.value) })}
                      />
                    </label>
                  </div>
                </li>
              );
            })}
          </ul>
          <dl className="summary-totals">
            <dt>{t('Subtotal')}</dt>
            <dd>{formatRupees(subtotal)}</dd>
            <dt>{t('Reward Cash applied')}</dt>
            <dd>− {formatRupees(totalApplied)}</dd>
            <dt>{t('Delivery')}</dt>
            <dd>{t('Free')}</dd>
            <dt className="summary-total">{t('Total')}</dt>
            <dd className="summary-total" data-testid="checkout-total">
              {formatRupees(total)}
            </dd>
          </dl>
          <button
            type="button"
            className="btn btn-accent checkout-pay"
            disabled={submitting}
            onClick={() => void proceed()}
          >
            {submitting ? t('Please wait…') : t('Proceed to Payment')}
          </button>
        </section>
      </div>
    </div>
  );
};
