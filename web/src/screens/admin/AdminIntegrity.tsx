import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type {
  IntegrityFlag,
  IntegrityFlagKind,
  IntegrityMemberTiming,
  IntegrityQueue,
  IntegrityRoomReport,
} from '../../../../api/contract/admin.ts';
import { plural, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api, messageOf } from '../../lib/api.ts';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useSessionStore } from '../../stores/session.ts';
import { Notice } from '../../ui/kit.tsx';
import { ReplayLink } from '../audit/ReplayLink.tsx';
import { AdminNav } from './AdminNav.tsx';
import { flagSentence, roomCode } from './flagSentence.tsx';
import '../auth/auth.css';
import './admin.css';
import './integrity.css';

const KINDS: { key: IntegrityFlagKind; label: string; hint: string }[] = [
  { key: 'last-second', label: 'Last second', hint: 'Almost every deal in the last second before the deadline' },
  { key: 'shared-device', label: 'Shared device', hint: 'Members in the same room signed in from one device' },
  {
    key: 'shared-address',
    label: 'Shared address',
    hint: 'Members in the same room signed in from one network address',
  },
  { key: 'single-opponent', label: 'One opponent', hint: 'Only ever topped the same member, over several rooms' },
  {
    key: 'scripted-burst',
    label: 'Scripted timing',
    hint: 'Deals at near-constant intervals, or inhumanly fast replies',
  },
];
const kindLabel = (k: IntegrityFlagKind) => {
  const label = KINDS.find((x) => x.key === k)?.label;
  return label === undefined ? k : t(label);
};

const STATUSES = [
  { key: 'open', label: 'Open' },
  { key: 'reviewed', label: 'Reviewed' },
  { key: '', label: 'All' },
] as const;

const BUCKET_LABELS = ['< 1 s', '1–2 s', '2–5 s', '5–10 s', '10–20 s', '≥ 20 s'];
const EVIDENCE_SHOWN = 12;

/** Seconds before the deadline, as the reviewer reads them: `0.5 s`, `12 s`. */
const beforeText = (ms: number) => t('{s} s', { s: (ms / 1000).toFixed(ms < 10_000 ? 1 : 0) });
const percent = (share: number) => `${Math.round(share * 100)}%`;

interface Filters {
  status: string;
  kind: string;
  room: string;
}

const queryOf = (f: Filters) => {
  const p = new URLSearchParams();
  if (f.status) p.set('status', f.status);
  if (f.kind) p.set('kind', f.kind);
  if (f.room.trim()) p.set('room', f.room.trim().toUpperCase());
  const s = p.toString();
  return s ? `?${s}` : '';
};

/** Deals by seconds before the deadline, one row of bars per member (a small SVG chart). */
const TimingChart = ({ timings }: { timings: IntegrityMemberTiming[] }) => {
  const max = Math.max(1, ...timings.flatMap((m) => m.buckets));
  const width = 300;
  const barW = width / BUCKET_LABELS.length;
  const rowH = 44;
  /** Room above the first row for its tallest bar's count. */
  const top = 16;
  return (
    <figure className="integrity-chart">
      <svg
        viewBox={`0 0 ${width + 110} ${top + timings.length * rowH + 24}`}
        role="img"
        aria-label={t('Deals by seconds before the deadline: {rows}', {
          rows: timings
            .map(
              (m) =>
                `${m.user_name} ${m.buckets.map((n, i) => t('{n} at {range}', { n: formatNumber(n), range: t(BUCKET_LABELS[i]!) })).join(', ')}`,
            )
            .join('; '),
        })}
      >
        {timings.map((m, row) => (
          <g key={m.user_id} transform={`translate(0 ${top + row * rowH})`}>
            <text x="0" y={rowH / 2 + 4} className="integrity-chart__name">
              {m.user_name.length > 14 ? `${m.user_name.slice(0, 13)}…` : m.user_name}
            </text>
            {m.buckets.map((n, i) => {
              const h = ((rowH - 10) * n) / max;
              return (
                <g key={i}>
                  <rect
                    x={110 + i * barW + 4}
                    y={rowH - 4 - h}
                    width={barW - 8}
                    height={h}
                    className={i === 0 ? 'integrity-chart__bar is-last-second' : 'integrity-chart__bar'}
                  />
                  {n > 0 && (
                    <text
                      x={110 + i * barW + barW / 2}
                      y={rowH - 6 - h}
                      textAnchor="middle"
                      className="integrity-chart__n"
                    >
                      {formatNumber(n)}
                    </text>
                  )}
                </g>
              );
            })}
          </g>
        ))}
        {BUCKET_LABELS.map((label, i) => (
          <text
            key={label}
            x={110 + i * barW + barW / 2}
            y={top + timings.length * rowH + 16}
            textAnchor="middle"
            className="integrity-chart__axis"
          >
            {t(label)}
          </text>
        ))}
      </svg>
      <figcaption className="muted small">{t('Deals by seconds left before the deadline, per member.')}</figcaption>
    </figure>
  );
};

