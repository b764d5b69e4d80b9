import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { adminError, istLocalToMs, msToIstLocal, rupeesToPaise } from './adminForms.ts';
import { ProductSearch, type Product } from './ProductSearch.tsx';
import { roomProblems, type RoomFields } from './roomForm.ts';
import './dealAdmin.css';
import type { RoomSummary } from '../../../../api/contract/rooms.ts';

type CreatedRoom = RoomSummary;

const EMPTY: RoomFields = {
  total_price: '',
  base_price: '',
  max_price: '',
  bid_value: '',
  bid_seconds: '60',
  entry_fee: '0',
  max_participants: '2',
  reward_cash: '0',
  max_attempts: '5',
  runner_up_places: '2',
  scheduled_time: '',
};

type NumberFieldProps = {
  name: keyof RoomFields;
  label: string;
  min: number;
  max?: number;
  step: number | string;
  hint?: string;
};

/** `/create-room` (admin): product search and every room rule with the spec's bounds, then the room code. */
export const CreateRoom = () => {
  usePageTitle(t('Create Deal Room'));
  const user = useSessionStore((s) => s.user);
  const [params] = useSearchParams();
  const [product, setProduct] = useState<Product | null>(null);
  const [fields, setFields] = useState<RoomFields>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedRoom | null>(null);

  const problems = roomProblems(fields, product !== null, Date.now());
  const set = (key: keyof RoomFields, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const pick = (p: Product | null) => {
    setProduct(p);
    if (p) set('total_price', (p.price / 100).toFixed(2));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (!user) {
      setError(t('User not logged in'));
      return;
    }
    if (Object.keys(problems).length > 0 || !product) return;
    setBusy(true);
    try {
      const res = await api<{ success: boolean; message: string; room_code: string; room: CreatedRoom }>(
        '/api/admin/rooms',
        {
          body: {
            product_id: product.id,
            total_price: rupeesToPaise(fields.total_price),
            base_price: rupeesToPaise(fields.base_price),
            max_price: rupeesToPaise(fields.max_price),
            bid_value: Number(fields.bid_value) * 100,
            bid_seconds: Number(fields.bid_seconds),
            entry_fee: rupeesToPaise(fields.entry_fee),
            max_participants: Number(fields.max_participants),
            reward_cash: rupeesToPaise(fields.reward_cash),
            max_attempts: Number(fields.max_attempts),
            runner_up_places: Number(fields.runner_up_places),
            scheduled_time: new Date(istLocalToMs(fields.scheduled_time)).toISOString(),
          },
        },
      );
      if (!res.success || !res.room_code) throw new Error(res.message || 'Failed to create room');
      setCreated({ ...res.room, room_code: res.room_code });
      window.scrollTo(0, 0);
    } catch (cause) {
      setError(adminError(cause, t('Failed to create room'), t('Server error')));
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    setFields(EMPTY);
    setProduct(null);
    setTouched(false);
    setCreated(null);
    setError(null);
  };

  const numberField = ({ name, label, min, max, step, hint }: NumberFieldProps) => {
    const problem = touched ? problems[name] : undefined;
    return (
      <div className="vd-form-field">
        <label htmlFor={`room-${name}`}>
          {t(label)} <span className="vd-req">*</span>
        </label>
        <input
          id={`room-${name}`}
          name={name}
          type="number"
          inputMode={step === 1 ? 'numeric' : 'decimal'}
          min={min}
          max={max}
          step={step}
          required
          value={fields[name]}
          onChange={(e) => set(name, e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `room-${name}-error` : undefined}
        />
        {problem ? (
          <p className="vd-form-error" id={`room-${name}-error`}>
            {problem}
          </p>
        ) : (
          hint && <p className="vd-form-hint">{t(hint)}</p>
        )}
      </div>
    );
  };

  if (created) {
    return (
      <section className="container deal-admin">
        <p className="eyebrow">{t('Admin')}</p>
        <h1>{t('Create Deal Room')}</h1>
        <div className="card success-card" data-testid="room-created" role="status">
          <p className="success-badge">{t('✓ Room created')}</p>
          <p className="room-code-label">{t('Room code')}</p>
          <p className="room-code" data-testid="created-room-code">
            {created.room_code}
          </p>
          <dl className="vd-facts">
            <div className="vd-fact">
              <dt>{t('Product')}</dt>
              <dd translate="no">{created.product_name}</dd>
            </div>
            <div className="vd-fact">
              <dt>{t('Starts')}</dt>
              <dd>{formatDateTime(created.scheduled_time)}</dd>
            </div>
            <div className="vd-fact">
              <dt>{t('Base / max price')}</dt>
              <dd>
                {formatRupees(created.base_price)} / {formatRupees(created.max_price)}
              </dd>
            </div>
            <div className="vd-fact">
              <dt>{t('Increment · entry fee')}</dt>
              <dd>
                {formatRupees(created.bid_value)} · {formatRupees(created.entry_fee)}
              </dd>
            </div>
          </dl>
          <div className="vd-form-actions">
            <Link className="btn btn-primary" to="/deals">
              {t('See it on Deals')}
            </Link>
            <Link className="btn btn-ghost" to={`/auction/${created.room_code}`}>
              {t('Open the room')}
            </Link>
            <button type="button" className="btn btn-ghost" onClick={reset}>
              {t('Create another room')}
            </button>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="container deal-admin">
      <p className="eyebrow">{t('Admin')}</p>
      <h1>{t('Create Deal Room')}</h1>
      <p className="deal-admin-links">
        <Link to="/add-products">{t('Add a product')}</Link> · <Link to="/deals">{t('Deals')}</Link> ·{' '}
        <Link to="/admin">{t('Users')}</Link>
      </p>
      <form className="card vd-form-card" onSubmit={(e) => void submit(e)} noValidate data-testid="create-room-form">
        {error && <Notice tone="error">{error}</Notice>}
        <div className="vd-form-grid">
          <ProductSearch picked={product} onPick={pick} initial={params.get('product') ?? ''} />
          {touched && problems.product && (
            <p className="vd-form-error vd-form-field--wide" role="alert">
              {problems.product}
            </p>
          )}
          {numberField({
            name: 'total_price',
            label: 'Total price (₹)',
            min: 0,
            step: 0.01,
            hint: 'The product price; filled when you pick a product.',
          })}
          {numberField({
            name: 'base_price',
            label: 'Base price (₹)',
            min: 0,
            step: 0.01,
            hint: 'The deal starts here.',
          })}
          {numberField({
            name: 'max_price',
            label: 'Max price (₹)',
            min: 0,
            step: 0.01,
            hint: 'No deal goes above it.',
          })}
          {numberField({ name: 'bid_value', label: 'Increment per deal (₹)', min: 1, step: 1, hint: 'Whole rupees.' })}
          {numberField({
            name: 'bid_seconds',
            label: 'Round timer (seconds)',
            min: 1,
            step: 1,
            hint: 'Resets on every deal.',
          })}
          {numberField({ name: 'entry_fee', label: 'Entry fee (₹)', min: 0, step: 0.01 })}
          {numberField({
            name: 'max_participants',
            label: 'Max participants',
            min: 2,
            max: 10,
            step: 1,
            hint: 'From 2 to 10; the room starts only when full.',
          })}
          {numberField({ name: 'reward_cash', label: 'Winner’s Reward Cash (₹)', min: 0, step: 0.01 })}
          {numberField({
            name: 'max_attempts',
            label: 'Deals per member',
            min: 1,
            max: 20,
            step: 1,
            hint: 'Attempt limit per member (usually 5).',
          })}
          {numberField({
            name: 'runner_up_places',
            label: 'Runner-up places',
            min: 0,
            max: 5,
            step: 1,
            hint: 'If the winner does not buy within the hour, offer the item to the next member at their last deal, this many places down (0: no offer).',
          })}
          <div className="vd-form-field">
            <label htmlFor="room-scheduled_time">
              {t('Scheduled time (IST)')} <span className="vd-req">*</span>
            </label>
            <input
              id="room-scheduled_time"
              type="datetime-local"
              required
              min={msToIstLocal(Date.now())}
              value={fields.scheduled_time}
              onChange={(e) => set('scheduled_time', e.target.value)}
              aria-invalid={touched && problems.scheduled_time ? true : undefined}
            />
            {touched && problems.scheduled_time ? (
              <p className="vd-form-error">{problems.scheduled_time}</p>
            ) : (
              <p className="vd-form-hint">{t('India time.')}</p>
            )}
          </div>
        </div>
        <div className="vd-form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? t('Creating…') : t('Create Room')}
          </button>
        </div>
      </form>
    </section>
  );
};
