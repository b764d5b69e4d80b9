import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { ChildServer } from '../chaos/childServer.ts';
import { childServer, freePort } from '../chaos/childServer.ts';

/**
 * Issue 14, item 10: two server processes started at the same moment on a fresh data directory
 * (a deploy that starts two instances) both come up, and the demo data is seeded exactly once.
 * Before, one of them crashed every time with "An account with this email already exists.".
 */
const ROOT = join(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two processes starting together on an empty data directory', () => {
  it('both serve, and the demo data exists once', { timeout: 240_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'vetri-twostart-'));
      dirs.push(dataDir);
      const env = { SEED_DEMO: 'true', ADMIN_PASSWORD: 'Admin@12345', SCHEDULER_INTERVAL_MS: '0' };
      const servers: ChildServer[] = [];
      for (let i = 0; i < 2; i++) servers.push(childServer({ dataDir, port: await freePort(), env }));
      try {
        await Promise.all(servers.map((s) => s.start()));
        for (const s of servers) {
          const health = await fetch(`${s.url}/api/health`);
          expect(health.status, s.output()).toBe(200);
          const login = await fetch(`${s.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: s.url },
            body: JSON.stringify({ email: 'member1@vetrideals.in', password: 'Member@123' }),
          });
          expect(login.status, s.output()).toBe(200);
        }
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
      const store = openSqliteStore({ path: join(dataDir, 'events.db') });
      try {
        const events = await store.readAll();
        expect(events.filter((e) => e.type === 'DemoDataSeeded')).toHaveLength(1);
        const registered = events
          .filter((e) => e.type === 'UserRegistered')
          .map((e) => (e.data as { email: string }).email);
        expect(registered.length).toBeGreaterThan(5);
        expect(new Set(registered).size).toBe(registered.length);
      } finally {
        await store.close();
      }
    }
  });
});

describe('secrets of a fresh data directory', () => {
  it('twenty processes creating them at the same moment all get the same ones', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vetri-secrets-'));
    dirs.push(dataDir);
    // A starting server asks for three; many more names make every process's read-modify-write overlap.
    const names = ['otp', 'payment-webhook', 'payment-sandbox', ...Array.from({ length: 30 }, (_, i) => `extra-${i}`)];
    const go = join(dataDir, 'go');
    // Each process says it is ready, then waits for the go file, then asks for every secret.
    const script = `
      import { existsSync } from 'node:fs';
      import { dataDirSecret } from './api/secrets.ts';
      console.error('ready');
      while (!existsSync(${JSON.stringify(go)})) await new Promise((r) => setTimeout(r, 1));
      console.log(JSON.stringify(${JSON.stringify(names)}.map((n) => dataDirSecret(${JSON.stringify(dataDir)}, n))));
    `;
    let ready = 0;
    let allReady = () => {};
    const readyAll = new Promise<void>((resolve) => (allReady = resolve));
    const run = () =>
      new Promise<{ ok: boolean; out: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script],
          { cwd: ROOT, timeout: 90_000 },
          (error, stdout, stderr) => resolve({ ok: !error, out: error ? stderr : stdout.trim() }),
        );
        child.stderr?.once('data', () => {
          if (++ready === 20) allReady();
        });
      });
    const running = Array.from({ length: 20 }, run);
    await readyAll;
    writeFileSync(go, '');
    const results = await Promise.all(running);
    for (const r of results) expect(r.ok, r.out).toBe(true);
    const kept = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    const expected = JSON.stringify(names.map((n) => kept[n]));
    for (const r of results) expect(r.out).toBe(expected);
  });
});
