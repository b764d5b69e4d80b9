import type { EventStore } from '../engine/eventStore.ts';
import type { ReadDb } from '../projections/db.ts';
import type { ProjectionRunner } from '../projections/runner.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { HandlerDeps } from './commandHandler.ts';
import type { Sessions } from './auth/session.ts';
import type { Payments } from './payments/index.ts';
import type { MailTransport, StoredMail } from './mail/index.ts';
import type { HitLog } from './auth/hitLog.ts';
import type { Heads } from './transparency/heads.ts';
import type { LogKey } from './transparency/logKey.ts';
import type { WalletBalances } from './contract/account.ts';
import type { NotifyStore } from './notify/store.ts';
import type { PayoutProvider } from './payouts/index.ts';
import type { VapidKeys } from './notify/push.ts';

/** Everything the routes, socket handlers and sagas are built from. Created once, in `api/server.ts`. */
export interface Deps {
  config: Config;
  /** The site's own origin for links in mails (`siteOrigin`: PUBLIC_URL, else the address listened on). */
  origin: () => string;
  log: Logger;
  clock: Clock;
  store: EventStore;
  readDb: ReadDb;
  projections: ProjectionRunner;
  /** Store + read-your-writes, for `handleCommand`. */
  commands: HandlerDeps;
  sessions: Sessions;
  /** The payment port (sandbox or Razorpay) with its local order book. */
  payments: Payments;
  mail: MailTransport & { list?: (limit?: number) => StoredMail[] };
  secrets: { otp: string; /** Salt of the sign-in device and address hashes (fairness insights). */ integrity: string };
  /** Rate-limit hits (failed logins, codes sent, crackers orders), shared by every process on one data directory. */
  hits: HitLog;
  /** The transparency log's signing key and signed tree heads. */
  transparency: { key: LogKey; heads: Heads };
  /** The payout port for withdrawals (sandbox or Razorpay Payouts). */
  payouts?: PayoutProvider;
  /** The notifier's shared store and Web Push keys (absent in route tests that do not need them). */
  notify?: { store: NotifyStore; keys: VapidKeys };
  /** A member's balances in paise for the session payload (wired by the wallet feature). */
  walletOf?: (userId: string) => WalletBalances;
}
