import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../web/src/lib/socket.ts', () => ({ connectSocket: vi.fn(), disconnectSocket: vi.fn() }));

const { connectSocket, disconnectSocket } = await import('../../web/src/lib/socket.ts');
const session = await import('../../web/src/stores/session.ts');
const { useSessionStore, initSession, refreshSession, login, logout, setWallet, STORED_USER_KEY } = session;
const { setConnection } = await import('../../web/src/stores/connection.ts');

const memoryStorage = () => {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
    key: () => null,
    get length() {
      return items.size;
    },
  } satisfies Storage;
};

const apiUser = {
  id: 'U1',
  name: 'Arun Kumar',
  email: 'member1@vetrideals.in',
  role: 'member',
  access: 'granted',
  created_at: '2026-11-22T02:00:00.000Z',
};
const loggedIn = { logged_in: true, user: apiUser, wallet: { cash: 25_050, reward_cash: 9_999 } };
const loggedOut = { logged_in: false, user: null, wallet: null };

const respond = (...bodies: { status?: number; body: unknown }[]) => {
  const fetch = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = bodies.shift() ?? { body: {} };
    return Promise.resolve(new Response(JSON.stringify(next.body), { status: next.status ?? 200 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  useSessionStore.setState({ status: 'loading', user: null, cash: 0, rewardCash: 0, offline: false });
  vi.mocked(connectSocket).mockClear();
  vi.mocked(disconnectSocket).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('initSession', () => {
  it('stays loading until the session check answers, then sets the user, wallet and reward cash', async () => {
    const fetch = respond({ body: loggedIn });
    const pending = initSession();
    expect(useSessionStore.getState().status).toBe('loading');
    await pending;
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/session');
    expect(useSessionStore.getState()).toMatchObject({
      status: 'ready',
      user: { id: 'U1', name: 'Arun Kumar', role: 'member', access: 'granted', createdAt: apiUser.created_at },
      cash: 25_050,
      rewardCash: 9_999,
    });
    expect(JSON.parse(localStorage.getItem(STORED_USER_KEY)!)).toMatchObject({ id: 'U1' });
  });

  it('treats a failed check as logged out and removes the stored user when no whole user is stored', async () => {
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ id: 'U1', role: 'admin' }));
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await initSession();
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', user: null, cash: 0, offline: false });
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('treats a server error as logged out even with a stored user: only an unreached server keeps the copy', async () => {
    respond({ body: loggedIn });
    await initSession();
    respond({ status: 500, body: { error: { code: 'INTERNAL', message: 'Server error' } } });
    await initSession();
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', user: null, offline: false });
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });
  it('never trusts the stored user: the server’s answer decides', async () => {
    localStorage.setItem(STORED_USER_KEY, JSON.stringify({ ...apiUser, role: 'admin' }));
    respond({ body: loggedOut });
    await initSession();
    expect(useSessionStore.getState().user).toBeNull();
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('reads an unknown role as a plain member and anything but granted as waitlisted', async () => {
    respond({ body: { ...loggedIn, user: { ...apiUser, role: 'superuser', access: '?' } } });
    await initSession();
    expect(useSessionStore.getState().user).toMatchObject({ role: 'member', access: 'waitlisted' });
  });
});

describe('opened with no connection (an installed app on a dead network)', () => {
  /** A browser window: its `online` event, and timers the test moves. */
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('window', new EventTarget());
    setConnection('idle');
  });
  afterEach(() => {
    session.clearSession(); // ends a recheck left running
    vi.useRealTimers();
  });

  const signedInBefore = async () => {
    respond({ body: loggedIn });
    await initSession();
  };
  const offline = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

  it('shows the stored user marked offline, with no balances from the copy, and keeps the copy', async () => {
    await signedInBefore();
    offline();
    await initSession();
    expect(useSessionStore.getState()).toMatchObject({
      status: 'ready',
      user: { id: 'U1', name: 'Arun Kumar', role: 'member', access: 'granted' },
      cash: 0,
      rewardCash: 0,
      offline: true,
    });
    expect(JSON.parse(localStorage.getItem(STORED_USER_KEY)!)).toMatchObject({ id: 'U1' });
  });

  it('a gateway with the server down (502, 503, 504) counts as unreached too', async () => {
    for (const status of [502, 503, 504]) {
      await signedInBefore();
      respond({ status, body: {} });
      await initSession();
      expect(useSessionStore.getState(), String(status)).toMatchObject({ user: { id: 'U1' }, offline: true });
    }
  });

  it('asks again when the browser is back online, and the server’s answer replaces the copy', async () => {
    await signedInBefore();
    offline();
    await initSession();
    const fetch = respond({ body: { ...loggedIn, wallet: { cash: 50_000, reward_cash: 1_200 } } });
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(useSessionStore.getState().offline).toBe(false));
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/session');
    expect(useSessionStore.getState()).toMatchObject({ user: { id: 'U1' }, cash: 50_000, rewardCash: 1_200 });
    // Answered: no more asking.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks again when the socket connects, and a server that says logged out logs out', async () => {
    await signedInBefore();
    offline();
    await initSession();
    respond({ body: loggedOut });
    setConnection('connected');
    await vi.waitFor(() => expect(useSessionStore.getState().user).toBeNull());
    expect(useSessionStore.getState().offline).toBe(false);
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('with no signal of its own, asks again after 2 s, 4 s, 8 s … and never more than a minute apart', async () => {
    await signedInBefore();
    offline();
    await initSession();
    const fetch = vi.mocked(globalThis.fetch);
    fetch.mockClear();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetch).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const calls = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch.mock.calls.length).toBe(calls + 1);
    expect(useSessionStore.getState()).toMatchObject({ user: { id: 'U1' }, offline: true });
  });

  it('a login meanwhile ends the asking', async () => {
    await signedInBefore();
    offline();
    await initSession();
    respond({ body: { status: 'success', message: 'Login successful', ...loggedIn } });
    await login('member1@vetrideals.in', 'Member@123');
    expect(useSessionStore.getState().offline).toBe(false);
    const fetch = respond({ body: loggedOut });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetch).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user?.id).toBe('U1');
  });
});

