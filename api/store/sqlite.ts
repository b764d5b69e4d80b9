import { enableWal } from '../../projections/db.ts';
import { EventEmitter } from 'node:events';
import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type {
  AppendOptions,
  AppendResult,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../../engine/eventStore.ts';
import { DuplicateEventIdError, StoreUnavailableError, WrongExpectedRevisionError } from '../../engine/eventStore.ts';
import { sealEvents } from './hashChain.ts';
import { createRecentEvents } from './recentEvents.ts';
import { privateFile } from '../dataFiles.ts';

/** A row as better-sqlite3's raw mode returns it, in the order of `COLUMNS`. */
type Row = [
  position: number,
  id: string,
  stream: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
];

export interface SqliteStoreOptions {
  /** File path, or `:memory:` (one process only). */
  path: string;
  /** How often a live subscription looks for other processes' appends. */
  pollIntervalMs?: number;
  /** Events per batch when catching up. */
  batchSize?: number;
  /**
   * Where a commit is made durable: `pool` (the default for a file) commits without waiting for
   * the disk and syncs the log's write-ahead file on libuv's thread pool, answering the appends
   * once that sync is done, so the server's thread works while the disk syncs; `commit` lets
   * SQLite sync inside each commit (synchronous=FULL) on the calling thread.
   */
  sync?: 'pool' | 'commit';
  /**
   * How the write-ahead file is synced with `pool`: `later` on the thread pool (`fs.fdatasync`),
   * `now` on the calling thread (`fs.fdatasyncSync`). A test holds `later` to watch the order.
   */
  disk?: { later(fd: number, done: (error: Error | null) => void): void; now(fd: number): void };
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  UNIQUE (stream, revision)
);
CREATE TABLE IF NOT EXISTS streams (
  stream TEXT PRIMARY KEY,
  revision INTEGER NOT NULL,
  hash TEXT NOT NULL,
  position INTEGER NOT NULL
);
`;

/** The pragmas the embedded store runs with (the benchmark's raw baseline uses the same). */
export const applyStorePragmas = (db: Database.Database, sync: 'pool' | 'commit' = 'commit'): void => {
  enableWal(db);
  // With `pool` the store syncs the write-ahead file itself after each commit (see `durably`);
  // SQLite still syncs it before every checkpoint (synchronous=NORMAL).
  db.pragma(sync === 'pool' ? 'synchronous = NORMAL' : 'synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
};

/** The columns a recorded event needs (not `created_at`: a string per row that nobody reads). */
const COLUMNS = 'position, id, stream, revision, type, data, metadata';

/** Rows come as arrays (raw mode): one object per event instead of a row object and then the event. */
const toRecorded = (row: Row): RecordedEvent => ({
  id: row[1],
  streamName: row[2],
  revision: row[3],
  position: row[0],
  type: row[4],
  data: JSON.parse(row[5]) as unknown,
  metadata: JSON.parse(row[6]) as RecordedEvent['metadata'],
});

/** Streams whose last revision the store remembers (a room, a wallet: one each per member active lately). */
const OWN_HEADS = 50_000;

/** Runs a synchronous read as a promise, so callers see one async contract whatever the adapter. */
const attempt = <T>(read: () => T): Promise<T> => {
  try {
    return Promise.resolve(read());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
};

const isBusy = (error: unknown): boolean =>
  error instanceof Error &&
  'code' in error &&
  typeof error.code === 'string' &&
  /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN)/.test(error.code);

/**
 * Embedded event store on SQLite (WAL, synchronous=FULL: an append is on disk before it resolves).
 * Several processes may share one file: writes serialise on SQLite's write lock, and live
 * subscriptions poll for positions written by others.
 */
export const openSqliteStore = (options: SqliteStoreOptions): EventStore & { readonly db: Database.Database } => {
  privateFile(options.path);
  const db = new Database(options.path);
  const inMemory = options.path === ':memory:' || options.path === '';
  const syncMode = inMemory ? 'commit' : (options.sync ?? 'pool');
  applyStorePragmas(db, syncMode);
  db.exec(SCHEMA);
  // Another process's appends reach this one's sockets after at most one poll: 25 ms keeps a deal
  // made on one process within the 150 ms its watchers on another may wait (issue 18). An empty
  // poll is one indexed look-up past the last position, a few microseconds.
  const pollIntervalMs = options.pollIntervalMs ?? 25;
  const batchSize = options.batchSize ?? 1000;
  const appended = new EventEmitter();
  appended.setMaxListeners(0);
  let closed = false;
  let closing: Promise<void> | null = null;

  const stmt = {
    streamHead: db.prepare<[string], { revision: number; hash: string; position: number }>(
      'SELECT revision, hash, position FROM streams WHERE stream = ?',
    ),
    byId: db.prepare<[string], { stream: string; revision: number; position: number }>(
      'SELECT stream, revision, position FROM events WHERE id = ?',
    ),
    insert: db.prepare(
      'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (@id, @stream, @revision, @type, @data, @metadata)',
    ),
    upsertHead: db.prepare(
      'INSERT INTO streams (stream, revision, hash, position) VALUES (?, ?, ?, ?) ON CONFLICT(stream) DO UPDATE SET revision = excluded.revision, hash = excluded.hash, position = excluded.position',
    ),
    forwards: db
      .prepare<[string, number, number], Row>(
        `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
      )
      .raw(true),
    backwards: db
      .prepare<[string, number, number], Row>(
        `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      )
      .raw(true),
    all: db
      .prepare<[number, number], Row>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`)
      .raw(true),
    head: db.prepare<[], { p: number | null }>('SELECT MAX(position) AS p FROM events'),
    /** Changes when another connection (another process) commits to the log; this one's own commits leave it. */
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };

  /**
   * The last revision this connection wrote to each stream, while no other connection has committed
   * since (`headsVersion`): a read past it has nothing to find. Every deal reads its room's stream
   * after the state it last folded, almost always finding nothing: a query on the bidder's path.
   */
  const ownHeads = new Map<string, number>();
  let headsVersion = stmt.dataVersion.get()!;
  const ownHead = (stream: string): number | undefined => {
    if (ownHeads.size === 0) return undefined;
    const version = stmt.dataVersion.get()!;
    if (version !== headsVersion) {
      ownHeads.clear();
      headsVersion = version;
      return undefined;
    }
    return ownHeads.get(stream);
  };
  const noteHeads = (events: readonly RecordedEvent[]) => {
    if (ownHeads.size >= OWN_HEADS) ownHeads.clear();
    for (const e of events) ownHeads.set(e.streamName, e.revision);
  };

  /** The events of the group being committed, as appended (collected only from appends that succeed). */
  let committing: RecordedEvent[] | null = null;
  const recent = createRecentEvents();
  const committedListeners = new Set<(events: readonly RecordedEvent[]) => void>();

  const appendTx = db.transaction(
    (stream: string, events: readonly NewEvent[], options: AppendOptions): AppendResult => {
      const head = stmt.streamHead.get(stream);
      const first = events[0];
      if (first) {
        const existing = stmt.byId.get(first.id);
        if (existing) {
          // Idempotent re-append: the same ids, already stored in this stream in this order.
          const ids = events.map((e) => stmt.byId.get(e.id));
          const consistent = ids.every(
            (row, i) => row && row.stream === stream && row.revision === existing.revision + i,
          );
          if (!consistent) throw new DuplicateEventIdError(first.id, stream);
          const last = ids[ids.length - 1]!;
          return { nextRevision: last.revision, position: last.position, duplicate: true };
        }
      }
      const expected = options.expectedRevision ?? 'any';
      const actual = head ? head.revision : 'no_stream';
      if (
        (expected === 'no_stream' && head) ||
        (expected === 'stream_exists' && !head) ||
        (typeof expected === 'number' && actual !== expected)
      ) {
        throw new WrongExpectedRevisionError(stream, expected, actual);
      }
      if (events.length === 0) {
        return { nextRevision: head ? head.revision : -1, position: head ? head.position : 0 };
      }
      const sealed = sealEvents(stream, head ? head.revision : -1, head?.hash ?? null, events);
      let revision = head ? head.revision : -1;
      let position = 0;
      const recorded: RecordedEvent[] = [];
      for (const event of sealed) {
        revision++;
        const info = stmt.insert.run({
          id: event.id,
          stream,
          revision,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(event.metadata),
        });
        position = Number(info.lastInsertRowid);
        recorded.push({
          id: event.id,
          streamName: stream,
          revision,
          position,
          type: event.type,
          data: event.data,
          metadata: event.metadata,
        });
      }
      stmt.upsertHead.run(stream, revision, sealed[sealed.length - 1]!.metadata.hash, position);
      committing?.push(...recorded);
      return { nextRevision: revision, position };
    },
  );

  /**
   * Group commit: appends that arrive in the same turn of the event loop share one durable
   * transaction (one fsync). Each append runs in its own savepoint, so a conflict refuses only
   * that append; if the commit itself fails, every append in it is refused and none acknowledged.
   */
  interface PendingAppend {
    stream: string;
    events: readonly NewEvent[];
    options: AppendOptions;
    resolve: (result: AppendResult) => void;
    reject: (error: Error) => void;
  }
  let pending: PendingAppend[] = [];
  let flushScheduled = false;
  const toError = (error: unknown): Error => {
    if (isBusy(error)) {
      return new StoreUnavailableError(`The event store could not write: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return error instanceof Error ? error : new Error(String(error));
  };
  const batchTx = db.transaction((batch: PendingAppend[]) =>
    batch.map((request): { ok: true; result: AppendResult } | { ok: false; error: unknown } => {
      try {
        return { ok: true, result: appendTx(request.stream, request.events, request.options) };
      } catch (error) {
        if (isBusy(error)) throw error;
        return { ok: false, error };
      }
    }),
  );
  /**
   * With `pool`, commits are made durable by a sync of the write-ahead file on libuv's thread pool,
   * one sync at a time. Appends that arrive while a sync is on its way gather and are committed
   * together when it ends (a group as large as an inline sync would have made), and their answers
   * wait for the sync after their commit. Answers leave in commit order.
   */
  const disk = options.disk ?? { later: fdatasync, now: fdatasyncSync };
  let walFd: number | null = null;
  /** The write-ahead file, opened once (it lives as long as any connection to the log). */
  const walFile = () => (walFd ??= openSync(`${options.path}-wal`, 'r+'));
  let syncing = false;
  let afterNextSync: Array<(error: Error | null) => void> = [];
  let syncFailed: Error | null = null;
  /** Whether the appends flushed next gathered while a sync was on its way. */
  let gathered = false;
  /** How many appends the last commit held. */
  let lastGroup = 1;
  const syncError = (error: unknown) =>
    new StoreUnavailableError(`The event store could not sync its log: ${(error as Error).message}`, { cause: error });
  const scheduleFlush = () => {
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  };
  const startSync = () => {
    syncing = true;
    const group = afterNextSync;
    afterNextSync = [];
    const finish = (error: Error | null) => {
      syncing = false;
      if (error && !syncFailed) syncFailed = syncError(error);
      // After a failed sync nothing is synced again: whoever waits for the next one hears why.
      if (syncFailed) group.push(...afterNextSync.splice(0));
      for (const then of group) then(syncFailed);
      // What gathered meanwhile is committed next (its sync takes any waiting barrier along).
      if (pending.length > 0) {
        gathered = true;
        scheduleFlush();
      } else if (afterNextSync.length > 0) startSync();
    };
    let fd: number;
    try {
      fd = walFile();
    } catch (error) {
      // No write-ahead file: the log is all in its main file, which SQLite synced at checkpoint.
      if ((error as { code?: string }).code === 'ENOENT') return finish(null);
      return finish(toError(error));
    }
    disk.later(fd, finish);
  };
  /** Runs `then` once everything this connection can see of the log is on disk. */
  const durably = (then: (error: Error | null) => void) => {
    if (syncMode === 'commit' || syncFailed) return then(syncFailed);
    afterNextSync.push(then);
    if (!syncing && !flushScheduled) startSync();
  };
  const whenDurable = () =>
    new Promise<void>((resolve, reject) => durably((error) => (error ? reject(error) : resolve())));

  const flush = () => {
    flushScheduled = false;
    if (syncing) return; // the sync's end commits what gathered
    const batch = pending;
    pending = [];
    if (batch.length === 0) {
      if (afterNextSync.length > 0) startSync();
      return;
    }
    // A lone append after a lone append (one writer at a time, as a lone bidder's deals) syncs on
    // the spot: nothing could share its sync and its answer waits for it anyway, so it does not pay
    // the hop to the thread pool and back. Once appends come together they go to the pool and gather.
    const alone =
      syncMode === 'pool' && batch.length === 1 && lastGroup === 1 && !gathered && afterNextSync.length === 0;
    lastGroup = batch.length;
    gathered = false;
    if (closed || syncFailed) {
      for (const request of batch) request.reject(syncFailed ?? new StoreUnavailableError('The event store is closed'));
      return;
    }
    let outcomes: ReturnType<typeof batchTx.immediate>;
    const committed: RecordedEvent[] = [];
    committing = committed;
    try {
      outcomes = batchTx.immediate(batch);
    } catch (error) {
      const refused = toError(error);
      for (const request of batch) request.reject(refused);
      return;
    } finally {
      committing = null;
    }
    noteHeads(committed);
    if (alone) {
      try {
        disk.now(walFile());
      } catch (error) {
        syncFailed = syncError(error);
        for (const request of batch) request.reject(syncFailed);
        return;
      }
      return answer(batch, outcomes, committed);
    }
    durably((error) => {
      if (error) {
        // Committed but not known to be on disk: nobody is told, and the store takes no more.
        for (const request of batch) request.reject(error);
        return;
      }
      answer(batch, outcomes, committed);
    });
  };
  const answer = (
    batch: PendingAppend[],
    outcomes: ReturnType<typeof batchTx.immediate>,
    committed: readonly RecordedEvent[],
  ) => {
    recent.add(committed);
    // The commit is durable, so its events are facts: listeners (the deal broadcasts) hear of them
    // before any append is answered. A listener's failure never refuses a durable append.
    if (committed.length > 0)
      for (const listener of committedListeners) {
        try {
          listener(committed);
        } catch {
          // The listener reports its own failures; the appends stand.
        }
      }
    let last = 0;
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) {
        last = Math.max(last, outcome.result.position);
        batch[i]!.resolve(outcome.result);
      } else batch[i]!.reject(toError(outcome.error));
    });
    if (last > 0) appended.emit('append', last);
  };

  const ensureOpen = () => {
    if (closed) throw new StoreUnavailableError('The event store is closed');
  };

  const store: EventStore & { readonly db: Database.Database } = {
    kind: 'sqlite',
    db,
    ...(inMemory
      ? {}
      : { reopen: { module: import.meta.url, exportName: 'openSqliteStore', options: { path: options.path } } }),
    append(stream, events, options = {}) {
      if (closed) return Promise.reject(new StoreUnavailableError('The event store is closed'));
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ stream, events, options, resolve, reject });
        if (!syncing) scheduleFlush();
      });
    },
    readStream(stream, options: ReadStreamOptions = {}) {
      return attempt(() => {
        ensureOpen();
        const limit = options.limit ?? -1;
        if (options.direction !== 'backwards' && options.from !== undefined) {
          if (limit === 1) {
            const known = recent.at(stream, options.from);
            if (known) return [known];
          }
          const head = ownHead(stream);
          if (head !== undefined && options.from > head) return [];
        }
        const rows =
          options.direction === 'backwards'
            ? stmt.backwards.all(stream, options.from ?? Number.MAX_SAFE_INTEGER, limit)
            : stmt.forwards.all(stream, options.from ?? 0, limit);
        return rows.map(toRecorded);
      });
    },
    readAll(options: ReadAllOptions = {}) {
      return attempt(() => {
        ensureOpen();
        return stmt.all.all(options.after ?? 0, options.limit ?? -1).map(toRecorded);
      });
    },
    onCommitted(listener) {
      committedListeners.add(listener);
      return () => committedListeners.delete(listener);
    },
    headPosition() {
      return attempt(() => {
        ensureOpen();
        return stmt.head.get()?.p ?? 0;
      });
    },
    subscribeToAll(options: SubscribeOptions): Subscription {
      let checkpoint = options.after ?? 0;
      let stopped = false;
      let wake: (() => void) | null = null;
      const onAppend = () => wake?.();
      appended.on('append', onAppend);
      /** `PRAGMA data_version` when this subscription last read the log. */
      let readAt: number | null = null;
      const loop = async () => {
        while (!closed) {
          // This process's own appends come from memory; anything else (catching up, another
          // process's appends) is read from the log. With memory taken to its end and no other
          // connection's commit since the last read, the log holds nothing more: no query.
          let events = recent.after(checkpoint, batchSize);
          // Closing: own appends answered before the close are still handed on, from memory (a
          // graceful stop leaves none of them unprojected); nothing more is read from the log.
          if (stopped && !events?.length) return;
          try {
            if (!events) {
              const version = stmt.dataVersion.get()!;
              if (version === readAt && recent.last() === checkpoint) events = [];
              else {
                events = stmt.all.all(checkpoint, batchSize).map(toRecorded);
                readAt = version;
                // Rows read from the log may be committed and not yet synced (by this process or
                // another): they are handed on once a sync has covered them.
                if (events.length > 0) await whenDurable();
              }
            }
          } catch (error) {
            if (stopped || closed) return;
            options.onError?.(error);
            await new Promise((r) => setTimeout(r, pollIntervalMs));
            continue;
          }
          if (events.length > 0) {
            await options.onEvents(events);
            checkpoint = events[events.length - 1]!.position;
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, pollIntervalMs);
            function done() {
              clearTimeout(timer);
              wake = null;
              resolve();
            }
            wake = done;
          });
        }
      };
      const running = loop().catch((error: unknown) => options.onError?.(error));
      return {
        async close() {
          stopped = true;
          wake?.();
          appended.off('append', onAppend);
          await running;
        },
      };
    },
    close() {
      // What waits is committed, and every commit synced and answered, before the file closes
      // (once, however many callers ask).
      closing ??= (async () => {
        do {
          flush();
          await new Promise<void>((resolve) => durably(() => resolve()));
        } while (pending.length > 0);
        closed = true;
        appended.emit('append', 0);
        db.close();
        if (walFd !== null) closeSync(walFd);
      })();
      return closing;
    },
  };
  return store;
};
