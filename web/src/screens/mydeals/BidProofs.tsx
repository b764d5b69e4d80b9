import { useCallback, useEffect, useState } from 'react';
import { downloadJson } from '../../lib/download.ts';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatDateTime, formatNumber, formatRupees } from '../../lib/format.ts';
import type { KeptProof, ProofCheck } from '../../stores/bidProofs.ts';
import { checkProof, proofsFile, proofsOf } from '../../stores/bidProofs.ts';
import { useSessionStore } from '../../stores/session.ts';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; proofs: KeptProof[] };
type Check = ProofCheck | { state: 'checking' };

const CheckLine = ({ check }: { check: Check | undefined }) => {
  if (!check) return <span className="proof-status">{t('Not checked yet')}</span>;
  switch (check.state) {
    case 'checking':
      return (
        <span className="proof-status" role="status">
          <span className="spinner" aria-hidden="true" /> {t('Checking…')}
        </span>
      );
    case 'in-log':
      return (
        <span className="proof-status is-ok">
          ✓ {t('In the signed log of {n} events', { n: formatNumber(check.size) })}
        </span>
      );
    case 'pending':
      return <span className="proof-status">{t(check.reason)}</span>;
    case 'bad':
      return (
        <span className="proof-status is-bad" role="alert">
          ✗ {t(check.reason)} {t('Keep this proof and contact support.')}
        </span>
      );
  }
};

/**
 * My Deals: the signed acknowledgement of every deal and league bid placed from this device, kept
 * in IndexedDB. Each can be checked against the signed log here, and all downloaded as one file.
 */
export const BidProofs = () => {
  const userId = useSessionStore((s) => s.user?.id);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [checks, setChecks] = useState<Record<string, Check>>({});

  useEffect(() => {
    if (!userId) return;
    let live = true;
    proofsOf(userId).then(
      (proofs) => live && setLoad({ state: 'ready', proofs }),
      () =>
        live &&
        setLoad({ state: 'error', message: t('This browser does not keep proofs (storage is off or private).') }),
    );
    return () => {
      live = false;
    };
  }, [userId]);

  const check = useCallback(async (proof: KeptProof) => {
    setChecks((c) => ({ ...c, [proof.id]: { state: 'checking' } }));
    const result = await checkProof(proof).catch((error: unknown): ProofCheck => ({
      state: 'pending',
      reason: error instanceof Error ? error.message : String(error),
    }));
    setChecks((c) => ({ ...c, [proof.id]: result }));
  }, []);

  if (!userId) return null;
  let body;
  if (load.state === 'loading') {
    body = (
      <p className="deals-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('Loading your proofs…')}
      </p>
    );
  } else if (load.state === 'error') {
    body = <p className="muted">{load.message}</p>;
  } else if (load.proofs.length === 0) {
    body = (
      <p className="muted" data-testid="proofs-empty">
        {t(
          'No proofs on this device yet. Every deal you place is acknowledged by the server with a signed proof, kept here.',
        )}
      </p>
    );
  } else {
    const { proofs } = load;
    body = (
      <>
        <div className="proof-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => proofs.forEach((p) => void check(p))}>
            {t('Check all against the signed log')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => downloadJson('vetri-deals-proofs.json', proofsFile(proofs))}
          >
            {t('Download proofs')}
          </button>
        </div>
        <ul className="proof-list" data-testid="proof-list">
          {proofs.map((p) => (
            <li key={p.id} className="proof-row" data-testid="proof-row">
              <div className="proof-what">
                <strong>
                  {p.kind === 'deal'
                    ? t('Deal #{seq} in room {room}', { seq: p.seq ?? '', room: p.where })
                    : t('League bid in {league}', { league: p.where })}
                </strong>{' '}
                {p.kind === 'deal' ? formatRupees(p.amount) : t('{n} points', { n: formatNumber(p.amount) })} ·{' '}
                {formatDateTime(p.at)}
              </div>
              <div className="proof-where muted">
                {tRich(
                  'Event {n} of the log, signed by <origin>{origin}</origin>',
                  { origin: (words) => <span translate="no">{words}</span> },
                  { n: formatNumber(p.ack.leaf_index + 1), origin: p.ack.origin },
                )}
              </div>
              <div className="proof-check">
                <CheckLine check={checks[p.id]} />
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => void check(p)}>
                  {t('Check')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <section className="card deal-proofs" aria-labelledby="proofs-title" data-testid="deal-proofs">
      <h2 id="proofs-title">{t('Proofs of your deals')}</h2>
      <p className="muted">
        {t(
          'The server signs every deal it accepts with its place in the public log. This device keeps those signatures: if the log is ever changed, they prove what was accepted.',
        )}
      </p>
      {body}
    </section>
  );
};
