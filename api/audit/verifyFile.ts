import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { fromBase64, parseVerifierKey, toBase64 } from '../../engine/checkpoint.ts';
import { streamCategory } from '../../engine/eventStore.ts';
import { leafHash, streamingRoot } from '../../engine/merkle.ts';
import type { AuditedEvent } from '../../engine/roomAudit.ts';
import { checkRoomRules } from '../../engine/roomAudit.ts';
import { leafBytes, sha256 } from '../../projections/merkle.ts';
import { createChainChecker, hasWithheld, V1_SECRET_TYPES } from '../store/hashChain.ts';
import { ed25519Verify } from '../transparency/logKey.ts';
import type { ExportLine, Manifest } from './ndjson.ts';
import { EXPORT_FORMAT, manifestSigningBytes, positionsDigest } from './ndjson.ts';

/**
 * Offline check of an export file, line by line, with no server: each stream's hash chain
 * (revisions from 0 without gaps, each prevHash the previous hash, each hash recomputed from the
 * content, its stream name, revision and id), the global order (positions only rise; no id twice),
 * the manifest (its signature, version and scope, each stream's count, revisions, last hash and
 * positions, the Merkle root of a whole-log export), and the rules of every room in the file.
 * Each problem names the first event affected.
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
  /** A room whose history breaks its rules: the first event that does. */
  rulesProblem: BadEvent | null;
  /** Version 1 credential events whose secret was withheld: in the chain, but their content is checked only live. */
  unchecked: number;
}

export type SignatureVerdict =
  | { state: 'valid'; verifierKey: string; pinned: boolean }
  | { state: 'invalid'; reason: string }
  | { state: 'unsigned' };

export interface FileVerdict {
  ok: boolean;
  streams: FileStreamVerdict[];
  /** Problems with the file as a whole (unreadable lines, no manifest, order, scope, signature). */
  problems: string[];
  manifest: Manifest | null;
  signature: SignatureVerdict;
}

export interface VerifyFileOptions {
  /** The deployment's verifier key, from its well-known address or a witness: the manifest must be signed by it. */
  verifierKey?: string;
}

interface Chain {
  stream: string;
  checker: ReturnType<typeof createChainChecker>;
  previous: { line: number; revision: number; id: string } | null;
  events: number;
  firstRevision: number;
  lastRevision: number;
  bad: BadEvent | null;
  positions: ReturnType<typeof positionsDigest>;
  unchecked: number;
  /** Kept for the rule check (rooms only; a room is a few hundred events). */
  room: AuditedEvent[] | null;
  roomLines: number[];
}

const checkEvent = (chain: Chain, e: ExportLine, line: number): void => {
  chain.events++;
  chain.positions.add(e.position);
  chain.lastRevision = e.revision;
  if (chain.events === 1) chain.firstRevision = e.revision;
  if (chain.room) {
    chain.room.push({ id: e.id, revision: e.revision, type: e.type, data: e.data });
    chain.roomLines.push(line);
  }
  if (chain.bad) return;
  const failed = chain.checker.check({ ...e, streamName: e.stream });
  if (failed) {
    const culprit = failed.blamePrevious && chain.previous ? chain.previous : { line, revision: e.revision, id: e.id };
    chain.bad = { ...culprit, reason: failed.reason };
    return;
  }
  if (e.metadata.hashVersion !== 2 && V1_SECRET_TYPES.has(e.type) && hasWithheld(e.data)) chain.unchecked++;
  chain.previous = { line, revision: e.revision, id: e.id };
};

const isEventLine = (v: unknown): v is ExportLine => {
  const o = v as Partial<ExportLine> | null;
  return (
    !!o &&
    typeof o.stream === 'string' &&
    typeof o.id === 'string' &&
    typeof o.type === 'string' &&
    Number.isInteger(o.revision) &&
    Number.isSafeInteger(o.position) &&
    !!o.metadata &&
    typeof o.metadata === 'object'
  );
};

