import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../engine/canonicalJson.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { testMetadata } from '../helpers/events.ts';
import { LEAF_VERSION, leafBytes } from '../../projections/merkle.ts';

/** The leaf's bytes as docs/log-format.md §3 defines them: the canonical JSON of its fields. */
const byDefinition = (stream: string, revision: number, id: string, type: string, hash: string | undefined) =>
  new TextEncoder().encode(canonicalJson({ v: LEAF_VERSION, stream, revision, id, type, hash: hash ?? null }));

describe('leaf bytes', () => {
  it('are the canonical JSON of the leaf, whatever the stream, id, type and hash hold', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.nat(),
        fc.string({ unit: 'binary' }),
        fc.string({ unit: 'grapheme' }),
        fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
        (stream, revision, id, type, hash) => {
          // An event from before the hash chain has no hash: its leaf says null.
          const metadata = { ...testMetadata(), prevHash: '', hash } as RecordedEvent['metadata'];
          const event = { streamName: stream, revision, id, type, metadata };
          expect(leafBytes(event)).toEqual(byDefinition(stream, revision, id, type, hash));
        },
      ),
    );
  });

  it('refuse what canonical JSON refuses', () => {
    const metadata = { ...testMetadata(), prevHash: '', hash: 'h' };
    const event = { streamName: 'room-A', revision: Number.NaN, id: 'e1', type: 'BidPlaced', metadata };
    expect(() => leafBytes(event)).toThrow(/cannot be stored as canonical JSON/);
  });
});
