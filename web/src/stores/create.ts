/**
 * Zustand's `create`, with one difference: a server render, and the hydration of its HTML in the
 * browser, read a store as it is now, not as it was when the module loaded. Zustand's own hook
 * gives React the store's creation-time state as the "server snapshot"; the prerendered screens
 * (web/src/ssr) fill the stores with the page's data first (the server per request, the browser
 * from the same boot data before hydrating), so both sides render the same markup from it.
 */
import { useStore } from 'zustand';
import type { StateCreator, StoreApi } from 'zustand/vanilla';
import { createStore } from 'zustand/vanilla';

export type UseBoundStore<T> = {
  (): T;
  <U>(selector: (state: T) => U): U;
} & StoreApi<T>;

/** Every store made here, with the state it was created with: a server render puts them back after each page. */
const made: { api: StoreApi<unknown>; initial: unknown }[] = [];

export const create =
  <T>() =>
  (init: StateCreator<T, [], []>): UseBoundStore<T> => {
    const api = createStore<T>()(init);
    made.push({ api, initial: api.getState() });
    api.getInitialState = api.getState;
    const useBoundStore = <U>(selector?: (state: T) => U) => useStore(api, selector as (state: T) => U);
    return Object.assign(useBoundStore, api);
  };

/** Puts every store back as it was created (the server, between two pages it renders). */
export const resetAllStores = (): void => {
  for (const { api, initial } of made) api.setState(initial, true);
};
