import { create } from './create.ts';
import type { Access, Role } from '../../../engine/user.ts';
import type { LoginAnswer, SessionResponse } from '../../../api/contract/account.ts';
import { api, ApiError } from '../lib/api.ts';
import { connectSocket, disconnectSocket } from '../lib/socket.ts';
import { useConnectionStore } from './connection.ts';

export type { Access, Role };

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  access: Access;
  /** ISO time of registration ("member since"). */
  createdAt: string;
  avatar?: string | null;
  /** The language the server keeps for the member's mails (`en` or `ta`). */
  lang?: string;
};

export type SessionState = {
  status: 'loading' | 'ready';
  user: SessionUser | null;
  /** Cash wallet and reward cash in paise; shown rounded to whole rupees in the header. */
  cash: number;
  rewardCash: number;
  /**
   * True while the user shown is this phone's saved copy: the session check at load could not reach
   * the server (offline, or the server down). Balances are then unknown, and the check is asked
   * again until the server answers.
   */
  offline: boolean;
};

/** `GET /api/auth/session` and the login answer. */
export type SessionPayload = SessionResponse;
export type LoginPayload = LoginAnswer;

/** The browser's copy of the user, kept as the spec says. Only for display: access is always the server's call. */
export const STORED_USER_KEY = 'user';

const loggedOut = { user: null, cash: 0, rewardCash: 0, offline: false } as const;

export const useSessionStore = create<SessionState>()(() => ({ status: 'loading', ...loggedOut }));

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** True when this browser was signed in when it last checked (a hint only: the server decides). */
export const hasStoredUser = (): boolean => {
  try {
    return storage()?.getItem(STORED_USER_KEY) != null;
  } catch {
    return false;
  }
};

const storeUser = (user: SessionUser | null): void => {
  const store = storage();
  if (!store) return;
  try {
    if (user) store.setItem(STORED_USER_KEY, JSON.stringify(user));
    else store.removeItem(STORED_USER_KEY);
  } catch {
    // Private mode or a full quota: the copy is a convenience only.
  }
};

const ROLES: readonly Role[] = ['admin', 'auditor', 'member'];

/** The stored copy of the user, when this browser keeps a whole one (for display only). */
const storedUser = (): SessionUser | null => {
  try {
    const text = storage()?.getItem(STORED_USER_KEY);
    if (!text) return null;
    const kept = JSON.parse(text) as Partial<Record<keyof SessionUser, unknown>> | null;
    if (typeof kept?.id !== 'string' || typeof kept.name !== 'string' || typeof kept.email !== 'string') return null;
    return {
      id: kept.id,
      name: kept.name,
      email: kept.email,
      role: (ROLES as readonly unknown[]).includes(kept.role) ? (kept.role as Role) : 'member',
      access: kept.access === 'granted' ? 'granted' : 'waitlisted',
      createdAt: typeof kept.createdAt === 'string' ? kept.createdAt : '',
      avatar: typeof kept.avatar === 'string' ? kept.avatar : null,
      lang: kept.lang === 'ta' ? 'ta' : 'en',
    };
  } catch {
    return null;
  }
};

/** The server could not be reached (no network, or a gateway with the server down): no answer about the session. */
const unreachable = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);

/** The server's user in the client's shape; an unknown role counts as a plain member. */
export const toSessionUser = (user: NonNullable<SessionPayload['user']>): SessionUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  role: (ROLES as readonly string[]).includes(user.role) ? (user.role as Role) : 'member',
  access: user.access === 'granted' ? 'granted' : 'waitlisted',
  createdAt: user.created_at,
  avatar: user.avatar ?? null,
  lang: user.lang ?? 'en',
});

/** Ends the session check's asking again (`recheckUntilAnswered`), when it runs. */
let stopRechecks: (() => void) | null = null;

export const setSession = (user: SessionUser, cash = 0, rewardCash = 0): void => {
  stopRechecks?.();
  useSessionStore.setState({ status: 'ready', user, cash, rewardCash, offline: false });
  storeUser(user);
};

export const clearSession = (): void => {
  stopRechecks?.();
  useSessionStore.setState({ status: 'ready', ...loggedOut });
  storeUser(null);
};

/** Applies a session or login answer: logged in sets user and wallet, anything else logs out. */
export const applySession = (payload: SessionPayload | undefined): SessionUser | null => {
  if (!payload?.logged_in || !payload.user) {
    clearSession();
    return null;
  }
  const user = toSessionUser(payload.user);
  setSession(user, payload.wallet?.cash ?? 0, payload.wallet?.reward_cash ?? 0);
  return user;
};

