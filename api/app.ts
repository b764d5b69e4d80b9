import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { compressJson, pickEncoding } from './http/compression.ts';
import { prerenderScreens } from './http/prerender.ts';
import type { Deps } from './deps.ts';
import { ApiError, errorHandler } from './http/errors.ts';
import { buildOpenApi } from './http/openapi.ts';
import { systemRoutes } from './routes/system.ts';
import { adminIdentityRoutes } from './admin/identityRoutes.ts';
import { exportRoutes } from './admin/exportRoutes.ts';
import { invoiceRoutes } from './invoices/index.ts';
import { revenueRoutes } from './admin/revenueRoutes.ts';
import { integrityRoutes } from './admin/integrityRoutes.ts';
import { authRoutes } from './auth/routes.ts';
import { passwordRoutes } from './auth/passwordRoutes.ts';
import { languageRoutes, profileRoutes } from './auth/profileRoutes.ts';
import { referralRoutes } from './auth/referralRoutes.ts';
import type { AuthEnv } from './auth/session.ts';
import { loadSession } from './auth/session.ts';
import { sameOriginWrites } from './http/security.ts';
import type { PaymentPurposes } from './payments/purposes.ts';
import { paymentsRoutes, razorpayReturnRoutes } from './payments/routes.ts';
import { walletRoutes } from './wallet/routes.ts';
import { myRoomsRoutes, roomsRoutes } from './rooms/routes.ts';
import { roomsAdminRoutes } from './rooms/adminRoutes.ts';
import { uploadsRoutes } from './uploads/images.ts';
import { shopRoutes } from './shop/index.ts';
import { leagueAdminRoutes } from './league/adminRoutes.ts';
import { leagueRoutes } from './league/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { receiptRoutes } from './audit/receiptRoutes.ts';
import { blogRoutes } from './blog/routes.ts';
import { newsletterRoutes } from './newsletter/routes.ts';
import { notifyRoutes } from './notify/routes.ts';
import { withdrawalRoutes } from './wallet/withdrawals.ts';
import { logRoutes } from './transparency/routes.ts';
import type { Logger } from './logger.ts';
import type { Lifecycle } from './routes/health.ts';
import { healthRoutes } from './routes/health.ts';
import { Registry } from 'prom-client';
import { METRICS_CONTENT_TYPE, metricsAuthorized, metricsText } from './metrics.ts';

/** Files of the web client served under fixed names that must not be kept stale (see below). */
const REVALIDATED = new Set(['/sw.js', '/manifest.webmanifest', '/offline.html']);

/** This request's logger: its lines carry the request id and, once the session is known, the actor. */
const requestLogOf =
  (log: Logger) =>
  (c: { var: object }): Logger => {
    // Set by the request-id middleware, and by the session middleware of /api (same context).
    const vars = c.var as { requestId?: string; user?: { id: string } | null };
    return log.child({ requestId: vars.requestId, ...(vars.user ? { actor: vars.user.id } : {}) });
  };

/**
 * The HTTP application: API under /api, the built web client everywhere else. Each route factory
 * gets from `deps` only what its type asks for; `purposes` are the payment appliers by purpose
 * (see `api/compose.ts`).
 */
