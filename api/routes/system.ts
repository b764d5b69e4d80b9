import { Hono } from 'hono';
import { z } from 'zod';
import type { Deps } from '../deps.ts';
import { describe } from '../http/openapi.ts';

export const TimeResponse = z.object({ serverTime: z.number().int().describe('Server time, ms since the epoch') });

/** Server time for client clock sync, and a health check. */
export const systemRoutes = (deps: Pick<Deps, 'clock' | 'store' | 'projections'>) =>
  new Hono()
    .get(
      '/time',
      describe({ summary: 'Server time for the client clock offset', tags: ['system'], response: TimeResponse }),
      (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json({ serverTime: deps.clock.now() });
      },
    )
    .get(
      '/health',
      describe({ summary: 'Liveness and how far the read models have got', tags: ['system'] }),
      async (c) =>
        c.json({
          ok: true,
          store: deps.store.kind,
          projectedPosition: deps.projections.position(),
          headPosition: await deps.store.headPosition(),
        }),
    );
