import type { Decider, Message } from '../engine/decider.ts';
import type { Actor, EventMetadata, EventStore, NewEvent, RecordedEvent } from '../engine/eventStore.ts';
import { WrongExpectedRevisionError, asDomainEvent } from '../engine/eventStore.ts';
import { deterministicUuid, newId } from './ids.ts';
import { keepLatest } from './keptMap.ts';

/** Who and when: everything a command needs besides its data. */
export interface CommandContext {
  actor: Actor;
  now: number;
  correlationId?: string;
  causationId?: string | null;
  /**
   * Makes the command idempotent: its events get ids derived from this, so running it
   * again after a crash or a client retry appends nothing new.
   */
  commandId?: string;
  /**
   * Facts recorded beside the event rather than in its data (e.g. a sign-in's salted device and
   * address hashes, `signIn`); they never override the standard fields.
   */
  metadata?: Record<string, unknown>;
}

export interface CommandResult<S, E> {
  state: S;
  events: E[];
  /** Global position of the last event appended, or of the stream's last event when nothing was appended. */
  position: number;
  nextRevision: number;
}

export interface HandlerDeps {
  store: EventStore;
  /** Waits until read models reach a position (read-your-writes); skipped when absent. */
  waitForProjections?: (position: number) => Promise<void>;
}

export const metadataFor = (context: CommandContext, schema = 1): EventMetadata => ({
  ...context.metadata,
  at: new Date(context.now).toISOString(),
  actor: context.actor,
  correlationId: context.correlationId ?? context.commandId ?? newId(),
  causationId: context.causationId ?? null,
  schema,
});

export const toNewEvents = (messages: readonly Message[], context: CommandContext): NewEvent[] => {
  const metadata = metadataFor(context);
  return messages.map((m, i) => ({
    id: context.commandId ? deterministicUuid(`${context.commandId}#${i}`) : newId(),
    type: m.type,
    data: m.data,
    metadata,
  }));
};

const MAX_ATTEMPTS = 8;

/** Reads a stream and folds it. */
export const loadState = async <E extends Message, S>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<Message, E, S>, 'initialState' | 'evolve'>,
): Promise<{ state: S; revision: number; position: number; events: RecordedEvent[] }> => {
  const events = await store.readStream(stream);
  let state = decider.initialState;
  for (const e of events) state = decider.evolve(state, asDomainEvent<E>(e));
  const last = events[events.length - 1];
  return { state, revision: last ? last.revision : -1, position: last ? last.position : 0, events };
};

interface Folded<S> {
  state: S;
  revision: number;
  position: number;
}
const CACHED_STREAMS = 5000;
const folds = new WeakMap<EventStore, WeakMap<object, Map<string, Folded<unknown>>>>();

const cacheOf = (store: EventStore, decider: object): Map<string, Folded<unknown>> => {
  let byDecider = folds.get(store);
  if (!byDecider) folds.set(store, (byDecider = new WeakMap<object, Map<string, Folded<unknown>>>()));
  let byStream = byDecider.get(decider);
  if (!byStream) byDecider.set(decider, (byStream = new Map<string, Folded<unknown>>()));
  return byStream;
};

const remember = <S>(store: EventStore, stream: string, decider: object, folded: Folded<S>) => {
  keepLatest(cacheOf(store, decider), stream, folded, CACHED_STREAMS);
};

/**
 * `loadState` for commands, from the last state this process folded for the stream: only events
 * after it are read (a stream never changes what it holds, so that state stays a true prefix, and
 * events appended by other processes are read and folded like any others). Without it every deal
 * read and parsed its room's whole history.
 */
const loadCached = async <E extends Message, S>(
  store: EventStore,
  stream: string,
  decider: Pick<Decider<Message, E, S>, 'initialState' | 'evolve'>,
): Promise<Folded<S>> => {
  const known = cacheOf(store, decider).get(stream) as Folded<S> | undefined;
  if (!known) {
    const { state, revision, position } = await loadState(store, stream, decider);
    remember(store, stream, decider, { state, revision, position });
    return { state, revision, position };
  }
  const events = await store.readStream(stream, { from: known.revision + 1 });
  if (events.length === 0) return known;
  let state = known.state;
  for (const e of events) state = decider.evolve(state, asDomainEvent<E>(e));
  const last = events[events.length - 1]!;
  const folded = { state, revision: last.revision, position: last.position };
  remember(store, stream, decider, folded);
  return folded;
};

/**
 * The one way commands run: read the stream → decide → append with the expected revision →
 * retry on a conflict (bounded) → wait for the read models → answer. A `DomainError` from
 * `decide` is thrown to the caller untouched.
 */
export const handleCommand = async <C extends Message, E extends Message, S>(
  deps: HandlerDeps,
  stream: string,
  decider: Decider<C, E, S>,
  command: C | ((state: S) => C),
  context: CommandContext,
): Promise<CommandResult<S, E>> => {
  for (let attempt = 1; ; attempt++) {
    const { state, revision, position } = await loadCached(deps.store, stream, decider);
    const resolved = typeof command === 'function' ? command(state) : command;
    const events = decider.decide(resolved, state);
    if (events.length === 0) return { state, events, position, nextRevision: revision };
    try {
      const result = await deps.store.append(stream, toNewEvents(events, context), {
        expectedRevision: revision === -1 ? 'no_stream' : revision,
      });
      if (result.duplicate || result.nextRevision <= revision) {
        // These event ids were already stored: the command had run before (a retry, or the same
        // command racing itself). Nothing new was applied; answer with the stream as it is.
        if (deps.waitForProjections) await deps.waitForProjections(result.position);
        const current = await loadState(deps.store, stream, decider);
        return { state: current.state, events: [], position: result.position, nextRevision: current.revision };
      }
      const next = events.reduce(decider.evolve, state);
      remember(deps.store, stream, decider, { state: next, revision: result.nextRevision, position: result.position });
      const done = { state: next, events, position: result.position, nextRevision: result.nextRevision };
      if (deps.waitForProjections) await deps.waitForProjections(result.position);
      return done;
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
};
