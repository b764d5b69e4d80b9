import { useEffect, useState } from 'react';
import type { CrackersOrderDetails } from '../../../../engine/crackersOrder.ts';
import { CRACKERS_DISTRICTS, CRACKERS_MESSAGES } from '../../../../engine/crackersOrder.ts';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { Modal } from './parts.tsx';
import type { ReferralOrder } from './shopApi.ts';
import { fetchReferralStatus } from './shopApi.ts';

/** What the reserve form asks for: the order's details but the platform, which the page adds. */
export type CrackersDetails = Omit<CrackersOrderDetails, 'platform'>;

export const EMPTY_DETAILS: CrackersDetails = {
  name: '',
  phone: '',
  address1: '',
  address2: '',
  district: '',
  referral_code: '',
};

const sameDetails = (a: CrackersDetails, b: CrackersDetails) =>
  (Object.keys(b) as (keyof CrackersDetails)[]).every((k) => a[k] === b[k]);

/** The details form: name, phone, address lines, district (Thanjavur or Thiruvarur) and a referral code, all but line 2 required. */
export const DetailsDialog = ({
  open,
  total,
  submitting,
  initial,
  onClose,
  onSubmit,
}: {
  open: boolean;
  total: number;
  submitting: boolean;
  /** What we already know of a signed-in member (name, mobile, address): the form starts from it. */
  initial?: Partial<CrackersDetails>;
  onClose: () => void;
  onSubmit: (details: CrackersDetails) => void;
}) => {
  const [d, setD] = useState<CrackersDetails>(EMPTY_DETAILS);
  useEffect(() => {
    // Filled once, on opening, and only while the member has typed nothing.
    if (open && initial)
      setD((current) => (sameDetails(current, EMPTY_DETAILS) ? { ...EMPTY_DETAILS, ...initial } : current));
  }, [open, initial]);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof CrackersDetails) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });

  const submit = () => {
    const missing = !d.name.trim() || !d.phone.trim() || !d.address1.trim() || !d.district || !d.referral_code.trim();
    if (missing) return setProblem(t(CRACKERS_MESSAGES.required));
    setProblem(null);
    onSubmit(d);
  };

  return (
    <Modal open={open} onClose={onClose} title={t('Your details')} testId="crackers-details">
      <form
        className="details-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <p className="muted">
          {tRich(
            'Order total <strong>{total}</strong>. We deliver to Thanjavur and Thiruvarur districts.',
            { strong: (w) => <strong>{w}</strong> },
            { total: formatRupees(total) },
          )}
        </p>
        <label className="form-field">
          <span>{t('Name')} *</span>
          <input value={d.name} onChange={set('name')} autoComplete="name" required />
        </label>
        <label className="form-field">
          <span>{t('Phone')} *</span>
          <input value={d.phone} onChange={set('phone')} type="tel" inputMode="tel" autoComplete="tel" required />
        </label>
        <label className="form-field">
          <span>{t('Address line 1')} *</span>
          <input value={d.address1} onChange={set('address1')} autoComplete="address-line1" required />
        </label>
        <label className="form-field">
          <span>{t('Address line 2')}</span>
          <input value={d.address2} onChange={set('address2')} autoComplete="address-line2" />
        </label>
        <label className="form-field">
          <span>{t('District')} *</span>
          <select value={d.district} onChange={set('district')} required>
            <option value="">{t('Choose a district')}</option>
            {CRACKERS_DISTRICTS.map((name) => (
              <option key={name} value={name}>
                {t(name)}
              </option>
            ))}
          </select>
        </label>
        <label className="form-field">
          <span>{t('Referral code')} *</span>
          <input
            value={d.referral_code}
            onChange={set('referral_code')}
            maxLength={20}
            autoCapitalize="characters"
            required
          />
        </label>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="btn btn-accent" disabled={submitting}>
            {submitting ? t('Placing order…') : t('Place Order')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
};

/** Referral status: orders placed with a code, fetched without credentials; phones arrive masked. */
export const ReferralStatusDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [code, setCode] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'error'; message: string }
    | { kind: 'ready'; orders: ReferralOrder[] }
  >({ kind: 'idle' });

  const check = async () => {
    const value = code.trim();
    if (!value) return;
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', orders: await fetchReferralStatus(value) });
    } catch (error) {
      setState({
        kind: 'error',
        message:
          error instanceof Error && error.message === 'NOT_FOUND'
            ? t('Referral Code Not Found')
            : t('Error fetching referral details'),
      });
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t('Referral status')} testId="referral-status" variant="wide">
      <form
        className="referral-form"
        onSubmit={(e) => {
          e.preventDefault();
          void check();
        }}
      >
        <label className="form-field">
          <span>{t('Referral code')}</span>
          <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={20} autoCapitalize="characters" />
        </label>
        <button type="submit" className="btn btn-primary" disabled={state.kind === 'loading'}>
          {t('Check')}
        </button>
      </form>
      {state.kind === 'loading' && <p role="status">{t('Checking…')}</p>}
      {state.kind === 'error' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && state.orders.length === 0 && (
        <p role="status">{t('No orders have been placed with this referral code yet.')}</p>
      )}
      {state.kind === 'ready' && state.orders.length > 0 && (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('Order')}</th>
                <th scope="col">{t('Customer')}</th>
                <th scope="col">{t('Phone')}</th>
                <th scope="col">{t('District')}</th>
                <th scope="col">{t('Total')}</th>
                <th scope="col">{t('Placed')}</th>
              </tr>
            </thead>
            <tbody>
              {state.orders.map((o) => (
                <tr key={o.order_id}>
                  <td>{o.order_id}</td>
                  <td translate="no">{o.customer_name}</td>
                  <td>{o.phone}</td>
                  <td>{t(o.district)}</td>
                  <td>{formatRupees(o.total_amount)}</td>
                  <td>{formatDateTime(o.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
};
