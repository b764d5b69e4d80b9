import { createHash } from 'node:crypto';
import { canonicalJson } from '../../engine/canonicalJson.ts';
import type { ChainFields, EventMetadata, NewEvent } from '../../engine/eventStore.ts';

/** prevHash of a stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** hash = sha256(prevHash ‖ type ‖ canonical JSON of { data, metadata without hash }). */
export const eventHash = (type: string, data: unknown, metadata: EventMetadata & { prevHash: string }): string => {
  const { hash: _ignored, ...rest } = metadata as EventMetadata & { prevHash: string; hash?: string };
  return createHash('sha256')
    .update(metadata.prevHash)
    .update(type)
    .update(canonicalJson({ data, metadata: rest }))
    .digest('hex');
};

export interface SealedEvent extends NewEvent {
  metadata: EventMetadata & ChainFields;
}

/** Links events onto the end of a stream whose last hash is `lastHash` (or none). */
export const sealEvents = (lastHash: string | null, events: readonly NewEvent[]): SealedEvent[] => {
  let prevHash = lastHash ?? GENESIS_HASH;
  return events.map((event) => {
    const { prevHash: _p, hash: _h, ...meta } = event.metadata as EventMetadata & Partial<ChainFields>;
    const linked = { ...meta, prevHash } as EventMetadata & { prevHash: string };
    const hash = eventHash(event.type, event.data, linked);
    prevHash = hash;
    return { ...event, metadata: { ...linked, hash } };
  });
};

export interface ChainedEvent {
  id: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: EventMetadata & Partial<ChainFields>;
}

export type ChainVerdict =
  | { ok: true; events: number; lastHash: string }
  | { ok: false; events: number; badRevision: number; badEventId: string; reason: string };

/**
 * Checks a stream's events in revision order: revisions without gaps from 0,
 * each prevHash equal to the previous hash, each hash recomputed from the content.
 */
export const verifyChain = (events: Iterable<ChainedEvent>): ChainVerdict => {
  let prev = GENESIS_HASH;
  let expectedRevision = 0;
  let count = 0;
  for (const event of events) {
    count++;
    const fail = (reason: string): ChainVerdict => ({
      ok: false,
      events: count,
      badRevision: event.revision,
      badEventId: event.id,
      reason,
    });
    if (event.revision !== expectedRevision) {
      return fail(
        event.revision > expectedRevision
          ? `event(s) missing before revision ${event.revision} (expected ${expectedRevision})`
          : `revision ${event.revision} out of order (expected ${expectedRevision})`,
      );
    }
    const { prevHash, hash } = event.metadata;
    if (typeof prevHash !== 'string' || typeof hash !== 'string') return fail('no hash chain in metadata');
    if (prevHash !== prev) return fail('prevHash does not match the previous event (removed, reordered or altered)');
    const recomputed = eventHash(event.type, event.data, { ...event.metadata, prevHash });
    if (recomputed !== hash) return fail('content does not match its hash (altered)');
    prev = hash;
    expectedRevision++;
  }
  return { ok: true, events: count, lastHash: prev };
};
