import { create } from './create.ts';

/** Chromium's install offer (not in TypeScript's DOM types). */
export type InstallOffer = Event & {
  prompt(): Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** Set once the visitor closes the suggestion, declines the browser's dialog or installs: never shown again. */
export const INSTALL_DISMISSED_KEY = 'vetri.install.dismissed';
/** How many visits (browser tabs' sessions) this browser has made. */
export const VISITS_KEY = 'vetri.visits';
const VISIT_COUNTED_KEY = 'vetri.visit.counted';
/** A visitor who stays this long is shown the suggestion even on a first visit. */
export const INSTALL_AFTER_MS = 30_000;

export type InstallState = {
  /** The browser's deferred offer: present only when the site is installable and not installed. */
  offer: InstallOffer | null;
  dismissed: boolean;
  visits: number;
  /** The visitor has been on the site for INSTALL_AFTER_MS in this tab. */
  lingered: boolean;
};

export const useInstallStore = create<InstallState>()(() => ({
  offer: null,
  dismissed: false,
  visits: 0,
  lingered: false,
}));

/**
 * The moment to suggest installing: the browser offers it, the visitor has not said no, and
 * either a signed-in member is back for a second visit or anyone has stayed 30 seconds.
 */
export const shouldSuggestInstall = (s: InstallState, signedIn: boolean): boolean =>
  s.offer !== null && !s.dismissed && (s.lingered || (signedIn && s.visits >= 2));

const read = (storage: Storage, key: string): string | null => {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
};
const write = (storage: Storage, key: string, value: string): void => {
  try {
    storage.setItem(key, value);
  } catch {
    // Storage blocked or full: the suggestion may come back on the next visit, nothing worse.
  }
};

/** Counts this visit, and keeps the browser's install offer for the moment to show it (call once, early). */
export const startInstallOffer = (storage: Storage = localStorage, tab: Storage = sessionStorage): void => {
  let visits = Number(read(storage, VISITS_KEY)) || 0;
  if (!read(tab, VISIT_COUNTED_KEY)) {
    visits += 1;
    write(storage, VISITS_KEY, String(visits));
    write(tab, VISIT_COUNTED_KEY, '1');
  }
  useInstallStore.setState({ visits, dismissed: read(storage, INSTALL_DISMISSED_KEY) !== null });
  window.addEventListener('beforeinstallprompt', (event) => {
    // No mini-infobar from the browser: the site asks at its own moment.
    event.preventDefault();
    useInstallStore.setState({ offer: event as InstallOffer });
  });
  window.addEventListener('appinstalled', () => {
    write(storage, INSTALL_DISMISSED_KEY, 'installed');
    useInstallStore.setState({ offer: null, dismissed: true });
  });
  setTimeout(() => useInstallStore.setState({ lingered: true }), INSTALL_AFTER_MS);
};

/** The visitor closed the suggestion: remembered in this browser. */
export const dismissInstall = (storage: Storage = localStorage): void => {
  write(storage, INSTALL_DISMISSED_KEY, new Date().toISOString());
  useInstallStore.setState({ dismissed: true });
};

/** Opens the browser's install dialog (an offer can be used once); a "no" there counts as a dismissal. */
export const acceptInstall = async (storage: Storage = localStorage): Promise<void> => {
  const { offer } = useInstallStore.getState();
  if (!offer) return;
  useInstallStore.setState({ offer: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'dismissed') dismissInstall(storage);
};
