import { mkdtempSync, rmSync } from 'node:fs';
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
