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
) => ({
  /** Milliseconds the key must still wait before its next try (0 = go ahead). */
  waitMs(key: string, now: number): number {
    const list = log.recent(options.name, key, now - options.windowMs + 1);
    if (list.length < options.free) return 0;
    const delay = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (list.length - options.free));
    return Math.max(0, list[list.length - 1]! + delay - now);
  },
  fail(key: string, now: number) {
    log.add(options.name, key, now, now - options.windowMs + 1);
  },
  clear(key: string) {
    log.clear(options.name, key);
  },
});

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
