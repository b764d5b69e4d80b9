import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildMarkerOf } from '../../projections/db.ts';
import { testEvent } from '../helpers/events.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** Issue 22 §2: liveness, and readiness a load balancer can trust. */
describe('health checks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, body: (await res.json()) as { ready?: boolean; live?: boolean; reasons?: string[] } };
  };

  it('is live while the process runs, and ready once the read models have the whole log', async () => {
    expect(await get('/health/live')).toEqual({ status: 200, body: { live: true } });
    expect(await get('/health/ready')).toMatchObject({ status: 200, body: { ready: true, reasons: [] } });
  });

  it('is not ready while a bulk rebuild writes its read models, and ready again after', async () => {
    const marker = rebuildMarkerOf(server.deps.config.readModelPath);
    writeFileSync(marker, '');
    try {
      expect(await get('/health/ready')).toMatchObject({
        status: 503,
        body: { ready: false, reasons: ['the read models are being rebuilt from the log'] },
      });
    } finally {
      rmSync(marker);
    }
    expect((await get('/health/ready')).status).toBe(200);
  });

  it('is not ready when the read models fall behind the log, and says how far', async () => {
    await server.deps.projections.stop();
    await server.deps.store.append('notes-health', [testEvent('Noted')]);
    const answer = await get('/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.body.reasons![0]).toMatch(/^the read models are behind the log: at position \d+ of \d+$/);
    expect((await get('/health/live')).status).toBe(200);
  });
});
