import { loadConfig } from './config.ts';
import type { Seeder } from './server.ts';
import { StartupError, startServer } from './server.ts';

/** Connections kept busy are cut after 5 s (api/server.ts); the whole shutdown never takes longer than this. */
export const SHUTDOWN_BOUND_MS = 15_000;

/**
 * Process entry point: start, and stop cleanly on SIGTERM/SIGINT. `seed` puts the demo data into an
 * empty store when SEED_DEMO is on; `scripts/serve.ts` (and so `npm start`) gives it.
 */
export const main = async (options: { seed?: Seeder } = {}) => {
  const server = await startServer(loadConfig(), { seed: options.seed });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`${signal} received`);
    // Whatever hangs, the process is gone within this bound (in-flight commands get the time first).
    setTimeout(() => {
      console.error(`shutdown took over ${SHUTDOWN_BOUND_MS / 1000} s: exiting now`);
      process.exit(1);
    }, SHUTDOWN_BOUND_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return server;
};

/**
 * How a process entry point (this one, `scripts/serve.ts`) ends when its start fails: a reason in
 * words (a port taken) is printed alone, anything else with its stack; exit code 1.
 */
export const exitOnFailedStart = (error: unknown): never => {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
};

if (import.meta.url === `file://${process.argv[1]}`) main().catch(exitOnFailedStart);
