import { Hono } from 'hono';
import { queryStreams, streamCategories, streamsTable } from '../../projections/streams.ts';
import { eq } from 'drizzle-orm';
import type { AuthEnv } from '../auth/session.ts';
import { requireRole } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { projectedNow } from '../projected.ts';
import { describe, pathParams, queryParams } from '../http/openapi.ts';
import { checkStream, readWholeStream } from '../store/verify.ts';
import { checkStreamInSignedLog } from '../transparency/streamProof.ts';
import type { ExportScope } from './ndjson.ts';
import { exportFileName, exportNdjson, ndjsonBody } from './ndjson.ts';
import { toEventView, toVerifyView } from './views.ts';
import {
  ExportQuery,
  StreamEventsQuery,
  StreamList,
  StreamListQuery,
  StreamNameParam,
  StreamPage,
  VerifyView,
} from '../contract/audit.ts';

const rowOf = (r: typeof streamsTable.$inferSelect) => ({
  stream: r.stream,
  category: r.category,
  event_count: r.eventCount,
  last_revision: r.lastRevision,
  last_hash: r.lastHash,
  last_type: r.lastType,
  updated_at: r.updatedAt,
});

/**
 * The auditor's view of the log, for admins and the read-only auditor: streams by category, a
 * stream's events with their links, the hash-chain check, and streamed NDJSON exports.
 */
export const auditRoutes = (
  deps: Pick<Deps, 'clock' | 'store' | 'readDb' | 'projections' | 'config' | 'transparency' | 'log'>,
) => {
  const recorded = (stream: string) =>
    deps.readDb.orm.select().from(streamsTable).where(eq(streamsTable.stream, stream)).get();
  const knownStream = (stream: string) => {
    const row = recorded(stream);
    if (!row) throw new ApiError(404, 'STREAM_NOT_FOUND', `No stream named ${stream}.`);
    return row;
  };

  const staff = requireRole('admin', 'auditor');
  return new Hono<AuthEnv>()
    .get(
      '/streams',
      describe({
        summary: 'Streams by category with event counts and last update; search by name; paged',
        tags: ['audit'],
        access: 'auditor',
        response: StreamList,
      }),
      staff,
      queryParams(StreamListQuery),
      (c) => {
        const q = c.req.valid('query');
        const { rows, total } = queryStreams(deps.readDb, {
          category: q.category || undefined,
          search: q.search?.trim() || undefined,
          limit: q.limit,
          offset: q.offset,
        });
        const categories = streamCategories(deps.readDb).map((r) => ({
          category: r.category,
          streams: Number(r.streams),
          events: Number(r.events),
          last_update: r.lastUpdate,
        }));
        return c.json({ categories, streams: rows.map(rowOf), total, limit: q.limit, offset: q.offset });
      },
    )
    .get(
      '/streams/:name',
      describe({
        summary: 'A stream’s events, paged, with data, metadata and correlation/causation links',
        tags: ['audit'],
        access: 'auditor',
        response: StreamPage,
      }),
      staff,
      pathParams(StreamNameParam),
      queryParams(StreamEventsQuery),
      async (c) => {
        const { name } = c.req.valid('param');
        const q = c.req.valid('query');
        const row = knownStream(name);
        const events = await deps.store.readStream(name, { from: q.from, limit: q.limit, direction: q.direction });
        const last = events[events.length - 1];
        const more = events.length === q.limit && last !== undefined;
        const next = !more ? null : q.direction === 'forwards' ? last.revision + 1 : last.revision - 1;
        return c.json({
          stream: rowOf(row),
          events: events.map((e) => toEventView(deps.readDb, e)),
          next_from: next !== null && next >= 0 ? next : null,
        });
      },
    )
    .get(
      '/streams/:name/verify',
      describe({
        summary: 'Check a stream’s hash chain: intact, or the first bad event',
        tags: ['audit'],
        access: 'auditor',
        response: VerifyView,
      }),
      staff,
      pathParams(StreamNameParam),
      async (c) => {
        const { name } = c.req.valid('param');
        const row = recorded(name);
        const events = await readWholeStream(deps.store, name);
        if (events.length === 0 && !row) throw new ApiError(404, 'STREAM_NOT_FOUND', `No stream named ${name}.`);
        const verdict = { stream: name, ...checkStream(name, events) };
        // The signed heads may come from another process: this one's tree first catches up with the
        // whole store, so a tree smaller than a signed head means events were removed, not a lag.
        try {
          await projectedNow(deps);
        } catch {
          throw new ApiError(503, 'LOG_NOT_READY', 'The signed log is catching up. Try again shortly.');
        }
        const signed = checkStreamInSignedLog(
          deps.readDb,
          deps.transparency.heads.latest(),
          deps.transparency.heads.keptLeaf,
          events,
        );
        c.header('Cache-Control', 'no-store');
        return c.json(toVerifyView(verdict, row, signed));
      },
    )
    .get(
      '/export',
      describe({
        summary:
          'Export a stream, a category or the whole log as NDJSON (one event per line, then a manifest line with counts and last hashes); streamed',
        tags: ['audit'],
        access: 'auditor',
      }),
      staff,
      queryParams(ExportQuery),
      (c) => {
        const q = c.req.valid('query');
        const scope: ExportScope = q.stream
          ? { kind: 'stream', stream: q.stream }
          : q.category
            ? { kind: 'category', category: q.category }
            : { kind: 'all' };
        if (scope.kind === 'stream' && !recorded(scope.stream)) {
          throw new ApiError(404, 'STREAM_NOT_FOUND', `No stream named ${scope.stream}.`);
        }
        const now = deps.clock.now();
        deps.log.info(`export ${JSON.stringify(scope)} by ${c.get('user')?.id ?? '?'}`);
        return new Response(ndjsonBody(exportNdjson(deps.store, scope, now, deps.transparency.key)), {
          headers: {
            'Content-Type': 'application/x-ndjson; charset=utf-8',
            'Content-Disposition': `attachment; filename="${exportFileName(scope, now)}"`,
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
          },
        });
      },
    );
};
