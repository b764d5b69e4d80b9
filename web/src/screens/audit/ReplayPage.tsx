import type { ComponentType } from 'react';
import { useEffect, useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { Message } from '../../../../engine/decider.ts';
import type { ReplayEvent } from '../../../../engine/replay.ts';
import { replaySteps } from '../../../../engine/replay.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { usePageTitle } from '../../lib/hooks.ts';
import { t } from '../../i18n/index.ts';
import { EventTimeline } from './EventTimeline.tsx';
import { ReplayControls } from './ReplayControls.tsx';
import { usePlayback } from './usePlayback.ts';
import { useStreamEvents } from './useStreamEvents.ts';
import '../admin/admin.css';
import './audit.css';

/** What a replay's own cards get: the state at the playhead, the final state and the times. */
export interface ReplayViewProps<S> {
  code: string;
  events: ReplayEvent[];
  state: S;
  final: S;
  time: number;
  times: number[];
}

interface Folder<E extends Message, S> {
  initialState: S;
  evolve: (state: S, event: E) => S;
}

interface ReplayPageProps<E extends Message, S> {
  kind: 'room' | 'league';
  decider: Folder<E, S>;
  /** The name shown under the heading, from the stream's first event. */
  lead: (first: ReplayEvent | undefined) => string | undefined;
  live: { to: (code: string) => string; label: string };
  /** Member user id → the name the timeline shows for their events. */
  memberNames: (final: S) => ReadonlyMap<string, string>;
  /** The state and chart cards; the page adds the controls and the event timeline. */
  View: ComponentType<ReplayViewProps<S>>;
}

const Player = <E extends Message, S>({
  code,
  events,
  decider,
  memberNames,
  View,
}: Pick<ReplayPageProps<E, S>, 'decider' | 'memberNames' | 'View'> & { code: string; events: ReplayEvent[] }) => {
  // The browser folds the engine's own evolve over the events: the same code the server decides with.
  const steps = useMemo(() => replaySteps<E, S>(decider, events), [decider, events]);
  const times = useMemo(() => steps.map((s) => s.at), [steps]);
  const { playback, timeline, time, controls } = usePlayback(times);
  // `?event=<revision>` (links from the integrity review) opens the replay at that event.
  const [params] = useSearchParams();
  const wanted = params.get('event');
  const start = wanted === null ? -1 : events.findIndex((e) => String(e.revision) === wanted);
  useEffect(() => {
    if (start >= 0) controls.goTo(start);
  }, [start, controls]);
  const final = steps[steps.length - 1]!.state;
  const names = memberNames(final);
  /** The system and staff roles are words; a member is their name or id (data, not translated). */
  const actorName = (e: ReplayEvent) => {
    const a = e.metadata.actor;
    if (a === 'system') return t('system');
    return a.role === 'member' ? <span translate="no">{names.get(a.userId) ?? a.userId}</span> : t(a.role);
  };
  return (
    <>
      <ReplayControls playback={playback} timeline={timeline} time={time} total={events.length} controls={controls} />
      <div className="replay-grid">
        <View
          code={code}
          events={events}
          state={steps[playback.index]!.state}
          final={final}
          time={time}
          times={times}
        />
        <section className="card replay-events" aria-label={t('Timeline of events')}>
          <h2>{t('Events')}</h2>
          <EventTimeline events={events} current={playback.index} actorName={actorName} onPick={controls.goTo} />
        </section>
      </div>
    </>
  );
};

/** A stream's replay screen: heading and links, loading/missing/error states, then the player. */
export const ReplayPage = <E extends Message, S>({ kind, lead, live, ...player }: ReplayPageProps<E, S>) => {
  const code = (useParams().code ?? '').toUpperCase();
  const title = kind === 'room' ? t('Room {code}', { code }) : t('League {code}', { code });
  usePageTitle(kind === 'room' ? t('Replay of room {code}', { code }) : t('Replay of league {code}', { code }));
  const load = useStreamEvents(`${kind}-${code}`);
  const name = load.state === 'ready' ? lead(load.events[0]) : undefined;
  return (
    <section className="container admin-page replay-page">
      <div className="admin-head">
        <div>
          <p className="eyebrow">{t('Replay')}</p>
          <h1>{title}</h1>
          {name && (
            <p className="lead" translate="no">
              {name}
            </p>
          )}
        </div>
        <div className="button-row">
          <Link className="btn btn-ghost btn-sm" to={`/admin/streams?stream=${kind}-${code}`}>
            {t('Stream and hash check')}
          </Link>
          <Link className="btn btn-ghost btn-sm" to={live.to(code)}>
            {t(live.label)}
          </Link>
        </div>
      </div>
      {load.state === 'loading' && (
        <PageLoading label={kind === 'room' ? t('Loading the room’s events…') : t('Loading the league’s events…')} />
      )}
      {load.state === 'missing' && (
        <p className="table-state">
          {kind === 'room'
            ? t('No room with the code {code}.', { code })
            : t('No league with the code {code}.', { code })}
        </p>
      )}
      {load.state === 'error' && (
        <p className="table-state audit-alert--error" role="alert">
          {kind === 'room'
            ? t('Could not load the room’s events: {message}', { message: load.message })
            : t('Could not load the league’s events: {message}', { message: load.message })}
        </p>
      )}
      {load.state === 'ready' && <Player code={code} events={load.events} {...player} />}
    </section>
  );
};
