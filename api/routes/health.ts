import { existsSync } from 'node:fs';
import { Hono } from 'hono';
import { rebuildMarkerOf } from '../../projections/db.ts';
import type { Deps } from '../deps.ts';
import { describe } from '../http/openapi.ts';

/** What the process is doing, as the composition root tells it (a draining process is not ready). */
export interface Lifecycle {
  stopping: boolean;
}

const READY_WAIT_MS = 1000;

/**
 * Liveness and readiness for a load balancer or an orchestrator. `/health/live` answers while the
 * process runs. `/health/ready` answers 200 only when the event store answers, no bulk rebuild is
 * writing this process's read models, and the read models reach the log's head within a second;
 * otherwise 503 with the reasons in words, so no member is sent to a cold, stale or stopping process.
 */
export const healthRoutes = (deps: Pick<Deps, 'store' | 'projections' | 'config'>, lifecycle: Lifecycle) =>
  new Hono()
    .get('/live', describe({ summary: 'Liveness: the process runs', tags: ['system'] }), (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ live: true });
    })
    .get(
      '/ready',
      describe({ summary: 'Readiness: store reachable, read models caught up, not stopping', tags: ['system'] }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        const reasons: string[] = [];
        if (lifecycle.stopping) reasons.push('the server is shutting down');
        if (existsSync(rebuildMarkerOf(deps.config.readModelPath)))
          reasons.push('the read models are being rebuilt from the log');
        let head: number | null = null;
        try {
          head = await deps.store.headPosition();
        } catch (error) {
          reasons.push(`the event store does not answer: ${(error as Error).message}`);
        }
        if (head !== null) {
          try {
            await deps.projections.waitFor(head, READY_WAIT_MS);
          } catch {
            reasons.push(`the read models are behind the log: at position ${deps.projections.position()} of ${head}`);
          }
        }
        const body = {
          ready: reasons.length === 0,
          reasons,
          store: deps.store.kind,
          head_position: head,
          projected_position: deps.projections.position(),
        };
        return c.json(body, reasons.length === 0 ? 200 : 503);
      },
    );
