import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import * as grpc from '@grpc/grpc-js';
import type * as StreamsPb from '@eventstore/db-client/generated/streams_pb';
import type * as StreamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb';
import type * as SharedPb from '@eventstore/db-client/generated/shared_pb';
import type * as StatusPb from '@eventstore/db-client/generated/status_pb';
import type * as CodePb from '@eventstore/db-client/generated/code_pb';
import type * as FeaturesPb from '@eventstore/db-client/generated/serverfeatures_pb';
import type * as FeaturesGrpc from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import type * as AnyPb from 'google-protobuf/google/protobuf/any_pb';
import type * as EmptyPb from 'google-protobuf/google/protobuf/empty_pb';

/*
 * A wire-level stand-in for an EventStoreDB node, for tests: a gRPC server on the service definitions that
 * ship inside `@eventstore/db-client` (`generated/*_grpc_pb.js`), so the real client talks to it over TCP
 * exactly as it talks to a server. It keeps its log in memory (events with stream revision and
 * commit/prepare positions as growing byte offsets) and implements what the adapter uses:
 *
 * - ServerFeatures.GetSupportedMethods (the client asks on connect; it lists Streams.BatchAppend, so the
 *   client appends through BatchAppend as it does against any server since 21.10);
 * - Streams.BatchAppend with expected revision (any / no_stream / stream_exists / exact), answering a
 *   conflict with an `event_store.client.WrongExpectedVersion` detail carrying the current revision, a
 *   deleted stream with `event_store.client.StreamDeleted`, a missed deadline with `event_store.client.Timeout`;
 * - Streams.Read of a stream and of `$all`, both directions, with a count (paging) — `$all` forwards from a
 *   position inclusive, backwards from a position exclusive, as the server does; StreamNotFound for a
 *   missing stream, `stream-deleted` trailers for a deleted one;
 * - Streams.Read as a subscription to `$all` from a position (exclusive), with an event-type or stream-name
 *   filter (regex or prefixes), checkpoints every `32 × checkpointIntervalMultiplier` events looked at,
 *   a checkpoint and CaughtUp when it reaches the head, then live events.
 *
 * The server interleaves its own `$statsCollected` events in `$all` (every `systemEventEvery` appends), as a
 * real node writes `$stats-…` events, so readers must skip system events.
 *
 * Not served: gossip (an `esdb://host:port` connection string with one host connects directly and never
 * asks), the older client-streaming Streams.Append (the client uses it only when BatchAppend is not
 * listed), Delete/Tombstone over gRPC (tests tombstone with `log.tombstone`), links, persistent
 * subscriptions, projections, users, operations.
 *
 * Faults (see `faults`): drop the connection mid-append before or after the commit, refuse with not-leader
 * (naming a leader endpoint), stall past the append's deadline, stall reads, answer UNAVAILABLE, restart.
 */

const require = createRequire(import.meta.url);
const streamsPb = require('@eventstore/db-client/generated/streams_pb') as typeof StreamsPb;
const streamsGrpc = require('@eventstore/db-client/generated/streams_grpc_pb') as typeof StreamsGrpc;
const sharedPb = require('@eventstore/db-client/generated/shared_pb') as typeof SharedPb;
const statusPb = require('@eventstore/db-client/generated/status_pb') as typeof StatusPb;
const codePb = require('@eventstore/db-client/generated/code_pb') as typeof CodePb;
const featuresPb = require('@eventstore/db-client/generated/serverfeatures_pb') as typeof FeaturesPb;
const featuresGrpc = require('@eventstore/db-client/generated/serverfeatures_grpc_pb') as typeof FeaturesGrpc;
// google-protobuf is the client's dependency: load the copy its generated messages use.
const clientRequire = createRequire(require.resolve('@eventstore/db-client'));
const anyPb = clientRequire('google-protobuf/google/protobuf/any_pb') as typeof AnyPb;
const emptyPb = clientRequire('google-protobuf/google/protobuf/empty_pb') as typeof EmptyPb;

/** The server's version it reports (22.6+ gives positions on stream reads, which the adapter needs). */
export const STAND_IN_SERVER_VERSION = '23.10.0';
/** The server's default `maxSearchWindow` for filtered subscriptions. */
const MAX_SEARCH_WINDOW = 32;
const TICKS_PER_MS = 10_000n;
const EPOCH_TICKS = 621_355_968_000_000_000n;

