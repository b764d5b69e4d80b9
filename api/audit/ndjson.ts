import { createHash } from 'node:crypto';
import { canonicalJson } from '../../engine/canonicalJson.ts';
import { toBase64 } from '../../engine/checkpoint.ts';
import type { EventStore, RecordedEvent } from '../../engine/eventStore.ts';
import { streamCategory } from '../../engine/eventStore.ts';
import { leafHash, streamingRoot } from '../../engine/merkle.ts';
import { leafBytes, sha256 } from '../../projections/merkle.ts';
import { withholdSecrets } from '../store/hashChain.ts';
import type { LogKey } from '../transparency/logKey.ts';

/**
 * The export file (docs/log-format.md §8): one event per line (`{ stream, revision, position, id,
 * type, data, metadata }`, as stored, hash chain included, with every credential's hash withheld
 * behind its commitment), then one manifest line: the count, revisions, last hash and a digest of
 * the global positions of every stream, the Merkle root of a whole-log export, all signed with
 * the log key. Written and read one line at a time, so memory stays flat however long the log is.
 */

export const EXPORT_FORMAT = 'vetri-deals-export';
export const EXPORT_VERSION = 2;
/** What the manifest signature covers: this line, then the canonical JSON of the manifest without `signature`. */
export const MANIFEST_SIGNING_CONTEXT = 'vetri-deals export manifest v2\n';

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
  /** Version 2. */
  first_revision?: number;
  last_revision: number;
  last_hash: string;
  /** Version 2: hex SHA-256 of the stream's global positions in file order, as decimal text each followed by a newline. */
  positions_sha256?: string;
}

export interface Manifest {
  format: typeof EXPORT_FORMAT;
  version: 1 | 2;
  exported_at: string;
  scope: { stream?: string; category?: string; all?: true; through_revision?: number };
  events: number;
  /** Version 2: the first and last global position in the file (null when it holds no event). */
  first_position?: number | null;
  last_position?: number | null;
  streams: Record<string, ManifestEntry>;
  /** Version 2, whole-log exports: the Merkle tree over every event in the file, in order (docs/log-format.md §3-4). */
  tree?: { size: number; root_hash: string };
  /** Version 2: Ed25519 over MANIFEST_SIGNING_CONTEXT ‖ canonical JSON of the manifest without this field. */
  signature?: { verifier_key: string; ed25519: string };
}

/** The bytes the manifest signature covers. */
export const manifestSigningBytes = (manifest: Manifest): Uint8Array => {
  const { signature: _signature, ...rest } = manifest;
  return new TextEncoder().encode(MANIFEST_SIGNING_CONTEXT + canonicalJson(rest));
};

/** Keeps a stream's positions digest as its lines go by. */
export const positionsDigest = () => {
  const hash = createHash('sha256');
  return { add: (position: number) => hash.update(`${position}\n`), hex: () => hash.digest('hex') };
};

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

/** An event as an export line: credentials' hashes withheld behind their commitments. */
export const toExportLine = (e: RecordedEvent): ExportLine => ({
  stream: e.streamName,
  revision: e.revision,
  position: e.position,
  id: e.id,
  type: e.type,
  data: withholdSecrets(e.data).data,
  metadata: e.metadata,
});

const scopeOf = (scope: ExportScope): Manifest['scope'] =>
  scope.kind === 'stream'
    ? { stream: scope.stream, ...(scope.through === undefined ? {} : { through_revision: scope.through }) }
    : scope.kind === 'category'
      ? { category: scope.category }
      : { all: true };

/** NDJSON lines (each ending in a newline): the events, then the manifest, signed with `key` when given. */
export async function* exportNdjson(
  store: EventStore,
  scope: ExportScope,
  now: number,
  key?: Pick<LogKey, 'verifierKey' | 'sign'>,
): AsyncGenerator<string> {
  const streams: Record<string, ManifestEntry> = {};
  const digests = new Map<string, ReturnType<typeof positionsDigest>>();
  const tree = scope.kind === 'all' ? streamingRoot(sha256) : null;
  let events = 0;
  let first: number | null = null;
  let last: number | null = null;
  for await (const event of scopeEvents(store, scope)) {
    const entry = (streams[event.streamName] ??= {
      events: 0,
      first_revision: event.revision,
      last_revision: -1,
      last_hash: '',
    });
    entry.events++;
    entry.last_revision = event.revision;
    entry.last_hash = event.metadata.hash;
    let digest = digests.get(event.streamName);
    if (!digest) digests.set(event.streamName, (digest = positionsDigest()));
    digest.add(event.position);
    tree?.add(leafHash(sha256, leafBytes(event)));
    first ??= event.position;
    last = event.position;
    events++;
    yield `${JSON.stringify(toExportLine(event))}\n`;
  }
  for (const [stream, digest] of digests) streams[stream]!.positions_sha256 = digest.hex();
  const manifest: Manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date(now).toISOString(),
    scope: scopeOf(scope),
    events,
    first_position: first,
    last_position: last,
    streams,
    ...(tree ? { tree: { size: events, root_hash: toBase64(tree.root()) } } : {}),
  };
  if (key) {
    manifest.signature = { verifier_key: key.verifierKey, ed25519: toBase64(key.sign(manifestSigningBytes(manifest))) };
  }
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
