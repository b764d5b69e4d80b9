import type Database from 'better-sqlite3';
import type { RecordedEvent } from '../engine/eventStore.ts';
import type { BulkInsert } from './bulkInsert.ts';
import { bulkInsert } from './bulkInsert.ts';
import type { ReadDb } from './db.ts';
import type { Projector } from './projector.ts';
import { prepared } from './statements.ts';

/** An event as the read models see it: a type and its data. */
export interface EventShape {
  type: string;
  data: unknown;
}

/** An event of the union `E` as the log recorded it: its typed data, with its place and metadata. */
export type Recorded<E extends EventShape> = E extends EventShape ? RecordedEvent<E['type'], E['data']> : never;

/** A read model's write statements, by name: SQL text. */
export type StatementSql = Readonly<Record<string, string>>;

/** What a handler writes with: the read model's statements, prepared once per connection. */
export interface ReadModelContext<S extends StatementSql> {
  readonly db: ReadDb;
  readonly sql: { readonly [K in keyof S]: Database.Statement };
  /** A multi-row INSERT buffer (see `bulkInsert`), for batch handlers that append many rows. */
  readonly bulk: (head: string, columns: number) => BulkInsert;
}

/**
 * Folds one event into the read model. `key` is the stream's id, the part of its name after the
 * category (`wallet-u1` → `u1`).
 */
export type Handler<E extends EventShape, S extends StatementSql> = (
  event: Recorded<E>,
  ctx: ReadModelContext<S>,
  key: string,
) => void;

export type Handlers<E extends EventShape, S extends StatementSql> = {
  readonly [T in E['type']]?: Handler<Extract<E, { type: T }>, S>;
};

/** Any event of the log, for the read models of every event (`on: { '*': … }`). */
export type AnyEvent = RecordedEvent & EventShape;

export interface ReadModel<E extends EventShape, S extends StatementSql, I extends string> {
  name: string;
  /** Raise it when the stored rows change: the runner then rebuilds this read model. */
  version: number;
  /** Table name → its `CREATE TABLE IF NOT EXISTS`. Dropped when the read model is rebuilt. */
  tables: Readonly<Record<string, string>>;
  /** Tables of earlier versions, no longer written: dropped with the others when the read model is rebuilt. */
  retiredTables?: readonly string[];
  /** Index name → its `CREATE INDEX IF NOT EXISTS`. */
  indexes?: Readonly<Record<I, string>>;
  /**
   * Indexes no handler reads: a full rebuild creates them once at the end (one sort instead of a
   * random B-tree insert per event).
   */
  deferredIndexes?: readonly NoInfer<I>[];
  /** Only events of this stream category (`wallet` for `wallet-…` streams) reach the handlers. */
  stream?: string;
  /** The write statements, by name, for `ctx.sql`. */
  statements: S;
  /**
   * One handler per event type; the types it names are the ones the read model handles. A read
   * model of every event (stream list, event index, Merkle tree) has the one key `'*'`.
   */
  on: Handlers<E, S>;
  /**
   * Optional fast path for a whole batch (every handled event, in order), to coalesce writes.
   * `apply` folds one event through the handlers, for the events the batch path leaves to them.
   */
  batch?: (events: readonly Recorded<E>[], ctx: ReadModelContext<S>, apply: (event: Recorded<E>) => void) => void;
}

/**
 * The handler of an event type the read model's `batch` takes itself, never leaving it to `apply`:
 * the type is named in `on` so the runner hands those events over, and no one-event copy of the
 * batch's logic sits beside it unreached.
 */
export const takenByBatch = (): void => undefined;

const keyOf = (stream: string) => stream.slice(stream.indexOf('-') + 1);

/**
 * One read model: its tables, its statements and a handler per event type. The runner
 * (`runner.ts`) feeds it batches inside its transaction with the checkpoint; the statements come
 * from the one statement cache (`statements.ts`), prepared once per connection.
 *
 * `defineReadModel<RoomEvent>()({ … })`: the event union is given, the rest is inferred.
 *
 * Writes are prepared SQL, in every read model: drizzle built and prepared each write anew (70 µs
 * an event on the live path for league, users and cart, 7.8 µs with statements), and the rooms and
 * wallets writes on the bid path were prepared SQL already. Queries stay in drizzle where they are.
 */
export const defineReadModel =
  <E extends EventShape = AnyEvent>() =>
  <S extends StatementSql, I extends string = never>(model: ReadModel<E, S, I>): Projector => {
    const contexts = new WeakMap<Database.Database, ReadModelContext<S>>();
    const contextOf = (db: ReadDb): ReadModelContext<S> => {
      let ctx = contexts.get(db.sqlite);
      if (!ctx) {
        const sql = Object.fromEntries(
          Object.entries(model.statements).map(([name, text]) => [name, prepared(db.sqlite, text)]),
        ) as ReadModelContext<S>['sql'];
        ctx = { db, sql, bulk: (head, columns) => bulkInsert(db.sqlite, head, columns) };
        contexts.set(db.sqlite, ctx);
      }
      return ctx;
    };
    const prefix = model.stream === undefined ? '' : `${model.stream}-`;
    const on = model.on as Readonly<Record<string, Handler<EventShape, S> | undefined>>;
    const every = on['*'];
    const handlerOf = every ? () => every : (type: string) => on[type];
    const fold = (ctx: ReadModelContext<S>, event: RecordedEvent) => {
      if (prefix && !event.streamName.startsWith(prefix)) return;
      handlerOf(event.type)?.(event, ctx, keyOf(event.streamName));
    };
    const { batch } = model;
    const applyBatch = batch
      ? (db: ReadDb, events: readonly RecordedEvent[]) => {
          const ctx = contextOf(db);
          batch(events as readonly Recorded<E>[], ctx, (event) => fold(ctx, event));
        }
      : (db: ReadDb, events: readonly RecordedEvent[]) => {
          const ctx = contextOf(db);
          for (const event of events) fold(ctx, event);
        };
    const indexes: Readonly<Record<string, string>> = model.indexes ?? {};
    return {
      name: model.name,
      version: model.version,
      handles: every ? '*' : Object.keys(on),
      schema: [...Object.values(model.tables), ...Object.values(indexes)],
      tables: Object.keys(model.tables),
      retiredTables: model.retiredTables ?? [],
      deferredIndexes: model.deferredIndexes,
      apply: (db, event) => applyBatch(db, [event]),
      applyBatch,
    };
  };
