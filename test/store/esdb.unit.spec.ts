import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ANY, BACKWARDS, END, ErrorType, NO_STREAM, START, STREAM_EXISTS } from '@eventstore/db-client';
import type { AppendExpectedRevision, EventData, ReadPosition, ReadRevision } from '@eventstore/db-client';
import {
  canRetryConflict,
  comparePositions,
  findReplay,
  fromEsdbCurrentRevision,
  isSystemEvent,
  isUnavailableError,
  isWrongExpectedVersionError,
  numberToReadPosition,
  openEsdbStore,
  positionToNumber,
  satisfiesExpectedRevision,
  toAppendResult,
  toEsdbExpectedRevision,
  toRecordedEvent,
  toStoreError,
} from '../../api/store/esdb.ts';
import type { EsdbClient } from '../../api/store/esdb.ts';
import { verifyChain } from '../../api/store/hashChain.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { DuplicateEventIdError, StoreUnavailableError, WrongExpectedRevisionError } from '../../engine/eventStore.ts';
import { testEvent, testMetadata, uniqueStream } from '../helpers/events.ts';
import { eventStoreConformance } from './conformance.ts';

const pos = (n: bigint) => ({ commit: n, prepare: n });

describe('expected revisions', () => {
  it('maps ours to the client constants, numbers to bigints', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('stream_exists')).toBe(STREAM_EXISTS);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(0)).toBe(0n);
    expect(toEsdbExpectedRevision(41)).toBe(41n);
  });

  it("maps the server's current revision back", () => {
    expect(fromEsdbCurrentRevision(NO_STREAM)).toBe('no_stream');
    expect(fromEsdbCurrentRevision(undefined)).toBe('no_stream');
    expect(fromEsdbCurrentRevision(-1n)).toBe('no_stream');
    expect(fromEsdbCurrentRevision(7n)).toBe(7);
  });

  it('checks an expectation against the revision read, as the embedded store does', () => {
    expect(satisfiesExpectedRevision('any', 'no_stream')).toBe(true);
    expect(satisfiesExpectedRevision('any', 3)).toBe(true);
    expect(satisfiesExpectedRevision('no_stream', 'no_stream')).toBe(true);
    expect(satisfiesExpectedRevision('no_stream', 0)).toBe(false);
    expect(satisfiesExpectedRevision('stream_exists', 0)).toBe(true);
    expect(satisfiesExpectedRevision('stream_exists', 'no_stream')).toBe(false);
    expect(satisfiesExpectedRevision(2, 2)).toBe(true);
    expect(satisfiesExpectedRevision(2, 3)).toBe(false);
    expect(satisfiesExpectedRevision(0, 'no_stream')).toBe(false);
  });

  it('retries conflicts only when the caller did not pin a revision', () => {
    expect(canRetryConflict('any')).toBe(true);
    expect(canRetryConflict('stream_exists')).toBe(true);
    expect(canRetryConflict('no_stream')).toBe(false);
    expect(canRetryConflict(4)).toBe(false);
  });
});

