import { expect } from 'vitest';
import { sealEvents } from '../../api/store/hashChain.ts';
import type { EventMetadata, RecordedEvent } from '../../engine/eventStore.ts';
import type { ReadDb } from '../../projections/db.ts';
import { openReadDb } from '../../projections/db.ts';
import { allProjectors } from '../../projections/index.ts';
import type { Projector } from '../../projections/projector.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { testMetadata } from './events.ts';

/** An event to append to `stream`, typed by its engine union: `on<WalletEvent>('wallet-u1', { type, data })`. */
export interface GivenEvent {
  stream: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

let ids = 0;

/**
 * An event of `stream`, with the engine's type for its data. `at` is the command's server time
 * (the log's `metadata.at`), which several read models keep.
 */
export const on = <E extends { type: string; data: unknown }>(
  stream: string,
  event: E,
  at = '2026-11-22T10:00:00.000Z',
): GivenEvent => ({ stream, type: event.type, data: event.data, metadata: testMetadata({ at }) });

/** The events as the store would record them: hash-chained per stream, numbered in order. */
export const record = (events: readonly GivenEvent[]): RecordedEvent[] => {
  const heads = new Map<string, { revision: number; hash: string | null }>();
  return events.map((e, i) => {
    const head = heads.get(e.stream) ?? { revision: -1, hash: null };
    const id = `00000000-0000-4000-8000-${(++ids).toString().padStart(12, '0')}`;
    const [sealed] = sealEvents(e.stream, head.revision, head.hash, [
      { id, type: e.type, data: e.data, metadata: e.metadata },
    ]);
    heads.set(e.stream, { revision: head.revision + 1, hash: sealed!.metadata.hash });
    return { ...sealed!, streamName: e.stream, revision: head.revision + 1, position: i + 1 };
  });
};

/** Read models fed `log` through the real runner, in batches of `batchSize` events, in memory. */
export const project = (
  log: readonly RecordedEvent[],
  batchSize: number,
  projectors: readonly Projector[] = allProjectors,
): ReadDb => {
  const db = openReadDb(':memory:');
  const runner = createProjectionRunner({ store: null as never, db, projectors });
  for (let from = 0; from < log.length; from += batchSize) runner.applyBatch(log.slice(from, from + batchSize));
  return db;
};

/**
 * `given(events).thenRows(query, rows)`: the events go through the real runner into every read
 * model of an in-memory read database — once one event per batch (the live path) and once as a
 * single batch (a rebuild's batch paths) — and `query` must give `rows` both times.
 */
export const given = (...events: GivenEvent[]) => {
  const log = record(events);
  let dbs: ReadDb[] | null = null;
  const databases = () => (dbs ??= [project(log, 1), project(log, Math.max(1, log.length))]);
  const then = {
    thenRows<R>(query: (db: ReadDb) => R, rows: R) {
      for (const db of databases()) expect(query(db)).toEqual(rows);
      return then;
    },
    /** The log as recorded (ids, positions, hashes), for rows that carry them. */
    log,
  };
  return then;
};
