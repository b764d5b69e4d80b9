import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Destination } from '../../engine/withdrawal.ts';
import { verifyWebhookSignature } from '../payments/port.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../dataFiles.ts';

export interface PayoutRequest {
  /** Our withdrawal id: the idempotency key, so a retry never pays twice. */
  withdrawalId: string;
  amountPaise: number;
  destination: Destination;
  /**
   * Sent before (an admin's Approve again): the provider is first asked whether a payout under
   * this id exists, since a refusal of the second request would not say the first was never made.
   */
  retry?: boolean;
}

/** `processing`: the provider will tell the outcome later (a webhook). */
export type PayoutOutcome =
  | { status: 'processed'; payoutId: string }
  | { status: 'processing'; payoutId: string }
  | { status: 'failed'; payoutId: string | null; reason: string };

/** The payout port: approved withdrawals leave through it. */
export interface PayoutProvider {
  readonly kind: 'sandbox' | 'razorpay';
  pay(request: PayoutRequest): Promise<PayoutOutcome>;
  /** True when a payout webhook's `X-Razorpay-Signature` matches HMAC-SHA256(rawBody, webhook secret). */
  verifyWebhook(rawBody: string, signature: string | undefined): boolean;
}

/**
 * The sandbox: records each payout (NDJSON in the data dir) and pays at once, except on purpose:
 * a UPI id starting `fail@` or an account number ending `0000` fails, as a bank would refuse it.
 */
export const sandboxPayouts = (path: string, secret: string, now: () => number): PayoutProvider => ({
  kind: 'sandbox',
  pay(request) {
    const d = request.destination;
    const fails = d.kind === 'upi' ? d.vpa.toLowerCase().startsWith('fail@') : d.accountNumber.endsWith('0000');
    const payoutId = `pout_sandbox_${request.withdrawalId.replace(/-/g, '').slice(0, 14)}`;
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
    appendFileSync(
      path,
      JSON.stringify({
        payoutId,
        ...request,
        status: fails ? 'failed' : 'processed',
        at: new Date(now()).toISOString(),
      }) + '\n',
      { mode: PRIVATE_FILE_MODE },
    );
    return Promise.resolve(
      fails
        ? { status: 'failed', payoutId, reason: 'The bank refused the beneficiary (sandbox rule).' }
        : { status: 'processed', payoutId },
    );
  },
  verifyWebhook: (rawBody, signature) => verifyWebhookSignature(secret, rawBody, signature),
});

/**
 * Razorpay Payouts (RazorpayX): `POST {apiUrl}/v1/payouts` with basic auth, the fund account
 * inline (a VPA or a bank account), mode UPI or IMPS, and `X-Payout-Idempotency` set to our
 * withdrawal id. The answer's status says processed, still processing (a webhook follows) or not;
 * only a definite refusal (a 4xx, or a failed, rejected, reversed or cancelled payout) fails it.
 */
