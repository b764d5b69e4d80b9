/** A message: commands in the imperative (`PlaceBid`), events in the past tense (`BidPlaced`). */
export interface Message<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/**
 * A decider: the pure heart of one kind of stream. `decide` returns the events a command
 * causes or throws a `DomainError`; `evolve` folds an event into the state and never throws.
 */
export interface Decider<C extends Message, E extends Message, S> {
  initialState: S;
  decide: (command: C, state: S) => E[];
  evolve: (state: S, event: E) => S;
}

/** Folds events into a state with a decider's `evolve`. */
export const fold = <E extends Message, S>(
  decider: Pick<Decider<Message, E, S>, 'initialState' | 'evolve'>,
  events: readonly E[],
): S => events.reduce(decider.evolve, decider.initialState);

/** A rule refused a command. `code` is stable; `message` is the text a user sees. */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Exhaustiveness check for `switch` over a union: a forgotten case fails to compile. */
export const assertNever = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
};