export const createApp = (
  deps: Deps,
  {
    purposes,
    lifecycle = { stopping: false },
    serverMetrics = new Registry(),
  }: { purposes: PaymentPurposes; lifecycle?: Lifecycle; serverMetrics?: Registry },
) => {
  const { log, config } = deps;
  const app = new Hono<{ Variables: { requestId: string } }>();
  const requestLog = requestLogOf(log);

  // Every request gets an id (the caller's X-Request-Id when it is a plain token, else a new one),
  // answered in X-Request-Id and carried by the request's log line and its error lines.
  app.use('*', async (c, next) => {
    const started = performance.now();
    const given = c.req.header('x-request-id');
    const requestId = given && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
    c.header('X-Request-Id', requestId);
    c.set('requestId', requestId);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (c.req.path.startsWith('/api/'))
      requestLog(c).info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`, {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms,
      });
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(config.PAYMENT_PROVIDER === 'razorpay' ? ['https://api.razorpay.com'] : [])],
      },
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      // Browsers keep to https for a year once they have seen the site there (only over https, as RFC 6797 says).
      strictTransportSecurity: config.PUBLIC_URL?.startsWith('https:') ? 'max-age=31536000; includeSubDomains' : false,
    }),
  );
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: config.BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
      },
    }),
  );
  app.use('/api/*', compressJson());
  app.onError((error, c) => errorHandler(requestLog(c))(error, c));

  const api = new Hono<AuthEnv>();
  api.use('*', sameOriginWrites(config.PUBLIC_URL));
  api.use('*', loadSession(deps.sessions));
  api.use('*', async (c, next) => {
    // Auditors read everything and change nothing.
    const user = c.get('user');
    const writes = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method);
    if (user?.role === 'auditor' && writes && !c.req.path.startsWith('/api/auth/')) {
      throw new ApiError(403, 'READ_ONLY', 'Auditors have read-only access.');
    }
    await next();
  });
  api.route('/', systemRoutes(deps));
  api.route('/auth/password', passwordRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.route('/referrals', referralRoutes(deps));
  api.route('/me/profile', profileRoutes(deps));
  api.route('/me/language', languageRoutes(deps));
  // One router per prefix: the admin pages of identity, deal rooms and audit; a room and its receipt.
  const admin = new Hono<AuthEnv>()
    .route('/', adminIdentityRoutes(deps))
    .route('/', roomsAdminRoutes(deps))
    .route('/', exportRoutes(deps))
    .route('/', revenueRoutes(deps))
    .route('/', integrityRoutes(deps))
    .route('/', auditRoutes(deps));
  const rooms = new Hono<AuthEnv>().route('/', roomsRoutes(deps)).route('/', receiptRoutes(deps));
  api.route('/admin', admin);
  api.route('/payments', paymentsRoutes(deps, purposes));
  api.route('/me/wallet', walletRoutes(deps));
  api.route('/rooms', rooms);
  api.route('/me/rooms', myRoomsRoutes(deps));
  api.route('/me/invoices', invoiceRoutes(deps));
  api.route('/uploads', uploadsRoutes(deps));
  api.route('/', shopRoutes(deps));
  api.route('/leagues', leagueRoutes(deps));
  api.route('/admin/leagues', leagueAdminRoutes(deps));
  api.route('/', blogRoutes(deps));
  api.route('/', newsletterRoutes(deps));
  if (deps.notify) api.route('/me', notifyRoutes(deps, deps.notify));
  if (deps.payouts) api.route('/', withdrawalRoutes({ ...deps, payouts: deps.payouts }));
  api.route('/log', logRoutes(deps, deps.transparency.heads, deps.transparency.key));
  // Razorpay's hosted checkout posts back cross-site; the return only redirects (see the route).
  app.route('/api/payments', razorpayReturnRoutes(deps));
  app.route('/api', api);

  app.route('/health', healthRoutes(deps, lifecycle));
  app.get('/metrics', async (c) => {
    const token = deps.config.METRICS_TOKEN;
    if (!token) return c.json({ error: { code: 'METRICS_OFF', message: 'Metrics are off: set METRICS_TOKEN.' } }, 404);
    if (!metricsAuthorized(c.req.header('authorization'), token))
      return c.json({ error: { code: 'UNAUTHENTICATED', message: 'Send the metrics token as a Bearer token.' } }, 401);
    c.header('Content-Type', METRICS_CONTENT_TYPE);
    c.header('Cache-Control', 'no-store');
    return c.body(await metricsText(serverMetrics));
  });
  app.get('/.well-known/vetri-deals-log-key', (c) => c.text(`${deps.transparency.key.verifierKey}\n`));
  const openapi = buildOpenApi(app as never, { title: 'Vetri Deals API', version: '1' });
  app.get('/api/openapi.json', (c) => c.json(openapi));
  app.all('/api/*', (c) =>
    c.json({ error: { code: 'NOT_FOUND', message: `No such API route: ${c.req.method} ${c.req.path}` } }, 404),
  );

  const dist = resolve(config.WEB_DIST);
  const indexFile = resolve(dist, 'index.html');
  const root = relative(process.cwd(), dist) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The service worker, the manifest and the offline page keep their names from one deploy to the
  // next: browsers ask again every time (a 304 when unchanged), so a new version is seen at once.
  app.use('*', async (c, next) => {
    await next();
    if (REVALIDATED.has(c.req.path) && c.res.ok) c.header('Cache-Control', 'no-cache');
  });
  // Source maps are never served (the build keeps them out of dist; an older dist may still hold some).
  app.get('*', async (c, next) => (c.req.path.endsWith('.map') ? c.notFound() : next()));
  // The landing, Deals and a live room arrive with their content in the HTML (issue 20).
  app.get(
    '*',
    prerenderScreens({
      dist,
      ssrDir: resolve(dist, '../ssr'),
      ask: (path, init) => app.request(path, init),
      log: deps.log,
    }),
  );
  // Files the build compressed (.br, .gz beside them) go out as they are: no CPU per request.
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The web client is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const packed = encoding && `${indexFile}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (packed && existsSync(packed)) {
      c.header('Content-Encoding', encoding);
      c.header('Content-Type', 'text/html; charset=UTF-8');
      return c.body(readFileSync(packed));
    }
    return c.html(readFileSync(indexFile, 'utf8'));
  });
  return app;
};
