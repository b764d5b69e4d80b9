import { useEffect, useState } from 'react';
import type { CrackersSeasonDto, CrackersSeasonView } from '../../../../api/contract/shop.ts';
import { api, messageOf } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { deliveryText, fetchCrackersSeason } from '../shop/crackersSeason.ts';
import { AdminNav } from './AdminNav.tsx';
import './admin.css';

const EMPTY: CrackersSeasonDto = { opens_on: '', closes_on: '', bands: [{ order_by: '', deliver_by: '' }] };

/**
 * /admin/crackers-season: the days crackers orders are taken and the delivery promise for each
 * band of order dates. The crackers page, the shipping policy and the order rules read it; orders
 * close on their own after the closing day.
 */
export const AdminCrackersSeason = () => {
  usePageTitle('Crackers season');
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
      .catch(() => setResult({ tone: 'error', text: 'Could not load the season. Please reload.' }));
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
        text: answer.open ? 'Saved. Orders are open today.' : `Saved. ${answer.message ?? ''}`.trim(),
      });
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, 'Could not save the season. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Crackers season</h1>
          <p className="muted">
            {view === null ? 'Loading…' : view.open ? 'Orders are open today.' : (view.message ?? 'Orders are closed.')}
          </p>
        </div>
      </div>
      <AdminNav />
      <form
        className="card admin-panel admin-form"
        aria-label="Crackers season"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset disabled={!isAdmin}>
          <div className="room-filters">
            <div className="vd-form-field">
              <label htmlFor="season-opens">Orders open on</label>
              <input
                id="season-opens"
                type="date"
                required
                value={form.opens_on}
                onChange={(e) => setForm((f) => ({ ...f, opens_on: e.target.value }))}
              />
            </div>
            <div className="vd-form-field">
              <label htmlFor="season-closes">Last day for orders</label>
              <input
                id="season-closes"
                type="date"
                required
                value={form.closes_on}
                onChange={(e) => setForm((f) => ({ ...f, closes_on: e.target.value }))}
              />
            </div>
          </div>
          <h2>Delivery promises</h2>
          <p className="muted">
            Orders placed up to each date are delivered by its delivery date. The last one covers the closing day.
          </p>
          {form.bands.map((b, i) => (
            <div className="room-filters" key={i} data-testid={`season-band-${i}`}>
              <div className="vd-form-field">
                <label htmlFor={`band-${i}-order`}>Orders till</label>
                <input
                  id={`band-${i}-order`}
                  type="date"
                  required
                  value={b.order_by}
                  onChange={(e) => setBand(i, 'order_by', e.target.value)}
                />
              </div>
              <div className="vd-form-field">
                <label htmlFor={`band-${i}-deliver`}>Delivered by</label>
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
                  Remove
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
              Add a delivery promise
            </button>
          )}
          {form.bands.every((b) => b.order_by && b.deliver_by) && (
            <p className="muted" data-testid="season-preview">
              Members will read: {deliveryText(form)}
            </p>
          )}
          {result && <Notice tone={result.tone}>{result.text}</Notice>}
          {isAdmin && (
            <div className="button-row">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Save the season
              </button>
            </div>
          )}
        </fieldset>
      </form>
    </section>
  );
};
