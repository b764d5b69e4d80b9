import { Hono } from 'hono';
import type { RevenueMetric } from '../../projections/revenue.ts';
import { addDays, indiaDayOf, monthsBack, REVENUE_METRICS, revenueReport } from '../../projections/revenue.ts';
import type { AuthEnv } from '../auth/session.ts';
import { requireRole } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe, queryParams } from '../http/openapi.ts';
import type { RevenueMetric as ContractMetric } from '../contract/admin.ts';
import { REVENUE_METRIC_NAMES, RevenueQuery, RevenueReport } from '../contract/admin.ts';

// The wire's metric names are the read model's, both ways.
const _toWire: readonly ContractMetric[] = REVENUE_METRICS;
const _fromWire: readonly RevenueMetric[] = REVENUE_METRIC_NAMES;
void _toWire;
void _fromWire;

/** Admin: the money report behind the dashboard, from the revenue read model (a fold of the log). */
export const revenueRoutes = (deps: Pick<Deps, 'clock' | 'readDb'>) =>
  new Hono<AuthEnv>().get(
    '/revenue',
    describe({
      summary: 'Money in and out per day or month, and what is owed to members (paise, India dates)',
      tags: ['admin'],
      access: 'auditor',
      response: RevenueReport,
    }),
    requireRole('admin', 'auditor'),
    queryParams(RevenueQuery),
    (c) => {
      const q = c.req.valid('query');
      const to = q.to ?? indiaDayOf(deps.clock.now());
      const from = q.from ?? (q.period === 'day' ? addDays(to, -29) : monthsBack(to, 11));
      if (from > to) throw new ApiError(400, 'BAD_RANGE', 'The start date must be on or before the end date.');
      if (q.period === 'day' && addDays(from, 400) <= to) {
        throw new ApiError(400, 'BAD_RANGE', 'Pick at most 400 days, or show months.');
      }
      return c.json(revenueReport(deps.readDb, q.period, from, to));
    },
  );
