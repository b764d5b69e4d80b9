import type { FormEvent } from 'react';
import { useCallback, useEffect, useState } from 'react';
import type { MyWithdrawals, WithdrawalDto } from '../../../../api/contract/withdrawals.ts';
import { api, messageOf } from '../../lib/api.ts';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import { refreshSession } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';

const STATUS: Record<WithdrawalDto['status'], string> = {
  requested: 'Pending',
  approved: 'Approved, paying out',
  paid: 'Paid',
  rejected: 'Rejected',
  failed: 'Payout failed',
};

type Result = { tone: 'success' | 'error'; text: string } | null;

/** Withdraw wallet cash to a UPI id or a bank account, with the limits in words, and the member's withdrawals. */
export const Withdraw = () => {
  const [mine, setMine] = useState<MyWithdrawals | null>(null);
  const [kind, setKind] = useState<'upi' | 'bank'>('upi');
  const [rupees, setRupees] = useState('');
  const [vpa, setVpa] = useState('');
  const [account, setAccount] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [holder, setHolder] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());

  const load = useCallback(() => {
    api<MyWithdrawals>('/api/me/withdrawals')
      .then(setMine)
      .catch(() => setResult({ tone: 'error', text: 'Could not load your withdrawals. Please reload.' }));
  }, []);
  useEffect(load, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Math.round(Number(rupees) * 100);
    if (!/^\d+$/.test(rupees.trim()) || amount <= 0) {
      setResult({ tone: 'error', text: 'Enter a whole number of rupees.' });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const destination = kind === 'upi' ? { kind, vpa } : { kind, account_number: account, ifsc, holder };
      const answer = await api<{ message: string }>('/api/me/withdrawals', {
        body: { request_id: requestId, amount, destination },
      });
      setResult({ tone: 'success', text: answer.message });
      setRupees('');
      // A new request gets a new id; a retry of a failed send keeps the same one.
      setRequestId(crypto.randomUUID());
      load();
      void refreshSession();
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, 'Your request was not sent. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card withdraw" aria-labelledby="withdraw-title" data-testid="withdraw">
      <h2 id="withdraw-title">Withdraw cash</h2>
      <p className="muted">
        Send wallet cash to your UPI id or bank account. Reward Cash cannot be withdrawn. The amount leaves your balance
        at once and is paid after an admin approves it
        {mine
          ? ` (from ${formatRupees(mine.limits.min, { whole: true })}, up to ${formatRupees(mine.limits.daily_max, { whole: true })} a day; ${formatRupees(mine.limits.left_today, { whole: true })} left today).`
          : '.'}
      </p>
      <form className="withdraw-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="vd-form-field">
          <label htmlFor="withdraw-amount">Amount (₹)</label>
          <input id="withdraw-amount" inputMode="numeric" value={rupees} onChange={(e) => setRupees(e.target.value)} />
        </div>
        <fieldset className="withdraw-kind">
          <legend>Pay to</legend>
          <label>
            <input type="radio" name="withdraw-kind" checked={kind === 'upi'} onChange={() => setKind('upi')} /> UPI
          </label>
          <label>
            <input type="radio" name="withdraw-kind" checked={kind === 'bank'} onChange={() => setKind('bank')} /> Bank
            account
          </label>
        </fieldset>
        {kind === 'upi' ? (
          <div className="vd-form-field">
            <label htmlFor="withdraw-vpa">UPI id</label>
            <input
              id="withdraw-vpa"
              value={vpa}
              onChange={(e) => setVpa(e.target.value)}
              placeholder="name@bank"
              autoComplete="off"
            />
          </div>
        ) : (
          <>
            <div className="vd-form-field">
              <label htmlFor="withdraw-holder">Account holder</label>
              <input id="withdraw-holder" value={holder} onChange={(e) => setHolder(e.target.value)} />
            </div>
            <div className="vd-form-field">
              <label htmlFor="withdraw-account">Account number</label>
              <input
                id="withdraw-account"
                inputMode="numeric"
                value={account}
                onChange={(e) => setAccount(e.target.value)}
              />
            </div>
            <div className="vd-form-field">
              <label htmlFor="withdraw-ifsc">IFSC</label>
              <input
                id="withdraw-ifsc"
                value={ifsc}
                onChange={(e) => setIfsc(e.target.value.toUpperCase())}
                placeholder="SBIN0001234"
              />
            </div>
          </>
        )}
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Request withdrawal'}
        </button>
      </form>
      {mine && mine.withdrawals.length > 0 && (
        <ul className="withdraw-list" data-testid="my-withdrawals">
          {mine.withdrawals.map((w) => (
            <li key={w.id} data-status={w.status}>
              <strong>{formatRupees(w.amount)}</strong> to {w.destination} ·{' '}
              <span className={`withdraw-status withdraw-status--${w.status}`}>{STATUS[w.status]}</span>
              <span className="muted"> · {formatDateTime(w.requested_at)}</span>
              {w.reason && <p className="withdraw-reason">Reason: {w.reason}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
