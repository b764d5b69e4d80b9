import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env, Schema } from 'hono';
import { Hono } from 'hono';
import type { Role } from '../../engine/user.ts';
import { userDecider } from '../../engine/user.ts';
import { openReadDb } from '../../projections/db.ts';
import { allProjectors } from '../../projections/index.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { storeDeps } from '../../api/compose.ts';
import type { HitLog } from '../../api/auth/hitLog.ts';
import { sqliteHitLog } from '../../api/auth/hitLog.ts';
import { registerMember, userStream } from '../../api/auth/identity.ts';
import type { AuthEnv, SessionUser } from '../../api/auth/session.ts';
import { hashSessionToken, loadSession, newSessionToken, SESSION_TTL_MS } from '../../api/auth/session.ts';
import type { ManualClock } from '../../api/clock.ts';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { Config } from '../../api/config.ts';
import { loadConfig, siteOrigin } from '../../api/config.ts';
import type { Deps } from '../../api/deps.ts';
import { errorHandler } from '../../api/http/errors.ts';
import { createLogger } from '../../api/logger.ts';
import type { Mail, StoredMail } from '../../api/mail/index.ts';
import type { Payments } from '../../api/payments/index.ts';
import { createPayments } from '../../api/payments/index.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { Heads } from '../../api/transparency/heads.ts';
import { createHeads } from '../../api/transparency/heads.ts';
import type { LogKey } from '../../api/transparency/logKey.ts';
import { loadLogKey } from '../../api/transparency/logKey.ts';

/** Mails kept in memory, newest last, for a test to read the code or link it was sent. */
export interface MemoryMail {
  readonly kind: 'outbox';
  send(mail: Mail): Promise<void>;
  list(limit?: number): StoredMail[];
  readonly sent: StoredMail[];
}

/** In-memory adapters for one route test: everything a route factory may ask for, each made when first used. */
export interface RouteDeps extends Deps {
  clock: ManualClock;
  mail: MemoryMail;
  /** Closes what was opened and deletes the temporary data directory. */
  close(): Promise<void>;
}

/**
 * The event store and read models in memory (SQLite `:memory:`), the projection runner following
 * the store, a manual clock, sessions from the read model and a silent log. The file-backed
 * adapters (sandbox payments and their order book, rate-limit hits, the log key and signed heads)
 * live in a temporary data directory and are only made when a route touches them.
 */
export const routeDeps = async (options: { env?: Record<string, string> } = {}): Promise<RouteDeps> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vetri-route-'));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PROJECTION_WAIT_MS: '5000',
    ...options.env,
  });
  const clock = createManualClock();
  const log = createLogger('silent');
  const store = openSqliteStore({ path: ':memory:', pollIntervalMs: 5 });
  const readDb = openReadDb(':memory:');
  const projections = createProjectionRunner({ store, db: readDb, projectors: allProjectors });
  await projections.start();
  const sent: StoredMail[] = [];
  const mail: MemoryMail = {
    kind: 'outbox',
    sent,
    send: (m) => {
      sent.push({ id: `mail-${sent.length + 1}`, sentAt: new Date(clock.now()).toISOString(), ...m });
      return Promise.resolve();
    },
    list: (limit = 200) => sent.slice(-limit).reverse(),
  };
  let payments: Payments | undefined;
  let hits: HitLog | undefined;
  let transparency: { key: LogKey; heads: Heads } | undefined;
  return {
    config,
    origin: () => siteOrigin(config),
    log,
    clock,
    store,
    readDb,
    projections,
    ...storeDeps({ config, clock, store, readDb, projections }),
    mail,
    secrets: { otp: 'route-test-otp-secret', integrity: 'route-test-integrity-salt' },
    get payments() {
      return (payments ??= createPayments(config, () => clock.now()));
    },
    get hits() {
      return (hits ??= sqliteHitLog(':memory:'));
    },
    get transparency() {
      if (!transparency) {
        const key = loadLogKey(dataDir, 'test.vetrideals.in/log');
        const heads = createHeads({ path: join(dataDir, 'heads.db'), readDb, key, now: () => clock.now(), log });
        transparency = { key, heads };
      }
      return transparency;
    },
    async close() {
      await projections.stop();
      payments?.close();
      hits?.close();
      transparency?.heads.close();
      readDb.sqlite.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * A Hono app with only `routes` mounted at `prefix`, behind the session middleware and the API's
 * error handler (errors answer `{ error: { code, message } }` as in the real app).
 */
export const mount = <E extends Env, S extends Schema, B extends string>(
  deps: Pick<Deps, 'sessions' | 'log'>,
  prefix: string,
  routes: Hono<E, S, B>,
) => {
  const app = new Hono<AuthEnv>();
  app.onError((error, c) => errorHandler(deps.log)(error, c));
  app.use('*', loadSession(deps.sessions));
  app.route(prefix, routes);
  return app;
};

export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** `app.request` with an optional JSON body (or form) and session cookie; parses a JSON answer. */
export const call = async <T = Record<string, unknown>>(
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> },
  method: string,
  path: string,
  options: { json?: unknown; form?: FormData; body?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> => {
  const res = await app.request(path, {
    method,
    headers: {
      ...(options.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.json !== undefined ? JSON.stringify(options.json) : (options.form ?? options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  if (res.headers.get('content-type')?.includes('application/json')) body = text ? JSON.parse(text) : {};
  return { status: res.status, body: body as T, headers: res.headers };
};

let users = 0;

/**
 * Registers a user straight through the command handler (no password to check) and starts a
 * session for them; returns the user and the `sid` cookie to send.
 */
export const signedIn = async (
  deps: Pick<Deps, 'clock' | 'store' | 'commands' | 'sessions'>,
  options: { role?: Role; waitlisted?: boolean; name?: string; email?: string; passwordHash?: string } = {},
): Promise<{ user: SessionUser; cookie: string }> => {
  const n = ++users;
  const role = options.role ?? 'member';
  const userId = await registerMember(
    deps,
    {
      name: options.name ?? `Test ${role} ${n}`,
      email: options.email ?? `${role}${n}@route.test`,
      phone: '9876543210',
      dob: '1990-01-01',
      district: 'Chennai',
      passwordHash: options.passwordHash ?? 'not-a-password-hash',
      referralCode: null,
      role,
    },
    { actor: 'system', trusted: true },
  );
  const now = deps.clock.now();
  if (role === 'member' && !options.waitlisted) {
    await handleCommand(
      deps.commands,
      userStream(userId),
      userDecider,
      { type: 'GrantAccess', data: { by: 'route-test', now } },
      { actor: 'system', now },
    );
  }
  const token = newSessionToken();
  await handleCommand(
    deps.commands,
    userStream(userId),
    userDecider,
    {
      type: 'StartSession',
      data: { sessionHash: hashSessionToken(token), expiresAt: now + SESSION_TTL_MS, passwordHash: null, now },
    },
    { actor: 'system', now },
  );
  const user = deps.sessions.userFromToken(token);
  if (!user) throw new Error('the session did not reach the read model');
  return { user, cookie: `sid=${token}` };
};
