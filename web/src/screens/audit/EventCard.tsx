import { Link } from 'react-router-dom';
import { formatDate, formatTime } from '../../lib/format.ts';
import type { EventView } from './auditApi.ts';
import { shortHash } from './auditApi.ts';

type Ref = EventView['links']['causes'][number];

const refLink = (r: Ref) => `/admin/streams?stream=${encodeURIComponent(r.stream)}&from=${r.revision}&event=${r.id}`;

const RefItem = ({ r }: { r: Ref }) => (
  <li>
    <Link to={refLink(r)}>
      {r.type}{' '}
      <span className="muted">
        in {r.stream} #{r.revision}
      </span>
    </Link>
  </li>
);

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '—');

const actorText = (a: EventView['actor']) => (a === 'system' ? 'system' : `${a.role} ${a.userId}`);

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
          <span className="ev-type">{event.type}</span>
          <time className="ev-time">
            {formatDate(event.at)}, {formatTime(event.at, { ms: true })}
          </time>
          <span className="ev-actor">{actorText(event.actor)}</span>
          <code className="ev-hash" title={event.hash}>
            {shortHash(event.hash)}
          </code>
        </summary>
        {bad && (
          <p className="audit-alert audit-alert--error" role="alert">
            The hash check stops here: {bad}.
          </p>
        )}
        <div className="event-body">
          <div>
            <h4>Data</h4>
            <pre>{JSON.stringify(event.data, null, 2)}</pre>
            {event.masked.length > 0 && (
              <p className="muted small">
                Masked on screen: {event.masked.join(', ')}. The stored values are part of the hash check and of
                exports.
              </p>
            )}
          </div>
          <div>
            <h4>Metadata</h4>
            <dl className="meta-list">
              <dt>Event id</dt>
              <dd>
                <code>{event.id}</code>
              </dd>
              <dt>Position</dt>
              <dd>{event.position}</dd>
              <dt>Correlation id</dt>
              <dd>
                <code>{text(meta.correlationId)}</code>
              </dd>
              <dt>Causation id</dt>
              <dd>
                <code>{text(meta.causationId)}</code>
              </dd>
              <dt>Schema</dt>
              <dd>{text(meta.schema)}</dd>
              <dt>Previous hash</dt>
              <dd>
                <code className="wrap">{event.prev_hash}</code>
              </dd>
              <dt>Hash</dt>
              <dd>
                <code className="wrap">{event.hash}</code>
              </dd>
            </dl>
            <h4>Links</h4>
            <ul className="ref-list">
              {links.caused_by ? (
                <li>
                  Caused by{' '}
                  <Link to={refLink(links.caused_by)}>
                    {links.caused_by.type}{' '}
                    <span className="muted">
                      in {links.caused_by.stream} #{links.caused_by.revision}
                    </span>
                  </Link>
                </li>
              ) : (
                <li className="muted">Caused by a request, not by another event.</li>
              )}
            </ul>
            {links.causes.length > 0 && (
              <>
                <p className="ref-head">Caused</p>
                <ul className="ref-list">
                  {links.causes.map((r) => (
                    <RefItem key={r.id} r={r} />
                  ))}
                </ul>
              </>
            )}
            {links.correlated_total > 0 && (
              <>
                <p className="ref-head">Same request ({links.correlated_total})</p>
                <ul className="ref-list">
                  {links.correlated.map((r) => (
                    <RefItem key={r.id} r={r} />
                  ))}
                  {links.correlated_total > links.correlated.length && (
                    <li className="muted">and {links.correlated_total - links.correlated.length} more</li>
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
