import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { dataDirSecret } from '../secrets.ts';
import type { OrderBook } from './orderBook.ts';
import { openOrderBook } from './orderBook.ts';
import type { PaymentProvider } from './port.ts';
import { razorpayProvider } from './razorpay.ts';
import type { SandboxControls } from './sandbox.ts';
import { sandboxProvider } from './sandbox.ts';

export type { PaymentProvider } from './port.ts';

/** The payment port plus what our own pages need: the local order book and, in sandbox mode, its controls. */
export type Payments = PaymentProvider & {
  book: OrderBook;
  sandbox?: SandboxControls;
  /** Razorpay key id (public), for the hosted checkout form. */
  keyId: string | null;
  close(): void;
};

export const SANDBOX_WARNING =
  'PAYMENT_PROVIDER=sandbox: payments are simulated and no money is taken; set PAYMENT_PROVIDER=razorpay for real payments';

/**
 * The sandbox takes no money from anyone, so a public (https) deployment must not run on it by
 * mistake: start-up refuses unless ALLOW_SANDBOX_PAYMENTS=true, and warns whenever it is on.
 */
export const checkPaymentMode = (
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'PUBLIC_URL' | 'ALLOW_SANDBOX_PAYMENTS'>,
  log: Pick<Logger, 'warn'>,
): void => {
  if (config.PAYMENT_PROVIDER !== 'sandbox') return;
  if (config.PUBLIC_URL?.startsWith('https:') && !config.ALLOW_SANDBOX_PAYMENTS) {
    throw new Error(
      `Refusing to start: PUBLIC_URL is ${config.PUBLIC_URL} but PAYMENT_PROVIDER=sandbox takes no money. ` +
        'Set PAYMENT_PROVIDER=razorpay with its keys, or ALLOW_SANDBOX_PAYMENTS=true for a public test deployment.',
    );
  }
  log.warn(SANDBOX_WARNING);
};

/** Builds the provider the configuration asks for (`PAYMENT_PROVIDER`). */
export const createPayments = (
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'PAYMENT_PROVIDER'
    | 'RAZORPAY_KEY_ID'
    | 'RAZORPAY_KEY_SECRET'
    | 'PAYMENT_WEBHOOK_SECRET'
    | 'RAZORPAY_API_URL'
  >,
  now: () => number,
  options: { fetch?: typeof fetch } = {},
): Payments => {
  const book = openOrderBook(join(config.DATA_DIR, 'payments.db'));
  const webhookSecret = dataDirSecret(config.DATA_DIR, 'payment-webhook', config.PAYMENT_WEBHOOK_SECRET);
  if (config.PAYMENT_PROVIDER === 'razorpay') {
    if (!config.RAZORPAY_KEY_ID || !config.RAZORPAY_KEY_SECRET) {
      throw new Error('PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    }
    const provider = razorpayProvider({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret,
      apiUrl: config.RAZORPAY_API_URL,
      book,
      now,
      fetch: options.fetch,
    });
    return { ...provider, book, keyId: config.RAZORPAY_KEY_ID, close: () => book.close() };
  }
  const keySecret = dataDirSecret(config.DATA_DIR, 'payment-sandbox', config.RAZORPAY_KEY_SECRET);
  const provider = sandboxProvider({ keySecret, webhookSecret, book, now });
  return { ...provider, book, keyId: null, close: () => book.close() };
};
