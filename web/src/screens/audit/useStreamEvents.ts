import { useEffect, useState } from 'react';
import type { ReplayEvent } from '../../../../engine/replay.ts';
import { t } from '../../i18n/index.ts';
import { ApiError, messageOf } from '../../lib/api.ts';
import { fetchAllEvents } from './auditApi.ts';

export type EventsLoad =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; events: ReplayEvent[] };

/** Loads every event of a stream for a replay screen. */
export const useStreamEvents = (stream: string): EventsLoad => {
  const [load, setLoad] = useState<EventsLoad>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    fetchAllEvents(stream, controller.signal)
      .then((events) => setLoad(events.length ? { state: 'ready', events } : { state: 'missing' }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setLoad({ state: 'missing' });
        else setLoad({ state: 'error', message: messageOf(error, t('Server error')) });
      });
    return () => controller.abort();
  }, [stream]);
  return load;
};
