import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
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
      {copied ? 'Copied' : 'Copy'}
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
        else setLoad({ state: 'error', message: error instanceof Error ? error.message : 'Server error' });
      });
    return () => controller.abort();
  }, [code]);

  if (load.state === 'none') return null;
  if (load.state === 'loading') return <p className="muted receipt-loading">Loading the fairness receipt…</p>;
  if (load.state === 'error') return <p className="muted">The fairness receipt could not be loaded: {load.message}</p>;
  const r = load.receipt;
  const signed = checkReceiptProofs(r.log);
  const downloadReceipt = () => downloadJson(r.receipt_file_name, JSON.stringify(r, null, 2) + '\n');
  return (
    <section className="card fairness-receipt" aria-labelledby="receipt-title" data-testid="fairness-receipt">
      <h2 id="receipt-title">Fairness receipt</h2>
      <p className="muted">
        Every step of this deal is an event sealed into a hash chain. Anyone can check that nothing was changed, added
        or removed after it ended.
      </p>
      {!r.chain_intact && (
        <p className="audit-alert audit-alert--error" role="alert">
          Our own check of this history failed. Please contact support.
        </p>
      )}
      {r.chain_intact && !r.rules_followed && (
        <p className="audit-alert audit-alert--error" role="alert" data-testid="receipt-rules">
          This history does not follow the room’s rules: {r.rules_problem}. Please contact support.
        </p>
      )}
      <dl className="receipt-facts">
        <div>
          <dt>Final hash</dt>
          <dd className="receipt-hash">
            <code data-testid="receipt-hash">{r.final_hash}</code>
            <CopyButton text={r.final_hash} label="Copy the final hash" />
          </dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd data-testid="receipt-events">
            {r.events}, from the room’s creation to{' '}
            {r.status === 'completed' ? 'the end of the deal' : 'its cancellation'}
          </dd>
        </div>
        {r.winner && r.last_bid && (
          <div>
            <dt>Result</dt>
            <dd>
              {r.winner.name} won at {formatRupees(r.final_bid ?? 0)}.{' '}
              {r.winner_is_last_bid
                ? `That was the last valid deal: #${r.last_bid.seq} by ${r.last_bid.user_name} at ${formatTime(r.last_bid.at, { ms: true })}.`
                : `The last valid deal was #${r.last_bid.seq} by ${r.last_bid.user_name}.`}
            </dd>
          </div>
        )}
        <div>
          <dt>Signed log</dt>
          <dd data-testid="receipt-signed">
            {signed.ok
              ? `All ${r.log.events.length} events are in the log’s signed record of ${signed.size} events, checked in this browser.`
              : `The proofs on this receipt do not hold: ${signed.reason} Please contact support.`}
          </dd>
        </div>
        {r.status === 'completed' && !r.winner && (
          <div>
            <dt>Result</dt>
            <dd>No deals were placed, so every entry fee was refunded.</dd>
          </div>
        )}
      </dl>
      <p>
        <a className="btn btn-primary btn-sm" href={r.download_url} download={r.file_name}>
          Download history ({r.file_name})
        </a>{' '}
        <button type="button" className="btn btn-ghost btn-sm" onClick={downloadReceipt}>
          Download receipt ({r.receipt_file_name})
        </button>
      </p>
      <p className="receipt-how">Check it yourself: in a copy of the Vetri Deals code, with the file beside you, run</p>
      <div className="receipt-command">
        <code data-testid="receipt-command">{r.verify_command}</code>
        <CopyButton text={r.verify_command} label="Copy the command" />
      </div>
      <p className="muted small">
        It recomputes every event’s hash and says whether the history ends in the hash above. To watch the deal unfold,
        step by step: <code>{r.replay_command}</code>
      </p>
      <p className="receipt-how">
        With the receipt beside it too, check that every event is in the log’s signed record:
      </p>
      <div className="receipt-command">
        <code data-testid="receipt-signed-command">{r.signed_verify_command}</code>
        <CopyButton text={r.signed_verify_command} label="Copy the signed-log command" />
      </div>
    </section>
  );
};
