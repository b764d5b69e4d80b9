/**
 * The boot data of a prerendered page (api/contract/boot.ts): the server renders a screen from
 * it, and the browser puts the same data in its stores before hydrating that HTML, so both draw
 * the same markup. Outside a prerendered page there is none, and nothing here changes anything.
 */
import { useSyncExternalStore } from 'react';
import type { Boot } from '../../../api/contract/boot.ts';
import { loadCatalogue, useLangStore } from '../i18n/index.ts';
import { useRoomsStore } from '../stores/rooms.ts';
import { applySession } from '../stores/session.ts';
import { dispatchLiveRoom } from '../stores/liveRoom.ts';
import { fillAsServer } from '../stores/create.ts';

export type { Boot };

let boot: Boot | null = null;

/** The browser's boot data (the page's `#boot-data` block), when the page was rendered for this very path. */
export const readWindowBoot = (): Boot | null => {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById('boot-data')?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Boot;
    return data.path === window.location.pathname ? data : null;
  } catch {
    return null;
  }
};

/**
 * Fills the stores from boot data (language with its words loaded, session and wallet, the
 * screen's data), exactly as the server did, and freezes that for the render or hydration that follows.
 */
export const applyBoot = async (data: Boot): Promise<void> => {
  boot = data;
  await loadCatalogue(data.lang);
  fillAsServer(() => {
    useLangStore.setState({ lang: data.lang });
    applySession(data.session);
    if (data.rooms) {
      useRoomsStore.setState({
        upcoming: { status: 'ready', rooms: data.rooms.upcoming, error: null },
        completed: { status: 'ready', rooms: data.rooms.completed, error: null },
      });
    }
    if (data.room) {
      dispatchLiveRoom({ type: 'open', code: data.room.room.room_code });
      dispatchLiveRoom({ type: 'snapshot', snapshot: data.room });
    }
  });
};

/** Forgets the boot data (the server, after rendering a page). */
export const clearBoot = (): void => {
  boot = null;
};

const noChange = () => () => undefined;

/**
 * The render time of the prerendered HTML while it is being rendered or hydrated, else null.
 * Clocks start from it, so hydration draws the same seconds as the server did; the browser's own
 * clock takes over right after.
 */
export const useRenderedNow = (): number | null =>
  useSyncExternalStore(
    noChange,
    () => null,
    () => boot?.now ?? null,
  );

/**
 * A value only the browser knows (a switch kept in localStorage): the server's guess while
 * rendering or hydrating, the browser's own value afterwards.
 */
export const useBrowserValue = <T>(read: () => T, serverValue: T): T =>
  useSyncExternalStore(noChange, read, () => serverValue);
