import type { EventStore, RecordedEvent, Subscription } from '../engine/eventStore.ts';
import type { ReadDb } from './db.ts';
import { finishBulkRebuild, startBulkRebuild } from './db.ts';
import { batchesUpTo } from './logBatches.ts';
import type { Projector } from './projector.ts';

/** Thrown when projections do not reach a position in time (read-your-writes). */
export class ProjectionTimeoutError extends Error {
  readonly code = 'PROJECTION_TIMEOUT';
  constructor(
    readonly wanted: number,
    readonly reached: number,
    timeoutMs: number,
  ) {
    super(
      `The read models did not catch up in ${timeoutMs} ms (at position ${reached}, waiting for ${wanted}); your change was saved and will show shortly.`,
    );
    this.name = 'ProjectionTimeoutError';
  }
}

export interface ProjectionRunner {
  /** Catches up from the checkpoints, then follows the log live. Resolves once caught up with the head at start. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Position of the last event applied to every read model. */
  position(): number;
  /**
   * Resolves once every read model has reached `position`, or only the read model named `only`:
   * that one is then brought up to date at once, ahead of the others (a deal's signed ack needs
   * the log's tree, not every read model).
   */
  waitFor(position: number, timeoutMs?: number, only?: string): Promise<void>;
  /**
   * How many events of the log come between where read model `name` stands and the event at
   * `position`: known when that event is read and not yet written (held for the next batch, or in
   * the batch being written), null otherwise. A read model that takes every event in log order (the
   * log's tree) knows from this where the event will land before it is written. `from` is where the
   * read model stands in what the caller read of it (its checkpoint row, read with its rows): with
   * the read models written on their own thread, a batch may be committed before this thread hears
   * of it. Without it, where the last batch this thread heard of left the read model.
   */
  heldBefore(name: string, position: number, from?: number): number | null;
  /**
   * Whether someone waits for every read model to reach `position` or beyond: the batch that holds
   * it is being brought forward, and whatever that waiter sends from it goes out once it is written.
   */
  awaited(position: number): boolean;
  /** Called after each batch is committed, with the events of the batch (for broadcasts). */
  onApplied(listener: (events: readonly RecordedEvent[]) => void): () => void;
  /** Applies a batch directly, on this thread (the rebuild script, which reads the log itself). */
  applyBatch(events: readonly RecordedEvent[]): void;
  /** Writes the checkpoints of read models that sat idle since theirs was last written (`stop` does too). */
  writeIdleCheckpoints(): void;
}

/**
 * Where the live batches are written: a worker thread with its own connection to the read-model
 * file (`runnerThread.ts`), so the event loop that serves sockets does not sit through them.
 */
