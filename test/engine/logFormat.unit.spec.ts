import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventHash, sealEvents, verifyChain } from '../../api/store/hashChain.ts';
import { canonicalJson } from '../../engine/canonicalJson.ts';
import type { EventMetadata } from '../../engine/eventStore.ts';
import { leafHash } from '../../engine/merkle.ts';
import { leafBytes } from '../../projections/merkle.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

interface VectorEvent {
  stream: string;
  revision: number;
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata & { prevHash: string; hash: string };
  hashed_text: string;
  hash: string;
  leaf_text: string;
  leaf_hash: string;
}
const { events } = JSON.parse(readFileSync(new URL('../vectors/events.json', import.meta.url), 'utf8')) as {
  events: VectorEvent[];
};

describe('the log format (docs/log-format.md) against its vectors', () => {
  it('hashes each event as SHA-256 of prevHash ‖ type ‖ canonical JSON of data and metadata', () => {
    for (const e of events) {
      const { hash: _hash, ...withoutHash } = e.metadata;
      expect(`${e.metadata.prevHash}${e.type}${canonicalJson({ data: e.data, metadata: withoutHash })}`).toBe(
        e.hashed_text,
      );
      expect(hex(sha256(new TextEncoder().encode(e.hashed_text)))).toBe(e.hash);
      expect(eventHash(e.type, e.data, e.metadata)).toBe(e.hash);
    }
  });

  it('seals the same chain again, and the chain verifies', () => {
    const { hash: _h, prevHash: _p, ...first } = events[0]!.metadata;
    const sealed = sealEvents(
      null,
      events.map((e) => {
        const { hash: _hash, prevHash: _prev, ...metadata } = e.metadata;
        return { id: e.id, type: e.type, data: e.data, metadata: metadata };
      }),
    );
    expect(first.schema).toBe(1);
    expect(sealed.map((e) => e.metadata.hash)).toEqual(events.map((e) => e.hash));
    expect(verifyChain(events).ok).toBe(true);
  });

  it('makes each event a Merkle leaf of its stream, revision, id, type and hash', () => {
    for (const e of events) {
      const bytes = leafBytes({ ...e, streamName: e.stream });
      expect(new TextDecoder().decode(bytes)).toBe(e.leaf_text);
      expect(hex(leafHash(sha256, bytes))).toBe(e.leaf_hash);
    }
  });
});
