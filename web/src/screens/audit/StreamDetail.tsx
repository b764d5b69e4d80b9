import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { plural, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, messageOf } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import type { EventView, StreamPage, StreamRow, VerifyView } from './auditApi.ts';
import { exportPath, replayPathOf, streamPagePath, verifyStream } from './auditApi.ts';
import { EventCard } from './EventCard.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; stream: StreamRow; events: EventView[]; next: number | null };

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: VerifyView }
  | { state: 'error'; message: string };

const message = (error: unknown) => messageOf(error, t('Server error'));

/**
 * The check's verdict in words. An intact stream is said in the language shown, from the verdict's
 * numbers (the same sentence the server writes in English); a broken one keeps the server's English
 * detail (event ids, hashes and the engine's reason), marked as not to be translated.
 */
const verdictText = (result: VerifyView) => {
  if (!result.ok)
    return (
      <span translate="no" lang="en">
        {result.message}
      </span>
    );
  const log = result.signed_log;
  const signed =
    log.head_size === null
      ? t('No tree head has been signed yet.')
      : t('{signed} of its events are in the signed head of {head} events, each as it was signed.', {
          signed: log.signed_events,
          head: log.head_size,
        }) +
        (log.log_intact
          ? ''
          : ` ${t('But the log as a whole no longer has the signed root: events elsewhere were changed or removed after they were signed.')}`);
  return (
    <span>
      {tRich(
        '{events} events, every hash checks out, last hash <hash>{hash}</hash>.',
        { hash: (w) => <code translate="no">{w}</code> },
        { events: result.events, hash: result.last_hash ?? '—' },
      )}{' '}
      {signed}
    </span>
  );
};

/** One stream: its events page by page, Verify, export and (for rooms and leagues) replay. */
export const StreamDetail = ({
  name,
  from,
  eventId,
  onJump,
}: {
  name: string;
  from: number | undefined;
  eventId: string | null;
  onJump: (revision: number, eventId?: string) => void;
}) => {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [more, setMore] = useState(false);
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  useEffect(() => {
    setCheck({ state: 'idle' });
  }, [name]);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    api<StreamPage>(streamPagePath(name, from), { signal: controller.signal })
      .then((page) => setLoad({ state: 'ready', stream: page.stream, events: page.events, next: page.next_from }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: message(error) });
      });
    return () => controller.abort();
  }, [name, from]);

  useEffect(() => {
    if (load.state !== 'ready' || !eventId) return;
    document.getElementById(`event-${eventId}`)?.scrollIntoView({ block: 'center' });
  }, [load, eventId]);

  const loadMore = async () => {
    if (load.state !== 'ready' || load.next === null) return;
    setMore(true);
    try {
      const page = await api<StreamPage>(streamPagePath(name, load.next));
      setLoad({ ...load, events: [...load.events, ...page.events], next: page.next_from });
    } catch (error) {
      setLoad({ state: 'error', message: message(error) });
    } finally {
      setMore(false);
    }
  };

  const runCheck = async () => {
    setCheck({ state: 'checking' });
    try {
      setCheck({ state: 'done', result: await verifyStream(name) });
    } catch (error) {
      setCheck({ state: 'error', message: message(error) });
    }
  };

  const result = check.state === 'done' ? check.result : null;
  const badRevision = result && !result.ok ? result.bad_event?.revision : undefined;
  const replay = replayPathOf(name);

  return (
    <div className="stream-detail" data-testid="stream-detail">
      <div className="stream-detail-head">
        <div>
          <h2 className="stream-name" translate="no">
            {name}
          </h2>
          {load.state === 'ready' && (
            <p className="muted">
              {plural(load.stream.event_count, '{n} event', '{n} events')} ·{' '}
              {t('last update {when}', { when: formatDateTime(load.stream.updated_at) })} · {t('last hash')}{' '}
              <code translate="no" title={load.stream.last_hash}>
                {load.stream.last_hash.slice(0, 16)}…
              </code>
            </p>
          )}
        </div>
        <div className="button-row">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void runCheck()}
            disabled={check.state === 'checking'}
          >
            {check.state === 'checking' ? t('Verifying…') : t('Verify')}
          </button>
          <a className="btn btn-ghost btn-sm" href={exportPath({ stream: name })} download>
            {t('Export NDJSON')}
          </a>
          {replay && (
            <Link className="btn btn-ghost btn-sm" to={replay}>
              {t('Replay')}
            </Link>
          )}
        </div>
      </div>
      {check.state === 'error' && (
        <p className="audit-alert audit-alert--error" role="alert">
          {t('Could not check the stream: {message}', { message: check.message })}
        </p>
      )}
      {result && (
        <div className={`verify-result ${result.ok ? 'is-ok' : 'is-bad'}`} role="status" data-testid="verify-result">
          <strong>{result.ok ? t('Intact') : t('Not intact')}</strong>
          {verdictText(result)}
          {!result.ok && result.bad_event && result.bad_event.revision >= 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onJump(Math.max(0, result.bad_event!.revision - 1))}
            >
              {t('Show the first bad event')}
            </button>
          )}
        </div>
      )}
      {load.state === 'loading' && <p className="table-state">{t('Loading events…')}</p>}
      {load.state === 'error' && (
        <p className="table-state audit-alert--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <>
          {from !== undefined && from > 0 && (
            <p className="muted">
              {t('Showing from revision {revision}.', { revision: from })}{' '}
              <button type="button" className="link-button" onClick={() => onJump(0)}>
                {t('Back to the first event')}
              </button>
            </p>
          )}
          {load.events.length === 0 ? (
            <p className="table-state">{t('No events from this revision on.')}</p>
          ) : (
            <ol className="event-list">
              {load.events.map((e) => (
                <EventCard
                  key={e.id}
                  event={e}
                  highlight={e.id === eventId}
                  bad={badRevision === e.revision ? (result?.bad_event?.reason ?? null) : null}
                />
              ))}
            </ol>
          )}
          {load.next !== null && (
            <button type="button" className="btn btn-ghost" onClick={() => void loadMore()} disabled={more}>
              {more ? t('Loading…') : t('Load more events')}
            </button>
          )}
        </>
      )}
    </div>
  );
};
