import type { ReadDb } from './db.ts';
import type { BulkInsert } from './bulkInsert.ts';
import type { AnyEvent } from './readModel.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

const INSERT =
  'INSERT OR IGNORE INTO rm_event_index (position, id, stream, revision, type, correlation_id, causation_id, at)';

const pushRow = (rows: BulkInsert, e: AnyEvent) => {
  const { correlationId, causationId, at } = e.metadata;
  rows.push(e.position);
  rows.push(e.id);
  rows.push(e.streamName);
  rows.push(e.revision);
  rows.push(e.type);
  rows.push(typeof correlationId === 'string' ? correlationId : null);
  rows.push(typeof causationId === 'string' ? causationId : null);
  rows.push(at);
};

/**
 * Where every event lives (stream and revision), with its correlation and causation ids, so an
 * auditor can follow "caused by" and "caused" links and see all events of one request across streams.
 * Rows are keyed by log position, so a rebuild appends; the lookups are secondary indexes that a
 * rebuild builds once at the end.
 */
export const eventIndexProjector = defineReadModel()({
  name: 'event-index',
  version: 2,
  tables: {
    rm_event_index: `CREATE TABLE IF NOT EXISTS rm_event_index (
      position INTEGER PRIMARY KEY, id TEXT NOT NULL, stream TEXT NOT NULL, revision INTEGER NOT NULL,
      type TEXT NOT NULL, correlation_id TEXT, causation_id TEXT, at TEXT NOT NULL)`,
  },
  indexes: {
    rm_event_index_id: 'CREATE UNIQUE INDEX IF NOT EXISTS rm_event_index_id ON rm_event_index(id)',
    rm_event_index_correlation:
      'CREATE INDEX IF NOT EXISTS rm_event_index_correlation ON rm_event_index(correlation_id) WHERE correlation_id IS NOT NULL',
    rm_event_index_causation:
      'CREATE INDEX IF NOT EXISTS rm_event_index_causation ON rm_event_index(causation_id) WHERE causation_id IS NOT NULL',
  },
  deferredIndexes: ['rm_event_index_id', 'rm_event_index_correlation', 'rm_event_index_causation'],
  statements: {},
  on: {
    '*': (event, { bulk }) => {
      const rows = bulk(INSERT, 8);
      pushRow(rows, event);
      rows.flush();
    },
  },
  batch: (events, { bulk }) => {
    const rows = bulk(INSERT, 8);
    for (const e of events) pushRow(rows, e);
    rows.flush();
  },
});

export interface EventRef {
  id: string;
  stream: string;
  revision: number;
  type: string;
  at: string;
}

const REF = 'SELECT id, stream, revision, type, at FROM rm_event_index';

export const eventRefById = ({ sqlite }: ReadDb, id: string): EventRef | undefined =>
  prepared<[string], EventRef>(sqlite, `${REF} WHERE id = ?`).get(id);

/** Events whose causation id is `id`, oldest first. */
export const eventsCausedBy = ({ sqlite }: ReadDb, id: string, limit = 20): EventRef[] =>
  prepared<[string, number], EventRef>(sqlite, `${REF} WHERE causation_id = ? ORDER BY position LIMIT ?`).all(
    id,
    limit,
  );

/** Events sharing a correlation id (one request or saga), oldest first, with the total count. */
export const eventsCorrelated = ({ sqlite }: ReadDb, correlationId: string, limit = 20) => ({
  events: prepared<[string, number], EventRef>(sqlite, `${REF} WHERE correlation_id = ? ORDER BY position LIMIT ?`).all(
    correlationId,
    limit,
  ),
  total:
    prepared<[string], { n: number }>(sqlite, 'SELECT count(*) AS n FROM rm_event_index WHERE correlation_id = ?').get(
      correlationId,
    )?.n ?? 0,
});

/** The log position of the event with this id. */
export const positionOfEvent = ({ sqlite }: ReadDb, id: string): number | undefined =>
  prepared<[string], { position: number }>(sqlite, 'SELECT position FROM rm_event_index WHERE id = ?').get(id)
    ?.position;
