import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../lib/api.ts';
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

const message = (error: unknown) => (error instanceof Error ? error.message : 'Server error');

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
          <h2 className="stream-name">{name}</h2>
          {load.state === 'ready' && (
            <p className="muted">
              {load.stream.event_count} events · last update {formatDateTime(load.stream.updated_at)} · last hash{' '}
              <code title={load.stream.last_hash}>{load.stream.last_hash.slice(0, 16)}…</code>
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
            {check.state === 'checking' ? 'Verifying…' : 'Verify'}
          </button>
          <a className="btn btn-ghost btn-sm" href={exportPath({ stream: name })} download>
            Export NDJSON
          </a>
          {replay && (
            <Link className="btn btn-ghost btn-sm" to={replay}>
              Replay
            </Link>
          )}
        </div>
      </div>
      {check.state === 'error' && (
        <p className="audit-alert audit-alert--error" role="alert">
          Could not check the stream: {check.message}
        </p>
      )}
      {result && (
        <div className={`verify-result ${result.ok ? 'is-ok' : 'is-bad'}`} role="status" data-testid="verify-result">
          <strong>{result.ok ? 'Intact' : 'Not intact'}</strong>
          <span>{result.message}</span>
          {!result.ok && result.bad_event && result.bad_event.revision >= 0 && (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => onJump(Math.max(0, result.bad_event!.revision - 1))}
            >
              Show the first bad event
            </button>
          )}
        </div>
      )}
      {load.state === 'loading' && <p className="table-state">Loading events…</p>}
      {load.state === 'error' && (
        <p className="table-state audit-alert--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <>
          {from !== undefined && from > 0 && (
            <p className="muted">
              Showing from revision {from}.{' '}
              <button type="button" className="link-button" onClick={() => onJump(0)}>
                Back to the first event
              </button>
            </p>
          )}
          {load.events.length === 0 ? (
            <p className="table-state">No events from this revision on.</p>
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
              {more ? 'Loading…' : 'Load more events'}
            </button>
          )}
        </>
      )}
    </div>
  );
};