export interface StoredEvent {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  contentType: string;
  data: Uint8Array;
  metadata: Uint8Array;
  /** .NET ticks (100 ns) since 0001-01-01, as the server sends `created`. */
  created: bigint;
  commit: bigint;
  prepare: bigint;
}

type Expected = { kind: 'any' } | { kind: 'no_stream' } | { kind: 'stream_exists' } | { kind: 'revision'; at: bigint };

type AppendOutcome =
  | { ok: true; revision: bigint; commit: bigint; prepare: bigint }
  | { ok: false; current: bigint | undefined; expected: Expected }
  | { ok: false; deleted: true };

/** The in-memory log; several stand-in nodes (a leader and a follower) can share one. */
export class StandInLog {
  readonly events: StoredEvent[] = [];
  private readonly tombstoned = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private nextPosition = 1_000n;
  private appends = 0;

  constructor(private readonly systemEventEvery = 3) {}

  revisionOf(stream: string): bigint | undefined {
    let last: bigint | undefined;
    for (const e of this.events) if (e.streamId === stream) last = e.revision;
    return last;
  }

  isDeleted(stream: string): boolean {
    return this.tombstoned.has(stream);
  }

  /** Hard-deletes a stream as `$tombstone` does: reads and appends answer stream-deleted from now on. */
  tombstone(stream: string): void {
    this.tombstoned.add(stream);
  }

  onAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The ids of a stream's events, for tests that count what was written. */
  idsOf(stream: string): string[] {
    return this.events.filter((e) => e.streamId === stream).map((e) => e.id);
  }

  append(
    stream: string,
    expected: Expected,
    proposed: Omit<StoredEvent, 'streamId' | 'revision' | 'commit' | 'prepare' | 'created'>[],
  ): AppendOutcome {
    if (this.tombstoned.has(stream)) return { ok: false, deleted: true };
    const current = this.revisionOf(stream);
    const ok =
      expected.kind === 'any' ||
      (expected.kind === 'no_stream' && current === undefined) ||
      (expected.kind === 'stream_exists' && current !== undefined) ||
      (expected.kind === 'revision' && current === expected.at);
    if (!ok) return { ok: false, current, expected };
    if (++this.appends % this.systemEventEvery === 0) {
      const data = Buffer.from(JSON.stringify({ appends: this.appends }));
      this.record({
        id: randomUUID(),
        streamId: '$stats-127.0.0.1:2113',
        revision: BigInt(this.appends),
        type: '$statsCollected',
        contentType: 'application/json',
        data,
        metadata: new Uint8Array(),
      });
    }
    let revision = current ?? -1n;
    let last: StoredEvent | undefined;
    for (const event of proposed) {
      revision++;
      last = this.record({ ...event, streamId: stream, revision });
    }
    for (const listener of [...this.listeners]) listener();
    if (!last) return { ok: true, revision, commit: -1n, prepare: -1n };
    return { ok: true, revision, commit: last.commit, prepare: last.prepare };
  }

  private record(event: Omit<StoredEvent, 'commit' | 'prepare' | 'created'>): StoredEvent {
    // Every event of a normal append is its own committed prepare: commit = prepare, a byte offset.
    const position = this.nextPosition;
    this.nextPosition += 128n + BigInt(event.data.length + event.metadata.length + event.type.length);
    const stored: StoredEvent = {
      ...event,
      created: EPOCH_TICKS + BigInt(Date.now()) * TICKS_PER_MS,
      commit: position,
      prepare: position,
    };
    this.events.push(stored);
    return stored;
  }
}

/** Faults the next calls meet; each `nextAppend` fault is used once. */
export interface StandInFaults {
  /**
   * What the next BatchAppend meets: the connection dropped before the write is committed or after it is
   * committed (and before the answer), an answer held until past the append's deadline (then the
   * server's Timeout; `stallCommits` says whether the write was committed meanwhile), or UNAVAILABLE.
   */
  nextAppend?: 'drop-before-commit' | 'drop-after-commit' | 'stall' | 'unavailable';
  stallCommits?: boolean;
  /**
   * When set, reads of a stream or of `$all` (not subscriptions) are accepted and never answered, as on a
   * node whose reads are stuck while its connection stays up (HTTP/2 pings still answered).
   */
  stallReads?: boolean;
  /** When set, this node is a follower: writes (and reads sent with `requires-leader`) answer not-leader. */
  notLeader?: { host: string; port: number };
}

