import { expect } from 'vitest';
import type { Decider, Message } from '../../engine/decider.ts';
import { DomainError } from '../../engine/decider.ts';

/**
 * Given/when/then for deciders, after Emmett's DeciderSpecification: the decider is folded over the
 * given events, then asked to decide. `const given = specFor(decider)`, then
 * `given(events).when(command).then(events)`, `.thenNothing()`, `.thenThrows(code, message?)`
 * (a string message must match exactly: it is the spec's user text; the error is returned for
 * checks of its details), or `.result()` for checks beyond equality.
 */
export const specFor =
  <C extends Message, E extends Message, S>(decider: Decider<C, E, S>) =>
  (given: readonly E[] = []) => ({
    when: (command: C) => {
      const state = given.reduce((s, e) => decider.evolve(s, e), decider.initialState);
      const run = () => decider.decide(command, state);
      return {
        then: (expected: readonly E[]) => {
          expect(run()).toEqual(expected);
        },
        thenNothing: () => {
          expect(run()).toEqual([]);
        },
        thenThrows: (code: string, message?: string | RegExp): DomainError => {
          let caught: unknown;
          try {
            run();
          } catch (error) {
            caught = error;
          }
          expect(caught, `expected ${code}`).toBeInstanceOf(DomainError);
          const error = caught as DomainError;
          expect(error.code).toBe(code);
          if (typeof message === 'string') expect(error.message).toBe(message);
          else if (message) expect(error.message).toMatch(message);
          return error;
        },
        /** The events and the state they lead to. */
        result: () => {
          const events = run();
          return { events, state: events.reduce((s, e) => decider.evolve(s, e), state) };
        },
      };
    },
  });
