import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKWARDS,
  DeadlineExceededError,
  END,
  EventStoreDBClient,
  FORWARDS,
  NotLeaderError,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type { AllStreamResolvedEvent, Position, ResolvedEvent } from '@eventstore/db-client';
import { uniqueStream, waitUntil } from '../helpers/events.ts';
import type { EsdbStandIn } from './esdbServer.ts';
import { startEsdbStandIn } from './esdbServer.ts';

/*
 * The stand-in as the client sees it: each answer decoded by `@eventstore/db-client` itself into the
 * result or error class it gives for a real server (the classes and fields its `CommandError.ts`,
 * `batchAppend.ts`/`unpackError.ts`, `ReadStream.ts` and `Subscription.ts` produce).
 */
describe('the EventStoreDB stand-in, decoded by the real client', () => {
  let server: EsdbStandIn;
  let client: EventStoreDBClient;
  beforeAll(async () => {
    server = await startEsdbStandIn();
    client = EventStoreDBClient.connectionString(server.connectionString('defaultDeadline=500'));
  });
  afterAll(async () => {
    await client.dispose();
    await server.close();
  });

  const collect = async <E>(read: AsyncIterable<E>) => {
    const out: E[] = [];
    for await (const e of read) out.push(e);
    return out;
  };
  const error = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (e: unknown) => e,
    );

  it('appends with positions and revisions, refuses a wrong expected revision with the actual one', async () => {
    const stream = uniqueStream();
    const first = await client.appendToStream(
      stream,
      [jsonEvent({ type: 'A', data: { n: 1 } }), jsonEvent({ type: 'B', data: {} })],
      {
        expectedRevision: 'no_stream',
      },
    );
    expect(first).toMatchObject({ success: true, nextExpectedRevision: 1n });
    expect(first.position!.commit).toBe(first.position!.prepare);
    const wrong = await error(
      client.appendToStream(stream, jsonEvent({ type: 'C', data: {} }), { expectedRevision: 5n }),
    );
    expect(wrong).toBeInstanceOf(WrongExpectedVersionError);
    expect(wrong).toMatchObject({ streamName: stream, expectedVersion: 5n, actualVersion: 1n });
    const none = await error(
      client.appendToStream(uniqueStream(), jsonEvent({ type: 'C', data: {} }), { expectedRevision: 'stream_exists' }),
    );
    expect(none).toMatchObject({ expectedVersion: 'stream_exists', actualVersion: 'no_stream' });
  });

  it('reads a stream both ways with positions; a missing stream is StreamNotFound, a deleted one StreamDeleted', async () => {
    const stream = uniqueStream();
    await client.appendToStream(
      stream,
      ['E0', 'E1', 'E2'].map((type) => jsonEvent({ type, data: { type } })),
    );
    const back: ResolvedEvent[] = await collect(
      client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 2 }),
    );
    expect(back.map((r) => [r.event?.type, r.event?.revision])).toEqual([
      ['E2', 2n],
      ['E1', 1n],
    ]);
    expect(back[0]!.event!.position!.commit).toBeGreaterThan(back[1]!.event!.position!.commit);
    expect(back[0]!.event!.data).toEqual({ type: 'E2' });
    const fwd = await collect(client.readStream(stream, { fromRevision: 1n }));
    expect(fwd.map((r) => r.event?.type)).toEqual(['E1', 'E2']);
    await expect(collect(client.readStream(uniqueStream()))).rejects.toBeInstanceOf(StreamNotFoundError);
    server.log.tombstone(stream);
    const deleted = await error(collect(client.readStream(stream)));
    expect(deleted).toBeInstanceOf(StreamDeletedError);
    expect(deleted).toMatchObject({ streamName: stream });
    await expect(client.appendToStream(stream, jsonEvent({ type: 'X', data: {} }))).rejects.toBeInstanceOf(
      StreamDeletedError,
    );
  });

  it('pages $all: forwards from a position inclusive, backwards exclusive; system events included', async () => {
    const stream = uniqueStream();
    for (let i = 0; i < 4; i++) await client.appendToStream(stream, jsonEvent({ type: `P${i}`, data: {} }));
    const all: AllStreamResolvedEvent[] = await collect(client.readAll({ fromPosition: START, maxCount: 1000 }));
    expect(all.some((r) => r.event?.streamId.startsWith('$'))).toBe(true);
    const ours = all.filter((r) => r.event?.streamId === stream);
    const at: Position = ours[1]!.event!.position;
    const fwd = await collect(client.readAll({ direction: FORWARDS, fromPosition: at, maxCount: 1 }));
    expect(fwd[0]!.event!.id).toBe(ours[1]!.event!.id);
    const back = await collect(client.readAll({ direction: BACKWARDS, fromPosition: at, maxCount: 1 }));
    expect(back[0]!.event!.position.commit).toBeLessThan(at.commit);
    const head = await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }));
    expect(head[0]!.event!.id).toBe(all.at(-1)!.event!.id);
  });

  it('subscribes to $all from a position (exclusive) with a filter, checkpoints, catch-up, then live', async () => {
    const stream = uniqueStream();
    await client.appendToStream(
      stream,
      ['S0', 'S1'].map((type) => jsonEvent({ type, data: {} })),
    );
    const [s0] = await collect(client.readStream(stream, { maxCount: 1 }));
    const checkpoints: Position[] = [];
    const subscription = client.subscribeToAll({
      fromPosition: s0!.event!.position!,
      filter: excludeSystemEvents({ checkpointReached: (_s, position) => void checkpoints.push(position) }),
    });
    const seen: string[] = [];
    let caughtUp = false;
    subscription.on('caughtUp', () => (caughtUp = true));
    subscription.on('data', (r: AllStreamResolvedEvent) => {
      expect(r.event!.type.startsWith('$')).toBe(false);
      if (r.event!.streamId === stream) seen.push(r.event!.type);
    });
    try {
      await waitUntil(() => caughtUp && seen.length === 1, 3000, 'catch-up');
      expect(checkpoints.length).toBeGreaterThan(0);
      await client.appendToStream(stream, jsonEvent({ type: 'S2', data: {} }));
      await waitUntil(() => seen.length === 2, 3000, 'live event');
      expect(seen).toEqual(['S1', 'S2']);
    } finally {
      await subscription.unsubscribe();
    }
  });

  it('faults arrive as the client classes them: DeadlineExceeded, Unavailable, NotLeader with the leader', async () => {
    const stream = uniqueStream();
    server.faults.nextAppend = 'stall';
    await expect(client.appendToStream(stream, jsonEvent({ type: 'T', data: {} }))).rejects.toBeInstanceOf(
      DeadlineExceededError,
    );
    server.faults.nextAppend = 'unavailable';
    await expect(client.appendToStream(stream, jsonEvent({ type: 'U', data: {} }))).rejects.toBeInstanceOf(
      UnavailableError,
    );
    const leader = await startEsdbStandIn({ log: server.log });
    try {
      server.faults.notLeader = { host: '127.0.0.1', port: leader.port };
      const refused = await error(client.appendToStream(stream, jsonEvent({ type: 'L', data: {} })));
      expect(refused).toBeInstanceOf(NotLeaderError);
      expect(refused).toMatchObject({ leader: { address: '127.0.0.1', port: leader.port } });
      // The client reconnects to the leader it was given.
      await expect(client.appendToStream(stream, jsonEvent({ type: 'L', data: {} }))).resolves.toMatchObject({
        success: true,
      });
    } finally {
      server.faults.notLeader = undefined;
      await leader.close();
    }
  });
});
