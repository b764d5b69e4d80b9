import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { ReplayEvent } from '../../../../engine/replay.ts';
import { replaySteps, roomPricePoints, roomSnapshot } from '../../../../engine/replay.ts';
import type { RoomEvent, RoomState } from '../../../../engine/room.ts';
import { roomDecider } from '../../../../engine/room.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { formatCountdown, formatRupees, formatTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { EventTimeline } from './EventTimeline.tsx';
import type { ChartPoint } from './PriceChart.tsx';
import { PriceChart } from './PriceChart.tsx';
import { ReplayControls } from './ReplayControls.tsx';
import { usePlayback } from './usePlayback.ts';
import { useStreamEvents } from './useStreamEvents.ts';
import '../admin/admin.css';
import './audit.css';

const STATUS: Record<RoomState['status'], string> = {
  none: '—',
  upcoming: 'Upcoming',
  running: 'Running',
  ended: 'Deal Ended',
  cancelled: 'Cancelled: not enough participants',
};

const Player = ({ code, events }: { code: string; events: ReplayEvent[] }) => {
  // The browser folds the engine's own evolve over the events: the same code the server decides with.
  const steps = useMemo(() => replaySteps<RoomEvent, RoomState>(roomDecider, events), [events]);
  const times = useMemo(() => steps.map((s) => s.at), [steps]);
  const { playback, timeline, time, controls } = usePlayback(times);
  const state = steps[playback.index]!.state;
  const snap = roomSnapshot(state, time);
  const final = steps[steps.length - 1]!.state;
  const names = new Map(final.status === 'none' ? [] : final.bookings.map((b) => [b.userId, b.userName]));
  const actorName = (e: ReplayEvent) => {
    const a = e.metadata.actor;
    if (a === 'system') return 'system';
    return a.role === 'member' ? (names.get(a.userId) ?? a.userId) : a.role;
  };
  const price = roomPricePoints(events);
  const points: ChartPoint[] = price.map((p) => ({
    at: p.at,
    value: p.price,
    who: p.bidder && { id: p.bidder.userId, name: p.bidder.userName },
    group: 'room',
    label: p.bidder
      ? `#${p.seq} ${p.bidder.userName}: ${formatRupees(p.price)} at ${formatTime(p.at, { ms: true })}`
      : `Start: ${formatRupees(p.price)}`,
  }));
  const end = final.status === 'ended' ? Math.max(final.ended.at, price.at(-1)?.at ?? 0) : times[times.length - 1]!;
  const rules = final.status === 'none' ? null : final.rules;

  return (
    <>
      <ReplayControls playback={playback} timeline={timeline} time={time} total={events.length} controls={controls} />
      <div className="replay-grid">
        <section className="card replay-state" aria-label="The room at this moment" data-testid="replay-state">
          <h2>The room at this moment</h2>
          <dl className="replay-facts">
            <div>
              <dt>Status</dt>
              <dd data-testid="replay-status">{STATUS[snap.status]}</dd>
            </div>
            <div>
              <dt>Current deal</dt>
              <dd data-testid="replay-price">{snap.price === null ? '—' : formatRupees(snap.price)}</dd>
            </div>
            <div>
              <dt>{snap.status === 'ended' ? 'Winner' : 'Highest deal by'}</dt>
              <dd data-testid="replay-leader">{(snap.winner ?? snap.leader)?.userName ?? 'No deals yet'}</dd>
            </div>
            <div>
              <dt>{snap.status === 'upcoming' ? 'Starts in' : 'Time left'}</dt>
              <dd data-testid="replay-time-left">
                {snap.timeLeftMs === null ? '—' : formatCountdown(snap.timeLeftMs)}
              </dd>
            </div>
            <div>
              <dt>Deals placed</dt>
              <dd>{snap.bids}</dd>
            </div>
          </dl>
          <h3>Attempts used</h3>
          {snap.attempts.length === 0 ? (
            <p className="muted">Nobody has pre-booked yet.</p>
          ) : (
            <table className="data-table attempts-table" data-testid="replay-attempts">
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Used</th>
                  <th scope="col">Remaining</th>
                </tr>
              </thead>
              <tbody>
                {snap.attempts.map((a) => (
                  <tr key={a.userId} className={snap.leader?.userId === a.userId ? 'is-leader' : undefined}>
                    <td>{a.userName}</td>
                    <td>
                      <span className="attempt-bar" aria-hidden="true">
                        <i style={{ width: `${(a.used / (snap.maxAttempts ?? 1)) * 100}%` }} />
                      </span>
                      {a.used}
                    </td>
                    <td>{a.remaining}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        <section className="card replay-chart" aria-label="Price over time">
          <h2>Price over time</h2>
          {rules && price.length > 0 ? (
            <PriceChart
              points={points}
              from={price[0]!.at}
              to={end}
              now={time}
              format={(v) => formatRupees(v, { whole: true })}
              title={`Deals in room ${code} from ${formatRupees(rules.basePrice)}, each by its bidder`}
            />
          ) : (
            <p className="table-state">The deal never started, so there is no price to chart.</p>
          )}
        </section>
        <section className="card replay-events" aria-label="Timeline of events">
          <h2>Events</h2>
          <EventTimeline events={events} current={playback.index} actorName={actorName} onPick={controls.goTo} />
        </section>
      </div>
    </>
  );
};

/** /admin/rooms/:code/replay: a deal room's history, step by step, folded in the browser with the engine's evolve. */
export const RoomReplay = () => {
  const code = (useParams().code ?? '').toUpperCase();
  usePageTitle(`Replay of room ${code}`);
  const load = useStreamEvents(`room-${code}`);
  const created = load.state === 'ready' ? (load.events[0]?.data as { product?: { name?: string } }) : null;
  return (
    <section className="container admin-page replay-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">Replay</p>
          <h1>Room {code}</h1>
          {created?.product?.name && <p className="lead">{created.product.name}</p>}
        </div>
        <div className="button-row">
          <Link className="btn btn-ghost btn-sm" to={`/admin/streams?stream=room-${code}`}>
            Stream and hash check
          </Link>
          <Link className="btn btn-ghost btn-sm" to={`/auction/${code}`}>
            Room page
          </Link>
        </div>
      </div>
      {load.state === 'loading' && <PageLoading label="Loading the room’s events…" />}
      {load.state === 'missing' && <p className="table-state">No room with the code {code}.</p>}
      {load.state === 'error' && (
        <p className="table-state audit-alert--error" role="alert">
          Could not load the room’s events: {load.message}
        </p>
      )}
      {load.state === 'ready' && <Player code={code} events={load.events} />}
    </section>
  );
};
