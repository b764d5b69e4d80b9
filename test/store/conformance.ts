import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '../../engine/eventStore.ts';
import { WrongExpectedRevisionError } from '../../engine/eventStore.ts';
import { GENESIS_HASH, sealEvents, verifyChain } from '../../api/store/hashChain.ts';
import { leafHash, streamingRoot } from '../../engine/merkle.ts';
import { leafBytes, sha256 } from '../../projections/merkle.ts';
import { testEvent, testMetadata, uniqueStream, waitUntil } from '../helpers/events.ts';

/**
 * The one conformance suite every event store adapter must pass.
 * Streams get unique names, so it can run against a shared server.
 */
export const eventStoreConformance = (open: () => Promise<EventStore>) => {
  let store: EventStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store.close();
  });

  describe('append and read a stream', () => {
    it('appends to a new stream and reads the events back in order with revisions from 0', async () => {
      const stream = uniqueStream();
      const result = await store.append(stream, [testEvent('A', { n: 1 }), testEvent('B', { n: 2 })], {
        expectedRevision: 'no_stream',
      });
      expect(result.nextRevision).toBe(1);
      const events = await store.readStream(stream);
      expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
      ]);
      expect(events.every((e) => e.streamName === stream)).toBe(true);
      expect(events[1]!.position).toBe(result.position);
      expect(events[0]!.position).toBeLessThan(events[1]!.position);
    });

    it('keeps data and metadata as given', async () => {
      const stream = uniqueStream();
      const event = testEvent('Typed', { text: 'வணக்கம் ₹', amount: 12345, nested: { list: [1, 'two', null] } });
      await store.append(stream, [event]);
      const [read] = await store.readStream(stream);
      expect(read!.id).toBe(event.id);
      expect(read!.data).toEqual(event.data);
      expect(read!.metadata).toMatchObject(event.metadata);
    });

    it('returns no events for a stream that does not exist', async () => {
      expect(await store.readStream(uniqueStream())).toEqual([]);
    });

    it('reads backwards, from a revision, and with a limit', async () => {
      const stream = uniqueStream();
      await store.append(
        stream,
        ['E0', 'E1', 'E2', 'E3', 'E4'].map((t) => testEvent(t)),
      );
      const back = await store.readStream(stream, { direction: 'backwards', limit: 2 });
      expect(back.map((e) => e.type)).toEqual(['E4', 'E3']);
      const fromTwo = await store.readStream(stream, { from: 2, limit: 2 });
      expect(fromTwo.map((e) => e.revision)).toEqual([2, 3]);
      const backFromOne = await store.readStream(stream, { direction: 'backwards', from: 1 });
      expect(backFromOne.map((e) => e.revision)).toEqual([1, 0]);
    });
  });

  describe('optimistic concurrency', () => {
    it('refuses no_stream when the stream exists, with a typed error naming the actual revision', async () => {
      const stream = uniqueStream();
      await store.append(stream, [testEvent('A')], { expectedRevision: 'no_stream' });
      const error = await store
        .append(stream, [testEvent('B')], { expectedRevision: 'no_stream' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect((error as WrongExpectedRevisionError).actual).toBe(0);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('appends at the exact expected revision and refuses a stale one', async () => {
      const stream = uniqueStream();
      await store.append(stream, [testEvent('A'), testEvent('B')]);
      await expect(store.append(stream, [testEvent('C')], { expectedRevision: 1 })).resolves.toMatchObject({
        nextRevision: 2,
      });
      await expect(store.append(stream, [testEvent('D')], { expectedRevision: 1 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('refuses stream_exists and an exact revision on a missing stream', async () => {
      await expect(
        store.append(uniqueStream(), [testEvent('A')], { expectedRevision: 'stream_exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.append(uniqueStream(), [testEvent('A')], { expectedRevision: 0 })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
    });

    it('lets exactly one of many racing writers at the same revision win', async () => {
      const stream = uniqueStream();
      await store.append(stream, [testEvent('Start')]);
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) => store.append(stream, [testEvent(`Racer${i}`)], { expectedRevision: 0 })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.filter((r) => r.status === 'rejected');
      expect(rejected).toHaveLength(7);
      for (const r of rejected) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });
  });

  describe('idempotence by event id', () => {
    it('re-appending the same events changes nothing and answers the same', async () => {
      const stream = uniqueStream();
      const events = [testEvent('A'), testEvent('B')];
      const first = await store.append(stream, events, { expectedRevision: 'no_stream' });
      const again = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(first.duplicate).toBeFalsy();
      expect(again.duplicate).toBe(true);
      expect(await store.readStream(stream)).toHaveLength(2);
    });
  });

  describe('the global log', () => {
    it('reads all events after a position in global order', async () => {
      const a = uniqueStream();
      const b = uniqueStream();
      const start = await store.headPosition();
      await store.append(a, [testEvent('A1')]);
      await store.append(b, [testEvent('B1')]);
      await store.append(a, [testEvent('A2')]);
      const all = (await store.readAll({ after: start })).filter((e) => e.streamName === a || e.streamName === b);
      expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      const positions = all.map((e) => e.position);
      expect([...positions].sort((x, y) => x - y)).toEqual(positions);
      const limited = await store.readAll({ after: start, limit: 1 });
      expect(limited).toHaveLength(1);
    });

    it('subscribes: catches up from a checkpoint, then follows live appends in order', async () => {
      const stream = uniqueStream();
      const start = await store.headPosition();
      await store.append(stream, [testEvent('Before1'), testEvent('Before2')]);
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribeToAll({
        after: start,
        onEvents: (events) => {
          seen.push(...events.filter((e) => e.streamName === stream));
        },
      });
      try {
        await waitUntil(() => seen.length === 2, 5000, 'catch-up');
        await store.append(stream, [testEvent('Live1')]);
        await store.append(stream, [testEvent('Live2')]);
        await waitUntil(() => seen.length === 4, 5000, 'live events');
        expect(seen.map((e) => e.type)).toEqual(['Before1', 'Before2', 'Live1', 'Live2']);
      } finally {
        await subscription.close();
      }
      // Resume from a checkpoint in the middle.
      const resumed: RecordedEvent[] = [];
      const again = store.subscribeToAll({
        after: seen[1]!.position,
        onEvents: (events) => {
          resumed.push(...events.filter((e) => e.streamName === stream));
        },
      });
      try {
        await waitUntil(() => resumed.length === 2, 5000, 'resumed events');
        expect(resumed.map((e) => e.type)).toEqual(['Live1', 'Live2']);
      } finally {
        await again.close();
      }
    });

    it('reports the head position of the log', async () => {
      const result = await store.append(uniqueStream(), [testEvent('A')]);
      expect(await store.headPosition()).toBeGreaterThanOrEqual(result.position);
    });
  });

  describe('hash chain', () => {
    it('links every event to the one before it and the chain verifies', async () => {
      const stream = uniqueStream();
      await store.append(stream, [testEvent('A', { x: 1 })]);
      await store.append(stream, [testEvent('B', { x: 2 }), testEvent('C', { x: 3 })]);
      const events = await store.readStream(stream);
      expect(events[0]!.metadata.prevHash).toBe(GENESIS_HASH);
      expect(events[1]!.metadata.prevHash).toBe(events[0]!.metadata.hash);
      expect(events[2]!.metadata.prevHash).toBe(events[1]!.metadata.hash);
      expect(verifyChain(events)).toEqual({ ok: true, events: 3, lastHash: events[2]!.metadata.hash });
    });

    it('names an event whose content was changed after it was hashed', async () => {
      const stream = uniqueStream();
      await store.append(stream, [testEvent('A', { amount: 100 }), testEvent('B', { amount: 200 })]);
      const events = await store.readStream(stream);
      const tampered = events.map((e) => (e.revision === 1 ? { ...e, data: { amount: 1 } } : e));
      expect(verifyChain(tampered)).toMatchObject({ ok: false, badRevision: 1, badEventId: events[1]!.id });
    });
  });

  describe('the transparency tree', () => {
    it('gives, for the same log, the same leaves and Merkle root as the events sealed on their own', async () => {
      // Interleaved appends to two streams; the tree is over the global order the store reports.
      const [a, b] = [uniqueStream(), uniqueStream()];
      const plan = [a, b, a, a, b, a, b, b, a].map((stream, i) => ({
        stream,
        event: { ...testEvent(`Step${i}`, { i, text: 'வணக்கம் ₹' }), metadata: testMetadata({ correlationId: `c${i}` }) },
      }));
      for (const { stream, event } of plan) await store.append(stream, [event]);
      const ours = new Set([a, b]);
      const recorded: RecordedEvent[] = [];
      for (let after = 0; ;) {
        const page = await store.readAll({ after, limit: 500 });
        if (page.length === 0) break;
        recorded.push(...page.filter((e) => ours.has(e.streamName)));
        after = page.at(-1)!.position;
      }
      expect(recorded.map((e) => e.id)).toEqual(plan.map((p) => p.event.id));
      // What any store must give: each stream sealed on its own, in the order appended.
      const revisions = new Map<string, { revision: number; hash: string | null }>();
      const expected = plan.map(({ stream, event }) => {
        const last = revisions.get(stream) ?? { revision: -1, hash: null };
        const [sealed] = sealEvents(stream, last.revision, last.hash, [event]);
        revisions.set(stream, { revision: last.revision + 1, hash: sealed!.metadata.hash });
        return { ...sealed!, streamName: stream, revision: last.revision + 1 };
      });
      const leaves = (events: typeof expected | RecordedEvent[]) =>
        events.map((e) => Buffer.from(leafHash(sha256, leafBytes(e))).toString('hex'));
      expect(leaves(recorded)).toEqual(leaves(expected));
      const root = (events: typeof expected | RecordedEvent[]) => {
        const tree = streamingRoot(sha256);
        for (const e of events) tree.add(leafHash(sha256, leafBytes(e)));
        return Buffer.from(tree.root()).toString('hex');
      };
      expect(root(recorded)).toBe(root(expected));
    });
  });
};
