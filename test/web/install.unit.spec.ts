import { beforeEach, describe, expect, it } from 'vitest';
import type { InstallOffer, InstallState } from '../../web/src/stores/install.ts';
import {
  acceptInstall,
  dismissInstall,
  INSTALL_DISMISSED_KEY,
  shouldSuggestInstall,
  useInstallStore,
} from '../../web/src/stores/install.ts';

const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, v),
  };
};

const offer = (outcome: 'accepted' | 'dismissed') => {
  const calls = { prompt: 0 };
  const event = Object.assign(new Event('beforeinstallprompt'), {
    prompt: () => {
      calls.prompt += 1;
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome }),
  }) as InstallOffer;
  return { event, calls };
};

const state = (over: Partial<InstallState>): InstallState => ({
  offer: offer('accepted').event,
  dismissed: false,
  visits: 1,
  lingered: false,
  ...over,
});

describe('when to suggest installing the app', () => {
  it('needs the browser’s offer and no earlier "no"', () => {
    expect(shouldSuggestInstall(state({ offer: null, lingered: true }), true)).toBe(false);
    expect(shouldSuggestInstall(state({ dismissed: true, lingered: true }), true)).toBe(false);
  });

  it('a signed-in member’s second visit, or anyone after 30 seconds', () => {
    expect(shouldSuggestInstall(state({ visits: 1 }), true)).toBe(false);
    expect(shouldSuggestInstall(state({ visits: 2 }), true)).toBe(true);
    expect(shouldSuggestInstall(state({ visits: 5 }), false)).toBe(false);
    expect(shouldSuggestInstall(state({ lingered: true }), false)).toBe(true);
  });
});

describe('answering the suggestion', () => {
  beforeEach(() => useInstallStore.setState(state({ lingered: true })));

  it('closing it is remembered in the browser', () => {
    const storage = memoryStorage();
    dismissInstall(storage);
    expect(storage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
    expect(useInstallStore.getState().dismissed).toBe(true);
  });

  it('install opens the browser’s dialog once; a "no" there counts as a dismissal', async () => {
    const storage = memoryStorage();
    const declined = offer('dismissed');
    useInstallStore.setState({ offer: declined.event });
    await acceptInstall(storage);
    expect(declined.calls.prompt).toBe(1);
    expect(useInstallStore.getState().offer).toBeNull();
    expect(storage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();

    const storage2 = memoryStorage();
    const accepted = offer('accepted');
    useInstallStore.setState({ offer: accepted.event, dismissed: false });
    await acceptInstall(storage2);
    await acceptInstall(storage2); // an offer is used once
    expect(accepted.calls.prompt).toBe(1);
    expect(storage2.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });
});
