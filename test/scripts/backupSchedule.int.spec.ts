import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduleBackups } from '../../api/backup/schedule.ts';
import { listSnapshots } from '../../api/backup/snapshot.ts';
import { waitUntil } from '../helpers/events.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** BACKUP_INTERVAL_MINUTES: a snapshot each interval into BACKUP_DIR; a process that finds a fresh one skips its turn. */
describe('scheduled backups', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-schedule-'));
    server = await startTestServer({ seed: true, dataDir: join(dir, 'data') });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => vi.useRealTimers());

  it('snapshots once per interval, and a second process on the same data directory skips a fresh one', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const config = {
      BACKUP_INTERVAL_MINUTES: 1,
      BACKUP_DIR: join(dir, 'backups'),
      BACKUP_KEEP: 3,
      DATA_DIR: join(dir, 'data'),
    };
    const lines: string[] = [];
    const log = { info: (l: string) => void lines.push(l), error: (l: string) => void lines.push(`ERROR ${l}`) };
    const one = scheduleBackups(config, log);
    const two = scheduleBackups(config, log);
    vi.advanceTimersByTime(60_000);
    await waitUntil(() => lines.length >= 1, 10_000, 'the first snapshot');
    await new Promise((r) => setTimeout(r, 300));
    expect(listSnapshots(config.BACKUP_DIR)).toHaveLength(1);
    expect(lines).toEqual([expect.stringMatching(/^backup: \d+ events to .*snapshot-/)]);
    one();
    two();
    vi.advanceTimersByTime(120_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(listSnapshots(config.BACKUP_DIR)).toHaveLength(1);
  });
});
