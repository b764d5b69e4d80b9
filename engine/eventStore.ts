/**
 * The event store port: what the engine and the command handlers need from a log of events.
 * Adapters (embedded SQLite, EventStoreDB) live in `api/store/` and pass one conformance suite.
 */

/** Who caused an event: a member or admin acting through the API, or the system itself. */
export type Actor = { userId: string; role: string } | 'system';

export interface EventMetadata {
  /** Server time of the command, ISO 8601 UTC. */
  at: string;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  /** Version of the event's data shape. */
  schema: number;
  [key: string]: unknown;
}

/** Hash-chain fields added by the store on append. */
export interface ChainFields {
  prevHash: string;
  hash: string;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** Unique event id (a UUID). Re-appending the same ids is idempotent. */
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  id: string;
  streamName: string;
  /** 0-based position of the event within its stream. */
  revision: number;
  /** Position in the global log; strictly increasing in append order. */
  position: number;
  type: T;
  data: D;
  metadata: EventMetadata & ChainFields;
}

/**
 * `no_stream`: the stream must not exist; `stream_exists`: it must exist;
 * `any`: no check; a number: the revision of the stream's last event.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | number;

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: number;
  /** True when these event ids were already stored (an idempotent re-append): nothing new was written. */
  duplicate?: boolean;
}

export interface ReadStreamOptions {
  /** Revision to start from (inclusive). Defaults to the start or, backwards, the end. */
  from?: number;
  direction?: 'forwards' | 'backwards';
  limit?: number;
}

export interface ReadAllOptions {
  /** Read events whose position is strictly greater than this. Defaults to the start of the log. */
  after?: number;
  limit?: number;
}

export interface SubscribeOptions {
  /** Deliver events whose position is strictly greater than this (a checkpoint). */
  after?: number;
  /** Called in global order, one batch at a time; the next batch waits for the promise. */
  onEvents: (events: RecordedEvent[]) => void | Promise<void>;
  onError?: (error: unknown) => void;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface EventStore {
  readonly kind: 'sqlite' | 'esdb';
  /**
   * How another thread of this process opens the same log to read it: a module (a file URL), the
   * function it exports and that function's options (a full rebuild reads the log on two
   * threads). The embedded store on a file gives it; one in memory, and EventStoreDB, do not.
   */
  readonly reopen?: { module: string; exportName: string; options: unknown };
  append(stream: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** Events of one stream; an empty array when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catch up from the checkpoint, then follow live appends (including other processes'). */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** Position of the last event in the log, or 0 when the log is empty. */
  headPosition(): Promise<number>;
  /**
   * This process's own appends, handed over synchronously once their commit is durable and before
   * any append of that commit is answered, in log order. Optional: a store that cannot tell
   * (EventStoreDB) leaves it out, and its events only arrive through `subscribeToAll`.
   */
  onCommitted?(listener: (events: readonly RecordedEvent[]) => void): () => void;
  close(): Promise<void>;
}

/** Thrown when the stream's revision is not the expected one. */
export class WrongExpectedRevisionError extends Error {
  readonly code = 'WRONG_EXPECTED_REVISION';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Thrown when the store cannot be reached or refuses to write (disk full, locked, down). */
export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** Thrown when an event id is re-used for a different stream or position. */
export class DuplicateEventIdError extends Error {
  readonly code = 'DUPLICATE_EVENT_ID';
  constructor(
    readonly eventId: string,
    readonly stream: string,
  ) {
    super(`Event id ${eventId} already exists elsewhere than at the end of ${stream}`);
    this.name = 'DuplicateEventIdError';
  }
}

export const NO_POSITION = 0;

/** The category of a stream name: `room-ABC123` → `room`. */
export const streamCategory = (stream: string): string => {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
};

/**
 * A recorded event read as the domain event its stream holds (`RoomEvent` for `room-…`). The log
 * only ever holds what a decider decided for that stream, so the type and data are one of its
 * union's; this is the one place that says so, instead of a cast at every reader.
 */
export const asDomainEvent = <E extends { type: string; data: unknown }>(
  recorded: RecordedEvent,
): E & Omit<RecordedEvent, 'type' | 'data'> => recorded as E & RecordedEvent;
