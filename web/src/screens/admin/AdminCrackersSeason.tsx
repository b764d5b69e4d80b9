import { useEffect, useState } from 'react';
import type { CrackersSeasonDto, CrackersSeasonView } from '../../../../api/contract/shop.ts';
import { SEASON_MESSAGES } from '../../../../engine/crackersSeason.ts';
import { t } from '../../i18n/index.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { deliveryText, fetchCrackersSeason } from '../shop/crackersSeason.ts';
import { serverSaid } from './adminForms.ts';
import { AdminNav } from './AdminNav.tsx';
import './admin.css';

const EMPTY: CrackersSeasonDto = { opens_on: '', closes_on: '', bands: [{ order_by: '', deliver_by: '' }] };

/** Why orders are not taken today, in the language shown (the server's sentence; one of the engine's). */
const closedWords = (view: CrackersSeasonView): string => {
  const message = view.message ?? SEASON_MESSAGES.closed;
  return view.season && message === SEASON_MESSAGES.notOpen(view.season.opens_on)
    ? serverSaid(message, 'Crackers orders open on {date}.', { date: formatDate(view.season.opens_on) })
    : t(message);
};

/**
 * /admin/crackers-season: the days crackers orders are taken and the delivery promise for each
 * band of order dates. The crackers page, the shipping policy and the order rules read it; orders
 * close on their own after the closing day.
 */
export const AdminCrackersSeason = () => {
  usePageTitle(t('Crackers season'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [view, setView] = useState<CrackersSeasonView | null>(null);
  const [form, setForm] = useState<CrackersSeasonDto>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    fetchCrackersSeason()
      .then((v) => {
        setView(v);
        if (v.season) setForm(v.season);
      })
      .catch(() => setResult({ tone: 'error', text: t('Could not load the season. Please reload.') }));
  }, []);

  const setBand = (i: number, key: 'order_by' | 'deliver_by', value: string) =>
    setForm((f) => ({ ...f, bands: f.bands.map((b, j) => (j === i ? { ...b, [key]: value } : b)) }));

  const save = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await api<CrackersSeasonView>('/api/crackers/season', { method: 'PUT', body: form });
      setView(answer);
      setResult({
        tone: 'success',
        text: answer.open
          ? t('Saved. Orders are open today.')
          : answer.message
            ? t('Saved. {why}', { why: closedWords(answer) })
            : t('Saved.'),
      });
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, t('Could not save the season. Please try again.')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Crackers season')}</h1>
          <p className="muted">
            {view === null
              ? t('Loading…')
              : view.open
                ? t('Orders are open today.')
                : view.message
                  ? closedWords(view)
                  : t('Orders are closed.')}
          </p>
        </div>
      </div>
      <AdminNav />
      <form
        className="card admin-panel admin-form"
        aria-label={t('Crackers season')}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset disabled={!isAdmin}>
          <div className="room-filters">
            <div className="vd-form-field">
              <label htmlFor="season-opens">{t('Orders open on')}</label>
              <input
                id="season-opens"
                type="date"
                required
                value={form.opens_on}
                onChange={(e) => setForm((f) => ({ ...f, opens_on: e.target.value }))}
              />
            </div>
            <div className="vd-form-field">
              <label htmlFor="season-closes">{t('Last day for orders')}</label>
              <input
                id="season-closes"
                type="date"
                required
                value={form.closes_on}
                onChange={(e) => setForm((f) => ({ ...f, closes_on: e.target.value }))}
              />
            </div>
          </div>
          <h2>{t('Delivery promises')}</h2>
          <p className="muted">
            {t(
              'Orders placed up to each date are delivered by its delivery date. The last one covers the closing day.',
            )}
          </p>
          {form.bands.map((b, i) => (
            <div className="room-filters" key={i} data-testid={`season-band-${i}`}>
              <div className="vd-form-field">
                <label htmlFor={`band-${i}-order`}>{t('Orders till')}</label>
                <input
                  id={`band-${i}-order`}
                  type="date"
                  required
                  value={b.order_by}
                  onChange={(e) => setBand(i, 'order_by', e.target.value)}
                />
              </div>
              <div className="vd-form-field">
                <label htmlFor={`band-${i}-deliver`}>{t('Delivered by')}</label>
                <input
                  id={`band-${i}-deliver`}
                  type="date"
                  required
                  value={b.deliver_by}
                  onChange={(e) => setBand(i, 'deliver_by', e.target.value)}
                />
              </div>
              {form.bands.length > 1 && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setForm((f) => ({ ...f, bands: f.bands.filter((_, j) => j !== i) }))}
                >
                  {t('Remove')}
                </button>
              )}
            </div>
          ))}
          {form.bands.length < 4 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setForm((f) => ({ ...f, bands: [...f.bands, { order_by: '', deliver_by: '' }] }))}
            >
              {t('Add a delivery promise')}
            </button>
          )}
          {form.bands.every((b) => b.order_by && b.deliver_by) && (
            <p className="muted" data-testid="season-preview">
              {t('Members will read: {text}', { text: deliveryText(form) })}
            </p>
          )}
          {result && <Notice tone={result.tone}>{result.text}</Notice>}
          {isAdmin && (
            <div className="button-row">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {t('Save the season')}
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </section>
  );
};
