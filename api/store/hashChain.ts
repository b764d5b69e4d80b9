import { createHash } from 'node:crypto';
import { canonicalJson } from '../../engine/canonicalJson.ts';
import type { ChainFields, EventMetadata, NewEvent } from '../../engine/eventStore.ts';

/** prevHash of a stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * The rule new events are hashed under (docs/log-format.md §2). Version 1 events (no
 * `metadata.hashVersion`) keep verifying under version 1.
 */
export const HASH_VERSION = 2;

/**
 * Fields that hold a credential's hash (a password's scrypt hash, a session, reset-link, one-time
 * code or email-proof token's hash). Under version 2 the event hash covers only a commitment to
 * each, so an export can withhold them and still be checked end to end.
 */
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'passwordHash',
  'sessionHash',
  'keepSessionHash',
  'codeHash',
  'tokenHash',
  'proofHash',
]);

/** Version 1 event types that carry a credential's hash: exported with it withheld, so their hash cannot be recomputed offline. */
export const V1_SECRET_TYPES: ReadonlySet<string> = new Set([
  'UserRegistered',
  'SessionStarted',
  'SessionEnded',
  'PasswordChanged',
  'PasswordResetRequested',
  'OtpIssued',
  'OtpVerified',
  'EmailClaimed',
]);

/** What an export holds in place of a secret field's value. */
export interface Withheld {
  withheld: string;
}

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** `sha256:` + hex SHA-256 of the canonical JSON of a secret field's value. */
export const commitSecret = (value: unknown): string => `sha256:${sha256Hex(canonicalJson(value))}`;

const isWithheld = (value: unknown): value is Withheld =>
  !!value &&
  typeof value === 'object' &&
  Object.keys(value).length === 1 &&
  typeof (value as Withheld).withheld === 'string';

/**
 * Walks `data`, giving every non-null secret field (at any depth) to `replace`; other values are
 * copied as they are.
 */
const mapSecrets = (data: unknown, replace: (value: unknown, path: string) => unknown, path = '$.data'): unknown => {
  if (Array.isArray(data)) return data.map((v, i) => mapSecrets(v, replace, `${path}[${i}]`));
  if (!data || typeof data !== 'object') return data;
  // Only plain objects are walked: anything else reaches canonicalJson as it is, to be refused there.
  const proto = Object.getPrototypeOf(data) as unknown;
  if (proto !== Object.prototype && proto !== null) return data;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    out[k] =
      SECRET_FIELDS.has(k) && v !== null && v !== undefined
        ? replace(v, `${path}.${k}`)
        : mapSecrets(v, replace, `${path}.${k}`);
  }
  return out;
};

/** The data as version 2 hashes it: each secret field's value replaced by its commitment (a withheld value is its commitment). */
export const committedData = (data: unknown): unknown =>
  mapSecrets(data, (v) => (isWithheld(v) ? v.withheld : commitSecret(v)));

/** The data as exports carry it: each secret field replaced by `{ "withheld": commitment }`, and the paths withheld. */
export const withholdSecrets = (data: unknown): { data: unknown; withheld: string[] } => {
  const withheld: string[] = [];
  const out = mapSecrets(data, (v, path) => {
    withheld.push(path);
    return isWithheld(v) ? v : { withheld: commitSecret(v) };
  });
  return { data: out, withheld };
};

/** True when `data` holds a withheld secret (an export's redacted value). */
export const hasWithheld = (data: unknown): boolean => {
  let found = false;
  mapSecrets(data, (v) => {
    if (isWithheld(v)) found = true;
    return v;
  });
  return found;
};

type ChainMetadata = EventMetadata & { prevHash: string; hash?: string };

/** Version 1: sha256(prevHash ‖ type ‖ canonical JSON of { data, metadata without hash }). */
export const eventHashV1 = (type: string, data: unknown, metadata: ChainMetadata): string => {
  const { hash: _ignored, ...rest } = metadata;
  return createHash('sha256')
    .update(metadata.prevHash)
    .update(type)
    .update(canonicalJson({ data, metadata: rest }))
    .digest('hex');
};

/** Where an event sits: part of what version 2 hashes. */
export interface EventPlace {
  stream: string;
  revision: number;
  id: string;
}

/**
 * Version 2: sha256 of the canonical JSON of
 * { v: 2, stream, revision, id, type, data with secrets committed, metadata without hash }.
 */
export const eventHashV2 = (place: EventPlace, type: string, data: unknown, metadata: ChainMetadata): string => {
  const { hash: _ignored, ...rest } = metadata;
  return sha256Hex(
    canonicalJson({
      v: 2,
      stream: place.stream,
      revision: place.revision,
      id: place.id,
      type,
      data: committedData(data),
      metadata: rest,
    }),
  );
};

