import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  excludeSystemEvents,
  jsonEvent,
} from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  AppendExpectedRevision,
  AppendResult as EsdbAppendResult,
  CurrentRevision,
  EventData,
  JSONType,
  Position,
  ReadPosition,
  ReadRevision,
  ResolvedEvent,
  StreamingRead,
} from '@eventstore/db-client';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../../engine/eventStore.ts';
import {
  DuplicateEventIdError,
  NO_POSITION,
  StoreUnavailableError,
  WrongExpectedRevisionError,
} from '../../engine/eventStore.ts';
import type { SealedEvent } from './hashChain.ts';
import { sealEvents } from './hashChain.ts';

/*
 * EventStoreDB adapter of the event store port.
 *
 * Streams and revisions map 1:1. Global positions are the `$all` *commit* positions (byte offsets in the
 * server's transaction log) converted to JS numbers: exact up to 2^53 bytes (~9 PB) of log, beyond which
 * `positionToNumber` throws rather than silently losing precision. Every event written by a normal append
 * has its own commit position (commit = prepare), so positions are strictly increasing in append order.
 * A checkpoint given back to `readAll`/`subscribeToAll` must be 0 or a position this store returned.
 *
 * Needs EventStoreDB 22.6 or later: older servers do not return positions when reading a single stream.
 */

