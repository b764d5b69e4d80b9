import { useCallback, useEffect, useState } from 'react';
import type { AdminRoom, AdminRoomList } from '../../../../api/contract/rooms.ts';
import { NOT_ENOUGH_PARTICIPANTS } from '../../../../engine/roomRules.ts';
import { plural, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, messageOf } from '../../lib/api.ts';
import { formatDateTime, formatNumber, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { ReplayLink } from '../audit/ReplayLink.tsx';
import { istLocalToMs, msToIstLocal, serverSaid } from './adminForms.ts';
import { AdminNav } from './AdminNav.tsx';
import '../auth/auth.css';
import './admin.css';

const STATUSES = [
  { key: '', label: 'All statuses' },
  { key: 'upcoming', label: 'Upcoming' },
  { key: 'running', label: 'Live' },
  { key: 'completed', label: 'Completed' },
  { key: 'cancelled', label: 'Cancelled' },
] as const;

/** Badge colours shared with the user list: live stands out, cancelled warns, completed is done. */
const STATUS_BADGE: Record<AdminRoom['status'], string> = {
  upcoming: '',
  running: 'role-badge--admin',
  completed: 'access-badge--granted',
  cancelled: 'access-badge--waitlisted',
};

interface Filters {
  status: string;
  q: string;
  from: string;
  to: string;
}

/** The same query string for the list and its CSV export. */
const queryOf = (f: Filters, page?: number) => {
  const p = new URLSearchParams();
  if (f.status) p.set('status', f.status);
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (page && page > 1) p.set('page', String(page));
  const s = p.toString();
  return s ? `?${s}` : '';
};

type Action = { code: string; kind: 'cancel' | 'reschedule' };

const ActionForm = ({
  room,
  kind,
  busy,
  onSubmit,
  onClose,
}: {
  room: AdminRoom;
  kind: Action['kind'];
  busy: boolean;
  onSubmit: (body: { reason: string; scheduled_time?: number }) => void;
  onClose: () => void;
}) => {
  const [reason, setReason] = useState('');
  const [when, setWhen] = useState(msToIstLocal(room.scheduled_time_ms));
  const [problem, setProblem] = useState<string | null>(null);
  const id = `${kind}-${room.code}`;
  return (
    <form
      className="admin-form room-action-form"
      aria-label={
        kind === 'cancel'
          ? t('Cancel room {code}', { code: room.code })
          : t('Reschedule room {code}', { code: room.code })
      }
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason.trim()) return setProblem(t('Give a reason; members and auditors will see it.'));
        if (kind === 'cancel') return onSubmit({ reason });
        const at = istLocalToMs(when);
        if (Number.isNaN(at) || at <= Date.now()) return setProblem(t('Pick a start time in the future.'));
        onSubmit({ reason, scheduled_time: at });
      }}
    >
      {kind === 'cancel' ? (
        <p>
          {room.joined_count > 0
            ? plural(
                room.joined_count,
                '{n} booked member gets {amount} back in all.',
                '{n} booked members get {amount} back in all.',
                { amount: formatRupees(room.fees_held) },
              )
            : t('Nobody has booked this room yet.')}
        </p>
      ) : (
        <div className="vd-form-field">
          <label htmlFor={`${id}-when`}>{t('New start (India time)')}</label>
          <input id={`${id}-when`} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} />
        </div>
      )}
      <div className="vd-form-field">
        <label htmlFor={`${id}-reason`}>{t('Reason (shown to members and in the replay)')}</label>
        <input
          id={`${id}-reason`}
          value={reason}
          maxLength={200}
          onChange={(e) => {
            setReason(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
        />
      </div>
      {problem && (
        <p className="vd-form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {kind === 'cancel' ? t('Cancel room and refund') : t('Move the start')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t('Keep as it is')}
        </button>
      </div>
    </form>
  );
};

/**
 * /admin/rooms: every deal room with its status, seats and the fees it holds, filtered by status,
 * search and start date, exported as CSV with the same filters. Admins cancel an upcoming room
 * (every fee refunded) or move one nobody has booked; each is an event with their name and reason.
 */
export const AdminRooms = () => {
  usePageTitle(t('Rooms'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  const [filters, setFilters] = useState<Filters>({ status: '', q: '', from: '', to: '' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminRoomList | null>(null);
  const [failed, setFailed] = useState(false);
  const [action, setAction] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const load = useCallback(() => {
    const controller = new AbortController();
    setFailed(false);
    api<AdminRoomList>(`/api/admin/rooms${queryOf(filters, page)}`, { signal: controller.signal })
      .then(setData)
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setFailed(Boolean(e));
      });
    return () => controller.abort();
  }, [filters, page]);
  useEffect(load, [load]);

  const set = (key: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };

  const submit = async (a: Action, body: { reason: string; scheduled_time?: number }) => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await api<{ message: string; room: AdminRoom }>(`/api/admin/rooms/${a.code}/${a.kind}`, { body });
      const booked = answer.room.joined_count;
      const said =
        a.kind === 'reschedule'
          ? 'Room {code} is rescheduled.'
          : booked === 0
            ? 'Room {code} is cancelled.'
            : booked === 1
              ? 'Room {code} is cancelled. The booked member gets their entry fee back.'
              : 'Room {code} is cancelled. All {n} booked members get their entry fee back.';
      setResult({
        tone: 'success',
        text: serverSaid(answer.message, said, { code: a.code, n: formatNumber(booked) }),
      });
      setAction(null);
      load();
    } catch (e) {
      setResult({ tone: 'error', text: messageOf(e, t('That did not go through. Please try again.')) });
    } finally {
      setBusy(false);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Rooms')}</h1>
          <p className="muted">{t('Every deal room, its seats and the entry fees it holds.')}</p>
        </div>
      </div>
      <AdminNav />
      <div className="card admin-panel">
        <form
          className="room-filters"
          role="search"
          aria-label={t('Filter rooms')}
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="vd-form-field">
            <label htmlFor="rooms-status">{t('Status')}</label>
            <select id="rooms-status" value={filters.status} onChange={(e) => set('status', e.target.value)}>
              {STATUSES.map((s) => (
                <option key={s.key} value={s.key}>
                  {t(s.label)}
                </option>
              ))}
            </select>
          </div>
          <div className="vd-form-field">
            <label htmlFor="rooms-q">{t('Room or product')}</label>
            <input id="rooms-q" type="search" value={filters.q} onChange={(e) => set('q', e.target.value)} />
          </div>
          <div className="vd-form-field">
            <label htmlFor="rooms-from">{t('Starts from')}</label>
            <input id="rooms-from" type="date" value={filters.from} onChange={(e) => set('from', e.target.value)} />
          </div>
          <div className="vd-form-field">
            <label htmlFor="rooms-to">{t('to')}</label>
            <input id="rooms-to" type="date" value={filters.to} onChange={(e) => set('to', e.target.value)} />
          </div>
          <a className="btn btn-ghost btn-sm" href={`/api/admin/rooms.csv${queryOf(filters)}`} download>
            {t('Download CSV')}
          </a>
          <a
            className="btn btn-ghost btn-sm"
            href={`/api/admin/deals.csv${queryOf({ ...filters, status: '' })}`}
            download
          >
            {t('Deals CSV')}
          </a>
        </form>
        {result && <Notice tone={result.tone}>{result.text}</Notice>}
        {failed && <Notice tone="error">{t('Could not load the rooms. Please reload.')}</Notice>}
        {!data && !failed && <p className="table-state">{t('Loading rooms…')}</p>}
        {data && data.rooms.length === 0 && <p className="table-state">{t('No rooms match these filters.')}</p>}
        {data && data.rooms.length > 0 && (
          <>
            <p className="muted table-count" data-testid="rooms-count">
              {plural(data.total, '{n} room', '{n} rooms')}
            </p>
            <div className="table-scroll">
              <table className="data-table rooms-table">
                <thead>
                  <tr>
                    <th scope="col">{t('Room')}</th>
                    <th scope="col">{t('Product')}</th>
                    <th scope="col">{t('Status')}</th>
                    <th scope="col">{t('Starts')}</th>
                    <th scope="col">{t('Seats')}</th>
                    <th scope="col">{t('Fees held')}</th>
                    <th scope="col">{t('Result')}</th>
                    <th scope="col">
                      <span className="visually-hidden">{t('Actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rooms.map((r) => (
                    <tr key={r.code} data-testid={`room-row-${r.code}`}>
                      <td data-label={t('Room')}>
                        <code>{r.code}</code>
                      </td>
                      <td data-label={t('Product')} translate="no">
                        {r.product_name}
                      </td>
                      <td data-label={t('Status')}>
                        <span className={`role-badge ${STATUS_BADGE[r.status]}`} data-testid="room-status">
                          {t(STATUSES.find((s) => s.key === r.status)?.label ?? r.status)}
                        </span>
                        {r.remark && (
                          // The engine's own remark is words; an admin's reason is data.
                          <span
                            className="muted small room-remark"
                            translate={r.remark === NOT_ENOUGH_PARTICIPANTS ? undefined : 'no'}
                          >
                            {r.remark === NOT_ENOUGH_PARTICIPANTS ? t(NOT_ENOUGH_PARTICIPANTS) : r.remark}
                          </span>
                        )}
                      </td>
                      <td data-label={t('Starts')} data-testid="room-starts">
                        {formatDateTime(r.scheduled_time_ms)}
                      </td>
                      <td data-label={t('Seats')}>
                        {formatNumber(r.joined_count)}/{formatNumber(r.max_participants)}
                      </td>
                      <td data-label={t('Fees held')} data-testid="room-fees-held">
                        {formatRupees(r.fees_held)}
                      </td>
                      <td data-label={t('Result')}>
                        {r.status === 'completed'
                          ? r.winner_name
                            ? tRich(
                                '<name>{name}</name> at {price}',
                                { name: (words) => <span translate="no">{words}</span> },
                                { name: r.winner_name, price: formatRupees(r.final_bid ?? 0) },
                              )
                            : t('No winner')
                          : r.status === 'cancelled'
                            ? t('{amount} refunded', { amount: formatRupees(r.fees_refunded) })
                            : plural(r.bid_count, '{n} deal', '{n} deals')}
                      </td>
                      <td data-label={t('Actions')}>
                        <div className="button-row">
                          {isAdmin && r.can_cancel && (
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              onClick={() => setAction({ code: r.code, kind: 'cancel' })}
                            >
                              {t('Cancel')}
                            </button>
                          )}
                          {isAdmin && r.can_reschedule && (
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              onClick={() => setAction({ code: r.code, kind: 'reschedule' })}
                            >
                              {t('Reschedule')}
                            </button>
                          )}
                          <ReplayLink code={r.code} />
                        </div>
                        {action?.code === r.code && (
                          <ActionForm
                            room={r}
                            kind={action.kind}
                            busy={busy}
                            onSubmit={(body) => void submit(action, body)}
                            onClose={() => setAction(null)}
                          />
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pages > 1 && (
              <nav className="button-row pager" aria-label={t('Pages')}>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  {t('Previous')}
                </button>
                <span className="muted">
                  {t('Page {page} of {pages}', { page: formatNumber(page), pages: formatNumber(pages) })}
                </span>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('Next')}
                </button>
              </nav>
            )}
          </>
        )}
      </div>
    </section>
  );
};
