import { useEffect, useRef, type ReactNode } from 'react';
import type { ReplayEvent } from '../../../../engine/replay.ts';
import { t } from '../../i18n/index.ts';
import { formatRupees, formatTime } from '../../lib/format.ts';
import { shortHash } from './auditApi.ts';

/**
 * An admin's action carries who and why (a cancel, a reschedule, an undone bid): shown on its row.
 * Only events that name their actor (`by`); a room's end reason ("deadline") is not an admin's word.
 */
const actionNote = (e: ReplayEvent): string | null => {
  if (e.type === 'PurchaseOfferPassed') return offerNote(e.data);
  const d = (e.data ?? {}) as { by?: unknown; reason?: unknown; remark?: unknown };
  if (!d.by) return null;
  const why = typeof d.reason === 'string' ? d.reason : typeof d.remark === 'string' ? d.remark : null;
  if (why === null) return null;
  const name = typeof d.by === 'object' ? (d.by as { name?: unknown }).name : null;
  return typeof name === 'string' ? `${name}: ${why}` : why;
};

/** A lapsed purchase offer's step: from whom to whom, and at what price (issue 21.6). */
const offerNote = (data: unknown): string | null => {
  const d = (data ?? {}) as {
    from?: { userName?: unknown };
    to?: { userName?: unknown };
    price?: unknown;
    place?: unknown;
  };
  if (typeof d.to?.userName !== 'string' || typeof d.price !== 'number') return null;
  const offered = t('offered to {name} (runner-up {place}) at {price}', {
    name: d.to.userName,
    place: String(d.place),
    price: formatRupees(d.price),
  });
  return typeof d.from?.userName === 'string'
    ? t('{name} did not buy; {offered}', { name: d.from.userName, offered })
    : offered;
};

/** The stream's events (type, actor, server time, revision, hash); the current one marked; click to jump. */
export const EventTimeline = ({
  events,
  current,
  actorName,
  onPick,
}: {
  events: readonly ReplayEvent[];
  current: number;
  actorName: (e: ReplayEvent) => ReactNode;
  onPick: (index: number) => void;
}) => {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const row = list.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (row && list.current) list.current.scrollTop = row.offsetTop - list.current.clientHeight / 2;
  }, [current]);
  return (
    <ol className="event-timeline" ref={list} aria-label={t('Events')}>
      {events.map((e, i) => (
        <li key={e.id} data-index={i} className={i === current ? 'is-current' : i > current ? 'is-future' : undefined}>
          <button type="button" onClick={() => onPick(i)} aria-current={i === current ? 'step' : undefined}>
            <span className="ev-rev">#{e.revision}</span>
            <span className="ev-type" translate="no">
              {e.type}
            </span>
            <span className="ev-actor">{actorName(e)}</span>
            {actionNote(e) && (
              <span className="ev-note" translate="no">
                {actionNote(e)}
              </span>
            )}
            <time className="ev-time">{formatTime(e.metadata.at, { ms: true })}</time>
            <code translate="no" className="ev-hash" title={e.metadata.hash}>
              {e.metadata.hash ? shortHash(e.metadata.hash) : '—'}
            </code>
          </button>
        </li>
      ))}
    </ol>
  );
};
