import { useEffect, useRef } from 'react';
import type { ReplayEvent } from '../../../../engine/replay.ts';
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
  const from = typeof d.from?.userName === 'string' ? `${d.from.userName} did not buy; ` : '';
  return `${from}offered to ${d.to.userName} (runner-up ${String(d.place)}) at ${formatRupees(d.price)}`;
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
  actorName: (e: ReplayEvent) => string;
  onPick: (index: number) => void;
}) => {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const row = list.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    if (row && list.current) list.current.scrollTop = row.offsetTop - list.current.clientHeight / 2;
  }, [current]);
  return (
    <ol className="event-timeline" ref={list} aria-label="Events">
      {events.map((e, i) => (
        <li key={e.id} data-index={i} className={i === current ? 'is-current' : i > current ? 'is-future' : undefined}>
          <button type="button" onClick={() => onPick(i)} aria-current={i === current ? 'step' : undefined}>
            <span className="ev-rev">#{e.revision}</span>
            <span className="ev-type">{e.type}</span>
            <span className="ev-actor">{actorName(e)}</span>
            {actionNote(e) && <span className="ev-note">{actionNote(e)}</span>}
            <time className="ev-time">{formatTime(e.metadata.at, { ms: true })}</time>
            <code className="ev-hash" title={e.metadata.hash}>
              {e.metadata.hash ? shortHash(e.metadata.hash) : '—'}
            </code>
          </button>
        </li>
      ))}
    </ol>
  );
};
