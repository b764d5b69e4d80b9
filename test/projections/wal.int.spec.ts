import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Servers starting together on an empty data directory all switch the same new SQLite files to
 * WAL; SQLite answers SQLITE_BUSY at once to all but one of them (seen in CI as a start-up crash
 * opening payments.db). enableWal waits its turn instead.
 */
describe('switching one new database file to WAL from many processes at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vetri-wal-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('succeeds in every process', async () => {
    const path = join(dir, 'shared.db');
    const at = Date.now() + 1500;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        promisify(execFile)(process.execPath, [
          '--import',
          'tsx',
          join(import.meta.dirname, 'fixtures/openWal.ts'),
          path,
          String(at),
        ]),
      ),
    );
    const failures = results.flatMap((r) =>
      r.status === 'rejected' ? [String((r.reason as { stderr?: string }).stderr ?? r.reason)] : [],
    );
    expect(failures).toEqual([]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value.stdout.trim() : ''))).toEqual(Array(8).fill('wal'));
  }, 60_000);
});
