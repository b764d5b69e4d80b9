import { describe, expect, it } from 'vitest';
import { sealEvents } from '../../api/store/hashChain.ts';
import type { KeptHead } from '../../api/transparency/logCheck.ts';
import { checkLogAgainstHeads } from '../../api/transparency/logCheck.ts';
import type { EventStore, RecordedEvent } from '../../engine/eventStore.ts';
import { leafHash, streamingRoot } from '../../engine/merkle.ts';
import { leafBytes, sha256 } from '../../projections/merkle.ts';

/** A log of 12 events over three streams, and heads signed at sizes 4, 8 and 12. */
const logOf = (): RecordedEvent[] => {
  const out: RecordedEvent[] = [];
  for (let i = 0; i < 12; i++) {
    const stream = `room-L${i % 3}`;
    const revision = Math.floor(i / 3);
    const prev = out.filter((e) => e.streamName === stream).at(-1);
    const [sealed] = sealEvents(stream, revision - 1, prev?.metadata.hash ?? null, [
      {
        id: `e${i}`,
        type: 'Noted',
        data: { i },
        metadata: { at: new Date(0).toISOString(), actor: 'system', correlationId: 'c', causationId: null, schema: 1 },
      },
    ]);
    out.push({ ...sealed!, streamName: stream, revision, position: (i + 1) * 10 });
  }
  return out;
};
const headsOf = (events: readonly RecordedEvent[], sizes: number[]): KeptHead[] => {
  const tree = streamingRoot(sha256);
  const heads: KeptHead[] = [];
  events.forEach((e, i) => {
    tree.add(leafHash(sha256, leafBytes(e)));
    if (sizes.includes(i + 1)) heads.push({ size: i + 1, root: tree.root(), time: Date.UTC(2026, 10, 24, 9, 0, i) });
  });
  return heads;
};
const storeOf = (events: readonly RecordedEvent[]) =>
  ({
    readAll: ({ after = 0, limit = 1000 }: { after?: number; limit?: number } = {}) =>
      Promise.resolve(events.filter((e) => e.position > after).slice(0, limit)),
  }) as unknown as EventStore;

describe('the whole log against the heads it signed (npm run verify, live)', () => {
  const log = logOf();
  const heads = headsOf(log, [4, 8, 12]);

  it('holds for the log as signed, and for a log that grew after', async () => {
    expect(await checkLogAgainstHeads(storeOf(log), heads)).toMatchObject({ ok: true, heads: 3 });
    expect(await checkLogAgainstHeads(storeOf(log), heads.slice(0, 2))).toMatchObject({ ok: true, heads: 2 });
  });

  it('names the stretch between heads where an event was rewritten with a fresh hash, and its first event', async () => {
    const changed = log.map((e) => (e.id === 'e6' ? { ...e, metadata: { ...e.metadata, hash: 'f'.repeat(64) } } : e));
    expect(await checkLogAgainstHeads(storeOf(changed), heads)).toMatchObject({
      ok: false,
      from: 4,
      to: 8,
      first: { id: 'e4', stream: 'room-L1', revision: 1 },
    });
  });

  it('names the exact event when the leaves signed under the heads are kept', async () => {
    const kept = log.map((e) => leafHash(sha256, leafBytes(e)));
    const changed = log.map((e) => (e.id === 'e6' ? { ...e, metadata: { ...e.metadata, hash: 'f'.repeat(64) } } : e));
    const verdict = await checkLogAgainstHeads(storeOf(changed), heads, (i) => kept[i] ?? null);
    expect(verdict).toMatchObject({ ok: false, first: { id: 'e6', stream: 'room-L0', revision: 2 } });
    if (!verdict.ok) expect(verdict.reason).toMatch(/^event 7 of the log is not the one signed there/);
    // An event removed from the middle: the one that now sits in its place is named.
    const removed = log.filter((e) => e.id !== 'e5');
    expect(await checkLogAgainstHeads(storeOf(removed), heads, (i) => kept[i] ?? null)).toMatchObject({
      ok: false,
      first: { id: 'e6' },
    });
  });

  it('says events were removed when the log is shorter than a signed head', async () => {
    const verdict = await checkLogAgainstHeads(storeOf(log.slice(0, 10)), heads);
    expect(verdict).toMatchObject({ ok: false, from: 8, to: 12 });
    if (!verdict.ok)
      expect(verdict.reason).toMatch(/holds 10 events, fewer than the 12 signed at .*: events were removed/);
  });

  it('catches two events that traded places in the global order', async () => {
    const swapped = [...log];
    [swapped[9], swapped[10]] = [
      { ...log[10]!, position: log[9]!.position },
      { ...log[9]!, position: log[10]!.position },
    ];
    expect(await checkLogAgainstHeads(storeOf(swapped), heads)).toMatchObject({ ok: false, from: 8, to: 12 });
  });
});
