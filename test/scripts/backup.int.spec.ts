import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreSnapshot } from '../../api/backup/restore.ts';
import { takeSnapshot } from '../../api/backup/snapshot.ts';
import { createManualClock } from '../../api/clock.ts';
import { loggedIn, MEMBER } from '../helpers/http.ts';
import { MEMBERS, playRoom } from '../helpers/auditRooms.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** `npm run backup` while the server runs, and `npm run restore` into an empty data directory. */
const root = join(import.meta.dirname, '../..');
const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const [K, A] = MEMBERS.map((m) => m.userId) as [string, string];

const script = async (name: string, args: string[], env: Record<string, string>) => {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts', name), ...args],
      {
        env: { ...process.env, LOG_LEVEL: 'silent', PORT: '0', ...env },
        cwd: root,
      },
    );
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
};

describe('npm run backup and npm run restore', () => {
  let dir: string;
  let server: TestServer;
  let snapshot: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-backup-'));
    server = await startTestServer({ seed: true, dataDir: join(dir, 'data'), clock: createManualClock(T0) });
    await playRoom(server.deps, 'BAK001', { start: T0 + 3_600_000, bidders: [K, A, K] });
    server.deps.transparency.heads.publish();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('snapshots the running server’s data directory and keeps the newest N', async () => {
    const env = { DATA_DIR: join(dir, 'data') };
    const first = await script('backup.ts', ['--out', join(dir, 'backups')], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Snapshot of [\d,]+ events \(last position \d+\) and \d+ file\(s\) written to .*snapshot-/m,
    );
    await script('backup.ts', ['--out', join(dir, 'backups')], env);
    const third = await script('backup.ts', ['--out', join(dir, 'backups'), '--keep', '2'], env);
    expect(third.stdout).toMatch(/Removed the older snapshot snapshot-/);
    const kept = readdirSync(join(dir, 'backups')).filter((n) => n.startsWith('snapshot-'));
    expect(kept).toHaveLength(2);
    snapshot = join(dir, 'backups', kept.at(-1)!);
    expect(readdirSync(snapshot).sort()).toEqual(
      expect.arrayContaining(['events.db', 'heads.db', 'log-signing-key.pem', 'manifest.json', 'secrets.json']),
    );
    expect(readdirSync(snapshot).some((n) => n.startsWith('read-') || n === 'limits.db')).toBe(false);
  });

  it('restores into an empty directory: chains and heads checked, read models rebuilt, and it serves the same data', async () => {
    const target = join(dir, 'restored');
    const restored = await script('restore.ts', [snapshot, '--data-dir', target], { DATA_DIR: join(dir, 'unused') });
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      /^RESTORED {2}[\d,]+ events in \d+ stream\(s\), every chain intact, the log as its \d+ signed head\(s\) hold it; read models rebuilt/m,
    );
    const again = await startTestServer({ seed: true, dataDir: target, clock: createManualClock(T0) });
    try {
      const room = await again.deps.store.readStream('room-BAK001');
      expect(room.map((e) => e.id)).toEqual((await server.deps.store.readStream('room-BAK001')).map((e) => e.id));
      const member = await loggedIn(again, MEMBER.email, MEMBER.password);
      expect((await member.call('GET', '/api/rooms/BAK001')).status).toBe(200);
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('refuses a snapshot that does not verify, or a data directory that is not empty, and writes nothing', async () => {
    // A deal changed inside the snapshot's event store, the manifest's hash made to match: the chain names it.
    const forged = join(dir, 'forged');
    rmSync(forged, { recursive: true, force: true });
    mkdirSync(forged);
    for (const name of readdirSync(snapshot)) cpSync(join(snapshot, name), join(forged, name), { recursive: true });
    const db = new Database(join(forged, 'events.db'));
    db.prepare(
      "UPDATE events SET data = json_set(data, '$.amount', 1) WHERE stream = 'room-BAK001' AND type = 'BidPlaced'",
    ).run();
    db.close();
    const target = join(dir, 'never');
    const changedFile = await script('restore.ts', [forged, '--data-dir', target], {});
    expect(changedFile.code).toBe(1);
    expect(changedFile.stdout).toContain("PROBLEM   events.db differs from the snapshot's manifest");
    const manifest = JSON.parse(readFileSync(join(forged, 'manifest.json'), 'utf8')) as {
      files: Record<string, string>;
    };
    manifest.files['events.db'] = createHash('sha256')
      .update(readFileSync(join(forged, 'events.db')))
      .digest('hex');
    writeFileSync(join(forged, 'manifest.json'), JSON.stringify(manifest));
    const changedChain = await script('restore.ts', [forged, '--data-dir', target], {});
    expect(changedChain.code, changedChain.stdout).toBe(1);
    expect(changedChain.stdout).toMatch(
      /^PROBLEM {3}room-BAK001: event \S+ at revision \d+: its content, stream name, revision or id does not match its hash/m,
    );
    expect(existsSync(target)).toBe(false);

    const busy = join(dir, 'busy');
    mkdirSync(busy, { recursive: true });
    writeFileSync(join(busy, 'events.db'), 'keep me');
    const refused = await script('restore.ts', [snapshot, '--data-dir', busy], {});
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('is not empty: restore only into an empty data directory');
  }, 60_000);
});

describe('restoring a deployment that is given its log key (LOG_SIGNING_KEY)', () => {
  it('checks the signed heads with that key, and says so when it is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetri-envkey-'));
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const server = await startTestServer({ seed: true, dataDir: join(dir, 'data'), env: { LOG_SIGNING_KEY: pem } });
    try {
      server.deps.transparency.heads.publish();
      expect(existsSync(join(dir, 'data', 'log-signing-key.pem'))).toBe(false);
      const { path } = await takeSnapshot(join(dir, 'data'), join(dir, 'backups'), Date.now());
      const options = { readModelFile: 'read.db', logOrigin: server.deps.transparency.key.name };
      expect(await restoreSnapshot(path, join(dir, 'without'), options)).toEqual({
        ok: false,
        problems: ['the snapshot holds signed heads but no log key: set LOG_SIGNING_KEY to the deployment’s key'],
      });
      expect(existsSync(join(dir, 'without'))).toBe(false);
      expect(await restoreSnapshot(path, join(dir, 'with'), { ...options, logSigningKey: pem })).toMatchObject({
        ok: true,
        heads: expect.any(Number) as number,
      });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