export interface EsdbStandIn {
  readonly port: number;
  readonly log: StandInLog;
  readonly faults: StandInFaults;
  /** `esdb://127.0.0.1:PORT?tls=false`, plus any extra settings (e.g. `defaultDeadline=1000`). */
  connectionString(extra?: string): string;
  /** Closes every connection at once (calls in flight fail as on a crash) and listens again, same log. */
  restart(downMs?: number): Promise<void>;
  /** How many BatchAppend requests arrived (to see the client's retries). */
  readonly appendRequests: number;
  close(): Promise<void>;
}

const emptyMsg = () => new emptyPb.Empty();
const sharedEmpty = () => new sharedPb.Empty();

const streamName = (identifier: SharedPb.StreamIdentifier | undefined): string =>
  Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');

const identifierOf = (stream: string) => {
  const id = new sharedPb.StreamIdentifier();
  id.setStreamName(Buffer.from(stream, 'utf8'));
  return id;
};

const uuidString = (uuid: SharedPb.UUID | undefined): string => {
  if (!uuid) return '';
  if (uuid.hasString()) return uuid.getString();
  const s = uuid.getStructured()!;
  const hex = (v: string) => BigInt.asUintN(64, BigInt(v)).toString(16).padStart(16, '0');
  const all = hex(s.getMostSignificantBits()) + hex(s.getLeastSignificantBits());
  return `${all.slice(0, 8)}-${all.slice(8, 12)}-${all.slice(12, 16)}-${all.slice(16, 20)}-${all.slice(20)}`;
};

const uuidOf = (id: string) => {
  const uuid = new sharedPb.UUID();
  uuid.setString(id);
  return uuid;
};

const packed = (message: { serializeBinary(): Uint8Array }, typeName: string) => {
  const any = new anyPb.Any();
  any.pack(message.serializeBinary(), typeName);
  return any;
};

/** A gRPC error as the server raises it: a status code and `exception` (plus details) in the trailers. */
const rpcError = (code: grpc.status, details: string, trailers: Record<string, string> = {}): grpc.ServiceError => {
  const metadata = new grpc.Metadata();
  for (const [key, value] of Object.entries(trailers)) metadata.set(key, value);
  return Object.assign(new Error(details), { code, details, metadata });
};

const notLeaderError = (leader: { host: string; port: number }) =>
  rpcError(grpc.status.NOT_FOUND, 'Leader info available', {
    exception: 'not-leader',
    'leader-endpoint-host': leader.host,
    'leader-endpoint-port': String(leader.port),
  });

/** Ends a streaming call with a status and trailers (grpc-js sends an emitted error as the call's status). */
const fail = (call: { emit(event: 'error', error: grpc.ServiceError): boolean }, error: grpc.ServiceError): void => {
  call.emit('error', error);
};

const toReadEvent = (e: StoredEvent, withCommitPosition: boolean) => {
  const recorded = new streamsPb.ReadResp.ReadEvent.RecordedEvent();
  recorded.setId(uuidOf(e.id));
  recorded.setStreamIdentifier(identifierOf(e.streamId));
  recorded.setStreamRevision(e.revision.toString());
  recorded.setCommitPosition(e.commit.toString());
  recorded.setPreparePosition(e.prepare.toString());
  recorded.getMetadataMap().set('type', e.type);
  recorded.getMetadataMap().set('content-type', e.contentType);
  recorded.getMetadataMap().set('created', e.created.toString());
  recorded.setCustomMetadata(e.metadata);
  recorded.setData(e.data);
  const read = new streamsPb.ReadResp.ReadEvent();
  read.setEvent(recorded);
  if (withCommitPosition) read.setCommitPosition(e.commit.toString());
  else read.setNoPosition(sharedEmpty());
  const resp = new streamsPb.ReadResp();
  resp.setEvent(read);
  return resp;
};

const compare = (a: StoredEvent, commit: bigint, prepare: bigint) =>
  a.commit !== commit ? (a.commit < commit ? -1 : 1) : a.prepare !== prepare ? (a.prepare < prepare ? -1 : 1) : 0;