export const razorpayPayouts = (opts: {
  keyId: string;
  keySecret: string;
  accountNumber: string;
  webhookSecret: string;
  apiUrl: string;
  fetch?: typeof fetch;
}): PayoutProvider => {
  const doFetch = opts.fetch ?? fetch;
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  type Payout = { id: string; status?: string; status_details?: { description?: string } };
  /** A payout's state as Razorpay tells it: processed, failed (or rejected, reversed, cancelled) or on its way. */
  const outcomeOf = (p: Payout): PayoutOutcome => {
    if (p.status === 'processed') return { status: 'processed', payoutId: p.id };
    if (p.status === 'failed' || p.status === 'rejected' || p.status === 'reversed' || p.status === 'cancelled')
      return { status: 'failed', payoutId: p.id, reason: p.status_details?.description ?? `Payout ${p.status}` };
    return { status: 'processing', payoutId: p.id };
  };
  /** The payout Razorpay holds under our reference, null when none, 'unknown' when it could not say. */
  const findPayout = async (base: string, referenceId: string): Promise<Payout | null | 'unknown'> => {
    try {
      const query = new URLSearchParams({ account_number: opts.accountNumber, reference_id: referenceId });
      const response = await doFetch(`${base}/v1/payouts?${query}`, {
        headers: { Authorization: auth },
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await response.json().catch(() => null)) as { items?: Payout[] } | null;
      if (!response.ok || !Array.isArray(body?.items)) return 'unknown';
      return body.items.find((p) => typeof p.id === 'string') ?? null;
    } catch {
      return 'unknown';
    }
  };
  return {
    kind: 'razorpay',
    async pay({ withdrawalId, amountPaise, destination: d, retry }) {
      const base = opts.apiUrl.replace(/\/$/, '');
      const referenceId = withdrawalId.slice(0, 40);
      const fundAccount =
        d.kind === 'upi'
          ? { account_type: 'vpa', vpa: { address: d.vpa }, contact: { name: d.vpa, type: 'customer' } }
          : {
              account_type: 'bank_account',
              bank_account: { name: d.holder, ifsc: d.ifsc, account_number: d.accountNumber },
              contact: { name: d.holder, type: 'customer' },
            };
      // Whether Razorpay created the payout is known only from a readable answer: a broken
      // connection, a timeout, a 5xx or an unreadable body says nothing either way, so the payout
      // stays processing (its webhook tells, or Approve again retries it under the same key).
      const unknown: PayoutOutcome = { status: 'processing', payoutId: '' };
      if (retry) {
        // A payout made by the first request is found by its reference (our id) and read as it
        // stands; only when Razorpay holds none is the payout sent again.
        const made = await findPayout(base, referenceId);
        if (made === 'unknown') return unknown;
        if (made) return outcomeOf(made);
      }
      let response: Response;
      try {
        response = await doFetch(`${base}/v1/payouts`, {
          method: 'POST',
          headers: {
            Authorization: auth,
            'Content-Type': 'application/json',
            'X-Payout-Idempotency': withdrawalId,
          },
          body: JSON.stringify({
            account_number: opts.accountNumber,
            fund_account: fundAccount,
            amount: amountPaise,
            currency: 'INR',
            mode: d.kind === 'upi' ? 'UPI' : 'IMPS',
            purpose: 'payout',
            queue_if_low_balance: true,
            reference_id: referenceId,
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        return unknown;
      }
      const body = (await response.json().catch(() => null)) as {
        id?: string;
        status?: string;
        error?: { description?: string };
        status_details?: { description?: string };
      } | null;
      if (!body || response.status >= 500 || response.status === 408 || response.status === 429)
        return body?.id ? { status: 'processing', payoutId: body.id } : unknown;
      // A 4xx is a definite refusal: no payout was made.
      if (!response.ok)
        return {
          status: 'failed',
          payoutId: body.id ?? null,
          reason: body.error?.description ?? `Razorpay answered ${response.status}`,
        };
      if (!body.id) return unknown;
      return outcomeOf({ ...body, id: body.id });
    },
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(opts.webhookSecret, rawBody, signature),
  };
};

/** The configured payout provider (PAYOUT_PROVIDER): the sandbox by default, Razorpay Payouts in production. */
export const createPayouts = (
  config: {
    PAYOUT_PROVIDER: 'sandbox' | 'razorpay';
    DATA_DIR: string;
    RAZORPAY_KEY_ID?: string;
    RAZORPAY_KEY_SECRET?: string;
    RAZORPAYX_ACCOUNT_NUMBER?: string;
    RAZORPAY_API_URL: string;
  },
  webhookSecret: string,
  now: () => number,
): PayoutProvider => {
  if (config.PAYOUT_PROVIDER === 'sandbox')
    return sandboxPayouts(`${config.DATA_DIR}/payouts.ndjson`, webhookSecret, now);
  const missing = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAYX_ACCOUNT_NUMBER'] as const).filter(
    (k) => !config[k],
  );
  if (missing.length) throw new Error(`PAYOUT_PROVIDER=razorpay needs ${missing.join(', ')}`);
  return razorpayPayouts({
    keyId: config.RAZORPAY_KEY_ID!,
    keySecret: config.RAZORPAY_KEY_SECRET!,
    accountNumber: config.RAZORPAYX_ACCOUNT_NUMBER!,
    webhookSecret,
    apiUrl: config.RAZORPAY_API_URL,
  });
};
