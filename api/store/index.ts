import { metrics, timed } from '../metrics.ts';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EventStore } from '../../engine/eventStore.ts';
import type { Config } from '../config.ts';
import { openSqliteStore } from './sqlite.ts';

/** The event store the configuration asks for: EventStoreDB when EVENTSTORE_URL is set, else embedded SQLite. */
export const openEventStore = async (
  config: Pick<Config, 'EVENTSTORE_URL' | 'eventStorePath'> & Partial<Pick<Config, 'STORE_SYNC'>>,
): Promise<EventStore> => {
  if (config.EVENTSTORE_URL) {
    const { openEsdbStore } = await import('./esdb.ts');
    return openEsdbStore({ connectionString: config.EVENTSTORE_URL });
  }
  mkdirSync(dirname(config.eventStorePath), { recursive: true });
  return openSqliteStore({ path: config.eventStorePath, sync: config.STORE_SYNC });
};

/** Counts appends in flight, so shutdown can wait for them to finish. */
export const trackInflight = (store: EventStore): EventStore & { drain(): Promise<void> } => {
  const pending = new Set<Promise<unknown>>();
  const tracked = Object.create(store) as EventStore & { drain(): Promise<void> };
  tracked.append = (stream, events, options) => {
    const p = timed(metrics.append, store.append(stream, events, options));
    pending.add(p);
    const done = () => pending.delete(p);
    p.then(done, done);
    return p;
  };
  tracked.drain = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  return tracked;
};
