import type { FormEvent } from 'react';
import { useCallback, useEffect, useState } from 'react';
import type { MyWithdrawals, WithdrawalDto } from '../../../../api/contract/withdrawals.ts';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, ApiError, messageOf } from '../../lib/api.ts';
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
      .catch(() => setResult({ tone: 'error', text: t('Could not load your withdrawals. Please reload.') }));
  }, []);
  useEffect(load, [load]);

  // A retry of a failed send keeps its request id (the server answers it once); another amount is
  // another request, with its own id (the server refuses a second amount under one id).
  const changeAmount = (value: string) => {
    if (value !== rupees) setRequestId(crypto.randomUUID());
    setRupees(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Math.round(Number(rupees) * 100);
    if (!/^\d+$/.test(rupees.trim()) || amount <= 0) {
      setResult({ tone: 'error', text: t('Enter a whole number of rupees.') });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const destination = kind === 'upi' ? { kind, vpa } : { kind, account_number: account, ifsc, holder };
      await api<{ message: string }>('/api/me/withdrawals', {
        body: { request_id: requestId, amount, destination },
      });
      // The server's words, in the language shown.
      setResult({
        tone: 'success',
        text: t('Your withdrawal of {amount} is waiting for approval. The amount is held from your wallet.', {
          amount: formatRupees(amount, { whole: true }),
        }),
      });
      setRupees('');
      // A new request gets a new id; a retry of a failed send keeps the same one.
      setRequestId(crypto.randomUUID());
      load();
      void refreshSession();
    } catch (e) {
      // That request was given up (its cash goes back): the next send is a new request.
      if (e instanceof ApiError && e.code === 'WITHDRAWAL_ABANDONED') setRequestId(crypto.randomUUID());
      setResult({ tone: 'error', text: messageOf(e, t('Your request was not sent. Please try again.')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card withdraw" aria-labelledby="withdraw-title" data-testid="withdraw">
      <h2 id="withdraw-title">{t('Withdraw cash')}</h2>
      <p className="muted">
        {mine
          ? t(
              'Send wallet cash to your UPI id or bank account. Reward Cash cannot be withdrawn. The amount leaves your balance at once and is paid after an admin approves it (from {min}, up to {max} a day; {left} left today).',
              {
                min: formatRupees(mine.limits.min, { whole: true }),
                max: formatRupees(mine.limits.daily_max, { whole: true }),
                left: formatRupees(mine.limits.left_today, { whole: true }),
              },
            )
          : t(
              'Send wallet cash to your UPI id or bank account. Reward Cash cannot be withdrawn. The amount leaves your balance at once and is paid after an admin approves it.',
            )}
      </p>
      <form className="withdraw-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="vd-form-field">
          <label htmlFor="withdraw-amount">{t('Amount (₹)')}</label>
          <input
            id="withdraw-amount"
            inputMode="numeric"
            value={rupees}
            onChange={(e) => changeAmount(e.target.value)}
          />
        </div>
        <fieldset className="withdraw-kind">
          <legend>{t('Pay to')}</legend>
          <label>
            <input type="radio" name="withdraw-kind" checked={kind === 'upi'} onChange={() => setKind('upi')} /> UPI
          </label>
          <label>
            <input type="radio" name="withdraw-kind" checked={kind === 'bank'} onChange={() => setKind('bank')} />{' '}
            {t('Bank account')}
          </label>
        </fieldset>
        {kind === 'upi' ? (
          <div className="vd-form-field">
            <label htmlFor="withdraw-vpa">{t('UPI id')}</label>
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
              <label htmlFor="withdraw-holder">{t('Account holder')}</label>
              <input id="withdraw-holder" value={holder} onChange={(e) => setHolder(e.target.value)} />
            </div>
            <div className="vd-form-field">
              <label htmlFor="withdraw-account">{t('Account number')}</label>
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
          {busy ? t('Sending…') : t('Request withdrawal')}
        </button>
      </form>
      {mine && mine.withdrawals.length > 0 && (
        <ul className="withdraw-list" data-testid="my-withdrawals">
          {mine.withdrawals.map((w) => (
            <li key={w.id} data-status={w.status}>
              {tRich(
                '<strong>{amount}</strong> to {destination}',
                { strong: (words) => <strong>{words}</strong> },
                { amount: formatRupees(w.amount), destination: w.destination },
              )}{' '}
              · <span className={`withdraw-status withdraw-status--${w.status}`}>{t(STATUS[w.status])}</span>
              <span className="muted"> · {formatDateTime(w.requested_at)}</span>
              {w.reason && <p className="withdraw-reason">{t('Reason: {reason}', { reason: w.reason })}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
