import { useCallback, useEffect, useState } from 'react';
import type { WithdrawalDto } from '../../../../api/contract/withdrawals.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
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
  usePageTitle('Withdrawals');
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
      .catch(() => setResult({ tone: 'error', text: 'Could not load withdrawals. Please reload.' }));
  }, [filter]);
  useEffect(load, [load]);

  const act = async (id: string, action: 'approve' | 'reject') => {
    setBusy(id);
    setResult(null);
    try {
      const answer = await api<{ success: boolean; message: string }>(`/api/admin/withdrawals/${id}/${action}`, {
        body: action === 'reject' ? { reason } : {},
      });
      setResult({ tone: answer.success ? 'success' : 'error', text: answer.message });
      setRejecting(null);
      setReason('');
      load();
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, 'That did not go through. Please try again.') });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">Admin</p>
          <h1>Withdrawals</h1>
          <p className="muted">
            Approving pays the member out at once; rejecting returns the held cash to their wallet.
          </p>
        </div>
      </div>
      <AdminNav />
      <div className="button-row" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.key}
            type="button"
            className={`btn btn-sm ${filter === f.key ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={filter === f.key}
            onClick={() => setFilter(f.key)}
          >
            {f.label}
          </button>
        ))}
      </div>
      {result && <Notice tone={result.tone}>{result.text}</Notice>}
      {rows === null && <p className="table-state">Loading withdrawals…</p>}
      {rows?.length === 0 && <p className="table-state card">No withdrawals here.</p>}
      {rows && rows.length > 0 && (
        <ul className="withdraw-queue" data-testid="withdrawal-queue">
          {rows.map((w) => (
            <li key={w.id} className="card" data-testid={`withdrawal-${w.id}`}>
              <p>
                <strong>{formatRupees(w.amount)}</strong> for {w.user_name} to {w.destination}
              </p>
              <p className="muted">
                {formatDateTime(w.requested_at)} · <span data-testid="withdrawal-status">{w.status}</span>
                {w.reason ? ` · ${w.reason}` : ''}
              </p>
              {isAdmin && w.status === 'requested' && (
                <div className="button-row">
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={busy === w.id}
                    onClick={() => void act(w.id, 'approve')}
                  >
                    Approve and pay
                  </button>
                  {rejecting !== w.id && (
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRejecting(w.id)}>
                      Reject
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
                    <label htmlFor={`reject-${w.id}`}>Reason the member will see</label>
                    <input id={`reject-${w.id}`} value={reason} onChange={(e) => setReason(e.target.value)} />
                  </div>
                  <div className="button-row">
                    <button type="submit" className="btn btn-primary btn-sm" disabled={busy === w.id}>
                      Reject and return the cash
                    </button>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRejecting(null)}>
                      Cancel
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