describe('positions', () => {
  it('uses the commit position as a JS number', () => {
    expect(positionToNumber({ commit: 12345n, prepare: 12345n })).toBe(12345);
    expect(positionToNumber({ commit: 2n ** 53n - 1n, prepare: 0n })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('is 0 when the server gives no position', () => {
    expect(positionToNumber(undefined)).toBe(0);
    expect(positionToNumber({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n })).toBe(0);
    expect(positionToNumber({ commit: -1n, prepare: -1n })).toBe(0);
  });

  it('refuses a position a JS number cannot hold exactly', () => {
    expect(() => positionToNumber({ commit: 2n ** 53n + 1n, prepare: 0n })).toThrow(RangeError);
  });

  it('turns a checkpoint into a read position: the start for 0, else commit = prepare = checkpoint', () => {
    expect(numberToReadPosition(undefined)).toBe(START);
    expect(numberToReadPosition(0)).toBe(START);
    expect(numberToReadPosition(4096)).toEqual({ commit: 4096n, prepare: 4096n });
  });

  it('orders positions by commit, then prepare', () => {
    expect(comparePositions(pos(1n), pos(2n))).toBe(-1);
    expect(comparePositions(pos(2n), pos(1n))).toBe(1);
    expect(comparePositions(pos(2n), pos(2n))).toBe(0);
    expect(comparePositions({ commit: 5n, prepare: 3n }, { commit: 5n, prepare: 4n })).toBe(-1);
  });

  it('maps an append result', () => {
    expect(toAppendResult({ success: true, nextExpectedRevision: 4n, position: pos(999n) })).toEqual({
      nextRevision: 4,
      position: 999,
    });
  });
});

describe('system events', () => {
  it('are those with a $ type or a $ stream', () => {
    expect(isSystemEvent({ streamId: 'room-ABC123', type: 'BidPlaced' })).toBe(false);
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected' })).toBe(true);
    expect(isSystemEvent({ streamId: '$$room-ABC123', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$ce-room', type: 'BidPlaced' })).toBe(true);
    expect(isSystemEvent({ streamId: 'room-ABC123', type: '$>' })).toBe(true);
  });
});

describe('recorded events', () => {
  it('maps a client event to ours', () => {
    const id = randomUUID();
    const metadata = { ...testMetadata(), prevHash: 'p', hash: 'h' };
    expect(
      toRecordedEvent({
        id,
        streamId: 'wallet-u1',
        revision: 3n,
        type: 'Deposited',
        data: { amount: 500 },
        metadata,
        position: pos(777n),
      }),
    ).toEqual({
      id,
      streamName: 'wallet-u1',
      revision: 3,
      position: 777,
      type: 'Deposited',
      data: { amount: 500 },
      metadata,
    });
  });
});

describe('idempotent re-append (findReplay)', () => {
  const recorded = (id: string, revision: number): RecordedEvent => ({
    id,
    streamName: 's-1',
    revision,
    position: 1000 + revision,
    type: 'T',
    data: {},
    metadata: { ...testMetadata(), prevHash: 'p', hash: 'h' },
  });
  const a = testEvent('A');
  const b = testEvent('B');
  const c = testEvent('C');

  it('answers the first append when the batch is the end of the stream', () => {
    const tail = [recorded(b.id, 5), recorded(a.id, 4), recorded(randomUUID(), 3)];
    expect(findReplay('s-1', tail, [a, b])).toEqual({ nextRevision: 5, position: 1005, duplicate: true });
  });

  it('answers the first append when later events followed the batch', () => {
    const tail = [recorded(c.id, 6), recorded(b.id, 5), recorded(a.id, 4)];
    expect(findReplay('s-1', tail, [a, b])).toEqual({ nextRevision: 5, position: 1005, duplicate: true });
  });

  it('is nothing when no id is in the tail', () => {
    expect(findReplay('s-1', [recorded(randomUUID(), 0)], [a, b])).toBeNull();
    expect(findReplay('s-1', [], [a])).toBeNull();
    expect(findReplay('s-1', [recorded(randomUUID(), 0)], [])).toBeNull();
  });

  it('refuses a batch that only partly matches, or re-uses an id', () => {
    expect(() => findReplay('s-1', [recorded(c.id, 5), recorded(a.id, 4)], [a, b])).toThrow(DuplicateEventIdError);
    expect(() => findReplay('s-1', [recorded(a.id, 4)], [a, b])).toThrow(DuplicateEventIdError);
    expect(() => findReplay('s-1', [recorded(b.id, 4)], [a, b])).toThrow(DuplicateEventIdError);
  });
});

describe('errors', () => {
  const clientError = (type: ErrorType, message: string = type) => Object.assign(new Error(message), { type });

  it('treats connection failures as unavailable, refusals not', () => {
    expect(isUnavailableError(clientError(ErrorType.UNAVAILABLE))).toBe(true);
    expect(isUnavailableError(clientError(ErrorType.DEADLINE_EXCEEDED))).toBe(true);
    expect(isUnavailableError(clientError(ErrorType.NOT_LEADER))).toBe(true);
    expect(isUnavailableError(new Error('Failed to discover after 10 attempts.'))).toBe(true);
    expect(isUnavailableError(clientError(ErrorType.ACCESS_DENIED))).toBe(false);
    expect(isUnavailableError(clientError(ErrorType.WRONG_EXPECTED_VERSION))).toBe(false);
    expect(isUnavailableError(new Error('boom'))).toBe(false);
  });

  it('wraps unavailable errors in StoreUnavailableError and leaves the rest', () => {
    const down = clientError(ErrorType.UNAVAILABLE, 'no connection');
    const wrapped = toStoreError(down, 'append');
    expect(wrapped).toBeInstanceOf(StoreUnavailableError);
    expect(wrapped.cause).toBe(down);
    const denied = clientError(ErrorType.ACCESS_DENIED);
    expect(toStoreError(denied, 'append')).toBe(denied);
  });

  it('recognises a wrong expected version', () => {
    expect(isWrongExpectedVersionError(clientError(ErrorType.WRONG_EXPECTED_VERSION))).toBe(true);
    expect(isWrongExpectedVersionError(new Error('x'))).toBe(false);
  });

  it('an unreachable server makes every operation fail with StoreUnavailableError', async () => {
    // Port 1 on the loopback refuses connections at once: the real client error path, without a server.
    const store = openEsdbStore({ connectionString: 'esdb://127.0.0.1:1?tls=false' });
    try {
      await expect(store.append('test-1', [testEvent('A')])).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.readStream('test-1')).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.readAll()).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.headPosition()).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await store.close();
    }
    await expect(store.append('test-1', [testEvent('A')])).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

/*
 * An in-memory stand-in for the EventStoreDB client, with the server behaviour the adapter relies on:
 * exact expected-revision checks, `$all` commit positions as growing byte offsets (not 1, 2, 3…),
 * system events interleaved in `$all`, StreamNotFound on a missing stream, reads of `$all` forwards
 * from a position inclusive and backwards exclusive, subscriptions from a position exclusive.
 * It runs the shared conformance suite through the adapter's own logic (tail reads, sealing,
 * idempotence, paging, subscriptions); it is not a substitute for the run against a real server.
 */
interface FakeRecord {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  isJson: true;
  created: Date;
  position: { commit: bigint; prepare: bigint };
}

const fakeEsdbClient = () => {
  const log: FakeRecord[] = [];
  const live = new Set<(record: FakeRecord) => void>();
  let nextPosition = 1000n;
  const record = (streamId: string, revision: bigint, type: string, data: unknown, metadata: unknown) => {
    const position = { commit: nextPosition, prepare: nextPosition };
    nextPosition += 97n + BigInt(JSON.stringify(data).length);
    const recorded: FakeRecord = {
      id: randomUUID(),
      streamId,
      revision,
      type,
      data: JSON.parse(JSON.stringify(data)) as unknown,
      metadata: JSON.parse(JSON.stringify(metadata)) as unknown,
      isJson: true,
      created: new Date(),
      position,
    };
    log.push(recorded);
    for (const push of live) push(recorded);
    return recorded;
  };
  const streamEvents = (stream: string) => log.filter((e) => e.streamId === stream);
  const commandError = (type: ErrorType, extra: object = {}) => Object.assign(new Error(type), { type }, extra);
  const reading = <E>(items: E[] | Error) => {
    const readable = items instanceof Error ? new Readable({ objectMode: true, read() {} }) : Readable.from(items);
    if (items instanceof Error) setImmediate(() => readable.destroy(items));
    return Object.assign(readable, { cancel: () => Promise.resolve() });
  };
  const tick = () => new Promise((r) => setImmediate(r));
  let appends = 0;

  const client = {
    async appendToStream(
      stream: string,
      events: EventData | EventData[],
      options: { expectedRevision?: AppendExpectedRevision } = {},
    ) {
      await tick();
      const list = Array.isArray(events) ? events : [events];
      const existing = streamEvents(stream);
      const current = existing.length ? BigInt(existing.length - 1) : undefined;
      const expected = options.expectedRevision ?? ANY;
      const ok =
        expected === ANY ||
        (expected === NO_STREAM && current === undefined) ||
        (expected === STREAM_EXISTS && current !== undefined) ||
        (typeof expected === 'bigint' && current === expected);
      if (!ok) {
        throw commandError(ErrorType.WRONG_EXPECTED_VERSION, {
          streamName: stream,
          expectedVersion: expected,
          actualVersion: current ?? NO_STREAM,
        });
      }
      // The server writes its own events too ($stats…), which the adapter must skip.
      if (++appends % 3 === 0) record(`$stats-127.0.0.1:2113`, BigInt(appends), '$statsCollected', { n: appends }, {});
      let revision = current ?? -1n;
      let last: FakeRecord | undefined;
      for (const event of list) {
        revision++;
        last = record(stream, revision, event.type, event.data, event.metadata);
        last.id = event.id;
      }
      return { success: true, nextExpectedRevision: revision, position: last?.position };
    },
    readStream(
      stream: string,
      options: { direction?: string; fromRevision?: ReadRevision; maxCount?: number | bigint } = {},
    ) {
      const events = streamEvents(stream);
      if (!events.length) return reading(commandError(ErrorType.STREAM_NOT_FOUND));
      const from = options.fromRevision ?? (options.direction === BACKWARDS ? END : START);
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      const picked =
        options.direction === BACKWARDS
          ? [...events].reverse().filter((e) => from === END || from === START || e.revision <= from)
          : events.filter((e) => from === START || (from !== END && e.revision >= from));
      return reading(picked.slice(0, max).map((event) => ({ event })));
    },
    readAll(options: { direction?: string; fromPosition?: ReadPosition; maxCount?: number | bigint } = {}) {
      const from = options.fromPosition ?? (options.direction === BACKWARDS ? END : START);
      const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
      const picked =
        options.direction === BACKWARDS
          ? [...log].reverse().filter((e) => from === END || (from !== START && comparePositions(e.position, from) < 0))
          : log.filter((e) => from === START || (from !== END && comparePositions(e.position, from) >= 0));
      return reading(picked.slice(0, max).map((event) => ({ event })));
    },
    subscribeToAll(options: { fromPosition?: ReadPosition; filter?: { regex?: string } } = {}) {
      const from = options.fromPosition ?? START;
      const accepts = (e: FakeRecord) =>
        (!options.filter?.regex || new RegExp(options.filter.regex).test(e.type)) &&
        (from === START || (from !== END && comparePositions(e.position, from) > 0));
      const readable = new Readable({ objectMode: true, read() {} });
      const push = (e: FakeRecord) => {
        if (accepts(e)) readable.push({ event: e });
      };
      setImmediate(() => {
        for (const e of log) push(e);
        live.add(push);
      });
      return Object.assign(readable, {
        unsubscribe() {
          live.delete(push);
          readable.push(null);
          return Promise.resolve();
        },
      });
    },
    dispose: () => Promise.resolve(),
  };
  return { client: client as unknown as EsdbClient, log };
};

describe('the adapter on an in-memory fake of the EventStoreDB client', () => {
  describe('conformance', () => {
    eventStoreConformance(() =>
      Promise.resolve(openEsdbStore({ connectionString: 'esdb://fake', client: fakeEsdbClient().client, pageSize: 3 })),
    );
  });

  it('two processes appending to one stream with `any` keep one unbroken chain', async () => {
    const { client } = fakeEsdbClient();
    const one = openEsdbStore({ connectionString: 'esdb://fake', client });
    const two = openEsdbStore({ connectionString: 'esdb://fake', client });
    const stream = uniqueStream();
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).append(stream, [testEvent(`E${i}`)])));
    const events = await one.readStream(stream);
    expect(events).toHaveLength(10);
    expect(verifyChain(events)).toMatchObject({ ok: true, events: 10 });
  });

  it('two processes racing at one exact revision: one wins, the other gets the actual revision', async () => {
    const { client } = fakeEsdbClient();
    const one = openEsdbStore({ connectionString: 'esdb://fake', client });
    const two = openEsdbStore({ connectionString: 'esdb://fake', client });
    const stream = uniqueStream();
    await one.append(stream, [testEvent('Start')]);
    const results = await Promise.allSettled([
      one.append(stream, [testEvent('A')], { expectedRevision: 0 }),
      two.append(stream, [testEvent('B')], { expectedRevision: 0 }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect((rejected?.reason as WrongExpectedRevisionError).actual).toBe(1);
  });

  it('a retried batch answers the first append even after other events followed it', async () => {
    const store = openEsdbStore({ connectionString: 'esdb://fake', client: fakeEsdbClient().client });
    const stream = uniqueStream();
    const batch = [testEvent('A'), testEvent('B')];
    const first = await store.append(stream, batch, { expectedRevision: 'no_stream' });
    await store.append(stream, [testEvent('C')]);
    await expect(store.append(stream, batch, { expectedRevision: 'no_stream' })).resolves.toEqual({
      ...first,
      duplicate: true,
    });
    await expect(store.append(stream, [batch[1]!, testEvent('D')])).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
  });

  it('readAll and headPosition skip system events across pages', async () => {
    const { client, log } = fakeEsdbClient();
    const store = openEsdbStore({ connectionString: 'esdb://fake', client, pageSize: 2 });
    expect(await store.headPosition()).toBe(0);
    const stream = uniqueStream();
    for (let i = 0; i < 7; i++) await store.append(stream, [testEvent(`E${i}`)]);
    expect(log.some((e) => e.streamId.startsWith('$'))).toBe(true);
    const all = await store.readAll();
    expect(all.map((e) => e.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5', 'E6']);
    expect((await store.readAll({ after: all[2]!.position, limit: 3 })).map((e) => e.type)).toEqual(['E3', 'E4', 'E5']);
    // The log ends with a system event: the head is the last of ours.
    await store.append(stream, [testEvent('E7')]);
    await store.append(stream, [testEvent('E8')]);
    expect(log.at(-1)!.streamId.startsWith('$') || log.at(-2)!.streamId.startsWith('$')).toBe(true);
    const last = (await store.readStream(stream, { direction: 'backwards', limit: 1 }))[0]!;
    expect(await store.headPosition()).toBe(last.position);
  });
});
