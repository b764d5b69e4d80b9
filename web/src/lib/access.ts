import type { Role } from '../../../engine/user.ts';

/**
 * Who may open a route (live auction spec §2 "Route guards"):
 * - `public`: everyone (landing, static pages, /crackers);
 * - `visitor-only`: only logged-out visitors (/login, /register); logged-in users go to /;
 * - `member`: any logged-in user, waitlisted or not; visitors go to /login;
 * - `admin`: role admin only; everyone else goes to /login;
 * - `staff`: admin, or the read-only auditor (admin read views); everyone else goes to /login.
 * The server enforces the same rules on every API call; this only decides what the browser shows.
 */
export type RouteAccess = 'public' | 'visitor-only' | 'member' | 'admin' | 'staff';

export type Viewer = { role: Role } | null;

/** Why a guard sent someone to /login; the login screen explains it to a logged-in user. */
export type RedirectReason = 'login-required' | 'admin-only';

export type AccessDecision =
  { allow: true } | { allow: false; redirect: '/login'; reason: RedirectReason } | { allow: false; redirect: '/' };

const ALLOW: AccessDecision = { allow: true };

const isStaff = (role: Role) => role === 'admin' || role === 'auditor';

/**
 * The guard's decision for one route and viewer. `arrivedFor` is the reason a guard sent the viewer here,
 * if one did: a logged-in member bounced off an admin page lands on /login (as the spec says) with an
 * explanation, instead of being sent on to / without a word.
 */
export const decideAccess = (
  access: RouteAccess,
  viewer: Viewer,
  arrivedFor: RedirectReason | null = null,
): AccessDecision => {
  switch (access) {
    case 'public':
      return ALLOW;
    case 'visitor-only':
      if (!viewer || arrivedFor === 'admin-only') return ALLOW;
      return { allow: false, redirect: '/' };
    case 'member':
      return viewer ? ALLOW : { allow: false, redirect: '/login', reason: 'login-required' };
    case 'admin':
      if (viewer?.role === 'admin') return ALLOW;
      return { allow: false, redirect: '/login', reason: viewer ? 'admin-only' : 'login-required' };
    case 'staff':
      if (viewer && isStaff(viewer.role)) return ALLOW;
      return { allow: false, redirect: '/login', reason: viewer ? 'admin-only' : 'login-required' };
  }
};

/** Unknown paths: to / when logged in, else to /login. */
export const unknownPathRedirect = (viewer: Viewer): '/' | '/login' => (viewer ? '/' : '/login');

/** Navigation state a guard leaves for /login: where the viewer wanted to go, and why they were sent away. */
export type GuardState = { from?: string; reason?: RedirectReason };

export const readGuardState = (state: unknown): GuardState => {
  if (!state || typeof state !== 'object') return {};
  const { from, reason } = state as Record<string, unknown>;
  return {
    from: typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : undefined,
    reason: reason === 'login-required' || reason === 'admin-only' ? reason : undefined,
  };
};

/** Where to go after logging in: back to the page a guard sent the visitor away from, else home. */
export const afterLoginPath = (state: unknown): string => {
  const { from } = readGuardState(state);
  return from && from !== '/login' && from !== '/register' ? from : '/';
};