const RoomReport = ({ code, onClose }: { code: string; onClose: () => void }) => {
  const [report, setReport] = useState<IntegrityRoomReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollIntoView?.({ block: 'start' });
    setReport(null);
    setError(null);
    api<IntegrityRoomReport>(`/api/admin/integrity/rooms/${encodeURIComponent(code)}`)
      .then(setReport)
      .catch((e: unknown) => setError(messageOf(e, t('Could not load the report. Please reload.'))));
  }, [code]);
  return (
    <section
      ref={panel}
      className="card admin-panel integrity-report"
      aria-labelledby="integrity-report-title"
      data-testid="integrity-report"
    >
      <div className="integrity-report__head">
        <h2 id="integrity-report-title">
          {tRich('Room <room></room>: timing report', { room: () => roomCode(code) })}
        </h2>
        <div className="button-row">
          <ReplayLink code={code} />
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {t('Close report')}
          </button>
        </div>
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      {!report && !error && <p className="table-state">{t('Loading the report…')}</p>}
      {report && (
        <>
          <p className="muted">
            {t('Ended {when}', { when: formatDateTime(report.ended_at) })} ·{' '}
            {t('{deals} by {members}', {
              deals: plural(report.deals.length, '{n} deal', '{n} deals'),
              members: plural(report.timings.length, '{n} member', '{n} members'),
            })}{' '}
            · {report.flags.length > 0 ? plural(report.flags.length, '{n} flag', '{n} flags') : t('no flags')}
          </p>
          <TimingChart timings={report.timings} />
          <div className="table-scroll">
            <table className="data-table integrity-table">
              <thead>
                <tr>
                  <th scope="col">{t('Member')}</th>
                  <th scope="col">{t('Deals')}</th>
                  <th scope="col">{t('Median before deadline')}</th>
                  <th scope="col">{t('In the last second')}</th>
                </tr>
              </thead>
              <tbody>
                {report.timings.map((m) => (
                  <tr key={m.user_id} data-testid={`timing-${m.user_id}`}>
                    <td data-label={t('Member')} translate="no">
                      {m.user_name}
                    </td>
                    <td data-label={t('Deals')}>{formatNumber(m.deals)}</td>
                    <td data-label={t('Median')}>{beforeText(m.median_before_ms)}</td>
                    <td data-label={t('Last second')}>{percent(m.last_second_share)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
};

const ReviewForm = ({ flag, onDone }: { flag: IntegrityFlag; onDone: (message: string) => void }) => {
  const [outcome, setOutcome] = useState<'dismissed' | 'action_noted'>('dismissed');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `review-${flag.id.replace(/[^A-Za-z0-9]/g, '-')}`;
  return (
    <form
      className="admin-form integrity-review"
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        api<{ message: string }>('/api/admin/integrity/review', {
          body: { flag_id: flag.id, outcome, note, version: flag.version },
        })
          // The server's answer is English; the same words are said here in the language shown now.
          .then(() => onDone(outcome === 'dismissed' ? t('Flag dismissed.') : t('Action noted.')))
          .catch((err: unknown) => setError(messageOf(err, t('That did not go through. Please try again.'))))
          .finally(() => setBusy(false));
      }}
    >
      <fieldset className="integrity-review__outcome">
        <legend>{t('Your review')}</legend>
        <label>
          <input
            type="radio"
            name={`${id}-outcome`}
            checked={outcome === 'dismissed'}
            onChange={() => setOutcome('dismissed')}
          />{' '}
          {t('Dismiss: nothing wrong')}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-outcome`}
            checked={outcome === 'action_noted'}
            onChange={() => setOutcome('action_noted')}
          />{' '}
          {t('Note an action taken')}
        </label>
      </fieldset>
      <div className="vd-form-field">
        <label htmlFor={`${id}-note`}>{t('Note (what you looked at and decided)')}</label>
        <textarea id={`${id}-note`} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
        {t('Mark reviewed')}
      </button>
    </form>
  );
};

const FlagCard = ({
  flag,
  isAdmin,
  onReport,
  onReviewed,
}: {
  flag: IntegrityFlag;
  isAdmin: boolean;
  onReport: (room: string) => void;
  onReviewed: (message: string) => void;
}) => {
  const [all, setAll] = useState(false);
  const shown = all ? flag.evidence : flag.evidence.slice(-EVIDENCE_SHOWN);
  return (
    <li className="card integrity-flag" data-testid={`flag-${flag.id}`}>
      <div className="integrity-flag__head">
        <span className={`role-badge integrity-kind integrity-kind--${flag.kind}`}>{kindLabel(flag.kind)}</span>
        <span
          className={`role-badge ${flag.status === 'open' ? 'access-badge--waitlisted' : 'access-badge--granted'}`}
          data-testid="flag-status"
        >
          {flag.status === 'open' ? t('Open') : t('Reviewed')}
        </span>
        <span className="muted small">{t('Raised {when}', { when: formatDateTime(flag.raised_at) })}</span>
      </div>
      <p className="integrity-flag__summary">{flagSentence(flag.facts)}</p>
      <p className="small">
        <strong>{t('Members:')}</strong> <span translate="no">{flag.members.map((m) => m.name).join(', ')}</span>
      </p>
      <div className="button-row integrity-flag__rooms">
        {flag.rooms.map((room) => (
          <button key={room} type="button" className="btn btn-ghost btn-sm" onClick={() => onReport(room)}>
            {tRich('Report for <room></room>', { room: () => <span translate="no">{room}</span> })}
          </button>
        ))}
      </div>
      <details className="integrity-evidence" open={flag.evidence.length <= 4}>
        <summary>{t('Evidence: {deals}', { deals: plural(flag.evidence.length, '{n} deal', '{n} deals') })}</summary>
        <ol className="integrity-evidence__list">
          {shown.map((d) => (
            <li key={d.event_id}>
              <span>
                {tRich(
                  '<name></name> in <room></room>, {before} before the deadline',
                  { name: () => <strong translate="no">{d.user_name}</strong>, room: () => roomCode(d.room) },
                  { before: beforeText(d.before_ms) },
                )}
                <span className="muted small"> · {formatDateTime(d.at)}</span>
              </span>
              <ReplayLink code={d.room} revision={d.revision} label={t('Replay this moment')} />
            </li>
          ))}
        </ol>
        {!all && flag.evidence.length > EVIDENCE_SHOWN && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAll(true)}>
            {t('Show all {n} deals', { n: formatNumber(flag.evidence.length) })}
          </button>
        )}
      </details>
      {flag.review && (
        <p className="integrity-flag__review" data-testid="flag-review">
          {tRich(
            flag.review.outcome === 'dismissed'
              ? 'Dismissed by <name></name> on {when}: “<note></note>”'
              : 'Action noted by <name></name> on {when}: “<note></note>”',
            {
              name: () => <span translate="no">{flag.review!.by.name}</span>,
              note: () => <span translate="no">{flag.review!.note}</span>,
            },
            { when: formatDateTime(flag.review.at) },
          )}
          {flag.status === 'open' && ` ${t('New evidence came in after this review.')}`}
        </p>
      )}
      {isAdmin && flag.status === 'open' && <ReviewForm flag={flag} onDone={onReviewed} />}
    </li>
  );
};

/** /admin/integrity: the fairness review queue, finished rooms' timing reports, and reviews (admins). */
export const AdminIntegrity = () => {
  usePageTitle(t('Fairness insights'));
  const isAdmin = useSessionStore((s) => s.user?.role === 'admin');
  // The filters and the open report live in the address: back from a replay returns to the same view.
  const [params, setParams] = useSearchParams();
  const report = params.get('report');
  const statusParam = params.get('status') ?? 'open';
  const status = statusParam === 'all' ? '' : statusParam;
  const kind = params.get('kind') ?? '';
  const room = params.get('room') ?? '';
  const filters = useMemo<Filters>(() => ({ status, kind, room }), [status, kind, room]);
  const [data, setData] = useState<IntegrityQueue | null>(null);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  // Only the latest request's answer is shown (typing a room code sends one per key).
  const latest = useRef(0);
  const load = useCallback(() => {
    const ask = ++latest.current;
    setFailed(false);
    api<IntegrityQueue>(`/api/admin/integrity${queryOf(filters)}`)
      .then((answer) => ask === latest.current && setData(answer))
      .catch(() => ask === latest.current && setFailed(true));
  }, [filters]);
  useEffect(load, [load]);

  const setParam = (key: 'report' | keyof Filters, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null || (key === 'status' ? value === 'open' : value === '')) next.delete(key);
        else next.set(key, key === 'status' && value === '' ? 'all' : value);
        return next;
      },
      { replace: key !== 'report' },
    );
  const openReport = (code: string | null) => setParam('report', code);
  const set = (key: keyof Filters, value: string) => setParam(key, value);

  return (
    <section className="container admin-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('Fairness insights')}</h1>
          <p className="muted">
            {t(
              'Flags raised when a room ends, with the deals behind them. Nothing is decided automatically: an admin reviews each flag and writes down what they found.',
            )}
          </p>
        </div>
      </div>
      <AdminNav />
      {report && <RoomReport code={report} onClose={() => openReport(null)} />}
      <div className="card admin-panel">
        <form
          className="room-filters"
          role="search"
          aria-label={t('Filter flags')}
          onSubmit={(e) => e.preventDefault()}
        >
          <div className="vd-form-field">
            <label htmlFor="integrity-status">{t('Status')}</label>
            <select id="integrity-status" value={filters.status} onChange={(e) => set('status', e.target.value)}>
              {STATUSES.map((s) => (
                <option key={s.key} value={s.key}>
                  {t(s.label)}
                </option>
              ))}
            </select>
          </div>
          <div className="vd-form-field">
            <label htmlFor="integrity-kind">{t('Kind')}</label>
            <select id="integrity-kind" value={filters.kind} onChange={(e) => set('kind', e.target.value)}>
              <option value="">{t('All kinds')}</option>
              {KINDS.map((k) => (
                <option key={k.key} value={k.key} title={t(k.hint)}>
                  {t(k.label)}
                </option>
              ))}
            </select>
          </div>
          <div className="vd-form-field">
            <label htmlFor="integrity-room">{t('Room')}</label>
            <input
              id="integrity-room"
              type="search"
              maxLength={20}
              value={filters.room}
              onChange={(e) => set('room', e.target.value)}
            />
          </div>
        </form>
        {result && <Notice tone="success">{result}</Notice>}
        {failed && <Notice tone="error">{t('Could not load the flags. Please reload.')}</Notice>}
        {!data && !failed && <p className="table-state">{t('Loading flags…')}</p>}
        {data && data.flags.length === 0 && (
          <p className="table-state" data-testid="integrity-empty">
            {filters.status === 'open'
              ? t('No open flags. Nothing waits for review.')
              : t('No flags match these filters.')}
          </p>
        )}
        {data && data.flags.length > 0 && (
          <>
            <p className="muted table-count" data-testid="flags-count">
              {plural(data.flags.length, '{n} flag', '{n} flags')}
            </p>
            <ul className="integrity-queue" data-testid="integrity-queue">
              {data.flags.map((f) => (
                <FlagCard
                  key={f.id}
                  flag={f}
                  isAdmin={isAdmin}
                  onReport={openReport}
                  onReviewed={(message) => {
                    setResult(message);
                    load();
                  }}
                />
              ))}
            </ul>
          </>
        )}
      </div>
      {data && data.rooms.length > 0 && (
        <section className="card admin-panel" aria-labelledby="integrity-rooms-title">
          <h2 id="integrity-rooms-title">{t('Finished rooms')}</h2>
          <div className="table-scroll">
            <table className="data-table integrity-table">
              <thead>
                <tr>
                  <th scope="col">{t('Room')}</th>
                  <th scope="col">{t('Ended')}</th>
                  <th scope="col">{t('Deals')}</th>
                  <th scope="col">{t('Members')}</th>
                  <th scope="col">{t('Open flags')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('Report')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rooms.map((r) => (
                  <tr key={r.room} data-testid={`integrity-room-${r.room}`}>
                    <td data-label={t('Room')}>
                      <code translate="no">{r.room}</code>
                    </td>
                    <td data-label={t('Ended')}>{formatDateTime(r.ended_at)}</td>
                    <td data-label={t('Deals')}>{formatNumber(r.deals)}</td>
                    <td data-label={t('Members')}>{formatNumber(r.members)}</td>
                    <td data-label={t('Open flags')}>{formatNumber(r.open_flags)}</td>
                    <td data-label={t('Report')}>
                      <button type="button" className="btn btn-ghost btn-sm" onClick={() => openReport(r.room)}>
                        {t('Timing report')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </section>
  );
};
