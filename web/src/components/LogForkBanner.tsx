import { t } from '../i18n/index.ts';
import { tRich } from '../i18n/Rich.tsx';
import { downloadJson } from '../lib/download.ts';
import { SITE } from '../lib/site.ts';
import { forkEvidence, useLogWitness } from '../stores/logWitness.ts';

/** Shown on every page once this browser has seen the deal log change after it was signed. */
export const LogForkBanner = () => {
  const fork = useLogWitness((s) => s.fork);
  if (!fork) return null;
  const download = () => downloadJson('vetri-deals-log-evidence.json', forkEvidence(fork));
  return (
    <section className="log-fork-banner" role="alert" data-testid="log-fork">
      <h2>{t('Warning: deal records were changed after they were published')}</h2>
      <p>
        {t(
          'This browser kept a signed record of every deal and payment. What the server shows now does not contain that record, so history that was already published has been changed.',
        )}{' '}
        {/* The check's own words (from the log's proofs) stay as evidence, in English. */}
        <span translate="no" lang="en">
          {fork.reason}
        </span>
      </p>
      <p>
        {tRich(
          'Do not bid or pay until this is explained. Download the evidence and send it to <mail>{email}</mail> or to any auditor.',
          { mail: (w) => <a href={`mailto:${SITE.email}`}>{w}</a> },
          { email: SITE.email },
        )}
      </p>
      <button type="button" className="btn btn-primary" onClick={download}>
        {t('Download evidence')}
      </button>
    </section>
  );
};
