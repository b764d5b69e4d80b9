import { parentPort, workerData } from 'node:worker_threads';
import { openReadDb } from './db.ts';
import type { Projector } from './projector.ts';
import { createBatchApplier } from './runner.ts';
import type { WriterData, WriterReply, WriterRequest } from './runnerThread.ts';
import { threadErrorOf } from './threadError.ts';

/**
 * The read-model writer's thread: its own connection to the read-model file, the same read models
 * and the same batch transaction as the runner's (`createBatchApplier`). It answers each request
 * in turn; the runner sends one batch at a time.
 */
const { path, module, exportName } = workerData as WriterData;
const projectors = ((await import(module)) as Record<string, readonly Projector[]>)[exportName];
if (!projectors) throw new Error(`${module} has no export ${exportName}`);
const db = openReadDb(path);
const applier = createBatchApplier(db, projectors);
const port = parentPort!;

const reply = (message: WriterReply) => port.postMessage(message);

port.on('message', (request: WriterRequest) => {
  try {
    if (request.kind === 'apply') reply({ id: request.id, moved: applier.apply(request.events) });
    else if (request.kind === 'idle') {
      applier.writeIdleCheckpoints();
      reply({ id: request.id, moved: [] });
    } else {
      db.sqlite.close();
      reply({ id: request.id, moved: [] });
      port.close();
    }
  } catch (error) {
    reply({ id: request.id, error: threadErrorOf(error) });
  }
});
