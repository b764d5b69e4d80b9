import type { ChildProcess } from 'node:child_process';
import { fork } from 'node:child_process';
import { join } from 'node:path';

/** A request to a bench child process and its answer, matched by id. */
interface Envelope {
  id: number;
  body?: unknown;
  error?: string;
}

const root = join(import.meta.dirname, '../../..');

export interface Child {
  call<T>(body: unknown): Promise<T>;
  /** CPU seconds the child has used so far (user + system). */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Forks a bench child (`servers.ts` or `clients.ts`) under tsx, with `--expose-gc` for memory
 * figures; from another `checkout` of the repository when given (its code, its dependencies). `BENCH_PROFILE=<dir>` makes every child write a V8 CPU profile there when it exits.
 */
export const forkChild = (file: string, args: string[] = [], checkout = root): Promise<Child> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = fork(join(checkout, 'scripts/bench/realtime', file), args, {
      cwd: checkout,
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let next = 0;
    const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
    child.on('message', (m: Envelope | 'ready') => {
      if (m === 'ready') return resolve(handle);
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.error) w?.reject(new Error(m.error));
      else w?.resolve(m.body);
    });
    child.once('exit', (code) => {
      const error = new Error(`bench child ${file} exited with ${code}`);
      for (const w of waiting.values()) w.reject(error);
      waiting.clear();
      reject(error);
    });
    const call = <T>(body: unknown) =>
      new Promise<T>((res, rej) => {
        const id = next++;
        waiting.set(id, { resolve: res as (v: unknown) => void, reject: rej });
        child.send({ id, body });
      });
    const handle: Child = {
      call,
      cpu: () => call<number>({ type: 'cpu' }),
      async stop() {
        if (child.exitCode !== null) return;
        const exited = new Promise((r) => child.once('exit', r));
        child.send({ id: -1, body: { type: 'exit' } });
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      },
    };
  });

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** In a child: answers the parent's requests with `handler`, then says it is ready. */
export const serve = (handler: (body: { type: string } & Record<string, unknown>) => Promise<unknown>): void => {
  process.on('message', (m: Envelope) => {
    const body = m.body as { type: string } & Record<string, unknown>;
    if (body.type === 'exit') {
      void handler(body).finally(() => process.exit(0));
      return;
    }
    const work = body.type === 'cpu' ? Promise.resolve(cpuSeconds()) : handler(body);
    work.then(
      (result) => process.send!({ id: m.id, body: result }),
      (error: unknown) => process.send!({ id: m.id, error: error instanceof Error ? error.stack : String(error) }),
    );
  });
  // The bench stopped (finished, failed or interrupted): never outlive it.
  process.once('disconnect', () => process.exit(0));
  process.send!('ready');
};

/** Heap and resident memory after a full garbage collection (the child runs with --expose-gc). */
export const settledMemory = async () => {
  for (let i = 0; i < 3; i++) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 50));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers };
};
