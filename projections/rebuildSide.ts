import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EventStore, RecordedEvent } from '../engine/eventStore.ts';
import type { ReadDb } from './db.ts';
import { onDisk, rebuildSideOf, removeDatabaseFiles } from './db.ts';
import type { Projector } from './projector.ts';
import type { ThreadError } from './threadError.ts';
import { threadErrorOf } from './threadError.ts';

/** What the second thread is started with (`rebuildWorker.ts`). */
export interface SideData {
  /** How the thread opens the log to read it itself (`EventStore.reopen`); null: the rebuild posts the batches. */
  log: EventStore['reopen'] | null;
  /** The file the thread writes its read models into. */
  sidePath: string;
  /** The read models it rebuilds, by name, from the product's list. */
  names: readonly string[];
  /** The log position the rebuild stops at. */
  head: number;
  batchSize: number;
}
export type SideRequest = { kind: 'batch'; events: readonly RecordedEvent[] } | { kind: 'end' };
export type SideReply = { kind: 'progress'; position: number } | { kind: 'done' } | ({ kind: 'failed' } & ThreadError);

/** What the second thread could not do (its error's message and code: an error object does not cross threads whole). */
export class SideRebuildError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(`The rebuild's second thread failed: ${message}`);
    this.name = 'SideRebuildError';
  }
}

/** Batches posted and not yet applied, at most: the log is not held in memory when the thread lags. */
const IN_FLIGHT = 4;

/** The second thread's file: beside the read-model file, or in the temporary directory for one in memory. */
const sidePathOf = (db: ReadDb): string =>
  onDisk(db.sqlite.name) ? rebuildSideOf(db.sqlite.name) : join(tmpdir(), `vetri-rebuild-${randomUUID()}.db`);

/**
 * A full rebuild's second thread (`rebuildWorker.ts`), from the rebuild's side: it rebuilds the
 * read models `apart` into a file of its own while this thread rebuilds the others, and `finish`
 * copies its tables and checkpoints into the read-model file. On two cores the rebuild then takes
 * about the longer of the two threads' shares instead of their sum.
 */
export const startSideRebuild = (options: {
  db: ReadDb;
  apart: readonly Projector[];
  log: EventStore['reopen'];
  head: number;
  batchSize: number;
  onProgress: (position: number) => void;
}) => {
  const sidePath = sidePathOf(options.db);
  removeDatabaseFiles(sidePath);
  const data: SideData = {
    log: options.log ?? null,
    sidePath,
    names: options.apart.map((p) => p.name),
    head: options.head,
    batchSize: options.batchSize,
  };
  const worker = new Worker(new URL('./threadBoot.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./rebuildWorker.ts', import.meta.url).href },
    name: 'rebuild, second thread',
  });
  let posted = 0;
  let applied = 0;
  let room: (() => void) | null = null;
  const done = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: SideReply) => {
      if (reply.kind === 'done') return resolve();
      if (reply.kind === 'failed') return reject(new SideRebuildError(reply.message, reply.code));
      applied++;
      options.onProgress(reply.position);
      room?.();
      room = null;
    });
    worker.on('error', (error: unknown) => {
      if (error instanceof Error) return reject(error);
      const { message, code } = threadErrorOf(error);
      reject(new SideRebuildError(message, code));
    });
    // Exit code 0 comes only after `done` is posted (the thread's messages arrive before its exit).
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`The rebuild's second thread stopped (exit code ${code})`));
    });
  });
  // Its failure is the rebuild's, reported when the rebuild waits for it (or before a batch is posted).
  let failure: unknown = null;
  done.catch((error: unknown) => {
    failure = error;
    room?.();
  });

  return {
    /** Hands the thread a batch when it does not read the log itself; waits while it is behind. */
    async post(events: readonly RecordedEvent[]): Promise<void> {
      if (data.log) return;
      while (posted - applied >= IN_FLIGHT && !failure) await new Promise<void>((resolve) => (room = resolve));
      if (failure) throw failure as Error;
      worker.postMessage({ kind: 'batch', events } satisfies SideRequest);
      posted++;
    },
    /** Waits for the thread, then copies its read models into the read-model file, in one transaction. */
    async finish(): Promise<void> {
      if (!data.log) worker.postMessage({ kind: 'end' } satisfies SideRequest);
      await done;
      await worker.terminate();
      const { sqlite } = options.db;
      sqlite.prepare('ATTACH DATABASE ? AS side').run(sidePath);
      try {
        sqlite.transaction(() => {
          for (const t of options.apart.flatMap((p) => p.tables))
            sqlite.exec(`INSERT INTO main."${t}" SELECT * FROM side."${t}"`);
          sqlite
            .prepare(
              `INSERT INTO main.rm_checkpoints SELECT * FROM side.rm_checkpoints WHERE name IN (${data.names.map(() => '?').join(', ')})`,
            )
            .run(...data.names);
        })();
      } finally {
        sqlite.exec('DETACH DATABASE side');
      }
      removeDatabaseFiles(sidePath);
    },
    /** Stops the thread and throws its file away (the rebuild failed). */
    async abandon(): Promise<void> {
      done.catch(() => undefined);
      await worker.terminate();
      removeDatabaseFiles(sidePath);
    },
  };
};
