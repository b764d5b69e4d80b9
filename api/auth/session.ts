import { createHash, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Actor } from '../../engine/eventStore.ts';
import type { Access, Lang, Role } from '../../engine/user.ts';
import type { ReadDb } from '../../projections/db.ts';
import type { UserRow } from '../../projections/users.ts';
import type { ProjectionRunner } from '../../projections/runner.ts';
import { langOf, userBySession, usersProjector } from '../../projections/users.ts';
import type { Clock } from '../clock.ts';
import { ApiError } from '../http/errors.ts';
import { keepLatest } from '../keptMap.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** The signed-in user as the server knows them. Never taken from a client. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  access: Access;
  createdAt: string;
  /** The avatar's address under /api/uploads, or null (initials). */
  avatar?: string | null;
  /** The language of their mails and notifications. */
  lang?: Lang;
}

export type AuthEnv = { Variables: { user: SessionUser | null; sessionHash: string | null } };

export const newSessionToken = (): string => randomBytes(32).toString('base64url');
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const parseCookie = (header: string | undefined, name: string): string | null => {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
};

/** The hash of the session in a `Cookie` header (a socket's handshake), or null when it has none. */
export const sessionHashOfCookie = (cookieHeader: string | undefined): string | null => {
  const token = parseCookie(cookieHeader, SESSION_COOKIE);
  return token ? hashSessionToken(token) : null;
};

/** The session's view of a user row. */
export const sessionUserOf = (row: UserRow): SessionUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as Role,
  access: row.access as Access,
  createdAt: row.createdAt,
  avatar: row.avatar ? `/api/uploads/${row.avatar}` : null,
  lang: langOf(row),
});

/** Sessions kept in memory at most (the oldest go first); the rest are read again. */
export const KEPT_SESSIONS = 10_000;
/** Event types the users read model handles: a batch with one of them forgets the kept sessions. */
const usersEvents: ReadonlySet<string> | null = usersProjector.handles === '*' ? null : new Set(usersProjector.handles);

/**
 * Looks up sessions in the read model (sessions are `SessionStarted`/`SessionEnded` events on the
 * user stream). Every socket event asks, so a live session is kept in memory until it expires or
 * a batch with any users event (a login, a logout, an access grant, a profile change) is projected:
 * such a batch forgets every kept session, so the next look-up reads what the batch wrote.
 */
export const createSessions = (readDb: ReadDb, clock: Clock, projections: Pick<ProjectionRunner, 'onApplied'>) => {
  const kept = new Map<string, { user: SessionUser; expiresAt: number }>();
  projections.onApplied((events) => {
    if (kept.size > 0 && events.some((e) => usersEvents?.has(e.type) ?? true)) kept.clear();
  });
  const fromToken = (token: string | null | undefined): SessionUser | null => {
    if (!token || token.length > 200) return null;
    const hash = hashSessionToken(token);
    const now = clock.now();
    const known = kept.get(hash);
    if (known && known.expiresAt > now) return known.user;
    if (known) kept.delete(hash);
    const row = userBySession(readDb, hash, now);
    if (!row) return null;
    const user = sessionUserOf(row);
    keepLatest(kept, hash, { user, expiresAt: row.sessionExpiresAt }, KEPT_SESSIONS);
    return user;
  };
  return {
    userFromToken: fromToken,
    /** For socket.io handshakes: the user of the `sid` cookie, or null. */
    userFromCookie: (cookieHeader: string | undefined): SessionUser | null =>
      fromToken(parseCookie(cookieHeader, SESSION_COOKIE)),
  };
};

export type Sessions = ReturnType<typeof createSessions>;

/** Sets `c.var.user` from the session cookie (null when absent, unknown, ended or expired). */
export const loadSession =
  (sessions: Sessions): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    c.set('user', sessions.userFromToken(token));
    c.set('sessionHash', token ? hashSessionToken(token) : null);
    await next();
  };

export const currentUser = (c: Context<AuthEnv>): SessionUser => {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please log in.');
  return user;
};

/** 401 unless logged in. */
export const requireUser: MiddlewareHandler<AuthEnv> = async (c, next) => {
  currentUser(c);
  await next();
};

/** 401 unless logged in, 403 unless the user has one of the roles. */
export const requireRole =
  (...roles: Role[]): MiddlewareHandler<AuthEnv> =>
  async (c, next) => {
    const user = currentUser(c);
    if (!roles.includes(user.role)) throw new ApiError(403, 'FORBIDDEN', 'You do not have permission to do this.');
    await next();
  };

export const WAITLIST_MESSAGE =
  'Your account is on the waitlist. An admin must grant you full access before you can pre-book, bid or join a team.';

/** 403 WAITLISTED unless an admin granted the member full access. */
export const requireAccess: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const user = currentUser(c);
  if (user.access !== 'granted') throw new ApiError(403, 'WAITLISTED', WAITLIST_MESSAGE);
  await next();
};

export const actorOf = (user: SessionUser): Actor => ({ userId: user.id, role: user.role });