const makeFilter = (options: StreamsPb.ReadReq.Options) => {
  if (!options.hasFilter()) return { accepts: () => true, window: MAX_SEARCH_WINDOW };
  const filter = options.getFilter()!;
  const onType = filter.hasEventType();
  const expr = onType ? filter.getEventType()! : filter.getStreamIdentifier()!;
  const regex = expr.getRegex() ? new RegExp(expr.getRegex()) : undefined;
  const prefixes = expr.getPrefixList();
  const window =
    (filter.hasMax() ? filter.getMax() : MAX_SEARCH_WINDOW) * Math.max(1, filter.getCheckpointintervalmultiplier());
  return {
    accepts: (e: StoredEvent) => {
      const subject = onType ? e.type : e.streamId;
      if (regex && !regex.test(subject)) return false;
      if (prefixes.length && !prefixes.some((p) => subject.startsWith(p))) return false;
      return true;
    },
    window,
  };
};

export const startEsdbStandIn = async (
  /** `host`: the address to listen on (127.0.0.1; `0.0.0.0` to serve test hosts in other namespaces). */
  options: { port?: number; host?: string; log?: StandInLog; faults?: StandInFaults } = {},
): Promise<EsdbStandIn> => {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? new StandInLog();
  const faults: StandInFaults = options.faults ?? {};
  let server: grpc.Server;
  let port = options.port ?? 0;
  let appendRequests = 0;
  /** Calls in flight, ended on restart as the process dying would end them. */
  const cleanups = new Set<() => void>();

  const handleRead = (call: grpc.ServerWritableStream<StreamsPb.ReadReq, StreamsPb.ReadResp>) => {
    const options = call.request.getOptions()!;
    const backwards = options.getReadDirection() === streamsPb.ReadReq.Options.ReadDirection.BACKWARDS;
    const requiresLeader = call.metadata.get('requires-leader')[0] === 'true';
    if (faults.notLeader && requiresLeader) return fail(call, notLeaderError(faults.notLeader));
    if (faults.stallReads && !options.hasSubscription()) return;
    const write = (resp: StreamsPb.ReadResp) => {
      if (!call.cancelled && !call.destroyed) call.write(resp);
    };

    if (options.hasStream()) {
      const streamOptions = options.getStream()!;
      const stream = streamName(streamOptions.getStreamIdentifier());
      if (log.isDeleted(stream)) {
        return fail(
          call,
          rpcError(grpc.status.FAILED_PRECONDITION, `Event stream '${stream}' is deleted.`, {
            exception: 'stream-deleted',
            'stream-name': stream,
          }),
        );
      }
      const count = BigInt(options.getCount() || '0');
      let events = log.events.filter((e) => e.streamId === stream);
      if (events.length === 0) {
        const resp = new streamsPb.ReadResp();
        const notFound = new streamsPb.ReadResp.StreamNotFound();
        notFound.setStreamIdentifier(identifierOf(stream));
        resp.setStreamNotFound(notFound);
        write(resp);
        return call.end();
      }
      if (backwards) events = events.reverse();
      if (streamOptions.hasRevision()) {
        const from = BigInt(streamOptions.getRevision());
        events = events.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
      } else if (streamOptions.hasEnd() && !backwards) events = [];
      for (const e of events.slice(0, Number(count))) write(toReadEvent(e, false));
      return call.end();
    }

    const all = options.getAll()!;
    const position = all.hasPosition() ? all.getPosition()! : undefined;
    const commit = position ? BigInt(position.getCommitPosition()) : 0n;
    const prepare = position ? BigInt(position.getPreparePosition()) : 0n;
    const filter = makeFilter(options);

    if (!options.hasSubscription()) {
      const count = Number(BigInt(options.getCount() || '0'));
      let events = backwards ? [...log.events].reverse() : log.events;
      if (all.hasEnd()) events = backwards ? events : [];
      else if (position)
        events = events.filter((e) => (backwards ? compare(e, commit, prepare) < 0 : compare(e, commit, prepare) >= 0));
      events = events.filter(filter.accepts);
      for (const e of events.slice(0, count)) write(toReadEvent(e, true));
      return call.end();
    }

    // A catch-up subscription to $all: confirmation, the past after the position, checkpoints, then live.
    const confirmation = new streamsPb.ReadResp();
    const confirm = new streamsPb.ReadResp.SubscriptionConfirmation();
    confirm.setSubscriptionId(randomUUID());
    confirmation.setConfirmation(confirm);
    write(confirmation);
    let next = all.hasEnd()
      ? log.events.length
      : position
        ? log.events.findIndex((e) => compare(e, commit, prepare) > 0)
        : 0;
    if (next === -1) next = log.events.length;
    let sinceCheckpoint = 0;
    let caughtUp = false;
    const checkpoint = (e: StoredEvent) => {
      const resp = new streamsPb.ReadResp();
      const cp = new streamsPb.ReadResp.Checkpoint();
      cp.setCommitPosition(e.commit.toString());
      cp.setPreparePosition(e.prepare.toString());
      resp.setCheckpoint(cp);
      write(resp);
    };
    const pump = () => {
      while (next < log.events.length && !call.cancelled) {
        const e = log.events[next++]!;
        if (filter.accepts(e)) write(toReadEvent(e, true));
        if (options.hasFilter() && ++sinceCheckpoint >= filter.window) {
          sinceCheckpoint = 0;
          checkpoint(e);
        }
      }
      if (!caughtUp) {
        caughtUp = true;
        const last = log.events.at(-1);
        if (options.hasFilter() && last) checkpoint(last);
        const resp = new streamsPb.ReadResp();
        resp.setCaughtUp(new streamsPb.ReadResp.CaughtUp());
        write(resp);
      }
    };
    const unlisten = log.onAppend(pump);
    const end = () => {
      unlisten();
      cleanups.delete(end);
    };
    cleanups.add(end);
    call.on('cancelled', end);
    call.on('close', end);
    pump();
  };

  const handleBatchAppend = (call: grpc.ServerDuplexStream<StreamsPb.BatchAppendReq, StreamsPb.BatchAppendResp>) => {
    const pending = new Map<
      string,
      { options: StreamsPb.BatchAppendReq.Options; messages: StreamsPb.BatchAppendReq.ProposedMessage[] }
    >();
    const timers = new Set<NodeJS.Timeout>();
    const end = () => {
      for (const t of timers) clearTimeout(t);
      cleanups.delete(end);
    };
    cleanups.add(end);
    call.on('cancelled', end);
    call.on('end', () => {
      end();
      call.end();
    });
    call.on('error', end);

    const answer = (
      correlation: SharedPb.UUID | undefined,
      stream: string,
      options: StreamsPb.BatchAppendReq.Options,
      result: AppendOutcome | 'timeout',
    ) => {
      if (call.cancelled || call.destroyed) return;
      const resp = new streamsPb.BatchAppendResp();
      resp.setCorrelationId(correlation);
      resp.setStreamIdentifier(identifierOf(stream));
      if (options.hasStreamPosition()) resp.setStreamPosition(options.getStreamPosition());
      else if (options.hasNoStream()) resp.setNoStream(emptyMsg());
      else if (options.hasStreamExists()) resp.setStreamExists(emptyMsg());
      else resp.setAny(emptyMsg());
      if (result !== 'timeout' && result.ok) {
        const success = new streamsPb.BatchAppendResp.Success();
        success.setCurrentRevision(result.revision.toString());
        const pos = new sharedPb.AllStreamPosition();
        pos.setCommitPosition(result.commit.toString());
        pos.setPreparePosition(result.prepare.toString());
        success.setPosition(pos);
        resp.setSuccess(success);
      } else {
        const status = new statusPb.Status();
        if (result === 'timeout') {
          status.setCode(codePb.Code.DEADLINE_EXCEEDED);
          status.setMessage('Timeout');
          status.setDetails(packed(new sharedPb.Timeout(), 'event_store.client.Timeout'));
        } else if ('deleted' in result) {
          status.setCode(codePb.Code.FAILED_PRECONDITION);
          status.setMessage(`Event stream '${stream}' is deleted.`);
          const deleted = new sharedPb.StreamDeleted();
          deleted.setStreamIdentifier(identifierOf(stream));
          status.setDetails(packed(deleted, 'event_store.client.StreamDeleted'));
        } else {
          const wrong = new sharedPb.WrongExpectedVersion();
          if (result.current === undefined) wrong.setCurrentNoStream(emptyMsg());
          else wrong.setCurrentStreamRevision(result.current.toString());
          const expected = result.expected;
          if (expected.kind === 'revision') wrong.setExpectedStreamPosition(expected.at.toString());
          else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(emptyMsg());
          else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(emptyMsg());
          else wrong.setExpectedAny(emptyMsg());
          status.setCode(codePb.Code.FAILED_PRECONDITION);
          status.setMessage('WrongExpectedVersion');
          status.setDetails(packed(wrong, 'event_store.client.WrongExpectedVersion'));
        }
        resp.setError(status);
      }
      call.write(resp);
    };

    call.on('data', (req: StreamsPb.BatchAppendReq) => {
      appendRequests++;
      const key = uuidString(req.getCorrelationId());
      const batch = pending.get(key) ?? { options: req.getOptions()!, messages: [] };
      pending.set(key, batch);
      batch.messages.push(...req.getProposedMessagesList());
      if (!req.getIsFinal()) return;
      pending.delete(key);
      const options = batch.options;
      const stream = streamName(options.getStreamIdentifier());
      if (faults.notLeader) {
        // The whole BatchAppend call ends with the not-leader trailers; the client reconnects to the leader.
        return fail(call, notLeaderError(faults.notLeader));
      }
      const expected: Expected = options.hasStreamPosition()
        ? { kind: 'revision', at: BigInt(options.getStreamPosition()) }
        : options.hasNoStream()
          ? { kind: 'no_stream' }
          : options.hasStreamExists()
            ? { kind: 'stream_exists' }
            : { kind: 'any' };
      const proposed = batch.messages.map((m) => {
        const metadata = m.getMetadataMap();
        return {
          id: uuidString(m.getId()),
          type: metadata.get('type') ?? '',
          contentType: metadata.get('content-type') ?? 'application/octet-stream',
          data: m.getData_asU8(),
          metadata: m.getCustomMetadata_asU8(),
        };
      });
      const fault = faults.nextAppend;
      faults.nextAppend = undefined;
      switch (fault) {
        case 'drop-before-commit':
          void restart();
          return;
        case 'drop-after-commit':
          log.append(stream, expected, proposed);
          void restart();
          return;
        case 'unavailable':
          return fail(call, rpcError(grpc.status.UNAVAILABLE, 'Server Is Not Ready'));
        case 'stall': {
          const deadline = options.getDeadline()?.toDate().getTime() ?? Date.now() + 10_000;
          if (faults.stallCommits) log.append(stream, expected, proposed);
          const timer = setTimeout(
            () => {
              timers.delete(timer);
              answer(req.getCorrelationId(), stream, options, 'timeout');
            },
            Math.max(0, deadline - Date.now()) + 50,
          );
          timers.add(timer);
          return;
        }
        default:
          answer(req.getCorrelationId(), stream, options, log.append(stream, expected, proposed));
      }
    });
  };

  const streamsService: grpc.UntypedServiceImplementation = {
    read: handleRead,
    batchAppend: handleBatchAppend,
    append: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
      callback(rpcError(grpc.status.UNIMPLEMENTED, 'Append is not served by the stand-in; use BatchAppend')),
    delete: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
      callback(rpcError(grpc.status.UNIMPLEMENTED, 'not served')),
    tombstone: (_call: unknown, callback: grpc.sendUnaryData<unknown>) =>
      callback(rpcError(grpc.status.UNIMPLEMENTED, 'not served')),
  };

  const featuresService: grpc.UntypedServiceImplementation = {
    getSupportedMethods: (_call: unknown, callback: grpc.sendUnaryData<FeaturesPb.SupportedMethods>) => {
      const methods = new featuresPb.SupportedMethods();
      methods.setEventStoreServerVersion(STAND_IN_SERVER_VERSION);
      const method = (name: string, features: string[] = []) => {
        const m = new featuresPb.SupportedMethod();
        m.setServiceName('event_store.client.streams.streams');
        m.setMethodName(name);
        m.setFeaturesList(features);
        return m;
      };
      methods.setMethodsList([method('read', ['position', 'events', 'all']), method('batchappend')]);
      callback(null, methods);
    },
  };

  const listen = async () => {
    server = new grpc.Server();
    server.addService(streamsGrpc.StreamsService, streamsService);
    server.addService(featuresGrpc.ServerFeaturesService, featuresService);
    port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(`${host}:${port}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
  };

  const stop = () => {
    for (const cleanup of [...cleanups]) cleanup();
    server.forceShutdown();
  };

  async function restart(downMs = 0) {
    stop();
    if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
    await listen();
  }

  await listen();
  return {
    get port() {
      return port;
    },
    log,
    faults,
    connectionString: (extra = '') => `esdb://127.0.0.1:${port}?tls=false${extra ? `&${extra}` : ''}`,
    restart,
    get appendRequests() {
      return appendRequests;
    },
    close: () => Promise.resolve(stop()),
  };
};
