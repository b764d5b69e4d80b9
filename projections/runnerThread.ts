import { Worker } from 'node:worker_threads';
import type { RecordedEvent } from '../engine/eventStore.ts';
import type { BatchWriter } from './runner.ts';
import type { ThreadError } from './threadError.ts';

/** What the writer's thread is started with. */
export interface WriterData {
  /** The read-model file (on disk: a thread cannot share an in-memory database). */
  path: string;
  /** The module (a file URL) and the export that hold the read models, as the runner has them. */
  module: string;
  exportName: string;
}
type Request = { kind: 'apply'; events: readonly RecordedEvent[] } | { kind: 'idle' | 'close' };
export type WriterRequest = Request & { id: number };
export type WriterReply = { id: number; moved: string[] } | { id: number; error: ThreadError };

/** A batch the writer's thread refused or could not finish: the runner tries it again. */
export class ReadModelWriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ReadModelWriteError';
  }
}

/**
 * Writes the read models' batches on a worker thread with its own connection to the file. Each
 * batch is one transaction there, as it would be here, and the runner sends the next only once the
 * last is answered. A thread that dies (its batch then fails and is tried again) is started anew
 * at the next request, from the checkpoints on disk. The thread holds the process open only while
 * a request is out.
 */
export const startWriterThread = (data: WriterData): BatchWriter => {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (moved: string[]) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  const spawn = (): Worker => {
    const thread = new Worker(new URL('./threadBoot.mjs', import.meta.url), {
      workerData: { ...data, entry: new URL('./runnerWorker.ts', import.meta.url).href },
      name: 'read-model writer',
    });
    thread.on('message', (reply: WriterReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new ReadModelWriteError(reply.error.message, reply.error.code));
      else waiting.resolve(reply.moved);
      if (pending.size === 0) thread.unref();
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      if (worker === thread) worker = null;
      failAll(new ReadModelWriteError(`the read-model writer's thread stopped (exit code ${code})`));
    });
    return thread;
  };
  // Started now, so the first batch does not wait for the thread to load its modules.
  worker = spawn();
  worker.unref();
  const request = (message: Request): Promise<string[]> =>
    new Promise((resolve, reject) => {
      worker ??= spawn();
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ ...message, id });
    });

  return {
    apply: (events) => request({ kind: 'apply', events }),
    writeIdleCheckpoints: async () => {
      await request({ kind: 'idle' });
    },
    async close() {
      if (!worker) return;
      const thread = worker;
      await request({ kind: 'close' }).catch(() => undefined);
      await thread.terminate();
      worker = null;
    },
  };
};
