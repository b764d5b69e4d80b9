import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
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

/** Start-up with a big log and checkpointed read models, against a start with an empty log. */
export const startupFigure = async (
  ctx: BenchContext,
  dataDir: string,
  readPath: string,
  events: number,
): Promise<Figure> => {
  const empty = ctx.scratch('empty');
  mkdirSync(empty, { recursive: true });
  const runs = ctx.quick ? 1 : 3;
  let emptyMs = Infinity;
  let fullMs = Infinity;
  for (let i = 0; i < runs; i++) {
    emptyMs = Math.min(emptyMs, await timeToServe({ DATA_DIR: empty, READ_MODEL_PATH: join(empty, `read-${i}.db`) }));
    fullMs = Math.min(fullMs, await timeToServe({ DATA_DIR: dataDir, READ_MODEL_PATH: readPath }));
  }
  const extra = fullMs - emptyMs;
  return {
    name: `start-up, ${events.toLocaleString('en-IN')} events, projections checkpointed`,
    value: fullMs,
    unit: 'ms to serve',
    baseline: { name: 'start with an empty log', value: emptyMs, unit: 'ms' },
    ratio: fullMs / emptyMs,
    target: '≤ +2000 ms',
    met: extra <= 2000,
    notes: `+${Math.round(extra)} ms`,
  };
};
