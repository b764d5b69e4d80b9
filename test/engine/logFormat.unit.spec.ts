import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { committedData, eventHash, sealEvents, verifyChain, withholdSecrets } from '../../api/store/hashChain.ts';
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
  exported_data?: Record<string, unknown>;
  hash: string;
  leaf_text: string;
  leaf_hash: string;
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/events.json', import.meta.url), 'utf8')) as {
  version_1: { events: VectorEvent[] };
  version_2: { events: VectorEvent[] };
};
const events = vectors.version_1.events;
const v2 = vectors.version_2.events;
const place = (e: VectorEvent) => ({ stream: e.stream, revision: e.revision, id: e.id });
const chained = (e: VectorEvent) => ({ ...e, streamName: e.stream });

describe('the log format (docs/log-format.md) against its vectors', () => {
  it('hashes each version 1 event as SHA-256 of prevHash ‖ type ‖ canonical JSON of data and metadata', () => {
    for (const e of events) {
      const { hash: _hash, ...withoutHash } = e.metadata;
      expect(`${e.metadata.prevHash}${e.type}${canonicalJson({ data: e.data, metadata: withoutHash })}`).toBe(
        e.hashed_text,
      );
      expect(hex(sha256(new TextEncoder().encode(e.hashed_text)))).toBe(e.hash);
      expect(eventHash(place(e), e.type, e.data, e.metadata)).toBe(e.hash);
    }
  });

  it('keeps verifying version 1 chains written before version 2', () => {
    expect(events.every((e) => e.metadata.hashVersion === undefined)).toBe(true);
    expect(verifyChain(events.map(chained)).ok).toBe(true);
  });

  it('hashes each version 2 event as SHA-256 of canonical JSON of its place, type, committed data and metadata', () => {
    for (const e of v2) {
      const { hash: _hash, ...withoutHash } = e.metadata;
      const text = canonicalJson({
        v: 2,
        stream: e.stream,
        revision: e.revision,
        id: e.id,
        type: e.type,
        data: committedData(e.data),
        metadata: withoutHash,
      });
      expect(text).toBe(e.hashed_text);
      expect(hex(sha256(new TextEncoder().encode(text)))).toBe(e.hash);
      expect(eventHash(place(e), e.type, e.data, e.metadata)).toBe(e.hash);
    }
  });

  it('seals the same version 2 chains again, and they verify from the full data and from the export with credentials withheld', () => {
    for (const stream of new Set(v2.map((e) => e.stream))) {
      const mine = v2.filter((e) => e.stream === stream);
      const sealed = sealEvents(
        stream,
        -1,
        null,
        mine.map((e) => {
          const { hash: _hash, prevHash: _prev, hashVersion: _v, ...metadata } = e.metadata;
          return { id: e.id, type: e.type, data: e.data, metadata };
        }),
      );
      expect(sealed.map((e) => e.metadata.hash)).toEqual(mine.map((e) => e.hash));
      expect(verifyChain(mine.map(chained))).toMatchObject({ ok: true, events: mine.length });
      const exported = mine.map((e) => ({ ...chained(e), data: e.exported_data! }));
      expect(exported.map((e) => e.data)).toEqual(mine.map((e) => withholdSecrets(e.data).data));
      expect(verifyChain(exported)).toMatchObject({ ok: true, events: mine.length });
    }
    const password = v2.find((e) => e.type === 'PasswordChanged')!;
    expect(JSON.stringify(password.exported_data)).not.toContain(password.data.passwordHash as string);
  });

  it('binds the stream name, revision and id into a version 2 hash', () => {
    const room = v2.filter((e) => e.stream === 'room-VEC001').map(chained);
    expect(verifyChain(room.map((e) => ({ ...e, streamName: 'room-VEC002' })))).toMatchObject({
      ok: false,
      badRevision: 0,
    });
    expect(verifyChain(room.map((e, i) => (i === 1 ? { ...e, id: 'another-id' } : e)))).toMatchObject({
      ok: false,
      badEventId: 'another-id',
    });
  });

  it('makes each event a Merkle leaf of its stream, revision, id, type and hash', () => {
    for (const e of [...events, ...v2]) {
      const bytes = leafBytes({ ...e, streamName: e.stream });
      expect(new TextDecoder().decode(bytes)).toBe(e.leaf_text);
      expect(hex(leafHash(sha256, bytes))).toBe(e.leaf_hash);
    }
  });
});
