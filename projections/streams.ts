import { asc, desc, eq, like, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { streamCategory } from '../engine/eventStore.ts';
import type { ReadDb } from './db.ts';
import type { AnyEvent, Handler } from './readModel.ts';
import { defineReadModel } from './readModel.ts';

export const streamsTable = sqliteTable('rm_streams', {
  stream: text('stream').primaryKey(),
  category: text('category').notNull(),
  eventCount: integer('event_count').notNull(),
  lastRevision: integer('last_revision').notNull(),
  lastPosition: integer('last_position').notNull(),
  lastHash: text('last_hash').notNull(),
  lastType: text('last_type').notNull(),
  updatedAt: text('updated_at').notNull(),
});

const upsert: Handler<AnyEvent, typeof STATEMENTS> = (event, { sql }) =>
  sql.upsert.run(
    event.streamName,
    streamCategory(event.streamName),
    event.revision + 1,
    event.revision,
    event.position,
    event.metadata.hash,
    event.type,
    event.metadata.at,
  );

const STATEMENTS = {
  upsert: `INSERT INTO rm_streams (stream, category, event_count, last_revision, last_position, last_hash, last_type, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT(stream) DO UPDATE SET event_count = excluded.event_count, last_revision = excluded.last_revision,
    last_position = excluded.last_position, last_hash = excluded.last_hash, last_type = excluded.last_type,
    updated_at = excluded.updated_at`,
};

/** Every stream in the log with its event count, last event and last hash (for auditors and verify). */
export const streamsProjector = defineReadModel()({
  name: 'streams',
  version: 1,
  tables: {
    rm_streams: `CREATE TABLE IF NOT EXISTS rm_streams (
      stream TEXT PRIMARY KEY, category TEXT NOT NULL, event_count INTEGER NOT NULL,
      last_revision INTEGER NOT NULL, last_position INTEGER NOT NULL, last_hash TEXT NOT NULL,
      last_type TEXT NOT NULL, updated_at TEXT NOT NULL)`,
  },
  indexes: {
    rm_streams_category: 'CREATE INDEX IF NOT EXISTS rm_streams_category ON rm_streams(category, stream)',
  },
  statements: STATEMENTS,
  on: { '*': upsert },
  batch: (events, ctx) => {
    // Only the last event of each stream in the batch matters: one write per stream.
    const last = new Map<string, AnyEvent>();
    for (const event of events) last.set(event.streamName, event);
    for (const event of last.values()) upsert(event, ctx, '');
  },
});

export interface StreamQuery {
  category?: string;
  search?: string;
  limit?: number;
  offset?: number;
}

export const queryStreams = ({ orm }: ReadDb, q: StreamQuery = {}) => {
  const conditions = [
    q.category ? eq(streamsTable.category, q.category) : undefined,
    q.search ? like(streamsTable.stream, `%${q.search.replace(/[%_]/g, '')}%`) : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? sql.join(conditions, sql` AND `) : undefined;
  const rows = orm
    .select()
    .from(streamsTable)
    .where(where)
    .orderBy(desc(streamsTable.lastPosition))
    .limit(q.limit ?? 50)
    .offset(q.offset ?? 0)
    .all();
  const total =
    orm
      .select({ n: sql<number>`count(*)` })
      .from(streamsTable)
      .where(where)
      .get()?.n ?? 0;
  return { rows, total };
};

export const streamCategories = ({ orm }: ReadDb) =>
  orm
    .select({
      category: streamsTable.category,
      streams: sql<number>`count(*)`,
      events: sql<number>`sum(${streamsTable.eventCount})`,
      lastUpdate: sql<string>`max(${streamsTable.updatedAt})`,
    })
    .from(streamsTable)
    .groupBy(streamsTable.category)
    .orderBy(asc(streamsTable.category))
    .all();