/** Live wallet updates (top-ups, pre-books, refunds, `rewardUpdate`), in paise. */
export const setWallet = (wallet: { cash?: number; reward_cash?: number }): void =>
  useSessionStore.setState((s) => ({
    cash: wallet.cash ?? s.cash,
    rewardCash: wallet.reward_cash ?? s.rewardCash,
  }));

/** Reconnects the shared socket so its handshake carries the current session cookie. */
const reconnectSocket = (): void => {
  disconnectSocket();
  connectSocket();
};

/** Asks the server who is signed in and applies its answer, reconnecting the socket for another user. */
const checkSession = async (): Promise<SessionUser | null> => {
  const before = useSessionStore.getState().user?.id ?? null;
  const user = applySession(await api<SessionPayload>('/api/auth/session'));
  if ((user?.id ?? null) !== before) reconnectSocket();
  return user;
};

const RECHECK_FIRST_MS = 2_000;
const RECHECK_MOST_MS = 60_000;

/**
 * While the saved copy is shown, asks again: at once when the browser says it is back online or the
 * socket connects, else after 2 s, 4 s, … at most a minute apart. The server's first answer, a
 * login or a logout ends it (each sets the session, which stops it).
 */
const recheckUntilAnswered = (): void => {
  if (stopRechecks || typeof window === 'undefined') return;
  let delay = RECHECK_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking = false;
  const ask = async () => {
    if (asking) return;
    asking = true;
    clearTimeout(timer);
    try {
      await checkSession(); // its answer, signed in or out, ends the asking
    } catch (error) {
      if (unreachable(error)) {
        timer = setTimeout(() => void ask(), delay);
        delay = Math.min(delay * 2, RECHECK_MOST_MS);
      } else {
        // The server answered with an error: as at load, that is signed out.
        clearSession();
      }
    } finally {
      asking = false;
    }
  };
  const onOnline = () => void ask();
  window.addEventListener('online', onOnline);
  const unsubscribe = useConnectionStore.subscribe((s, before) => {
    if (s.status === 'connected' && before.status !== 'connected') void ask();
  });
  timer = setTimeout(() => void ask(), delay);
  delay *= 2;
  stopRechecks = () => {
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    unsubscribe();
    stopRechecks = null;
  };
};

/**
 * At load: asks the server who is logged in. Until it answers, status is 'loading'. An answer
 * decides (an error answer means logged out, the stored user removed). No answer at all (offline,
 * or the server down) with a stored user: that user is shown, marked offline, with no balances,
 * and the check is asked again until the server answers: an installed app opened on a dead
 * network still shows whose phone it is and the screens kept on it. The server decides every
 * request either way.
 */
export const initSession = async (): Promise<void> => {
  useSessionStore.setState({ status: 'loading' });
  try {
    applySession(await api<SessionPayload>('/api/auth/session'));
  } catch (error) {
    const kept = unreachable(error) ? storedUser() : null;
    if (!kept) return clearSession();
    useSessionStore.setState({ status: 'ready', user: kept, cash: 0, rewardCash: 0, offline: true });
    recheckUntilAnswered();
  }
};

/**
 * Re-reads the session without the loading screen, e.g. after a wallet change or an access grant.
 * A network failure keeps what is shown; a server that says "logged out" logs out.
 */
export const refreshSession = async (): Promise<SessionUser | null> => {
  try {
    return await checkSession();
  } catch {
    return useSessionStore.getState().user;
  }
};

/** Signs in with an answer that set the session cookie (a login, or a registration), and reconnects the socket. */
export const signIn = (payload: SessionPayload): SessionUser => {
  const user = applySession(payload);
  if (!user) throw new Error('Login failed');
  reconnectSocket();
  return user;
};

/** Logs in (the server sets the httpOnly cookie) and keeps the user and wallet. Rejects with the server's ApiError. */
export const login = async (email: string, password: string): Promise<SessionUser> => {
  const payload = await api<LoginPayload>('/api/auth/login', { body: { email: email.trim(), password } });
  return signIn(payload);
};

/** Ends the session on the server, then clears user, wallet, reward cash and the stored user. */
export const logout = async (): Promise<void> => {
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } catch {
    // Logged out here anyway; the server session expires on its own.
  } finally {
    clearSession();
    reconnectSocket();
  }
};

export const selectIsLoggedIn = (state: SessionState): boolean => state.user !== null;
export const selectIsAdmin = (state: SessionState): boolean => state.user?.role === 'admin';
export const selectIsStaff = (state: SessionState): boolean =>
  state.user?.role === 'admin' || state.user?.role === 'auditor';
export const selectIsWaitlisted = (state: SessionState): boolean => state.user?.access === 'waitlisted';
