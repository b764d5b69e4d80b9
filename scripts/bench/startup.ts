import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { BenchContext, Figure } from './harness.ts';

const root = join(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Milliseconds from spawning a server process until it answers GET /api/time. */
export const timeToServe = async (env: Record<string, string>): Promise<number> => {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'api/main.ts')], {
    // Silent: the bench log's rooms hold fees from wallets it has no streams for, so the start-up
    // sweeper logs a refused settlement for each; a start that fails still fails here (exit code).
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/time`);
        if (res.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
};

/** A copy of the checkpointed read-model file whose tree (`merkle`) is at an older version, as after a deployment. */
const withTreeVersionChanged = (readPath: string, copy: string): string => {
  const db = new Database(readPath);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  copyFileSync(readPath, copy);
  const changed = new Database(copy);
  changed.prepare("UPDATE rm_checkpoints SET version = version - 1 WHERE name = 'merkle'").run();
  changed.close();
  return copy;
};

/**
 * Start-up with a big log: with checkpointed read models (against a start with an empty log), on
 * a new read-model file (a second server, a new machine: against the rebuild of the same log), and
 * with one read model's version changed (the log's tree: against that rebuild too).
 */
export const startupFigure = async (
  ctx: BenchContext,
  dataDir: string,
  readPath: string,
  events: number,
  rebuildMs: number,
): Promise<Figure[]> => {
  const empty = ctx.scratch('empty');
  mkdirSync(empty, { recursive: true });
  const runs = ctx.quick ? 1 : 3;
  let emptyMs = Infinity;
  let fullMs = Infinity;
  for (let i = 0; i < runs; i++) {
    emptyMs = Math.min(emptyMs, await timeToServe({ DATA_DIR: empty, READ_MODEL_PATH: join(empty, `read-${i}.db`) }));
    fullMs = Math.min(fullMs, await timeToServe({ DATA_DIR: dataDir, READ_MODEL_PATH: readPath }));
  }
  // Each of these starts writes its read-model file: a new copy each time, fewer runs (they take seconds).
  let newFileMs = Infinity;
  let treeMs = Infinity;
  for (let i = 0; i < (ctx.quick ? 1 : 2); i++) {
    newFileMs = Math.min(
      newFileMs,
      await timeToServe({ DATA_DIR: dataDir, READ_MODEL_PATH: ctx.scratch('new-read.db') }),
    );
    const changed = withTreeVersionChanged(readPath, ctx.scratch('tree-changed.db'));
    treeMs = Math.min(treeMs, await timeToServe({ DATA_DIR: dataDir, READ_MODEL_PATH: changed }));
  }
  const extra = fullMs - emptyMs;
  const signed = (ms: number) => `${ms < 0 ? '−' : '+'}${Math.abs(Math.round(ms))} ms`;
  const rebuild = { name: 'rebuild of the same log (`npm run rebuild`)', value: rebuildMs, unit: 'ms' };
  return [
    {
      name: `start-up, ${events.toLocaleString('en-IN')} events, projections checkpointed`,
      value: fullMs,
      unit: 'ms to serve',
      baseline: { name: 'start with an empty log', value: emptyMs, unit: 'ms' },
      ratio: fullMs / emptyMs,
      target: '≤ +2000 ms',
      met: extra <= 2000,
      notes: signed(extra),
    },
    {
      name: `start-up, ${events.toLocaleString('en-IN')} events, a new read-model file`,
      value: newFileMs,
      unit: 'ms to serve',
      baseline: rebuild,
      ratio: newFileMs / rebuildMs,
      target: '≤ rebuild + 2000 ms over an empty start',
      met: newFileMs - emptyMs <= rebuildMs + 2000,
      notes: `${signed(newFileMs - emptyMs - rebuildMs)} beyond the rebuild`,
    },
    {
      name: `start-up, ${events.toLocaleString('en-IN')} events, the tree's version changed`,
      value: treeMs,
      unit: 'ms to serve',
      baseline: rebuild,
      ratio: (treeMs - emptyMs) / rebuildMs,
      target: '< the rebuild, over an empty start',
      met: treeMs - emptyMs < rebuildMs,
      notes: `${signed(treeMs - emptyMs)} over an empty start`,
    },
  ];
};
