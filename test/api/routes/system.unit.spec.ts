import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { healthRoutes } from '../../../api/routes/health.ts';
import { systemRoutes } from '../../../api/routes/system.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

describe('systemRoutes', () => {
  it('answers the server clock and how far the read models have got', async () => {
    const app = mount(deps, '/api', systemRoutes(deps));
    const time = await call<{ serverTime: number }>(app, 'GET', '/api/time');
    expect(time.status).toBe(200);
    expect(time.body.serverTime).toBe(deps.clock.now());
    expect(time.headers.get('cache-control')).toBe('no-store');

    await signedIn(deps);
    const health = await call<{ ok: boolean; store: string; projectedPosition: number; headPosition: number }>(
      app,
      'GET',
      '/api/health',
    );
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ ok: true, store: 'sqlite' });
    expect(health.body.headPosition).toBeGreaterThan(0);
    expect(health.body.projectedPosition).toBe(health.body.headPosition);
  });
});

describe('healthRoutes', () => {
  it('is live, ready while caught up, and not ready once stopping', async () => {
    const lifecycle = { stopping: false };
    const app = mount(deps, '/health', healthRoutes(deps, lifecycle));
    expect((await call(app, 'GET', '/health/live')).body).toEqual({ live: true });
    const ready = await call<{ ready: boolean; reasons: string[] }>(app, 'GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ ready: true, reasons: [] });

    lifecycle.stopping = true;
    const stopping = await call<{ ready: boolean; reasons: string[] }>(app, 'GET', '/health/ready');
    expect(stopping.status).toBe(503);
    expect(stopping.body.reasons).toEqual(['the server is shutting down']);
  });
});
