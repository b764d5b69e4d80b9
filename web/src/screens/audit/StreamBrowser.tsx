import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { plural, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, messageOf } from '../../lib/api.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { AdminNav } from '../admin/AdminNav.tsx';
import type { StreamList } from './auditApi.ts';
import { exportPath, streamListPath } from './auditApi.ts';
import { StreamDetail } from './StreamDetail.tsx';
import '../admin/admin.css';
import './audit.css';

const PAGE = 50;
const SEARCH_DELAY_MS = 300;

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: StreamList };

/** /admin/streams: every stream by category with counts and last update, search, a stream's events and Verify. */
export const StreamBrowser = () => {
  usePageTitle(t('Event streams'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const search = params.get('q') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const stream = params.get('stream');
  const fromParam = params.get('from');
  const from = fromParam === null ? undefined : Number(fromParam) || 0;
  const [typed, setTyped] = useState(search);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  // The latest query, so a delayed search update never undoes a click made meanwhile.
  const latest = useRef(params);
  latest.current = params;
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(latest.current);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => update({ q: typed, offset: null }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  useEffect(() => {
    const controller = new AbortController();
    setLoad((l) => (l.state === 'ready' ? l : { state: 'loading' }));
    api<StreamList>(streamListPath({ category, search, offset, limit: PAGE }), { signal: controller.signal })
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: messageOf(error, t('Server error')) });
      });
    return () => controller.abort();
  }, [category, search, offset]);

  const streamHref = (name: string) => {
    const next = new URLSearchParams(params);
    next.set('stream', name);
    next.delete('from');
    next.delete('event');
    return `?${next.toString()}`;
  };

  const data = load.state === 'ready' ? load.data : null;
  const totals = (data?.categories ?? []).reduce(
    (t, c) => ({ streams: t.streams + c.streams, events: t.events + c.events }),
    {
      streams: 0,
      events: 0,
    },
  );
  const current = data?.categories.find((c) => c.category === category);

  return (
    <section className="container admin-page streams-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Audit')}</p>
          <h1>{t('Event streams')}</h1>
          <p className="muted">
            {tRich(
              'Every change is an event in a hash-chained stream. Verify any stream, or export it and check it anywhere with <cmd>{command}</cmd>.',
              { cmd: (w) => <code translate="no">{w}</code> },
              { command: 'npm run verify -- --file <file>' },
            )}
            {!isAdmin && ` ${t('Read-only view for auditors.')}`}
          </p>
        </div>
        <a className="btn btn-ghost btn-sm" href={exportPath({ all: true })} download>
          {t('Export the whole log')}
        </a>
      </div>
      <AdminNav />
      <div className={`streams-layout${stream ? ' has-detail' : ''}`}>
        <aside className="card streams-list" aria-label={t('Streams')}>
          <div className="category-chips" role="group" aria-label={t('Categories')}>
            <button
              type="button"
              className={`chip${category === '' ? ' is-active' : ''}`}
              onClick={() => update({ category: null, offset: null })}
            >
              {t('All')} <span>{formatNumber(totals.streams)}</span>
            </button>
            {data?.categories.map((c) => (
              <button
                key={c.category}
                type="button"
                className={`chip${category === c.category ? ' is-active' : ''}`}
                onClick={() => update({ category: c.category, offset: null })}
                title={t('{streams} streams, {events} events, last update {when}', {
                  streams: formatNumber(c.streams),
                  events: formatNumber(c.events),
                  when: formatDateTime(c.last_update),
                })}
              >
                <span translate="no">{c.category}</span> <span>{formatNumber(c.streams)}</span>
              </button>
            ))}
          </div>
          {data && (
            <p className="muted small" data-testid="streams-summary">
              {current
                ? tRich(
                    '{events} events in {streams} “<cat>{category}</cat>” streams, last update {when}',
                    { cat: (w) => <span translate="no">{w}</span> },
                    {
                      events: formatNumber(current.events),
                      streams: formatNumber(current.streams),
                      category: current.category,
                      when: formatDateTime(current.last_update),
                    },
                  )
                : t('{events} events in {streams} streams', {
                    events: formatNumber(totals.events),
                    streams: formatNumber(totals.streams),
                  })}
              {' · '}
              <a href={exportPath(current ? { category: current.category } : { all: true })} download>
                {current ? t('Export category') : t('Export all')}
              </a>
            </p>
          )}
          <div className="search-field">
            <label htmlFor="stream-search" className="visually-hidden">
              {t('Search streams by name')}
            </label>
            <input
              id="stream-search"
              type="search"
              placeholder={t('Search by name, e.g. room-{code}', { code: 'ABC123' })}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          {load.state === 'loading' && <p className="table-state">{t('Loading streams…')}</p>}
          {load.state === 'error' && (
            <p className="table-state audit-alert--error" role="alert">
              {t('Failed to load streams: {message}', { message: load.message })}
            </p>
          )}
          {data && data.streams.length === 0 && <p className="table-state">{t('No streams found')}</p>}
          {data && data.streams.length > 0 && (
            <>
              <ul className="stream-rows">
                {data.streams.map((s) => (
                  <li key={s.stream} className={s.stream === stream ? 'is-active' : undefined}>
                    <Link to={streamHref(s.stream)}>
                      <span className="stream-row-name" translate="no">
                        {s.stream}
                      </span>
                      <span className="muted small">
                        {plural(s.event_count, '{n} event', '{n} events')} · <span translate="no">{s.last_type}</span> ·{' '}
                        {formatDateTime(s.updated_at)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
              <div className="pager">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={offset === 0}
                  onClick={() => update({ offset: String(Math.max(0, offset - PAGE)) })}
                >
                  {t('Previous')}
                </button>
                <span className="muted small">
                  {t('{from}–{to} of {total}', {
                    from: formatNumber(offset + 1),
                    to: formatNumber(offset + data.streams.length),
                    total: formatNumber(data.total),
                  })}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={offset + PAGE >= data.total}
                  onClick={() => update({ offset: String(offset + PAGE) })}
                >
                  {t('Next')}
                </button>
              </div>
            </>
          )}
        </aside>
        <div className="card streams-detail">
          {stream ? (
            <>
              <button
                type="button"
                className="link-button streams-back"
                onClick={() => update({ stream: null, from: null, event: null })}
              >
                ← {t('All streams')}
              </button>
              <StreamDetail
                name={stream}
                from={from}
                eventId={params.get('event')}
                onJump={(revision, eventId) => update({ from: String(revision), event: eventId ?? null })}
              />
            </>
          ) : (
            <p className="table-state">{t('Pick a stream to see its events and check its hash chain.')}</p>
          )}
        </div>
      </div>
    </section>
  );
};
