import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../api/clock.ts';
import { loadConfig } from '../../api/config.ts';
import type { Logger } from '../../api/logger.ts';
import type { RunningServer } from '../../api/server.ts';
import { startServer } from '../../api/server.ts';
import { seedDemo } from '../../scripts/seedDemo.ts';

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
}

/** Starts the real server on a free loopback port with a fresh data directory (seeded like `npm start` with `seed`). */
export const startTestServer = async (
  options: { seed?: boolean; clock?: Clock; env?: Record<string, string>; dataDir?: string; log?: Logger } = {},
): Promise<TestServer> => {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vetri-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    READ_MODEL_PATH: join(dataDir, `read-${Math.random().toString(36).slice(2)}.db`),
    LOG_LEVEL: 'silent',
    SEED_DEMO: options.seed ? 'true' : 'false',
    ADMIN_PASSWORD: 'Admin@12345',
    ...options.env,
  });
  const server = await startServer(config, { clock: options.clock, log: options.log, seed: seedDemo });
  return {
    ...server,
    dataDir,
    async stop() {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
