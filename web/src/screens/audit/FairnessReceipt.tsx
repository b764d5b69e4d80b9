import { useEffect, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, ApiError, messageOf } from '../../lib/api.ts';
import { formatRupees, formatTime } from '../../lib/format.ts';
import { downloadJson } from '../../lib/download.ts';
import { checkLog } from '../../stores/logWitness.ts';
import { checkReceiptProofs } from '../../stores/receiptProofs.ts';
import type { Receipt } from './auditApi.ts';
import './audit.css';

type Load =
  { state: 'loading' } | { state: 'none' } | { state: 'error'; message: string } | { state: 'ready'; receipt: Receipt };

const CopyButton = ({ text, label }: { text: string; label: string }) => {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()} aria-label={label}>
      {copied ? t('Copied') : t('Copy')}
    </button>
  );
};

/**
 * A finished room's fairness receipt: the hash that seals its history, the number of events, the
 * history to download and the one-line command anyone can run to check it. Shows nothing until the deal ends.
 */
export const FairnessReceipt = ({ code }: { code: string }) => {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    api<Receipt>(`/api/rooms/${encodeURIComponent(code)}/receipt`, { signal: controller.signal })
      .then((receipt) => {
        setLoad({ state: 'ready', receipt });
        // The receipt's head joins the heads this browser witnesses: a rewrite shows as a fork.
        void checkLog(localStorage, receipt.log.checkpoint);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) setLoad({ state: 'none' });
        else setLoad({ state: 'error', message: messageOf(error, t('Server error')) });
      });
    return () => controller.abort();
  }, [code]);

  if (load.state === 'none') return null;
  if (load.state === 'loading') return <p className="muted receipt-loading">{t('Loading the fairness receipt…')}</p>;
  if (load.state === 'error')
    return (
      <p className="muted">{t('The fairness receipt could not be loaded: {message}', { message: load.message })}</p>
    );
  const r = load.receipt;
  const signed = checkReceiptProofs(r.log);
  const who = (w: string) => <span translate="no">{w}</span>;
  const downloadReceipt = () => downloadJson(r.receipt_file_name, JSON.stringify(r, null, 2) + '\n');
  return (
    <section className="card fairness-receipt" aria-labelledby="receipt-title" data-testid="fairness-receipt">
      <h2 id="receipt-title">{t('Fairness receipt')}</h2>
      <p className="muted">
        {t(
          'Every step of this deal is an event sealed into a hash chain. Anyone can check that nothing was changed, added or removed after it ended.',
        )}
      </p>
      {!r.chain_intact && (
        <p className="audit-alert audit-alert--error" role="alert">
          {t('Our own check of this history failed. Please contact support.')}
        </p>
      )}
      {r.chain_intact && !r.rules_followed && (
        <p className="audit-alert audit-alert--error" role="alert" data-testid="receipt-rules">
          {tRich(
            'This history does not follow the room’s rules: <why>{problem}</why>. Please contact support.',
            { why: (w) => <span translate="no">{w}</span> },
            { problem: r.rules_problem ?? '' },
          )}
        </p>
      )}
      <dl className="receipt-facts">
        <div>
          <dt>{t('Final hash')}</dt>
          <dd className="receipt-hash">
            <code translate="no" data-testid="receipt-hash">
              {r.final_hash}
            </code>
            <CopyButton text={r.final_hash} label={t('Copy the final hash')} />
          </dd>
        </div>
        <div>
          <dt>{t('Events')}</dt>
          <dd data-testid="receipt-events">
            {r.status === 'completed'
              ? t('{events}, from the room’s creation to the end of the deal', { events: r.events })
              : t('{events}, from the room’s creation to its cancellation', { events: r.events })}
          </dd>
        </div>
        {r.winner && r.last_bid && (
          <div>
            <dt>{t('Result')}</dt>
            <dd>
              {tRich(
                '<who>{name}</who> won at {price}.',
                { who },
                { name: r.winner.name, price: formatRupees(r.final_bid ?? 0) },
              )}{' '}
              {r.winner_is_last_bid
                ? tRich(
                    'That was the last valid deal: #{seq} by <who>{name}</who> at {time}.',
                    { who },
                    { seq: r.last_bid.seq, name: r.last_bid.user_name, time: formatTime(r.last_bid.at, { ms: true }) },
                  )
                : tRich(
                    'The last valid deal was #{seq} by <who>{name}</who>.',
                    { who },
                    { seq: r.last_bid.seq, name: r.last_bid.user_name },
                  )}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('Signed log')}</dt>
          <dd data-testid="receipt-signed">
            {signed.ok
              ? t('All {events} events are in the log’s signed record of {size} events, checked in this browser.', {
                  events: r.log.events.length,
                  size: signed.size,
                })
              : tRich(
                  'The proofs on this receipt do not hold: <why>{reason}</why> Please contact support.',
                  { why: (w) => <span translate="no">{w}</span> },
                  { reason: signed.reason },
                )}
          </dd>
        </div>
        {r.status === 'completed' && !r.winner && (
          <div>
            <dt>{t('Result')}</dt>
            <dd>{t('No deals were placed, so every entry fee was refunded.')}</dd>
          </div>
        )}
      </dl>
      <p>
        <a className="btn btn-primary btn-sm" href={r.download_url} download={r.file_name}>
          {t('Download history')} (<span translate="no">{r.file_name}</span>)
        </a>{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={downloadReceipt}>
          {t('Download receipt')} (<span translate="no">{r.receipt_file_name}</span>)
        </button>
      </p>
      <p className="receipt-how">
        {tRich('Check it yourself: in a copy of the <brand>Vetri Deals</brand> code, with the file beside you, run', {
          brand: (w) => <span translate="no">{w}</span>,
        })}
      </p>
      <div className="receipt-command">
        <code data-testid="receipt-command" translate="no">
          {r.verify_command}
        </code>
        <CopyButton text={r.verify_command} label={t('Copy the command')} />
      </div>
      <p className="muted small">
        {t(
          'It recomputes every event’s hash and says whether the history ends in the hash above. To watch the deal unfold, step by step:',
        )}{' '}
        <code translate="no">{r.replay_command}</code>
      </p>
      <p className="receipt-how">
        {t('With the receipt beside it too, check that every event is in the log’s signed record:')}
      </p>
      <div className="receipt-command">
        <code data-testid="receipt-signed-command" translate="no">
          {r.signed_verify_command}
        </code>
        <CopyButton text={r.signed_verify_command} label={t('Copy the signed-log command')} />
      </div>
    </section>
  );
};
