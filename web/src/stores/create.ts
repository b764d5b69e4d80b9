/**
 * Zustand's `create`, with one difference: the state a server render and the hydration of its
 * HTML read. Zustand's own hook gives React the store's creation-time state as the "server
 * snapshot"; the prerendered screens (web/src/ssr) fill the stores with the page's data first (the
 * server per request, the browser from the same boot data before hydrating) and freeze that state
 * for hydration (`fillAsServer`), so both sides render the same markup even if a store moves on
 * (a socket event, a wallet refresh) before React reaches a part of the page. React then
 * re-renders from the live state.
 */
import { useStore } from 'zustand';
import type { StateCreator, StoreApi } from 'zustand/vanilla';
import { createStore } from 'zustand/vanilla';

export type UseBoundStore<T> = {
  (): T;
  <U>(selector: (state: T) => U): U;
} & StoreApi<T>;

type Made = { api: StoreApi<unknown>; initial: unknown; frozen: { state: unknown } | null };
/** Every store made here, with the state it was created with (a server render puts them back after each page). */
const made: Made[] = [];

export const create =
  <T>() =>
  (init: StateCreator<T, [], []>): UseBoundStore<T> => {
    const api = createStore<T>()(init);
    const entry: Made = { api, initial: api.getState(), frozen: null };
    made.push(entry);
    // React asks for this only while rendering on the server or hydrating.
    api.getInitialState = () => (entry.frozen ? (entry.frozen.state as T) : api.getState());
    const useBoundStore = <U>(selector?: (state: T) => U) => useStore(api, selector as (state: T) => U);
    return Object.assign(useBoundStore, api);
  };

/**
 * Fills the stores as the server does for a page (`fill`, from every store's creation state) and
 * freezes that as the state a server render or hydration reads. In the browser, whatever the
 * page's own start-up had already set in a store the boot data does not fill (the socket's
 * status, the clock) is put back for the live state, so hydration sees exactly the server's view
 * and React re-renders from the live one right after.
 */
export const fillAsServer = (fill: () => void): void => {
  const live = made.map((entry) => entry.api.getState());
  for (const entry of made) entry.api.setState(entry.initial, true);
  fill();
  made.forEach((entry, i) => {
    const state = entry.api.getState();
    entry.frozen = { state };
    if (state === entry.initial) entry.api.setState(live[i], true);
  });
};

/** Puts every store back as it was created, unfrozen (the server, between two pages it renders). */
export const resetAllStores = (): void => {
  for (const entry of made) {
    entry.frozen = null;
    entry.api.setState(entry.initial, true);
  }
};
