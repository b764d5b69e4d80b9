import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'vetri-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' };

const script = async (name: string, args: string[] = []) => {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(root, 'scripts', name), ...args], {
      env,
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

beforeAll(async () => {
  const server = await startTestServer({ seed: true, dataDir });
  await server.stop();
}, 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run seed', () => {
  it('puts the demo data into an empty data directory, and leaves a seeded one as it is', async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'vetri-seed-'));
    try {
      const seed = () =>
        run(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'seed.ts')], {
          env: { ...env, DATA_DIR: fresh },
          cwd: root,
        });
      expect((await seed()).stdout).toContain('The demo data is in the store.');
      const count = () => {
        const db = new Database(join(fresh, 'events.db'), { readonly: true });
        try {
          return db.prepare<[], { n: number }>("SELECT count(*) AS n FROM events WHERE type = 'UserRegistered'").get()!
            .n;
        } finally {
          db.close();
        }
      };
      const users = count();
      expect(users).toBeGreaterThanOrEqual(5);
      await seed();
      expect(count()).toBe(users);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm run verify and npm run rebuild on the seeded data', () => {
  it('verify --all reports every stream intact', async () => {
    const { code, stdout } = await script('verify.ts', ['--all']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/OK +user-/);
    expect(stdout).toMatch(/(\d+) stream\(s\) checked, \1 intact, 0 not\./);
  });

  it('rebuild replays the log into fresh read models with a progress bar', async () => {
    const { code, stdout, stderr } = await script('rebuild.ts');
    expect(code).toBe(0);
    expect(stderr).toMatch(/rebuild \[#+\] [\d,]+ \/ [\d,]+ events +[\d,]+ ev\/s +ETA \d+s/);
    expect(stdout).toMatch(/Rebuilt \d+ read model\(s\) from [\d,]+ events/);
  });

  it('verify names an event altered in the database, and exits 1', async () => {
    const db = new Database(join(dataDir, 'events.db'));
    const victim = db
      .prepare("SELECT id, stream, revision FROM events WHERE stream LIKE 'user-%' ORDER BY position LIMIT 1")
      .get() as { id: string; stream: string; revision: number };
    db.prepare("UPDATE events SET data = json_set(data, '$.name', 'Mallory') WHERE id = ?").run(victim.id);
    db.close();
    const one = await script('verify.ts', [victim.stream]);
    expect(one.code).toBe(1);
    expect(one.stdout).toContain(
      `TAMPERED  ${victim.stream}: first bad event ${victim.id} at revision ${victim.revision}`,
    );
    const all = await script('verify.ts', ['--all']);
    expect(all.code).toBe(1);
    expect(all.stdout).toMatch(/1 not\./);
  });

  it('verify says how to use it when given nothing', async () => {
    const { code, stdout } = await script('verify.ts');
    expect(code).toBe(2);
    expect(stdout).toContain('npm run verify -- --all');
  });
});

describe('npm start', () => {
  it('on a port already taken says so in one line and exits 1', async () => {
    const taken = await startTestServer();
    try {
      const { code, stderr } = await run(process.execPath, ['--import', 'tsx', join(root, 'scripts', 'serve.ts')], {
        env: { ...env, PORT: String(taken.port), HOST: '127.0.0.1', SEED_DEMO: 'false' },
        cwd: root,
      }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${taken.port} is already in use on 127.0.0.1: another server (an earlier npm start?) is listening there. Stop it, or start on another port, e.g. PORT=${taken.port + 1} npm start.`,
      );
    } finally {
      await taken.stop();
    }
  }, 60_000);
});
