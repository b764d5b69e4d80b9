import { useCallback, useEffect, useState } from 'react';
import type { WithdrawalDto } from '../../../../api/contract/withdrawals.ts';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, messageOf } from '../../lib/api.ts';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { serverSaid } from './adminForms.ts';
import { AdminNav } from './AdminNav.tsx';
import './admin.css';

const FILTERS = [
  { key: 'requested', label: 'Waiting' },
  { key: '', label: 'All' },
  { key: 'paid', label: 'Paid' },
  { key: 'rejected', label: 'Rejected' },
  { key: 'failed', label: 'Payout failed' },
] as const;

/** /admin/withdrawals: waiting withdrawals first; admins approve (paid out) or reject with a reason; auditors read. */
export const AdminWithdrawals = () => {
  usePageTitle(t('Withdrawals'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [filter, setFilter] = useState<string>('requested');
  const [rows, setRows] = useState<WithdrawalDto[] | null>(null);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    setRows(null);
    api<{ withdrawals: WithdrawalDto[] }>(`/api/admin/withdrawals${filter ? `?status=${filter}` : ''}`)
      .then((r) => setRows(r.withdrawals))
      .catch(() => setResult({ tone: 'error', text: t('Could not load withdrawals. Please reload.') }));
  }, [filter]);
  useEffect(load, [load]);

  const act = async (id: string, action: 'approve' | 'reject') => {
    setBusy(id);
    setResult(null);
    try {
      const answer = await api<{ success: boolean; message: string; withdrawal: WithdrawalDto }>(
        `/api/admin/withdrawals/${id}/${action}`,
        { body: action === 'reject' ? { reason } : {} },
      );
      const w = answer.withdrawal;
      const said =
        action === 'reject'
          ? "Rejected; {amount} went back to the member's wallet."
          : w.status === 'paid'
            ? 'Paid {amount} to {destination}.'
            : w.status === 'failed'
              ? "The payout failed ({reason}); {amount} went back to the member's wallet."
              : 'Approved. The payout is on its way; its result will show here.';
      const text = serverSaid(answer.message, said, {
        amount: formatRupees(w.amount, { whole: true }),
        destination: w.destination,
        reason: w.reason ?? t('no reason given'),
      });
      setResult({ tone: answer.success ? 'success' : 'error', text });
      setRejecting(null);
      setReason('');
      load();
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, t('That did not go through. Please try again.')) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Withdrawals')}</h1>
          <p className="muted">
            {t('Approving pays the member out at once; rejecting returns the held cash to their wallet.')}
          </p>
        </div>
      </div>
      <AdminNav />
      <div className="button-row" role="group" aria-label={t('Show')}>
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className={`btn btn-sm ${filter === f.key ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={filter === f.key}
            onClick={() => setFilter(f.key)}
          >
            {t(f.label)}
          </button>
        ))}
      </div>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
      {rows === null && <p className="table-state">{t('Loading withdrawals…')}</p>}
      {rows?.length === 0 && <p className="table-state card">{t('No withdrawals here.')}</p>}
      {rows && rows.length > 0 && (
        <ul className="withdraw-queue" data-testid="withdrawal-queue">
          {rows.map((w) => (
            <li key={w.id} className="card" data-testid={`withdrawal-${w.id}`}>
              <p>
                {tRich(
                  '<amount>{amount}</amount> for <name>{name}</name> to <to>{destination}</to>',
                  {
                    amount: (words) => <strong>{words}</strong>,
                    name: (words) => <span translate="no">{words}</span>,
                    to: (words) => <span translate="no">{words}</span>,
                  },
                  { amount: formatRupees(w.amount), name: w.user_name, destination: w.destination },
                )}
              </p>
              <p className="muted">
                {formatDateTime(w.requested_at)} · <span data-testid="withdrawal-status">{t(w.status)}</span>
                {w.reason && (
                  <>
                    {' · '}
                    <span translate="no">{w.reason}</span>
                  </>
                )}
              </p>
              {isAdmin && (w.status === 'requested' || w.status === 'approved') && (
                <div className="button-row">
                  {/* An approved one's payout answer never came: approved again, the server looks
                      the payout up and sends it again only if the provider holds none. */}
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={busy === w.id}
                    onClick={() => void act(w.id, 'approve')}
                  >
                    {w.status === 'approved' ? t('Retry payout') : t('Approve and pay')}
                  </button>
                  {w.status === 'requested' && rejecting !== w.id && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRejecting(w.id)}>
                      {t('Reject')}
                    </button>
                  )}
                </div>
              )}
              {rejecting === w.id && (
                <form
                  className="admin-form"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act(w.id, 'reject');
                  }}
                >
                  <div className="vd-form-field">
                    <label htmlFor={`reject-${w.id}`}>{t('Reason the member will see')}</label>
                    <input id={`reject-${w.id}`} value={reason} onChange={(e) => setReason(e.target.value)} />
                  </div>
                  <div className="button-row">
                    <button type="submit" className="btn btn-primary btn-sm" disabled={busy === w.id}>
                      {t('Reject and return the cash')}
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRejecting(null)}>
                      {t('Cancel')}
                    </button>
                  </div>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
