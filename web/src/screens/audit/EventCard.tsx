import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatDate, formatTime } from '../../lib/format.ts';
import type { EventView } from './auditApi.ts';
import { shortHash } from './auditApi.ts';

type Ref = EventView['links']['causes'][number];

const refLink = (r: Ref) => `/admin/streams?stream=${encodeURIComponent(r.stream)}&from=${r.revision}&event=${r.id}`;

/** A linked event: its type and stream are codes (not translated), "in" is words. */
const RefText = ({ r }: { r: Ref }) => (
  <>
    <span translate="no">{r.type}</span>{' '}
    <span className="muted">
      {tRich(
        'in <stream>{stream}</stream> #{revision}',
        { stream: (w) => <span translate="no">{w}</span> },
        { stream: r.stream, revision: r.revision },
      )}
    </span>
  </>
);

const RefItem = ({ r }: { r: Ref }) => (
  <li>
    <Link to={refLink(r)}>
      <RefText r={r} />
    </Link>
  </li>
);

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '—');

/** Who made the event: the system, or a role (words) and a user id (a code). */
const ActorText = ({ a }: { a: EventView['actor'] }) =>
  a === 'system' ? (
    <>{t('system')}</>
  ) : (
    <>
      {t(a.role)} <span translate="no">{a.userId}</span>
    </>
  );

/** One stored event: its header line, and on opening its data, metadata and links to related events. */
export const EventCard = ({ event, highlight, bad }: { event: EventView; highlight: boolean; bad: string | null }) => {
  const { links } = event;
  const meta = event.metadata;
  return (
    <li
      className={`event-card${highlight ? ' is-highlight' : ''}${bad ? ' is-bad' : ''}`}
      id={`event-${event.id}`}
      data-revision={event.revision}
    >
      <details open={highlight || !!bad}>
        <summary>
          <span className="ev-rev">#{event.revision}</span>
          <span className="ev-type" translate="no">
            {event.type}
          </span>
          <time className="ev-time">
            {formatDate(event.at)}, {formatTime(event.at, { ms: true })}
          </time>
          <span className="ev-actor">
            <ActorText a={event.actor} />
          </span>
          <code translate="no" className="ev-hash" title={event.hash}>
            {shortHash(event.hash)}
          </code>
        </summary>
        {bad && (
          <p className="audit-alert audit-alert--error" role="alert">
            {t('The hash check stops here:')} <span translate="no">{bad}</span>.
          </p>
        )}
        <div className="event-body">
          <div>
            <h4>{t('Data')}</h4>
            <pre translate="no">{JSON.stringify(event.data, null, 2)}</pre>
            {event.masked.length > 0 && (
              <p className="muted small">
                {tRich(
                  'Masked on screen: <fields>{fields}</fields>. The stored values are part of the hash check and of exports.',
                  { fields: (w) => <span translate="no">{w}</span> },
                  { fields: event.masked.join(', ') },
                )}
              </p>
            )}
          </div>
          <div>
            <h4>{t('Metadata')}</h4>
            <dl className="meta-list">
              <dt>{t('Event id')}</dt>
              <dd>
                <code translate="no">{event.id}</code>
              </dd>
              <dt>{t('Position')}</dt>
              <dd>{event.position}</dd>
              <dt>{t('Correlation id')}</dt>
              <dd>
                <code translate="no">{text(meta.correlationId)}</code>
              </dd>
              <dt>{t('Causation id')}</dt>
              <dd>
                <code translate="no">{text(meta.causationId)}</code>
              </dd>
              <dt>{t('Schema')}</dt>
              <dd translate="no">{text(meta.schema)}</dd>
              <dt>{t('Previous hash')}</dt>
              <dd>
                <code translate="no" className="wrap">
                  {event.prev_hash}
                </code>
              </dd>
              <dt>{t('Hash')}</dt>
              <dd>
                <code translate="no" className="wrap">
                  {event.hash}
                </code>
              </dd>
            </dl>
            <h4>{t('Links')}</h4>
            <ul className="ref-list">
              {links.caused_by ? (
                <li>
                  {t('Caused by')}{' '}
                  <Link to={refLink(links.caused_by)}>
                    <RefText r={links.caused_by} />
                  </Link>
                </li>
              ) : (
                <li className="muted">{t('Caused by a request, not by another event.')}</li>
              )}
            </ul>
            {links.causes.length > 0 && (
              <>
                <p className="ref-head">{t('Caused')}</p>
                <ul className="ref-list">
                  {links.causes.map((r) => (
                    <RefItem key={r.id} r={r} />
                  ))}
                </ul>
              </>
            )}
            {links.correlated_total > 0 && (
              <>
                <p className="ref-head">{t('Same request ({count})', { count: links.correlated_total })}</p>
                <ul className="ref-list">
                  {links.correlated.map((r) => (
                    <RefItem key={r.id} r={r} />
                  ))}
                  {links.correlated_total > links.correlated.length && (
                    <li className="muted">
                      {t('and {count} more', { count: links.correlated_total - links.correlated.length })}
                    </li>
                  )}
                </ul>
              </>
            )}
          </div>
        </div>
      </details>
    </li>
  );
};
