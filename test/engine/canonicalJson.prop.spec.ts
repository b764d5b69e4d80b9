import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, NonCanonicalValueError } from '../../engine/canonicalJson.ts';
import { sealEvents } from '../../api/store/hashChain.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { testMetadata } from '../helpers/events.ts';

describe('canonical JSON', () => {
  it('is the same text for the same value, whatever the key order, and survives a round trip', () => {
    fc.assert(
      // Through JSON once: what a store reads back (fc.jsonValue may hold -0, which JSON writes as 0).
      fc.property(
        fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown),
        (value) => {
          const text = canonicalJson(value);
          const back = JSON.parse(text) as unknown;
          expect(canonicalJson(back)).toBe(text);
          if (back !== null && typeof back === 'object' && !Array.isArray(back)) {
            const reversed = Object.fromEntries(Object.entries(back).reverse());
            expect(canonicalJson(reversed)).toBe(text);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts keys by UTF-16 code units and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], A: { z: 0.5, é: 'ü' }, '\u{1F600}': 2, ﬀ: 3 })).toBe(
      '{"A":{"z":0.5,"é":"ü"},"a":[true,null,"x"],"b":1,"\u{1F600}":2,"ﬀ":3}',
    );
  });

  it('refuses values JSON would change, naming where they are', () => {
    const cases: [unknown, string][] = [
      [{ at: new Date(0) }, '$.at: a Date'],
      [{ n: Number.NaN }, '$.n: the number NaN'],
      [{ list: [1, undefined] }, '$.list[1]: undefined'],
      [{ deep: { x: -0 } }, '$.deep.x: negative zero'],
      [{ big: 10n }, '$.big: a bigint'],
      [{ m: new Map() }, '$.m: a Map'],
    ];
    for (const [value, where] of cases) {
      expect(() => canonicalJson(value)).toThrow(NonCanonicalValueError);
      expect(() => canonicalJson(value)).toThrow(`${where} cannot be stored as canonical JSON`);
    }
    expect(canonicalJson({ dropped: undefined, kept: 1 })).toBe('{"kept":1}');
  });

  it('keeps the store from appending an event it would hash as one thing and store as another', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const event = { id: crypto.randomUUID(), type: 'Noted', data: { at: new Date(0) }, metadata: testMetadata() };
    expect(() => sealEvents('room-X', -1, null, [event])).toThrow(
      '$.data.at: a Date cannot be stored as canonical JSON',
    );
    await expect(store.append('notes-1', [event])).rejects.toThrow(NonCanonicalValueError);
    expect(await store.readStream('notes-1')).toEqual([]);
    await store.close();
  });
});
