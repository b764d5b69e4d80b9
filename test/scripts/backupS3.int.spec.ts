import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { MEMBERS, playRoom } from '../helpers/auditRooms.ts';
import { startFakeS3 } from '../helpers/fakeS3.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** The backup and restore commands against an S3-compatible bucket (a stand-in for the remote store). */
const root = join(import.meta.dirname, '../..');
const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const [K, A] = MEMBERS.map((m) => m.userId) as [string, string];

describe('backups in an S3-compatible bucket', () => {
  let dir: string;
  let server: TestServer;
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let env: Record<string, string>;
  const script = async (name: string, args: string[], extra: Record<string, string> = {}) => {
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join(root, 'scripts', name), ...args],
        {
          env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0', ...env, ...extra },
          cwd: root,
        },
      );
      return { code: 0, stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout + e.stderr };
    }
  };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-s3-'));
    s3 = await startFakeS3();
    server = await startTestServer({ seed: true, dataDir: join(dir, 'data'), clock: createManualClock(T0) });
    await playRoom(server.deps, 'S3B001', { start: T0 + 3_600_000, bidders: [K, A, K] });
    server.deps.transparency.heads.publish();
    env = {
      DATA_DIR: join(dir, 'data'),
      BACKUP_S3_ENDPOINT: s3.endpoint,
      BACKUP_S3_REGION: 'ap-south-1',
      BACKUP_S3_ACCESS_KEY_ID: 'test-key',
      BACKUP_S3_SECRET_ACCESS_KEY: 'test-secret',
    };
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads snapshots, keeps the newest N, and restores one from the bucket into an empty directory', async () => {
    for (let i = 0; i < 3; i++) {
      const made = await script('backup.ts', ['--out', 's3://vetri-backups/prod/', '--keep', '2']);
      expect(made.code, made.stdout).toBe(0);
      expect(made.stdout).toMatch(/written to s3:\/\/vetri-backups\/prod\/snapshot-/);
      await new Promise((r) => setTimeout(r, 5));
    }
    const names = [...new Set([...s3.objects.keys()].map((k) => k.split('/')[2]))].sort();
    expect(names).toHaveLength(2);
    expect([...s3.objects.keys()].some((k) => k.endsWith('/events.db'))).toBe(true);
    // The manifest goes up last, so a cut-off upload is never listed as a snapshot.
    const puts = s3.requests.filter((r) => r.startsWith('PUT') && r.includes(names[1]!));
    expect(puts.at(-1)).toMatch(/\/manifest\.json/);
    expect(s3.requests.some((r) => r.includes('continuation-token='))).toBe(true);

    const target = join(dir, 'restored');
    const restored = await script('restore.ts', [`s3://vetri-backups/prod/${names[1]}`, '--data-dir', target]);
    expect(restored.code, restored.stdout).toBe(0);
    expect(restored.stdout).toMatch(/^RESTORED {2}/m);
    const again = await startTestServer({ dataDir: target, clock: createManualClock(T0) });
    try {
      const room = await again.deps.store.readStream('room-S3B001');
      expect(room.map((e) => e.id)).toEqual((await server.deps.store.readStream('room-S3B001')).map((e) => e.id));
    } finally {
      await again.stop();
    }
  }, 90_000);

  it('says so when the bucket has no such snapshot', async () => {
    const missing = await script('restore.ts', [
      's3://vetri-backups/prod/snapshot-2000-01-01T00-00-00-000Z',
      '--data-dir',
      join(dir, 'none'),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain(
      'REFUSED   No snapshot snapshot-2000-01-01T00-00-00-000Z at s3://vetri-backups/prod/',
    );
  });
});