/** The hash of an event under the rule its metadata names. */
export const eventHash = (place: EventPlace, type: string, data: unknown, metadata: ChainMetadata): string =>
  metadata.hashVersion === 2 ? eventHashV2(place, type, data, metadata) : eventHashV1(type, data, metadata);

export interface SealedEvent extends NewEvent {
  metadata: EventMetadata & ChainFields;
}

/**
 * Links events onto the end of `stream`, whose last event is at `lastRevision` (-1 for none) with
 * hash `lastHash` (or none), under the current hash version.
 */
export const sealEvents = (
  stream: string,
  lastRevision: number,
  lastHash: string | null,
  events: readonly NewEvent[],
): SealedEvent[] => {
  let prevHash = lastHash ?? GENESIS_HASH;
  let revision = lastRevision;
  return events.map((event) => {
    const { prevHash: _p, hash: _h, ...meta } = event.metadata as EventMetadata & Partial<ChainFields>;
    const linked = { ...meta, hashVersion: HASH_VERSION, prevHash } as ChainMetadata;
    revision++;
    const hash = eventHashV2({ stream, revision, id: event.id }, event.type, event.data, linked);
    prevHash = hash;
    return { ...event, metadata: { ...linked, hash } };
  });
};

export interface ChainedEvent {
  id: string;
  streamName: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata & Partial<ChainFields>;
}

/**
 * One stream's chain, fed in revision order. On a broken link it tells apart an event changed and
 * given a fresh hash (the next one still points to its old hash) from one inserted (the next one
 * points past it), and blames the event that was actually changed.
 */
export const createChainChecker = () => {
  let prev = GENESIS_HASH;
  let beforePrev = GENESIS_HASH;
  let next = 0;
  return {
    get next() {
      return next;
    },
    get lastHash() {
      return prev;
    },
    /** null when the event links and hashes correctly; otherwise the reason and whether to blame the previous event. */
    check(event: ChainedEvent): { reason: string; blamePrevious: boolean } | null {
      if (event.revision !== next) {
        return {
          blamePrevious: false,
          reason:
            event.revision > next
              ? `found revision ${event.revision} where revision ${next} should be: an event was removed or moved`
              : `revision ${event.revision} again or out of order (expected ${next}): events were reordered or duplicated`,
        };
      }
      const { prevHash, hash } = event.metadata;
      if (typeof prevHash !== 'string' || typeof hash !== 'string')
        return { blamePrevious: false, reason: 'no hash chain in metadata' };
      // The event's own hash first: under version 2 it binds the stream, revision and id, so an
      // event moved, renamed or re-numbered is named itself.
      const metadata: ChainMetadata = { ...event.metadata, prevHash };
      if (metadata.hashVersion !== undefined && metadata.hashVersion !== HASH_VERSION)
        return {
          blamePrevious: false,
          reason: `hash version ${JSON.stringify(metadata.hashVersion)} is not one this verifier knows`,
        };
      const skip = metadata.hashVersion !== 2 && V1_SECRET_TYPES.has(event.type) && hasWithheld(event.data);
      if (!skip) {
        const recomputed = eventHash(
          { stream: event.streamName, revision: event.revision, id: event.id },
          event.type,
          event.data,
          metadata,
        );
        if (recomputed !== hash)
          return {
            blamePrevious: false,
            reason:
              metadata.hashVersion === 2
                ? 'its content, stream name, revision or id does not match its hash (altered, renamed or re-numbered)'
                : 'content does not match its hash (altered)',
          };
      }
      if (prevHash !== prev) {
        if (next === 0) return { blamePrevious: false, reason: 'the first event does not start from the genesis hash' };
        if (next >= 2 && prevHash === beforePrev)
          return { blamePrevious: true, reason: 'inserted: the event after it points to the event before it' };
        return {
          blamePrevious: true,
          reason:
            'changed and given a new hash: the event after it, itself intact, still points to an earlier hash (or the two were reordered)',
        };
      }
      beforePrev = prev;
      prev = hash;
      next++;
      return null;
    },
  };
};

export type ChainVerdict =
  | { ok: true; events: number; lastHash: string }
  | { ok: false; events: number; badRevision: number; badEventId: string; reason: string };

/**
 * Checks a stream's events in revision order: revisions without gaps from 0,
 * each prevHash equal to the previous hash, each hash recomputed from the content.
 */
export const verifyChain = (events: Iterable<ChainedEvent>): ChainVerdict => {
  const chain = createChainChecker();
  let count = 0;
  let previous: ChainedEvent | null = null;
  for (const event of events) {
    count++;
    const bad = chain.check(event);
    if (bad) {
      const culprit = bad.blamePrevious && previous ? previous : event;
      return { ok: false, events: count, badRevision: culprit.revision, badEventId: culprit.id, reason: bad.reason };
    }
    previous = event;
  }
  return { ok: true, events: count, lastHash: chain.lastHash };
};
