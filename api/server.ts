import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { Server as SocketServer } from 'socket.io';
import { openReadDb } from '../projections/db.ts';
import { allProjectors } from '../projections/index.ts';
import { rebuildIfEmpty } from '../projections/rebuild.ts';
import { createProjectionRunner } from '../projections/runner.ts';
import { startWriterThread } from '../projections/runnerThread.ts';
import { createApp } from './app.ts';
import { paymentPurposes, storeDeps } from './compose.ts';
import type { Clock } from './clock.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { siteOrigin } from './config.ts';
import type { Deps } from './deps.ts';
import type { Logger } from './logger.ts';
import { createLogger } from './logger.ts';
import type { Io } from './realtime/io.ts';
import { attachRealtime } from './realtime/server.ts';
import { broadcastBatches } from './realtime/broadcasting.ts';
import { roomBroadcaster } from './rooms/broadcast.ts';
import { walletBroadcaster } from './wallet/broadcast.ts';
import { accountBroadcaster, endedSessionsBroadcaster } from './auth/broadcast.ts';
import { shopBroadcaster } from './shop/broadcast.ts';
import { attachLeague } from './league/namespace.ts';
import { sameOriginHandshake } from './http/security.ts';
import { openEventStore, trackInflight } from './store/index.ts';
import { join } from 'node:path';
import { sqliteHitLog } from './auth/hitLog.ts';
import { outboxTransport, smtpTransport } from './mail/index.ts';
import { dataDirSecret } from './secrets.ts';
import { checkPaymentMode, createPayments } from './payments/index.ts';
import { privateDataDir, privateFile } from './dataFiles.ts';
import { createHeads } from './transparency/heads.ts';
import { scheduleBackups } from './backup/schedule.ts';
import { countedMail, countedPayments, serverMetrics } from './metrics.ts';
import { APL_NAMESPACE } from './contract/league.ts';
import { deploymentLogKey } from './transparency/logKey.ts';
import { startShopSweeper } from './shop/index.ts';
import type { RoomServices } from './rooms/index.ts';
import { startRooms } from './rooms/index.ts';
import type { Invoicing } from './invoices/index.ts';
import { startInvoicing } from './invoices/index.ts';
import type { Notifier } from './notify/notifier.ts';
import { startNotifier } from './notify/notifier.ts';
import { openNotifyStore } from './notify/store.ts';
import { vapidKeys } from './notify/push.ts';
import { createPayouts } from './payouts/index.ts';
import { startWithdrawalSweeper, sweepWithdrawals } from './wallet/withdrawals.ts';

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  io: Io;
  /** Deal-room scheduler and sweeper (tests drive `rooms.tick()` with a manual clock). */
  rooms: RoomServices;
  /** The notifier (tests drive `notifier.tick()` with a manual clock and wait on `settled()`). */
  notifier: Notifier;
  /** Tax invoices for paid orders and bought deals (tests wait on `settled()`). */
  invoicing: Invoicing;
  close(): Promise<void>;
}

/** Puts demo data into an empty store (`scripts/seedDemo.ts`, given by `scripts/start.ts` and the tests). */
export type Seeder = (deps: Deps) => Promise<unknown>;

/**
 * Builds everything (store, read models, app, sockets) and listens. The only place connections are
 * made. With SEED_DEMO on, `seed` runs once the read models are up and before the server listens,
 * so a member never meets a half-seeded site and the schedulers' first tick sees the demo rooms.
 */
export const startServer = async (
  config: Config,
  overrides: { clock?: Clock; log?: Logger; seed?: Seeder } = {},
): Promise<RunningServer> => {
  // What is open so far, to close again (last first) if the start fails half-way: the log, the
  // read models' writer thread, the other databases, the listening port.
  const undo: Array<() => unknown> = [];
  try {
    return await startWith(config, overrides, undo);
  } catch (error) {
    for (const step of undo.reverse())
      await Promise.resolve()
        .then(step)
        .catch(() => {});
    throw startupError(error, config);
  }
};

/** A start that failed for a reason the operator can act on, told in words (`npm start` prints only this). */
export class StartupError extends Error {
  override name = 'StartupError';
}

const startupError = (error: unknown, config: Config): unknown => {
  const code = (error as { code?: string }).code;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `Port ${config.PORT} is already in use on ${config.HOST}: another server (an earlier npm start?) is listening there. Stop it, or start on another port, e.g. PORT=${config.PORT + 1} npm start.`,
      { cause: error },
    );
  if (code === 'EACCES')
    return new StartupError(
      `Port ${config.PORT} on ${config.HOST} needs privileges this process does not have: use a port above 1023 (PORT=3000).`,
      { cause: error },
    );
  return error;
};

