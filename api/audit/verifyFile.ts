import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { EventMetadata } from '../../engine/eventStore.ts';
import { eventHash, GENESIS_HASH } from '../store/hashChain.ts';
import type { ExportLine, Manifest } from './ndjson.ts';
import { EXPORT_FORMAT } from './ndjson.ts';

/**
 * Offline check of an export file, line by line: each stream's hash chain (revisions from 0
 * without gaps, each prevHash the previous hash, each hash recomputed from the content), then
 * the manifest's count and last hash for every stream, so a removed last event, a removed
 * stream or a cut-off file is named too.
 */

export interface BadEvent {
  line: number;
  revision: number;
  id: string;
  reason: string;
}

export interface FileStreamVerdict {
  stream: string;
  ok: boolean;
  events: number;
  lastRevision: number;
  lastHash: string;
  bad: BadEvent | null;
  /** What the manifest says about the stream, when it disagrees with the file. */
  manifestProblem: string | null;
}

export interface FileVerdict {
  ok: boolean;
  streams: FileStreamVerdict[];
  /** Problems with the file as a whole (unreadable lines, no manifest, streams only the manifest names). */
  problems: string[];
  manifest: Manifest | null;
}

interface Chain {
  stream: string;
  prev: string;
  next: number;
  events: number;
  lastRevision: number;
  bad: BadEvent | null;
}

const checkEvent = (chain: Chain, e: ExportLine, line: number): void => {
  if (chain.bad) return;
  chain.events++;
  const fail = (reason: string) => {
    chain.bad = { line, revision: e.revision, id: e.id, reason };
  };
  if (e.revision !== chain.next) {
    return fail(
      e.revision > chain.next
        ? `found revision ${e.revision} where revision ${chain.next} should be: an event was removed or moved`
        : `revision ${e.revision} again or out of order (expected ${chain.next}): events were reordered or duplicated`,
    );
  }
  const { prevHash, hash } = e.metadata ?? {};
  if (typeof prevHash !== 'string' || typeof hash !== 'string') return fail('no hash chain in metadata');
  if (prevHash !== chain.prev)
    return fail('prevHash does not match the previous event (removed, reordered or altered)');
  const recomputed = eventHash(e.type, e.data, { ...(e.metadata as EventMetadata), prevHash });
  if (recomputed !== hash) return fail('content does not match its hash (altered)');
  chain.prev = hash;
  chain.next++;
  chain.lastRevision = e.revision;
};

const isEventLine = (v: unknown): v is ExportLine => {
  const o = v as Partial<ExportLine> | null;
  return (
    !!o &&
    typeof o.stream === 'string' &&
    typeof o.id === 'string' &&
    typeof o.type === 'string' &&
    Number.isInteger(o.revision) &&
    typeof o.metadata === 'object'
  );
};

/** Feed it the file's lines in order, then call `finish`. */
export const createFileVerifier = () => {
  const chains = new Map<string, Chain>();
  const problems: string[] = [];
  let manifest: Manifest | null = null;
  let lineNo = 0;
  let eventLines = 0;

  const line = (text: string): void => {
    lineNo++;
    if (text.trim() === '') return;
    if (manifest) {
      if (problems.length < 20) problems.push(`line ${lineNo}: data after the manifest`);
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      if (problems.length < 20) problems.push(`line ${lineNo}: not valid JSON`);
      return;
    }
    const m = (value as { manifest?: Manifest } | null)?.manifest;
    if (m) {
      if (m.format !== EXPORT_FORMAT || typeof m.streams !== 'object') {
        problems.push(`line ${lineNo}: the manifest is not a ${EXPORT_FORMAT} manifest`);
      } else manifest = m;
      return;
    }
    if (!isEventLine(value)) {
      if (problems.length < 20) problems.push(`line ${lineNo}: not an event`);
      return;
    }
    eventLines++;
    let chain = chains.get(value.stream);
    if (!chain) {
      chain = { stream: value.stream, prev: GENESIS_HASH, next: 0, events: 0, lastRevision: -1, bad: null };
      chains.set(value.stream, chain);
    }
    checkEvent(chain, value, lineNo);
  };

  const finish = (): FileVerdict => {
    if (!manifest) problems.push('no manifest line at the end: the file is cut short or was not made by export');
    const listed = manifest?.streams ?? {};
    const streams = [...chains.values()].map((c): FileStreamVerdict => {
      const entry = listed[c.stream];
      let manifestProblem: string | null = null;
      if (manifest && !entry) manifestProblem = 'the manifest does not list this stream';
      else if (entry && !c.bad && (entry.events !== c.events || entry.last_hash !== c.prev)) {
        const missing = entry.events - c.events;
        manifestProblem =
          missing > 0
            ? `the manifest lists ${entry.events} events ending at revision ${entry.last_revision} (hash ${entry.last_hash}); the file holds ${c.events}, ending at revision ${c.lastRevision}: the last ${missing} event(s) were removed`
            : `the manifest lists ${entry.events} events ending in hash ${entry.last_hash}; the file holds ${c.events} ending in hash ${c.prev}`;
      }
      return {
        stream: c.stream,
        ok: !c.bad && !manifestProblem,
        events: c.events,
        lastRevision: c.lastRevision,
        lastHash: c.prev,
        bad: c.bad,
        manifestProblem,
      };
    });
    for (const [stream, entry] of Object.entries(listed)) {
      if (!chains.has(stream)) {
        problems.push(`stream ${stream}: the manifest lists ${entry.events} event(s) but the file holds none`);
      }
    }
    const explained = problems.length > 0 || streams.some((s) => s.manifestProblem);
    if (manifest && !explained && manifest.events !== eventLines) {
      problems.push(`the manifest counts ${manifest.events} events; the file holds ${eventLines}`);
    }
    return { ok: problems.length === 0 && streams.every((s) => s.ok), streams, problems, manifest };
  };

  return { line, finish };
};

/** Verifies an export file on disk, reading it one line at a time. */
export const verifyExportFile = async (path: string): Promise<FileVerdict> => {
  const verifier = createFileVerifier();
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const text of lines) verifier.line(text);
  return verifier.finish();
};

/** Verifies export text held in memory (tests, small uploads). */
export const verifyExportText = (text: string): FileVerdict => {
  const verifier = createFileVerifier();
  for (const l of text.split('\n')) verifier.line(l);
  return verifier.finish();
};
