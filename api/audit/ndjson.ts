import type { EventStore, RecordedEvent } from '../../engine/eventStore.ts';
import { streamCategory } from '../../engine/eventStore.ts';

/**
 * The export file: one event per line (`{ stream, revision, position, id, type, data, metadata }`,
 * exactly as stored, hash chain included), then one manifest line with the count and last hash of
 * every stream in the file. Written and read one line at a time, so memory stays flat however long
 * the log is (only one small entry per stream is kept for the manifest).
 */

export const EXPORT_FORMAT = 'vetri-deals-export';

export type ExportScope =
  | {
      kind: 'stream';
      stream: string;
      /** Last revision to include (a member's history stops at the end of the deal). */ through?: number;
    }
  | { kind: 'category'; category: string }
  | { kind: 'all' };

export interface ManifestEntry {
  events: number;
  last_revision: number;
  last_hash: string;
}

export interface Manifest {
  format: typeof EXPORT_FORMAT;
  version: 1;
  exported_at: string;
  scope: { stream?: string; category?: string; all?: true; through_revision?: number };
  events: number;
  streams: Record<string, ManifestEntry>;
}

export interface ExportLine {
  stream: string;
  revision: number;
  position: number;
  id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

const PAGE = 500;

/** The events of a scope, page by page: a stream in revision order, a category or the log in global order. */
export async function* scopeEvents(store: EventStore, scope: ExportScope): AsyncGenerator<RecordedEvent> {
  if (scope.kind === 'stream') {
    for (let from = 0; ;) {
      const page = await store.readStream(scope.stream, { from, limit: PAGE });
      for (const event of page) {
        if (scope.through !== undefined && event.revision > scope.through) return;
        yield event;
      }
      if (page.length < PAGE) return;
      from = page[page.length - 1]!.revision + 1;
    }
  }
  for (let after = 0; ;) {
    const page = await store.readAll({ after, limit: PAGE });
    if (page.length === 0) return;
    for (const event of page) {
      if (scope.kind === 'all' || streamCategory(event.streamName) === scope.category) yield event;
    }
    after = page[page.length - 1]!.position;
  }
}

export const toExportLine = (e: RecordedEvent): ExportLine => ({
  stream: e.streamName,
  revision: e.revision,
  position: e.position,
  id: e.id,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
});

const scopeOf = (scope: ExportScope): Manifest['scope'] =>
  scope.kind === 'stream'
    ? { stream: scope.stream, ...(scope.through === undefined ? {} : { through_revision: scope.through }) }
    : scope.kind === 'category'
      ? { category: scope.category }
      : { all: true };

/** NDJSON lines (each ending in a newline): the events, then the manifest. */
export async function* exportNdjson(store: EventStore, scope: ExportScope, now: number): AsyncGenerator<string> {
  const streams: Record<string, ManifestEntry> = {};
  let events = 0;
  for await (const event of scopeEvents(store, scope)) {
    const entry = (streams[event.streamName] ??= { events: 0, last_revision: -1, last_hash: '' });
    entry.events++;
    entry.last_revision = event.revision;
    entry.last_hash = event.metadata.hash;
    events++;
    yield `${JSON.stringify(toExportLine(event))}\n`;
  }
  const manifest: Manifest = {
    format: EXPORT_FORMAT,
    version: 1,
    exported_at: new Date(now).toISOString(),
    scope: scopeOf(scope),
    events,
    streams,
  };
  yield `${JSON.stringify({ manifest })}\n`;
}

/** A file name that says what the export holds. */
export const exportFileName = (scope: ExportScope, now: number): string => {
  const day = new Date(now).toISOString().slice(0, 10);
  if (scope.kind === 'stream') return `${scope.stream.replace(/[^A-Za-z0-9_.-]/g, '_')}.ndjson`;
  if (scope.kind === 'category') return `${scope.category.replace(/[^A-Za-z0-9_.-]/g, '_')}-streams-${day}.ndjson`;
  return `vetri-deals-log-${day}.ndjson`;
};

/** A web ReadableStream that pulls one line at a time from the generator (backpressure, flat memory). */
export const ndjsonBody = (lines: AsyncGenerator<string>): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await lines.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await lines.return(undefined);
      },
    },
    { highWaterMark: 16 },
  );
};