describe('login and logout', () => {
  it('logs in, keeps user and wallet, and reconnects the socket with the new cookie', async () => {
    const fetch = respond({ body: { status: 'success', message: 'Login successful', ...loggedIn } });
    const user = await login(' member1@vetrideals.in ', 'Member@123');
    expect(user.name).toBe('Arun Kumar');
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({
      email: 'member1@vetrideals.in',
      password: 'Member@123',
    });
    expect(useSessionStore.getState().cash).toBe(25_050);
    expect(disconnectSocket).toHaveBeenCalled();
    expect(connectSocket).toHaveBeenCalled();
  });

  it('rejects with the server’s message on a wrong password and stays logged out', async () => {
    useSessionStore.setState({ status: 'ready' });
    respond({ status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } } });
    await expect(login('a@b.in', 'x')).rejects.toMatchObject({ message: 'Invalid email or password.' });
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('logout ends the server session and clears user, wallet, reward cash and the stored user', async () => {
    respond({ body: loggedIn });
    await initSession();
    const fetch = respond({ body: { status: 'success' } });
    await logout();
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/logout');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST' });
    expect(useSessionStore.getState()).toMatchObject({ user: null, cash: 0, rewardCash: 0 });
    expect(localStorage.getItem(STORED_USER_KEY)).toBeNull();
  });

  it('logs out locally even when the server cannot be reached', async () => {
    respond({ body: loggedIn });
    await initSession();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await logout();
    expect(useSessionStore.getState().user).toBeNull();
  });
});

describe('live updates', () => {
  it('refreshSession updates the wallet without showing the loading screen, and keeps the user on a network error', async () => {
    respond({ body: loggedIn });
    await initSession();
    respond({ body: { ...loggedIn, user: { ...apiUser, access: 'granted' }, wallet: { cash: 100, reward_cash: 5 } } });
    const pending = refreshSession();
    expect(useSessionStore.getState().status).toBe('ready');
    await pending;
    expect(useSessionStore.getState()).toMatchObject({ cash: 100, rewardCash: 5 });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await refreshSession();
    expect(useSessionStore.getState().user?.id).toBe('U1');
  });

  it('setWallet changes only the balances it is given', async () => {
    respond({ body: loggedIn });
    await initSession();
    setWallet({ reward_cash: 700 });
    expect(useSessionStore.getState()).toMatchObject({ cash: 25_050, rewardCash: 700 });
  });
});