export interface BatchWriter {
  /** Applies a batch in one transaction with its checkpoints; resolves with the read models it moved. */
  apply(events: readonly RecordedEvent[]): Promise<string[]>;
  writeIdleCheckpoints(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A read model that handles none of a batch's events keeps its checkpoint row as it is until it
 * handles one, or until it lags this far behind: every projected batch used to write all twelve
 * checkpoint rows, ten of them for read models the deal never touched. A lagging row only makes a
 * restart hand that read model events it ignores.
 */
export const IDLE_CHECKPOINT_EVENTS = 10_000;

/**
 * A read model this far behind the log at start (new, its version changed, or its file older than
 * the log) is brought up to the head in bulk before the live subscription: the log read for it
 * alone in batches of `CATCH_UP_BATCH` on this thread. Through the live path (every batch handed to
 * the writer's thread for every read model) one read model on a 1,000,000-event log took 10–15 s
 * to catch up (bench/README.md, round 16). Twice what an idle read model's row may trail by, so an
 * ordinary restart keeps the live path. Positions are byte offsets in EventStoreDB, where a shorter
 * lag takes it (either way gives the same read models).
 */
export const CATCH_UP_IN_BULK_FROM = 2 * IDLE_CHECKPOINT_EVENTS;
const CATCH_UP_BATCH = 2000;

/** Two writers of one read-model file would move each other's checkpoints. */
const WRITER_OWNS = 'The read models are written by the runner’s writer thread: apply batches there, not here.';

/** Live events held for one batch at most this many at a time: more are applied at once. */
const HELD_EVENTS = 1000;

const META_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL);
`;

/** Drops a read model's tables, and those of its earlier versions. */
const dropTables = (db: ReadDb, p: Projector) => {
  for (const t of [...p.tables, ...(p.retiredTables ?? [])]) db.sqlite.exec(`DROP TABLE IF EXISTS "${t}"`);
};

/** Drops every read-model table and checkpoint (the rebuild script starts from here). */
export const dropReadModels = (db: ReadDb, projectors: readonly Projector[]): void => {
  db.sqlite.exec(META_SCHEMA);
  db.sqlite.transaction(() => {
    for (const p of projectors) dropTables(db, p);
    db.sqlite.exec('DELETE FROM rm_checkpoints');
  })();
};

/**
 * The read models of one connection: their schemas and checkpoints, and the transaction that
 * writes a batch with the checkpoints it moves. The runner keeps one on its own connection, and a
 * worker thread that writes the live batches (`runnerWorker.ts`) keeps another on its own.
 */
export const createBatchApplier = (db: ReadDb, projectors: readonly Projector[]) => {
  const { sqlite } = db;
  sqlite.exec(META_SCHEMA);
  const getCheckpoint = sqlite.prepare<[string], { position: number; version: number }>(
    'SELECT position, version FROM rm_checkpoints WHERE name = ?',
  );
  const insertCheckpoint = sqlite.prepare('INSERT INTO rm_checkpoints (name, position, version) VALUES (?, 0, ?)');
  const moveCheckpoint = sqlite.prepare(
    'UPDATE rm_checkpoints SET position = @next WHERE name = @name AND position = @previous',
  );

  const checkpoints = new Map<string, number>();
  /** The checkpoint rows as written, where they trail `checkpoints` for idle read models. */
  const written = new Map<string, number>();
  /** Read models starting from nothing (new, or their version changed): start() builds them. */
  const fresh: Projector[] = [];
  sqlite.transaction(() => {
    for (const p of projectors) {
      const row = getCheckpoint.get(p.name);
      if (row && row.version !== p.version) {
        dropTables(db, p);
        sqlite.prepare('DELETE FROM rm_checkpoints WHERE name = ?').run(p.name);
      }
      for (const ddl of p.schema) sqlite.exec(ddl);
      if (!row || row.version !== p.version) {
        insertCheckpoint.run(p.name, p.version);
        fresh.push(p);
      }
      checkpoints.set(p.name, getCheckpoint.get(p.name)!.position);
      written.set(p.name, checkpoints.get(p.name)!);
    }
  })();

  const handlers = projectors.map((p) => ({
    projector: p,
    handles: p.handles === '*' ? null : new Set(p.handles),
  }));

  /** Moves a checkpoint row from where it was written to `next` (compare-and-set). */
  const writeCheckpoint = (name: string, next: number) => {
    const moved = moveCheckpoint.run({ name, previous: written.get(name)!, next });
    if (moved.changes !== 1) throw new Error(`Checkpoint of ${name} moved under us`);
  };

  /** Hands a read model the events after `previous` that it handles: as one batch if it takes batches. */
  const feed = (
    { projector, handles }: (typeof handlers)[number],
    events: readonly RecordedEvent[],
    previous: number,
  ) => {
    if (projector.applyBatch) {
      const mine =
        handles === null && events[0]!.position > previous
          ? events
          : events.filter((e) => e.position > previous && (handles === null || handles.has(e.type)));
      if (mine.length) projector.applyBatch(db, mine);
      return;
    }
    for (const event of events) {
      if (event.position <= previous) continue;
      if (handles === null || handles.has(event.type)) projector.apply(db, event);
    }
  };

  /** Applies a batch with the checkpoints of the read models it touched; returns the rows it moved. */
  const applyTx = sqlite.transaction((events: readonly RecordedEvent[]): string[] => {
    const last = events[events.length - 1]!.position;
    const types = new Set<string>();
    for (const event of events) types.add(event.type);
    const moved: string[] = [];
    for (const handler of handlers) {
      const { projector, handles } = handler;
      const previous = checkpoints.get(projector.name)!;
      if (last <= previous) continue;
      // A projector that handles none of the batch's types only moves its checkpoint, and only now and then.
      const wanted = handles === null || [...types].some((t) => handles.has(t));
      if (wanted) feed(handler, events, previous);
      if (wanted || last - written.get(projector.name)! >= IDLE_CHECKPOINT_EVENTS) {
        writeCheckpoint(projector.name, last);
        moved.push(projector.name);
      }
    }
    return moved;
  });

  /** What a committed batch changed: the rows it moved, and every read model now stands at its end. */
  const record = (last: number, moved: readonly string[]) => {
    for (const name of moved) written.set(name, last);
    for (const p of projectors) checkpoints.set(p.name, Math.max(checkpoints.get(p.name)!, last));
  };

  return {
    projectors,
    checkpoints: checkpoints as ReadonlyMap<string, number>,
    fresh,
    record,
    /** Writes a batch (one transaction); returns the checkpoint rows it moved. */
    apply(events: readonly RecordedEvent[]): string[] {
      if (events.length === 0) return [];
      const moved = applyTx(events);
      record(events[events.length - 1]!.position, moved);
      return moved;
    },
    writeIdleCheckpoints: sqlite.transaction(() => {
      for (const p of projectors) {
        const at = checkpoints.get(p.name)!;
        if (written.get(p.name)! < at) {
          writeCheckpoint(p.name, at);
          written.set(p.name, at);
        }
      }
    }),
    /**
     * Some read models brought up to `events`' end, each from its own checkpoint, in one transaction
     * with their checkpoints; the others stay where they are. False when none of them moved.
     */
    applyAhead(names: readonly string[], events: readonly RecordedEvent[]): boolean {
      const last = events.at(-1)?.position ?? 0;
      const moving = handlers.filter(
        ({ projector }) => names.includes(projector.name) && last > checkpoints.get(projector.name)!,
      );
      if (moving.length === 0) return false;
      sqlite.transaction(() => {
        for (const handler of moving) {
          feed(handler, events, checkpoints.get(handler.projector.name)!);
          writeCheckpoint(handler.projector.name, last);
        }
      })();
      for (const { projector } of moving) {
        written.set(projector.name, last);
        checkpoints.set(projector.name, last);
      }
      return true;
    },
  };
};

/**
 * Feeds the log to the projectors. Each batch is applied to the read models and the
 * checkpoints move forward in the same transaction (compare-and-set), so a crash never
 * applies an event twice or skips one. A projector whose version changed is rebuilt.
 */
export const createProjectionRunner = (deps: {
  store: EventStore;
  db: ReadDb;
  projectors: readonly Projector[];
  onError?: (error: unknown) => void;
  /**
   * How long live events may wait to be applied together (0: each as it comes). Nothing that needs
   * them waits: `waitFor` applies what is held at once. A deal's projection costs mostly what every
   * transaction costs (its pages written to the WAL, each read model's checkpoint), so deals that
   * arrive within a few milliseconds share one.
   */
  batchDelayMs?: number;
  /**
   * Writes the batches somewhere else (a worker thread with its own connection to the same file):
   * this thread then only reads. Made by `start()`, once the schemas are in place and the read
   * models far behind are caught up; `stop()` closes it.
   */
  writer?: () => BatchWriter;
  /** How far behind the head a read model is brought up in bulk at start (`CATCH_UP_IN_BULK_FROM`). */
  catchUpInBulkFrom?: number;
  /**
   * The runner is the file's only connection at start (the server's case): a catch-up in bulk
   * writes it as a rebuild does (`startBulkRebuild`: no write-ahead file, no syncs; a read model
   * that writes many rows takes about a quarter less), and a crash half-way throws the file away,
   * to be rebuilt whole at the next start.
   */
  bulkCatchUp?: boolean;
  /** Told when a start brings read models up in bulk, before it reads the log for them (`from` their lowest checkpoint). */
  onCatchUp?: (readModels: readonly string[], from: number, head: number) => void;
  /** Told after each batch of that catch-up where the read models it brings up stand. */
  onCatchUpProgress?: (position: number, head: number) => void;
}): ProjectionRunner => {
  const batchDelayMs = deps.batchDelayMs ?? 0;
  const { store, db, projectors } = deps;
  const { sqlite } = db;
  const applier = createBatchApplier(db, projectors);
  const { checkpoints, fresh } = applier;
  /** Made at start, after any bulk catch-up: its thread reads the checkpoints that catch-up moved. */
  let writer: BatchWriter | null = null;

  const listeners = new Set<(events: readonly RecordedEvent[]) => void>();
  interface Waiter {
    position: number;
    only: string | undefined;
    resolve: () => void;
  }
  const waiters = new Set<Waiter>();
  const reached = (waiter: Pick<Waiter, 'position' | 'only'>) =>
    (waiter.only === undefined ? current : (checkpoints.get(waiter.only) ?? current)) >= waiter.position;
  const settleWaiters = () => {
    for (const waiter of waiters) {
      if (reached(waiter)) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };
  /** Where every read model stands: the lowest checkpoint (0 with none). */
  const lowestCheckpoint = () =>
    projectors.length === 0 ? 0 : Math.min(...projectors.map((p) => checkpoints.get(p.name) ?? 0));
  let current = lowestCheckpoint();
  let subscription: Subscription | null = null;

  /** A committed batch: the waiters it reached, then the listeners. */
  const applied = (events: readonly RecordedEvent[]) => {
    current = Math.max(current, events[events.length - 1]!.position);
    settleWaiters();
    for (const listener of listeners) {
      try {
        listener(events);
      } catch (error) {
        deps.onError?.(error);
      }
    }
  };

  const applyBatch = (events: readonly RecordedEvent[]) => {
    if (events.length === 0) return;
    applier.apply(events);
    applied(events);
  };

  /** One batch, written here or by the writer. */
  const write = async (events: readonly RecordedEvent[]) => {
    if (!writer) return applyBatch(events);
    const moved = await writer.apply(events);
    applier.record(events[events.length - 1]!.position, moved);
    applied(events);
  };

  // A batch that cannot be written (read model locked, disk full) is tried again with a growing
  // pause until it goes in: nothing of it was committed, and the subscription waits for us, so the
  // read models resume where they stopped once the fault clears instead of following the log no more.
  let stopping = false;
  let wakeRetry: (() => void) | null = null;
  const applyUntilWritten = async (events: readonly RecordedEvent[]) => {
    for (let failures = 0; ; failures++) {
      try {
        await write(events);
        return;
      } catch (error) {
        deps.onError?.(error);
        if (stopping) throw error;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(50 * 2 ** failures, 5000));
          function done() {
            clearTimeout(timer);
            wakeRetry = null;
            resolve();
          }
          wakeRetry = done;
        });
      }
    }
  };

  /** Live events read from the log and not yet applied to every read model, in log order. */
  let held: RecordedEvent[] = [];
  /** The batch being written (taken from `held`), until it is committed. */
  let writing: readonly RecordedEvent[] = [];
  let heldTimer: ReturnType<typeof setTimeout> | null = null;
  let draining: Promise<void> | null = null;

  /** Applies everything held, a batch after another (one at a time, whoever asks). */
  const drain = (): Promise<void> => {
    if (heldTimer) clearTimeout(heldTimer);
    heldTimer = null;
    if (draining || held.length === 0) return draining ?? Promise.resolve();
    const run = async () => {
      try {
        while (held.length > 0) {
          writing = held;
          held = [];
          await applyUntilWritten(writing);
          writing = [];
        }
      } catch {
        // Stopping with a batch that cannot be written (reported already): its checkpoints did not
        // move, so the next start reads it from the log again. What was held after it goes too, so
        // no count of held events (`heldBefore`) skips the lost batch.
        held = [];
        writing = [];
      } finally {
        draining = null;
      }
    };
    draining = run();
    return draining;
  };

  /**
   * One read model brought up to the held events now, in its own transaction with its checkpoint.
   * Only between batches: every event before the held ones is then in every read model, so the
   * read model gets its events in log order with nothing skipped. With a writer elsewhere, every
   * read model is brought up instead (it is off this thread, and one transaction either way).
   */
  const applyAhead = (name: string) => {
    if (writer) return void drain();
    if (draining) return;
    try {
      if (applier.applyAhead([name], held)) settleWaiters();
    } catch (error) {
      // The batch that follows applies it with the others.
      deps.onError?.(error);
    }
  };

  /** Whoever waits on held events gets them now: one read model ahead, or every one. */
  const serveWaiters = () => {
    if (held.length === 0 || waiters.size === 0) return;
    const heldUpTo = held[held.length - 1]!.position;
    const ahead = new Set<string>();
    let all = false;
    for (const waiter of waiters) {
      if (waiter.position > heldUpTo) continue;
      if (waiter.only === undefined) all = true;
      else ahead.add(waiter.only);
    }
    if (all) void drain();
    else for (const name of ahead) applyAhead(name);
  };
  let serving = false;
  const serveSoon = () => {
    if (serving) return;
    serving = true;
    // Waiters that register in the same turn (a commit's acks) are served by one transaction.
    queueMicrotask(() => {
      serving = false;
      serveWaiters();
    });
  };

  const onLiveEvents = async (events: readonly RecordedEvent[]) => {
    held.push(...events);
    if (batchDelayMs <= 0 || stopping || held.length >= HELD_EVENTS) return drain();
    if (waiters.size > 0) serveSoon();
    heldTimer ??= setTimeout(() => void drain(), batchDelayMs);
  };

  /**
   * Read models far behind the head (`catchUpInBulkFrom`) brought up to it, one transaction a
   * batch, each from its own checkpoint; the others are not handed the batches. A batch that cannot
   * be written fails the start (what went in stays, with its checkpoints, for the next start).
   */
  const catchUpInBulk = async (head: number) => {
    const far = deps.catchUpInBulkFrom ?? CATCH_UP_IN_BULK_FROM;
    const behind = projectors.filter((p) => head - checkpoints.get(p.name)! >= far);
    if (behind.length === 0) return;
    const names = behind.map((p) => p.name);
    const from = Math.min(...names.map((name) => checkpoints.get(name)!));
    deps.onCatchUp?.(names, from, head);
    if (deps.bulkCatchUp) startBulkRebuild(db);
    try {
      for await (const batch of batchesUpTo(store, head, CATCH_UP_BATCH, from)) {
        applier.applyAhead(names, batch);
        deps.onCatchUpProgress?.(batch[batch.length - 1]!.position, head);
      }
    } finally {
      if (deps.bulkCatchUp) finishBulkRebuild(db);
    }
    current = lowestCheckpoint();
  };

  const runner: ProjectionRunner = {
    async start() {
      stopping = false;
      const head = await store.headPosition();
      // A read model built from nothing gets its deferred indexes once it has caught up: one sort
      // instead of a random index insert per event. A crash before that is mended by its schema's
      // CREATE INDEX IF NOT EXISTS at the next start.
      const building = head > current ? fresh.filter((p) => p.deferredIndexes?.length) : [];
      fresh.length = 0;
      for (const p of building) for (const name of p.deferredIndexes!) sqlite.exec(`DROP INDEX IF EXISTS "${name}"`);
      await catchUpInBulk(head);
      writer ??= deps.writer?.() ?? null;
      subscription = store.subscribeToAll({
        after: current,
        onEvents: onLiveEvents,
        onError: (error) => deps.onError?.(error),
      });
      await runner.waitFor(head, 10 * 60_000);
      for (const p of building) for (const ddl of p.schema) sqlite.exec(ddl);
    },
    async stop() {
      stopping = true;
      wakeRetry?.();
      await subscription?.close();
      subscription = null;
      await drain();
      try {
        if (writer) await writer.writeIdleCheckpoints();
        else applier.writeIdleCheckpoints();
      } catch (error) {
        // Only idle read models' rows lag: the next start hands them events they ignore.
        deps.onError?.(error);
      }
      await writer?.close();
      writer = null;
    },
    position: () => current,
    waitFor(position, timeoutMs = 5000, only) {
      if (reached({ position, only })) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          position,
          only,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new ProjectionTimeoutError(position, current, timeoutMs));
        }, timeoutMs);
        waiters.add(waiter);
        serveSoon();
      });
    },
    heldBefore(name, position, from = checkpoints.get(name)) {
      if (from === undefined || position <= from) return null;
      let before = 0;
      for (const events of [writing, held]) {
        for (const event of events) {
          if (event.position === position) return before;
          if (event.position > from) before++;
        }
      }
      return null;
    },
    awaited(position) {
      if (current >= position) return false;
      for (const waiter of waiters) if (waiter.only === undefined && waiter.position >= position) return true;
      return false;
    },
    onApplied(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    applyBatch: (events) => {
      if (deps.writer) throw new Error(WRITER_OWNS);
      applyBatch(events);
    },
    writeIdleCheckpoints: () => {
      if (deps.writer) throw new Error(WRITER_OWNS);
      applier.writeIdleCheckpoints();
    },
  };
  return runner;
};
