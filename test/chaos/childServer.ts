import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

/** A port nobody listens on right now (the child binds it again after every restart). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export interface ChildServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  /** How many times the process was started, and killed with SIGKILL. */
  readonly starts: number;
  readonly kills: number;
  running(): boolean;
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, in-flight requests and appends are cut wherever they are. */
  kill(): Promise<void>;
  /** SIGTERM: the server's graceful shutdown. */
  stop(): Promise<void>;
  /** The last lines the process wrote (for failure reports). */
  output(): string;
  /** Resolves when the process next writes a line holding `text` (from now on, in any of its lives). */
  says(text: string): Promise<void>;
  readModelPath(): string;
}

/**
 * The real server in a child process (`node --import tsx scripts/serve.ts`), started on a fixed port and
 * data directory so it can be killed and started again on the same log, as in production.
 */
export const childServer = (options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  /** Run it on a test host (`test/chaos/netns.ts`): in its namespace, listening on its address. */
  host?: { netns: string; address: string };
}): ChildServer => {
  const { dataDir, port, host } = options;
  const address = host?.address ?? '127.0.0.1';
  const url = `http://${address}:${port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  let starts = 0;
  let kills = 0;
  const lines: string[] = [];
  let listeners: Array<{ text: string; heard: () => void }> = [];
  const keep = (chunk: Buffer) => {
    const written = chunk.toString();
    for (const line of written.split('\n')) if (line.trim()) lines.push(`[${starts}] ${line}`);
    for (const listener of listeners.filter((l) => written.includes(l.text))) listener.heard();
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };

  const waitReady = async (proc: ChildProcess) => {
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) {
        throw new Error(`server exited while starting:\n${lines.slice(-30).join('\n')}`);
      }
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`server did not become ready in 60 s:\n${lines.slice(-30).join('\n')}`);
  };

  const self: ChildServer = {
    url,
    port,
    dataDir,
    get starts() {
      return starts;
    },
    get kills() {
      return kills;
    },
    running: () => child !== null,
    async start() {
      if (child) throw new Error('already running');
      starts++;
      const node = [process.execPath, '--import', 'tsx', 'scripts/serve.ts'];
      // `ip netns exec` replaces itself with the command, so the child is still the server's own process.
      const [command, ...args] = host ? ['ip', 'netns', 'exec', host.netns, ...node] : node;
      const proc = spawn(command!, args, {
        cwd: ROOT,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: address,
          SEED_DEMO: 'false',
          ADMIN_PASSWORD: 'Admin@12345',
          LOG_LEVEL: 'warn',
          ...options.env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      exited = new Promise((resolve) => proc.once('exit', () => resolve()));
      child = proc;
      await waitReady(proc);
    },
    async kill() {
      if (!child) return;
      kills++;
      child.kill('SIGKILL');
      await exited;
      child = null;
    },
    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      await exited;
      child = null;
    },
    output: () => lines.join('\n'),
    says: (text) =>
      new Promise((resolve) => {
        const listener = {
          text,
          heard: () => {
            listeners = listeners.filter((l) => l !== listener);
            resolve();
          },
        };
        listeners.push(listener);
      }),
    readModelPath: () => join(dataDir, `read-${port}.db`),
  };
  return self;
};