export interface EsdbStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`. */
  connectionString: string;
  /** Events per page when reading `$all` (readAll, headPosition). */
  pageSize?: number;
  /** How many times an append with expectedRevision `any`/`stream_exists` re-reads and retries on a conflict. */
  maxAppendAttempts?: number;
  /**
   * How long a read of a stream or a page of `$all` may go without receiving anything before it is
   * cancelled and reported as unavailable. The client gives reads no deadline and the connection's
   * keepalive pings are answered even when a node's reads are stuck, so without this an append (which
   * reads its stream's tail first) could wait forever and hold every later append to its stream.
   */
  readIdleTimeoutMs?: number;
  /** A client to use instead of connecting with `connectionString` (tests pass a fake). */
  client?: EsdbClient;
}

/** The part of the client this adapter uses. */
export type EsdbClient = Pick<
  EventStoreDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

/**
 * How far back (besides the batch itself) an append looks for the batch's event ids, to answer a
 * re-append idempotently or refuse a re-used id. EventStoreDB has no id index: older duplicates go unseen.
 */
export const DUPLICATE_LOOKBACK = 16;

const DEFAULT_PAGE_SIZE = 500;
const DEFAULT_MAX_APPEND_ATTEMPTS = 20;
/** As the client's default deadline for other calls. */
const DEFAULT_READ_IDLE_TIMEOUT_MS = 10_000;
/** Values the server uses for "no position" (u64 max, or -1). */
const NO_POSITION_SENTINELS = new Set([2n ** 64n - 1n, -1n]);

// ---------------------------------------------------------------------------------------------------------------
// Pure mapping helpers (unit-tested without a server).
// ---------------------------------------------------------------------------------------------------------------

/** Our expected revision → the client's: `no_stream`/`stream_exists`/`any` as is, a number as a bigint. */
export const toEsdbExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      return BigInt(expected);
  }
};

/** The client's current revision (from a WrongExpectedVersionError) → ours. */
export const fromEsdbCurrentRevision = (current: CurrentRevision | undefined): number | 'no_stream' =>
  current === undefined || current === NO_STREAM || current < 0n ? 'no_stream' : Number(current);

/** Whether a stream whose last revision is `actual` satisfies the caller's expectation. */
export const satisfiesExpectedRevision = (expected: ExpectedRevision, actual: number | 'no_stream'): boolean => {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
};

/** Expectations under which a write conflict may be resolved by re-reading the stream and re-sealing. */
export const canRetryConflict = (expected: ExpectedRevision): boolean =>
  expected === 'any' || expected === 'stream_exists';

/** A `$all` position → our number (its commit position); 0 when the server gave none. */
export const positionToNumber = (position: Position | undefined): number => {
  if (!position || NO_POSITION_SENTINELS.has(position.commit)) return NO_POSITION;
  if (position.commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`EventStoreDB commit position ${position.commit} is beyond 2^53 and cannot be a JS number`);
  }
  return Number(position.commit);
};

/** Our checkpoint → where to start reading `$all`: the start for 0, else the event's position. */
export const numberToReadPosition = (after: number | undefined): ReadPosition =>
  after === undefined || after <= 0 ? START : { commit: BigInt(after), prepare: BigInt(after) };

/** Orders two `$all` positions (commit first, then prepare). */
export const comparePositions = (a: Position, b: Position): number => {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
};

/** System events (`$`-prefixed type or stream: stats, metadata, links, projections) are not ours. */
export const isSystemEvent = (event: { streamId: string; type: string }): boolean =>
  event.type.startsWith('$') || event.streamId.startsWith('$');

/** The fields of a client-side recorded event that we map. */
export interface EsdbRecord {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

export const toRecordedEvent = (event: EsdbRecord): RecordedEvent => ({
  id: event.id,
  streamName: event.streamId,
  revision: Number(event.revision),
  position: positionToNumber(event.position),
  type: event.type,
  data: event.data,
  // An event written without metadata (not through this store) reads as {}: verify then names it as unchained.
  metadata: (event.metadata ?? {}) as RecordedEvent['metadata'],
});

export const toAppendResult = (result: EsdbAppendResult): AppendResult => ({
  nextRevision: Number(result.nextExpectedRevision),
  position: positionToNumber(result.position),
});

/**
 * Idempotent re-append: when the batch's first id is in the stream's tail (newest first), the whole batch
 * must follow it in order, and the answer is the one the first append gave. An id found otherwise is a
 * re-used id. Returns null when none of the ids is in the tail.
 */
export const findReplay = (
  stream: string,
  tailNewestFirst: readonly RecordedEvent[],
  events: readonly NewEvent[],
): AppendResult | null => {
  const first = events[0];
  if (!first) return null;
  const at = tailNewestFirst.findIndex((e) => e.id === first.id);
  if (at === -1) {
    const ids = new Set(events.map((e) => e.id));
    const clash = tailNewestFirst.find((e) => ids.has(e.id));
    if (clash) throw new DuplicateEventIdError(clash.id, stream);
    return null;
  }
  for (let i = 0; i < events.length; i++) {
    if (tailNewestFirst[at - i]?.id !== events[i]!.id) throw new DuplicateEventIdError(first.id, stream);
  }
  const last = tailNewestFirst[at - (events.length - 1)]!;
  return { nextRevision: last.revision, position: last.position, duplicate: true };
};

const errorType = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'type' in error ? error.type : undefined;

const UNAVAILABLE_TYPES = new Set<unknown>([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.NOT_LEADER,
  ErrorType.CANCELLED,
]);
/** gRPC status codes for DEADLINE_EXCEEDED and UNAVAILABLE, for errors the client did not convert. */
const UNAVAILABLE_GRPC_CODES = new Set<unknown>([4, 14]);

/** Whether an error means the server could not be reached or could not serve (not a refusal of the request). */
export const isUnavailableError = (error: unknown): boolean => {
  if (UNAVAILABLE_TYPES.has(errorType(error))) return true;
  if (!(error instanceof Error)) return false;
  if ('code' in error && UNAVAILABLE_GRPC_CODES.has(error.code) && !('type' in error)) return true;
  return /Failed to discover|ECONNREFUSED|No connection established/i.test(error.message);
};

export const isWrongExpectedVersionError = (error: unknown): error is Error & { actualVersion?: CurrentRevision } =>
  errorType(error) === ErrorType.WRONG_EXPECTED_VERSION;

const isStreamNotFoundError = (error: unknown): boolean => errorType(error) === ErrorType.STREAM_NOT_FOUND;

/** Connection failures → StoreUnavailableError; anything else unchanged. */
export const toStoreError = (error: unknown, doing: string): Error => {
  if (error instanceof StoreUnavailableError) return error;
  if (isUnavailableError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new StoreUnavailableError(`EventStoreDB could not ${doing}: ${message}`, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
};

const toEventData = (event: SealedEvent): EventData =>
  jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata: event.metadata });

/** Reads to the end; a read that receives nothing for `idleMs` is cancelled and fails as unavailable. */
const collect = async <E>(read: StreamingRead<E>, idleMs: number, doing: string): Promise<E[]> => {
  const out: E[] = [];
  const items = read[Symbol.asyncIterator]();
  for (;;) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<'stalled'>((resolve) => {
      timer = setTimeout(() => resolve('stalled'), idleMs);
    });
    try {
      const next = await Promise.race([items.next(), stalled]);
      if (next === 'stalled') {
        void read.cancel().catch(() => undefined);
        read.destroy();
        throw new StoreUnavailableError(`EventStoreDB could not ${doing}: no answer for ${idleMs} ms`);
      }
      if (next.done) return out;
      out.push(next.value);
    } finally {
      clearTimeout(timer);
    }
  }
};

const sleep = (ms: number, signal: { wake?: () => void }): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.wake = undefined;
      resolve();
    }
    signal.wake = done;
  });

// ---------------------------------------------------------------------------------------------------------------
// The adapter.
// ---------------------------------------------------------------------------------------------------------------

/**
 * Event store on an EventStoreDB server. The hash chain is sealed client-side: an append reads the stream's
 * tail (for the last hash and for idempotence), seals, then appends with the exact revision it read, so a
 * concurrent writer makes it conflict instead of forking the chain.
 */
export const openEsdbStore = (options: EsdbStoreOptions): EventStore => {
  const client: EsdbClient = options.client ?? EventStoreDBClient.connectionString(options.connectionString);
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxAppendAttempts = options.maxAppendAttempts ?? DEFAULT_MAX_APPEND_ATTEMPTS;
  const readIdleTimeoutMs = options.readIdleTimeoutMs ?? DEFAULT_READ_IDLE_TIMEOUT_MS;
  /** Appends to one stream from this process run one after the other: they would only conflict otherwise. */
  const streamQueues = new Map<string, Promise<void>>();
  let closed = false;

  const ensureOpen = () => {
    if (closed) throw new StoreUnavailableError('The event store is closed');
  };

  const serialise = <T>(stream: string, task: () => Promise<T>): Promise<T> => {
    const previous = streamQueues.get(stream) ?? Promise.resolve();
    const result = previous.then(task);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    streamQueues.set(stream, settled);
    void settled.then(() => {
      if (streamQueues.get(stream) === settled) streamQueues.delete(stream);
    });
    return result;
  };

  const readStreamRaw = async (
    stream: string,
    direction: typeof FORWARDS | typeof BACKWARDS,
    fromRevision: ReadRevision,
    maxCount: number,
  ): Promise<RecordedEvent[]> => {
    try {
      const resolved: ResolvedEvent[] = await collect(
        client.readStream(stream, { direction, fromRevision, maxCount }),
        readIdleTimeoutMs,
        `read stream ${stream}`,
      );
      return resolved.flatMap((r) => (r.event ? [toRecordedEvent(r.event)] : []));
    } catch (error) {
      if (isStreamNotFoundError(error)) return [];
      throw toStoreError(error, `read stream ${stream}`);
    }
  };

  const readAllPage = async (
    direction: typeof FORWARDS | typeof BACKWARDS,
    fromPosition: ReadPosition,
    maxCount: number,
  ): Promise<AllStreamResolvedEvent[]> => {
    try {
      return await collect(client.readAll({ direction, fromPosition, maxCount }), readIdleTimeoutMs, 'read $all');
    } catch (error) {
      throw toStoreError(error, 'read $all');
    }
  };

  const appendWithChain = async (
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> => {
    let actual: number | 'no_stream' = 'no_stream';
    for (let attempt = 1; attempt <= maxAppendAttempts; attempt++) {
      const tail = await readStreamRaw(stream, BACKWARDS, END, events.length + DUPLICATE_LOOKBACK);
      const replay = findReplay(stream, tail, events);
      if (replay) return replay;
      const head = tail[0];
      actual = head ? head.revision : 'no_stream';
      if (!satisfiesExpectedRevision(expected, actual)) throw new WrongExpectedRevisionError(stream, expected, actual);
      if (events.length === 0) return { nextRevision: head ? head.revision : -1, position: head?.position ?? 0 };
      const sealed = sealEvents(stream, head ? head.revision : -1, head?.metadata.hash ?? null, events);
      try {
        const result = await client.appendToStream(stream, sealed.map(toEventData), {
          // Always the exact revision read: the chain was sealed onto that event.
          expectedRevision: toEsdbExpectedRevision(actual),
        });
        return toAppendResult(result);
      } catch (error) {
        if (!isWrongExpectedVersionError(error)) throw toStoreError(error, `append to ${stream}`);
        // Someone else appended in between. The next round re-reads: it answers a replay of these ids,
        // refuses a caller's exact expectation with the actual revision, or re-seals onto the new tail.
        actual = fromEsdbCurrentRevision(error.actualVersion);
        if (canRetryConflict(expected)) await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
      }
    }
    throw new WrongExpectedRevisionError(stream, expected, actual);
  };

  const store: EventStore = {
    kind: 'esdb',

    async append(stream, events, appendOptions = {}) {
      ensureOpen();
      return serialise(stream, () => appendWithChain(stream, events, appendOptions.expectedRevision ?? 'any'));
    },

    async readStream(stream, readOptions: ReadStreamOptions = {}) {
      ensureOpen();
      const backwards = readOptions.direction === 'backwards';
      const limit = readOptions.limit ?? -1;
      if (limit === 0) return [];
      const from = readOptions.from;
      // As the embedded store: backwards from a negative revision is nothing, forwards from one is everything.
      if (from !== undefined && from < 0 && backwards) return [];
      const fromRevision: ReadRevision = from !== undefined && from >= 0 ? BigInt(from) : backwards ? END : START;
      return readStreamRaw(
        stream,
        backwards ? BACKWARDS : FORWARDS,
        fromRevision,
        limit < 0 ? Number.MAX_SAFE_INTEGER : limit,
      );
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      ensureOpen();
      const after = readOptions.after ?? 0;
      const limit = readOptions.limit === undefined || readOptions.limit < 0 ? Infinity : readOptions.limit;
      const out: RecordedEvent[] = [];
      if (limit === 0) return out;
      let from = numberToReadPosition(after);
      let cursor: Position | undefined;
      for (;;) {
        const page = await readAllPage(FORWARDS, from, pageSize);
        let fresh = 0;
        for (const { event } of page) {
          if (!event) continue;
          // A page starts at (and includes) the last event of the previous one.
          if (cursor && comparePositions(event.position, cursor) <= 0) continue;
          cursor = event.position;
          fresh++;
          if (isSystemEvent(event)) continue;
          const recorded = toRecordedEvent(event);
          if (recorded.position <= after) continue;
          out.push(recorded);
          if (out.length >= limit) return out;
        }
        if (page.length < pageSize || fresh === 0 || !cursor) return out;
        from = cursor;
      }
    },

    async headPosition() {
      ensureOpen();
      let from: ReadPosition = END;
      let cursor: Position | undefined;
      for (;;) {
        const page = await readAllPage(BACKWARDS, from, pageSize);
        let fresh = 0;
        for (const { event } of page) {
          if (!event) continue;
          if (cursor && comparePositions(event.position, cursor) >= 0) continue;
          cursor = event.position;
          fresh++;
          if (!isSystemEvent(event)) return positionToNumber(event.position);
        }
        if (page.length < pageSize || fresh === 0 || !cursor) return NO_POSITION;
        from = cursor;
      }
    },

    subscribeToAll(subscribeOptions: SubscribeOptions): Subscription {
      let checkpoint = subscribeOptions.after ?? 0;
      let stopped = false;
      let current: AllStreamSubscription | undefined;
      const backoff: { wake?: () => void } = {};

      const loop = async () => {
        let failures = 0;
        while (!stopped && !closed) {
          const subscription = client.subscribeToAll({
            fromPosition: numberToReadPosition(checkpoint),
            filter: excludeSystemEvents(),
          });
          current = subscription;
          let handlerFailed = false;
          let handlerError: unknown;
          try {
            for await (const { event } of subscription) {
              if (stopped || closed) break;
              if (!event || isSystemEvent(event)) continue;
              const recorded = toRecordedEvent(event);
              if (recorded.position <= checkpoint) continue;
              try {
                await subscribeOptions.onEvents([recorded]);
              } catch (error) {
                handlerFailed = true;
                handlerError = error;
                break;
              }
              checkpoint = recorded.position;
              failures = 0;
            }
          } catch (error) {
            // The subscription dropped (server down, leader change…): report, wait, resume from the checkpoint.
            if (!stopped && !closed) {
              failures++;
              subscribeOptions.onError?.(toStoreError(error, 'follow $all'));
            }
          } finally {
            current = undefined;
            await subscription.unsubscribe().catch(() => undefined);
          }
          if (handlerFailed) {
            // As the embedded store does: a failing handler ends the subscription.
            subscribeOptions.onError?.(handlerError);
            return;
          }
          if (!stopped && !closed) await sleep(Math.min(100 * 2 ** failures, 5000), backoff);
        }
      };
      const running = loop().catch((error: unknown) => subscribeOptions.onError?.(error));
      return {
        async close() {
          stopped = true;
          backoff.wake?.();
          await current?.unsubscribe().catch(() => undefined);
          await running;
        },
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      await client.dispose();
    },
  };
  return store;
};
