import { create } from 'zustand';

export type Role = 'admin' | 'member';

export type SessionUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  avatar?: string | null;
};

export type SessionState = {
  status: 'loading' | 'ready';
  user: SessionUser | null;
  /** Cash wallet and reward cash in paise; shown rounded to whole rupees in the header. */
  walletPaise: number;
  rewardCashPaise: number;
};

const loggedOut = { user: null, walletPaise: 0, rewardCashPaise: 0 } as const;

export const useSessionStore = create<SessionState>()(() => ({ status: 'loading', ...loggedOut }));

/**
 * Placeholder until the auth work lands: it will ask `GET /api/auth/session` and call `setSession`.
 * For now every visitor is logged out.
 */
export const initSession = (): void => {
  useSessionStore.setState({ status: 'ready', ...loggedOut });
};

export const setSession = (user: SessionUser, walletPaise = 0, rewardCashPaise = 0): void =>
  useSessionStore.setState({ status: 'ready', user, walletPaise, rewardCashPaise });

export const clearSession = (): void => useSessionStore.setState({ status: 'ready', ...loggedOut });

export const selectIsLoggedIn = (state: SessionState): boolean => state.user !== null;
export const selectIsAdmin = (state: SessionState): boolean => state.user?.role === 'admin';