const checkSignature = (manifest: Manifest, options: VerifyFileOptions): SignatureVerdict => {
  if (!manifest.signature) {
    return options.verifierKey
      ? { state: 'invalid', reason: 'the manifest is not signed, so the file cannot be tied to the log key' }
      : { state: 'unsigned' };
  }
  const keyText = options.verifierKey ?? manifest.signature.verifier_key;
  try {
    const key = parseVerifierKey(sha256, keyText);
    const ok = ed25519Verify(manifestSigningBytes(manifest), fromBase64(manifest.signature.ed25519), key.publicKey);
    if (!ok)
      return {
        state: 'invalid',
        reason: options.verifierKey
          ? 'the manifest is not signed by the key you gave: it was changed after export, or made by someone else'
          : 'the manifest’s signature does not hold: the manifest was changed after export',
      };
    return { state: 'valid', verifierKey: keyText, pinned: !!options.verifierKey };
  } catch (error) {
    return { state: 'invalid', reason: `the signature or key cannot be read: ${(error as Error).message}` };
  }
};

/** Feed it the file's lines in order, then call `finish`. */
export const createFileVerifier = (options: VerifyFileOptions = {}) => {
  const chains = new Map<string, Chain>();
  const problems: string[] = [];
  const note = (text: string) => {
    if (problems.length < 20) problems.push(text);
  };
  const ids = new Map<string, number>();
  const tree = streamingRoot(sha256);
  let orderProblem = false;
  let lastPosition = -Infinity;
  let firstPosition: number | null = null;
  let manifest: Manifest | null = null;
  let lineNo = 0;
  let eventLines = 0;

  const line = (text: string): void => {
    lineNo++;
    if (text.trim() === '') return;
    if (manifest) return note(`line ${lineNo}: data after the manifest`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return note(`line ${lineNo}: not valid JSON`);
    }
    const m = (value as { manifest?: Manifest } | null)?.manifest;
    if (m) {
      if (m.format !== EXPORT_FORMAT || typeof m.streams !== 'object' || !m.streams) {
        problems.push(`line ${lineNo}: the manifest is not a ${EXPORT_FORMAT} manifest`);
      } else manifest = m;
      return;
    }
    if (!isEventLine(value)) return note(`line ${lineNo}: not an event`);
    eventLines++;
    const seen = ids.get(value.id);
    if (seen !== undefined) note(`line ${lineNo}: event ${value.id} appears a second time (first at line ${seen})`);
    else ids.set(value.id, lineNo);
    if (value.position <= lastPosition && !orderProblem) {
      orderProblem = true;
      note(
        `line ${lineNo}: event ${value.id} (${value.stream} revision ${value.revision}) has global position ${value.position}, not after the line before it (${lastPosition}): events were moved in the global order or renumbered`,
      );
    }
    lastPosition = Math.max(lastPosition, value.position);
    firstPosition ??= value.position;
    tree.add(leafHash(sha256, leafBytes({ ...value, streamName: value.stream })));
    let chain = chains.get(value.stream);
    if (!chain) {
      chain = {
        stream: value.stream,
        checker: createChainChecker(),
        previous: null,
        events: 0,
        firstRevision: -1,
        lastRevision: -1,
        bad: null,
        positions: positionsDigest(),
        unchecked: 0,
        room: streamCategory(value.stream) === 'room' ? [] : null,
        roomLines: [],
      };
      chains.set(value.stream, chain);
    }
    checkEvent(chain, value, lineNo);
  };

  /** The manifest's own claims about the file as a whole: version, scope, positions, tree. */
  const checkManifest = (m: Manifest) => {
    if (m.version !== 1 && m.version !== 2) {
      problems.push(`the manifest says version ${String(m.version)}, which this verifier does not know`);
      return;
    }
    const scope = m.scope ?? {};
    const kinds = [scope.stream !== undefined, scope.category !== undefined, scope.all === true].filter(Boolean);
    if (kinds.length !== 1) problems.push('the manifest’s scope names no single stream, category or the whole log');
    for (const c of chains.values()) {
      if (scope.stream !== undefined && c.stream !== scope.stream)
        problems.push(`stream ${c.stream} is in a file whose manifest says it holds only ${scope.stream}`);
      if (scope.category !== undefined && streamCategory(c.stream) !== scope.category)
        problems.push(`stream ${c.stream} is in a file whose manifest says it holds only ${scope.category} streams`);
      if (scope.through_revision !== undefined && c.lastRevision > scope.through_revision)
        problems.push(
          `stream ${c.stream} goes on to revision ${c.lastRevision}, past the revision ${scope.through_revision} the manifest says the export stops at`,
        );
    }
    if (m.version === 1) return;
    if (m.first_position !== firstPosition || m.last_position !== (eventLines ? lastPosition : null))
      problems.push(
        `the manifest says the file runs from global position ${m.first_position} to ${m.last_position}; it runs from ${firstPosition} to ${eventLines ? lastPosition : null}`,
      );
    if (scope.all === true) {
      const root = toBase64(tree.root());
      if (!m.tree) problems.push('a whole-log manifest without its Merkle tree');
      else if (m.tree.size !== eventLines || m.tree.root_hash !== root)
        problems.push(
          `the Merkle tree over the file's ${eventLines} events in order has root ${root}; the manifest's tree of ${m.tree.size} has ${m.tree.root_hash}: events were changed, added, removed or reordered in the global order`,
        );
    }
  };

  const finish = (): FileVerdict => {
    if (!manifest) problems.push('no manifest line at the end: the file is cut short or was not made by export');
    const signature = manifest ? checkSignature(manifest, options) : ({ state: 'unsigned' } as const);
    if (signature.state === 'invalid') problems.push(signature.reason);
    if (manifest) checkManifest(manifest);
    const listed = manifest?.streams ?? {};
    const streams = [...chains.values()].map((c): FileStreamVerdict => {
      const entry = listed[c.stream];
      let manifestProblem: string | null = null;
      const lastHash = c.checker.lastHash;
      if (manifest && !entry)
        manifestProblem = 'the manifest does not list this stream (renamed, or added after export)';
      else if (entry && !c.bad) {
        const missing = entry.events - c.events;
        if (entry.events !== c.events || entry.last_hash !== lastHash || entry.last_revision !== c.lastRevision) {
          manifestProblem =
            missing > 0 && entry.last_revision > c.lastRevision
              ? `the manifest lists ${entry.events} events ending at revision ${entry.last_revision} (hash ${entry.last_hash}); the file holds ${c.events}, ending at revision ${c.lastRevision}: the last ${missing} event(s) were removed`
              : `the manifest lists ${entry.events} events ending at revision ${entry.last_revision} in hash ${entry.last_hash}; the file holds ${c.events} ending at revision ${c.lastRevision} in hash ${lastHash}`;
        } else if (entry.first_revision !== undefined && entry.first_revision !== c.firstRevision) {
          manifestProblem = `the manifest says the stream starts at revision ${entry.first_revision}; the file starts at ${c.firstRevision}`;
        } else if (entry.positions_sha256 !== undefined && entry.positions_sha256 !== c.positions.hex()) {
          manifestProblem =
            'the global positions of its events differ from the ones the manifest recorded: an event was moved in the global order or renumbered';
        }
      }
      let rulesProblem: BadEvent | null = null;
      if (c.room && !c.bad && c.firstRevision === 0) {
        const rules = checkRoomRules(c.room);
        if (!rules.ok) {
          rulesProblem = {
            line: c.roomLines[rules.index]!,
            revision: rules.revision,
            id: rules.id,
            reason: `${rules.type} ${rules.reason}`,
          };
        }
      }
      return {
        stream: c.stream,
        ok: !c.bad && !manifestProblem && !rulesProblem,
        events: c.events,
        lastRevision: c.lastRevision,
        lastHash,
        bad: c.bad,
        manifestProblem,
        rulesProblem,
        unchecked: c.unchecked,
      };
    });
    for (const [stream, entry] of Object.entries(listed)) {
      if (!chains.has(stream)) {
        problems.push(`stream ${stream}: the manifest lists ${entry.events} event(s) but the file holds none`);
      }
    }
    if (manifest && manifest.events !== eventLines) {
      problems.push(`the manifest counts ${manifest.events} events; the file holds ${eventLines}`);
    }
    return { ok: problems.length === 0 && streams.every((s) => s.ok), streams, problems, manifest, signature };
  };

  return { line, finish };
};

/** Verifies an export file on disk, reading it one line at a time. */
export const verifyExportFile = async (path: string, options: VerifyFileOptions = {}): Promise<FileVerdict> => {
  const verifier = createFileVerifier(options);
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const text of lines) verifier.line(text);
  return verifier.finish();
};

/** Verifies export text held in memory (tests, small uploads). */
export const verifyExportText = (text: string, options: VerifyFileOptions = {}): FileVerdict => {
  const verifier = createFileVerifier(options);
  for (const l of text.split('\n')) verifier.line(l);
  return verifier.finish();
};
