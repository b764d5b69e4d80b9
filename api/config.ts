import { resolve } from 'node:path';
import { z } from 'zod';

/** Chrome and Android (FCM), Firefox, Safari and Edge: the services browsers subscribe with today. */
const DEFAULT_PUSH_SERVICES =
  'https://fcm.googleapis.com,https://updates.push.services.mozilla.com,https://web.push.apple.com,https://*.notify.windows.com';
/** One entry of PUSH_SERVICES: a scheme, a host (or `*.` and a domain) and an optional port. */
export const PUSH_SERVICE = /^(https?):\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?\/?$/i;

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Every setting, from the environment, with its default. The README lists them. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Read-model database; defaults to `${DATA_DIR}/read-${PORT}.db`, so each process has its own. */
  READ_MODEL_PATH: z.string().optional(),
  /** esdb://… selects the EventStoreDB adapter; unset means the embedded SQLite store. */
  EVENTSTORE_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  SEED_DEMO: bool.default(true),
  /**
   * Public origin used in links (mails too) and for the same-origin check, e.g. https://vetrideals.in.
   * Unset: links point at this server's own address (`siteOrigin`), never at a request's Host.
   */
  PUBLIC_URL: z.string().optional(),
  WEB_DIST: z.string().default('web/dist'),
  PROJECTION_WAIT_MS: z.coerce.number().int().positive().default(5000),
  /**
   * Live events wait at most this long to be projected together (0: each commit alone). Whatever
   * needs them sooner (a command's read-your-writes, a snapshot, a deal's signed ack) does not wait.
   */
  PROJECTION_BATCH_MS: z.coerce.number().int().min(0).max(1000).default(10),
  /**
   * Where the live batches are written to the read models: `worker`, a thread of their own (the
   * event loop that serves sockets does not sit through them), or `main`, the server's own thread.
   */
  PROJECTION_THREAD: z.enum(['worker', 'main']).default('worker'),
  /**
   * How the embedded store makes a commit durable: `pool`, a sync of its write-ahead file on
   * libuv's thread pool after the commit (the server's thread works meanwhile; appends are
   * answered after it), or `commit`, SQLite's own sync inside every commit, on the server's thread.
   */
  STORE_SYNC: z.enum(['pool', 'commit']).default('pool'),
  /** Trust X-Forwarded-Proto from a reverse proxy (for the Secure cookie flag). */
  TRUST_PROXY: bool.default(false),
  /** outbox: mails kept in DATA_DIR/outbox.ndjson and readable at /admin/outbox; smtp: sent with nodemailer. */
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Vetri Deals <no-reply@vetrideals.in>'),
  /** Web Push (VAPID) keys; made once per data dir when not set. The subject is a mailto: or https: contact. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().default('mailto:support@vetrideals.in'),
  /**
   * The push services a browser's subscription may point at, comma-separated: `https://host`,
   * `https://*.domain` (its subdomains), or an origin with a port. Any other endpoint is refused,
   * so a member cannot make the server post to an address of their choosing.
   */
  PUSH_SERVICES: z
    .string()
    .default(DEFAULT_PUSH_SERVICES)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((s) => PUSH_SERVICE.test(s)), {
      message: 'each entry is https://host, https://*.domain or an origin with a port, e.g. http://127.0.0.1:9000',
    }),
  /** How often the notifier looks for due reminders and new notifications from other processes. */
  NOTIFY_INTERVAL_MS: z.coerce.number().int().min(0).default(500),
  /** The seeded admin; without ADMIN_PASSWORD a password is generated and printed once at first start. */
  ADMIN_EMAIL: z.string().default('admin@vetrideals.in'),
  ADMIN_PASSWORD: z.string().optional(),
  /** Pepper for OTP hashes; generated per data dir when unset. */
  OTP_SECRET: z.string().optional(),
  /** Salt of the device and network-address hashes kept at sign-in (fairness insights); generated per data dir when unset. */
  INTEGRITY_SALT: z.string().min(16, 'at least 16 characters').optional(),
  /** sandbox: a local hosted checkout page signed like Razorpay; razorpay: the real Orders API. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  /** Withdrawals: sandbox (records payouts in DATA_DIR/payouts.ndjson) or Razorpay Payouts (RazorpayX). */
  /** The seller on tax invoices. The default GSTIN is a format example: set the real one in production. */
  SELLER_NAME: z.string().default('Vetri Deals Private Limited'),
  SELLER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'SELLER_GSTIN must be a 15-character GSTIN')
    .default('33ABCDE1234F1Z5'),
  SELLER_ADDRESS: z.string().default('2nd Floor, 14 Gandhi Road, Thanjavur 613001, Tamil Nadu, India'),
  SELLER_STATE: z.string().default('Tamil Nadu'),
  PAYOUT_PROVIDER: z.enum(['sandbox', 'razorpay']).default('sandbox'),
  /** The RazorpayX account number payouts are made from. */
  RAZORPAYX_ACCOUNT_NUMBER: z.string().optional(),
  /** Secret of the payout webhooks (X-Razorpay-Signature). */
  PAYOUT_WEBHOOK_SECRET: z.string().optional(),
  /** Smallest withdrawal, and the most one member may withdraw per India calendar day, in paise. */
  WITHDRAWAL_MIN_PAISE: z.coerce.number().int().positive().default(100_00),
  WITHDRAWAL_DAILY_MAX_PAISE: z.coerce.number().int().positive().default(25_000_00),
  /** The sandbox takes no money; with an https PUBLIC_URL the server refuses it unless this is true. */
  ALLOW_SANDBOX_PAYMENTS: bool.default(false),
  RAZORPAY_KEY_ID: z.string().optional(),
  /** Signs checkout callbacks; in sandbox mode generated per data dir when unset. */
  RAZORPAY_KEY_SECRET: z.string().optional(),
  /** Signs webhooks (X-Razorpay-Signature); generated per data dir when unset. */
  PAYMENT_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_API_URL: z.string().default('https://api.razorpay.com'),
  /** How often the deal scheduler looks for due starts, round closes and expiries; 0 turns the loop off (tests tick by hand). */
  SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).default(250),
  /** How often the sweepers finish or compensate half-done pre-books, settlements and withdrawal requests. */
  SWEEPER_INTERVAL_MS: z.coerce.number().int().min(0).default(15_000),
  /** The transparency log's name in its signed heads (one word, e.g. vetrideals.in/log); defaults to PUBLIC_URL's host + /log. */
  LOG_ORIGIN: z
    .string()
    .regex(/^[^\s+]+$/, 'one word, no spaces or +')
    .optional(),
  /** Ed25519 private key (PKCS#8 PEM) that signs tree heads; generated into DATA_DIR/log-signing-key.pem when unset. */
  LOG_SIGNING_KEY: z.string().optional(),
  /** How often a new signed tree head is published while the log grows; 0 = only on demand. */
  LOG_HEAD_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  /** Bearer token a Prometheus scraper sends to /metrics; metrics are off (404) when unset. */
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  /** Minutes between automatic snapshots of the data directory (0 = none; `npm run backup` any time). */
  BACKUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(0),
  /** Where automatic snapshots go: a folder (ideally another disk) or an S3-compatible `s3://bucket/prefix`. */
  BACKUP_DIR: z.string().default('./backups'),
  /** For an s3:// BACKUP_DIR: the endpoint of an S3-compatible store (unset for AWS), region and keys. */
  BACKUP_S3_ENDPOINT: z.string().url().optional(),
  BACKUP_S3_REGION: z.string().optional(),
  BACKUP_S3_ACCESS_KEY_ID: z.string().optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** How many automatic snapshots to keep (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /** Largest product image an admin may upload. */
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(1_000_000),
});

export type Config = z.infer<typeof configSchema> & {
  eventStorePath: string;
  readModelPath: string;
};

export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  const dataDir = resolve(c.DATA_DIR);
  return {
    ...c,
    DATA_DIR: dataDir,
    eventStorePath: resolve(dataDir, 'events.db'),
    readModelPath: c.READ_MODEL_PATH ? resolve(c.READ_MODEL_PATH) : resolve(dataDir, `read-${c.PORT}.db`),
  };
};

/**
 * The site's own origin, for links in mails and pages: PUBLIC_URL, else the address this server
 * was started on (`http://localhost:PORT` when it listens on every interface). Never a request's
 * Host header: anyone can send any Host, and a mailed link must not carry a reset token elsewhere.
 * `port` is the port actually listened on (PORT=0 picks a free one).
 */
export const siteOrigin = (config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>, port = config.PORT): string => {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/$/, '');
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
};
