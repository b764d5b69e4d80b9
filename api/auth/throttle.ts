import { ApiError } from '../http/errors.ts';
import type { HitLog } from './hitLog.ts';

/**
 * Slows repeated failures per key (an account or an address): after `free` failures within
 * `windowMs`, each further try must wait, doubling from `baseDelayMs` up to `maxDelayMs`.
 * A success clears the account's record. Failures live in `log`, shared by every process on one
 * data directory.
 */
export const createThrottle = (
  options: { name: string; free: number; windowMs: number; baseDelayMs: number; maxDelayMs: number },
  log: HitLog,
) => {
  const waitFor = (list: number[], now: number) => {
    if (list.length < options.free) return 0;
    const delay = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (list.length - options.free));
    return Math.max(0, list[list.length - 1]! + delay - now);
  };
  return {
    /** Milliseconds the key must still wait before its next try (0 = go ahead). */
    waitMs(key: string, now: number): number {
      return waitFor(log.recent(options.name, key, now - options.windowMs + 1), now);
    },
    /**
     * Counts a try before it is checked (so parallel tries cannot all pass the check at once):
     * `{ wait: 0, ticket }` when it may go ahead, `{ wait }` in ms otherwise. A try that did not fail
     * gives its ticket back with `forgive`.
     */
    attempt(key: string, now: number): { wait: number; ticket: number | null } {
      let wait = 0;
      const ticket = log.take(
        options.name,
        key,
        now,
        now - options.windowMs + 1,
        (list) => (wait = waitFor(list, now)) === 0,
      );
      return { wait, ticket };
    },
    forgive(ticket: number | null) {
      if (ticket !== null) log.forgive(ticket);
    },
    fail(key: string, now: number) {
      log.add(options.name, key, now, now - options.windowMs + 1);
    },
    clear(key: string) {
      log.clear(options.name, key);
    },
  };
};

/**
 * OTP limits on top of the code's own (60 s between codes, 5 wrong tries): a few codes per email
 * and more per address each hour, and wrong codes per address across emails slowed like logins.
 */
export const createOtpLimits = (log: HitLog) => ({
  codesPerEmail: createThrottle(
    { name: 'otp-codes-email', free: 5, windowMs: 60 * 60_000, baseDelayMs: 5 * 60_000, maxDelayMs: 60 * 60_000 },
    log,
  ),
  codesPerAddress: createThrottle(
    { name: 'otp-codes-address', free: 20, windowMs: 60 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 },
    log,
  ),
  wrongCodesPerAddress: createThrottle(
    { name: 'otp-wrong-address', free: 20, windowMs: 15 * 60_000, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000 },
    log,
  ),
});

/**
 * Referral codes skip the waitlist, so guessing them is limited per address like login failures:
 * every check counts (the landing page's, the crackers status check's), 10 free in 15 minutes,
 * then doubling waits up to 15 minutes.
 */
export const createReferralCheckLimit = (log: HitLog) =>
  createThrottle(
    { name: 'referral-check-address', free: 10, windowMs: 15 * 60_000, baseDelayMs: 5_000, maxDelayMs: 15 * 60_000 },
    log,
  );

export const TOO_MANY_REFERRAL_CHECKS = (waitMs: number) =>
  `Too many referral code checks. Please wait ${Math.ceil(waitMs / 1000)} seconds and try again.`;

/** Failed logins: 5 per account and 20 per address in 15 minutes, then doubling waits (README, Limits). */
export const createLoginLimits = (log: HitLog) => ({
  perAccount: createThrottle(
    { name: 'login-account', free: 5, windowMs: 15 * 60_000, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000 },
    log,
  ),
  perAddress: createThrottle(
    { name: 'login-address', free: 20, windowMs: 15 * 60_000, baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 },
    log,
  ),
});

/** A 429 in words: "<what>. Please wait N minute(s) and try again.", the wait rounded up to minutes. */
export const waitMinutes = (code: string, what: string, waitMs: number) => {
  const minutes = Math.ceil(waitMs / 60_000);
  return new ApiError(429, code, `${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, {
    retryInMinutes: minutes,
  });
};

/** The login limit's answer, for the login and for a wrong current password on the profile. */
export const tooManyLogins = (waitMs: number) =>
  new ApiError(
    429,
    'TOO_MANY_ATTEMPTS',
    `Too many failed logins. Please wait ${Math.ceil(waitMs / 1000)} seconds and try again.`,
    { retryInSeconds: Math.ceil(waitMs / 1000) },
  );
