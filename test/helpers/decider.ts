import { expect } from 'vitest';
import type { Decider, Message } from '../../engine/decider.ts';
import { DomainError } from '../../engine/decider.ts';

export interface Outcome<E> {
  thenEmits(expected: readonly E[]): void;
  thenMatches(check: (events: E[]) => void): void;
  thenThrows(code: string, message?: string | RegExp): void;
}

export interface DeciderSpec<C, E> {
  given(events: readonly E[]): { when(command: C): Outcome<E> };
}

/**
 * Given/when/then for deciders, after Emmett's DeciderSpecification:
 * `spec(decider).given(events).when(command).thenEmits(events)` or `.thenThrows(code, message?)`.
 */
export const spec = <C extends Message, E extends Message, S>(decider: Decider<C, E, S>): DeciderSpec<C, E> => ({
  given: (events) => ({
    when: (command) => {
      const state = events.reduce(decider.evolve, decider.initialState);
      const run = () => decider.decide(command, state);
      return {
        thenEmits: (expected) => {
          expect(run()).toEqual(expected);
        },
        thenMatches: (check) => check(run()),
        thenThrows: (code, message) => {
          let error: unknown;
          try {
            run();
          } catch (e) {
            error = e;
          }
          expect(error, `expected ${code}`).toBeInstanceOf(DomainError);
          expect((error as DomainError).code).toBe(code);
          if (typeof message === 'string') expect((error as DomainError).message).toBe(message);
          else if (message) expect((error as DomainError).message).toMatch(message);
        },
      };
    },
  }),
});