/** A long start's progress (a rebuild, a catch-up), logged at most every two seconds. */
const startProgress = (log: Logger, msg: string) => {
  let last = performance.now();
  return (position: number, head: number) => {
    const now = performance.now();
    if (now - last < 2000) return;
    last = now;
    log.info(msg, { position, head, percent: Math.floor((100 * position) / Math.max(head, 1)) });
  };
};

const startWith = async (
  config: Config,
  overrides: { clock?: Clock; log?: Logger; seed?: Seeder },
  undo: Array<() => unknown>,
): Promise<RunningServer> => {
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  const clock = overrides.clock ?? systemClock;
  checkPaymentMode(config, log);
  privateDataDir(config.DATA_DIR);
  // Mail first: a mail setting that does not work fails the start before anything is opened.
  const mail = countedMail(
    config.MAIL_TRANSPORT === 'smtp'
      ? await smtpTransport(requireSetting(config.SMTP_URL, 'SMTP_URL'), config.MAIL_FROM)
      : outboxTransport(join(config.DATA_DIR, 'outbox.ndjson'), log, () => clock.now()),
  );
  const store = trackInflight(await openEventStore(config));
  undo.push(() => store.close());
  mkdirSync(dirname(config.readModelPath), { recursive: true, mode: 0o700 });
  privateFile(config.readModelPath);
  const readDb = openReadDb(config.readModelPath);
  undo.push(() => readDb.sqlite.close());
  const rebuildStarted = performance.now();
  const rebuilt = await rebuildIfEmpty(store, readDb, {
    onStart: (head) =>
      log.info('the read-model file is empty and the log is long: rebuilding every read model before serving', {
        path: config.readModelPath,
        head,
      }),
    onProgress: startProgress(log, 'rebuilding the read models'),
  });
  if (rebuilt !== null)
    log.info('read models rebuilt', { events: rebuilt, ms: Math.round(performance.now() - rebuildStarted) });
  const projections = createProjectionRunner({
    store,
    db: readDb,
    projectors: allProjectors,
    batchDelayMs: config.PROJECTION_BATCH_MS,
    writer:
      config.PROJECTION_THREAD === 'worker'
        ? () =>
            startWriterThread({
              path: config.readModelPath,
              module: new URL('../projections/index.ts', import.meta.url).href,
              exportName: 'allProjectors',
            })
        : undefined,
    onError: (error) => log.error('projection failed', { error }),
    // Nothing else has the read-model file open: the writer's thread comes after the catch-up.
    bulkCatchUp: true,
    onCatchUp: (readModels, from, head) =>
      log.info('read models far behind the log: brought up in bulk before serving', { readModels, from, head }),
    onCatchUpProgress: startProgress(log, 'bringing read models up from the log'),
  });
  undo.push(() => projections.stop());
  const logKey = deploymentLogKey(config);
  const heads = createHeads({
    path: join(config.DATA_DIR, 'heads.db'),
    readDb,
    key: logKey,
    now: () => clock.now(),
    log,
  });
  undo.push(() => heads.close());
  const notifyStore = openNotifyStore(join(config.DATA_DIR, 'notifications.db'));
  undo.push(() => notifyStore.close());
  privateFile(join(config.DATA_DIR, 'notifications.db'));
  const payments = countedPayments(createPayments(config, () => clock.now()));
  undo.push(() => payments.close());
  const hits = sqliteHitLog(join(config.DATA_DIR, 'limits.db'));
  undo.push(() => hits.close());
  // The port listened on is known once listening (PORT=0 picks a free one); links are made after.
  const listening = { port: config.PORT };
  const deps: Deps = {
    config,
    origin: () => siteOrigin(config, listening.port),
    log,
    clock,
    store,
    readDb,
    projections,
    ...storeDeps({ config, clock, store, readDb, projections }),
    payments,
    mail,
    secrets: {
      otp: dataDirSecret(config.DATA_DIR, 'otp', config.OTP_SECRET),
      integrity: dataDirSecret(config.DATA_DIR, 'integrity', config.INTEGRITY_SALT),
    },
    hits,
    transparency: { key: logKey, heads },
    notify: { store: notifyStore, keys: vapidKeys(config) },
    payouts: createPayouts(config, dataDirSecret(config.DATA_DIR, 'payout-webhook', config.PAYOUT_WEBHOOK_SECRET), () =>
      clock.now(),
    ),
  };
  await projections.start();
  // A withdrawal rejected or failed just before a crash, or a request cut before it was
  // recorded, gets its held cash back now.
  await sweepWithdrawals({ ...deps, payouts: deps.payouts! }).catch((error: unknown) =>
    log.error('returning withdrawals failed', { error }),
  );
  if (config.SEED_DEMO) {
    if (overrides.seed) await overrides.seed(deps);
    else log.warn('SEED_DEMO is on but this entry point seeds nothing: start with `npm start` to seed the demo data');
  }

  const lifecycle = { stopping: false };
  const sockets: { io: Io | null } = { io: null };
  const ownMetrics = serverMetrics({
    store,
    readDb,
    projections,
    now: () => clock.now(),
    sockets: (): Record<string, number> =>
      sockets.io
        ? { '/': sockets.io.of('/').sockets.size, [APL_NAMESPACE]: sockets.io.of(APL_NAMESPACE).sockets.size }
        : {},
  });
  const app = createApp(deps, { purposes: paymentPurposes(deps), lifecycle, serverMetrics: ownMetrics });
  const httpServer = await new Promise<HttpServer>((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
      server.off('error', reject);
      resolve(server as HttpServer);
    });
    // A port already taken fails the start (in words, `startupError`) instead of the process.
    server.once('error', reject);
  });
  undo.push(() => new Promise((resolve) => httpServer.close(resolve)));
  const io: Io = new SocketServer(httpServer, {
    path: '/socket.io/',
    serveClient: false,
    pingInterval: 10_000,
    pingTimeout: 8_000,
    // A browser handshake must come from our own site (cookies ride along with it).
    allowRequest: (req, callback) =>
      callback(null, sameOriginHandshake(req.headers.origin, req.headers.host, config.PUBLIC_URL)),
  });
  sockets.io = io;
  undo.push(() => new Promise((resolve) => void io.close(resolve)));
  attachRealtime(io, deps);
  const league = attachLeague(io, deps);
  // Every feature's broadcasts, in one list: each committed batch goes to them in this order.
  const rooms$ = roomBroadcaster(io, deps);
  // A deal is sent to its room from its durable decided events, before the read models have it;
  // the rest of each batch once it is projected.
  const debugBroadcasts = { debug: config.LOG_LEVEL === 'debug' };
  const sendDeals = broadcastBatches(io, [rooms$.committed], log, debugBroadcasts);
  const stopDeals = store.onCommitted?.(sendDeals);
  const stopBroadcasting = projections.onApplied(
    broadcastBatches(
      io,
      [
        endedSessionsBroadcaster(io),
        rooms$,
        walletBroadcaster(io, deps),
        accountBroadcaster(io, deps),
        shopBroadcaster(io, deps),
        league.broadcaster,
      ],
      log,
      debugBroadcasts,
    ),
  );
  undo.push(
    () => stopDeals?.(),
    () => stopBroadcasting(),
  );
  const rooms = await startRooms(deps, io);
  undo.push(() => rooms.stop());
  const invoicing = await startInvoicing(deps);
  undo.push(() => invoicing.stop());
  const notifier = startNotifier(deps, notifyStore, io, deps.notify!.keys);
  undo.push(() => notifier.stop());
  const stopShopSweeper = startShopSweeper(deps, config.SWEEPER_INTERVAL_MS);
  const stopWithdrawalSweeper = startWithdrawalSweeper({ ...deps, payouts: deps.payouts! }, config.SWEEPER_INTERVAL_MS);
  heads.start(config.LOG_HEAD_INTERVAL_MS);
  const stopSigningAtEnds = heads.signAtEnds(projections);
  const stopBackups = scheduleBackups(config, log);
  const { port } = httpServer.address() as AddressInfo;
  listening.port = port;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}`;
  log.info(`Vetri Deals listening on ${url} (event store: ${store.kind})`);
  if (!config.PUBLIC_URL)
    log.warn(`PUBLIC_URL is not set: links in mails point at ${deps.origin()}; set it to the site's public origin`);
  log.info(`transparency log verifier key: ${logKey.verifierKey}`);

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      log.info('shutting down: no new connections, finishing in-flight work');
      // Readiness turns false at once, so a load balancer stops sending members here.
      lifecycle.stopping = true;
      stopShopSweeper();
      stopWithdrawalSweeper();
      stopBackups();
      const httpClosed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      // A browser that keeps a connection busy must not hold the shutdown up for ever: 5 s, then cut.
      const force = setTimeout(() => httpServer.closeAllConnections(), 5000);
      await new Promise<void>((resolve) => void io.close(() => resolve()));
      stopDeals?.();
      stopBroadcasting();
      await notifier.stop();
      invoicing.stop();
      league.stop();
      await rooms.stop();
      await httpClosed;
      clearTimeout(force);
      await store.drain();
      stopSigningAtEnds();
      await projections.stop();
      readDb.sqlite.close();
      deps.hits.close();
      heads.close();
      notifyStore.close();
      deps.payments.close();
      await store.close();
      log.info('stopped');
    })());
  return { url, port, deps, io, rooms, notifier, invoicing, close };
};

const requireSetting = (value: string | undefined, name: string): string => {
  if (!value) throw new Error(`${name} must be set`);
  return value;
};
