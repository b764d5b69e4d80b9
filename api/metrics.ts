import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EventStore } from '../engine/eventStore.ts';
import type { ReadDb } from '../projections/db.ts';
import { allProjectors } from '../projections/index.ts';
import type { ProjectionRunner } from '../projections/runner.ts';
import { unsettledRoomCodes } from '../projections/roomQueries.ts';
import { reservationsToRepair } from '../projections/wallets.ts';

/**
 * Prometheus metrics (`prom-client`), served at `/metrics` to a holder of METRICS_TOKEN.
 *
 * Counters and histograms live in one registry per process (like prom-client's default registry):
 * the code that observes them imports `metrics`. What is read at scrape time from one running
 * server — projection lag, sockets, rooms by status, sagas pending — is a gauge in that server's
 * own registry (`serverMetrics`), merged in when it is scraped.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'vetri_' });

const LATENCY_BUCKETS = [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const metrics = {
  registry,
  bidAck: new Histogram({
    name: 'vetri_bid_ack_seconds',
    help: 'From a placeBid socket event to its answer (accepted or refused), seconds',
    labelNames: ['result'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  append: new Histogram({
    name: 'vetri_store_append_seconds',
    help: 'Event store append latency (durable), seconds',
    labelNames: ['result'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  paymentVerifications: new Counter({
    name: 'vetri_payment_verifications_total',
    help: 'Payment provider signatures checked, by kind (callback, webhook) and result (valid, invalid)',
    labelNames: ['kind', 'result'] as const,
    registers: [registry],
  }),
  rateLimited: new Counter({
    name: 'vetri_rate_limit_refusals_total',
    help: 'Requests and socket events refused by a rate limit (HTTP 429), by error code',
    labelNames: ['code'] as const,
    registers: [registry],
  }),
  notifications: new Counter({
    name: 'vetri_notifications_total',
    help: 'Notifications sent to members, by channel and result (sent, failed)',
    labelNames: ['channel', 'result'] as const,
    registers: [registry],
  }),
  sagasCompensated: new Counter({
    name: 'vetri_sagas_compensated_total',
    help: 'Half-done sagas the sweeper compensated (fees refunded instead of booked)',
    registers: [registry],
  }),
};

/** Times a promise into a histogram, labelled ok or error. */
export const timed = <T>(histogram: Histogram<'result'>, work: Promise<T>): Promise<T> => {
  const end = histogram.startTimer();
  work.then(
    () => end({ result: 'ok' }),
    () => end({ result: 'error' }),
  );
  return work;
};

/** A server's scrape-time gauges. `sockets` is filled in once the socket server exists. */
export const serverMetrics = (deps: {
  store: EventStore;
  readDb: ReadDb;
  projections: Pick<ProjectionRunner, 'position'>;
  now: () => number;
  sockets: () => Record<string, number>;
}): Registry => {
  const own = new Registry();
  new Gauge({
    name: 'vetri_projection_lag_events',
    help: 'Log positions not yet applied to each read model',
    labelNames: ['read_model'] as const,
    registers: [own],
    async collect() {
      const lag = Math.max(0, (await deps.store.headPosition()) - deps.projections.position());
      for (const p of allProjectors) this.set({ read_model: p.name }, lag);
    },
  });
  new Gauge({
    name: 'vetri_projection_lag_seconds',
    help: 'Age of the oldest event not yet applied to each read model (0 when caught up)',
    labelNames: ['read_model'] as const,
    registers: [own],
    async collect() {
      const [next] = await deps.store.readAll({ after: deps.projections.position(), limit: 1 });
      const seconds = next ? Math.max(0, (deps.now() - Date.parse(next.metadata.at)) / 1000) : 0;
      for (const p of allProjectors) this.set({ read_model: p.name }, seconds);
    },
  });
  new Gauge({
    name: 'vetri_sockets_connected',
    help: 'Connected sockets by namespace',
    labelNames: ['namespace'] as const,
    registers: [own],
    collect() {
      this.reset();
      for (const [namespace, count] of Object.entries(deps.sockets())) this.set({ namespace }, count);
    },
  });
  new Gauge({
    name: 'vetri_rooms',
    help: 'Deal rooms by status',
    labelNames: ['status'] as const,
    registers: [own],
    collect() {
      this.reset();
      const rows = deps.readDb.sqlite
        .prepare<[], { status: string; n: number }>('SELECT status, count(*) AS n FROM rm_rooms GROUP BY status')
        .all();
      for (const r of rows) this.set({ status: r.status }, r.n);
    },
  });
  new Gauge({
    name: 'vetri_sagas_pending',
    help: 'Half-done sagas waiting for the sweeper: pre-books to repair and finished rooms to settle',
    labelNames: ['saga'] as const,
    registers: [own],
    collect() {
      this.set({ saga: 'prebook' }, reservationsToRepair(deps.readDb).length);
      this.set({ saga: 'settlement' }, unsettledRoomCodes(deps.readDb).length);
    },
  });
  return own;
};

/** The text a scrape gets: the process's counters and histograms and this server's gauges. */
export const metricsText = (own: Registry): Promise<string> => Registry.merge([registry, own]).metrics();

export const METRICS_CONTENT_TYPE = registry.contentType;

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export const metricsAuthorized = (header: string | undefined, token: string): boolean => {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
};

/** The payment port with every signature check counted by kind and result. */
export const countedPayments = <
  P extends { verifyCallback(...args: never[]): boolean; verifyWebhook(...args: never[]): boolean },
>(
  port: P,
): P => {
  const count = (kind: string, valid: boolean) => {
    metrics.paymentVerifications.inc({ kind, result: valid ? 'valid' : 'invalid' });
    return valid;
  };
  return {
    ...port,
    verifyCallback: (...args: Parameters<P['verifyCallback']>) => count('callback', port.verifyCallback(...args)),
    verifyWebhook: (...args: Parameters<P['verifyWebhook']>) => count('webhook', port.verifyWebhook(...args)),
  };
};

/** A mail transport whose sends are counted as notifications (sent or failed). */
export const countedMail = <M extends { send(mail: never): Promise<void> }>(transport: M): M => ({
  ...transport,
  send: async (mail: Parameters<M['send']>[0]) => {
    try {
      await transport.send(mail);
      metrics.notifications.inc({ channel: 'email', result: 'sent' });
    } catch (error) {
      metrics.notifications.inc({ channel: 'email', result: 'failed' });
      throw error;
    }
  },
});
