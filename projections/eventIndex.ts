import type Database from 'better-sqlite3';
import type { ReadDb } from './db.ts';
import { defineProjector } from './projector.ts';

const cache = new WeakMap<Database.Database, Database.Statement>();
const insert = (db: Database.Database) => {
  let stmt = cache.get(db);
  if (!stmt) {
    stmt = db.prepare(
      `INSERT OR IGNORE INTO rm_event_index (id, stream, revision, position, type, correlation_id, causation_id, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    cache.set(db, stmt);
  }
  return stmt;
};

/**
 * Where every event lives (stream and revision), with its correlation and causation ids, so an
 * auditor can follow "caused by" and "caused" links and see all events of one request across streams.
 */
export const eventIndexProjector = defineProjector({
  name: 'event-index',
  version: 1,
  handles: '*',
  schema: [
    `CREATE TABLE IF NOT EXISTS rm_event_index (
      id TEXT PRIMARY KEY, stream TEXT NOT NULL, revision INTEGER NOT NULL, position INTEGER NOT NULL,
      type TEXT NOT NULL, correlation_id TEXT, causation_id TEXT, at TEXT NOT NULL)`,
    'CREATE INDEX IF NOT EXISTS rm_event_index_correlation ON rm_event_index(correlation_id, position)',
    'CREATE INDEX IF NOT EXISTS rm_event_index_causation ON rm_event_index(causation_id, position)',
  ],
  tables: ['rm_event_index'],
  apply: ({ sqlite }, e) => {
    const { correlationId, causationId, at } = e.metadata;
    insert(sqlite).run(
      e.id,
      e.streamName,
      e.revision,
      e.position,
      e.type,
      typeof correlationId === 'string' ? correlationId : null,
      typeof causationId === 'string' ? causationId : null,
      at,
    );
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
  sqlite.prepare<[string], EventRef>(`${REF} WHERE id = ?`).get(id);

/** Events whose causation id is `id`, oldest first. */
export const eventsCausedBy = ({ sqlite }: ReadDb, id: string, limit = 20): EventRef[] =>
  sqlite.prepare<[string, number], EventRef>(`${REF} WHERE causation_id = ? ORDER BY position LIMIT ?`).all(id, limit);

/** Events sharing a correlation id (one request or saga), oldest first, with the total count. */
export const eventsCorrelated = ({ sqlite }: ReadDb, correlationId: string, limit = 20) => ({
  events: sqlite
    .prepare<[string, number], EventRef>(`${REF} WHERE correlation_id = ? ORDER BY position LIMIT ?`)
    .all(correlationId, limit),
  total:
    sqlite
      .prepare<[string], { n: number }>('SELECT count(*) AS n FROM rm_event_index WHERE correlation_id = ?')
      .get(correlationId)?.n ?? 0,
});
