/**
 * Slows repeated failures per key (an account or an address): after `free` failures within
 * `windowMs`, each further try must wait, doubling from `baseDelayMs` up to `maxDelayMs`.
 * A success clears the account's record. Kept in this process's memory.
 */
export const createThrottle = (options: {
  free: number;
  windowMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
}) => {
  const failures = new Map<string, number[]>();
  const recent = (key: string, now: number) => (failures.get(key) ?? []).filter((t) => now - t < options.windowMs);
  return {
    /** Milliseconds the key must still wait before its next try (0 = go ahead). */
    waitMs(key: string, now: number): number {
      const list = recent(key, now);
      if (list.length < options.free) return 0;
      const delay = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (list.length - options.free));
      return Math.max(0, list[list.length - 1]! + delay - now);
    },
    fail(key: string, now: number) {
      const list = recent(key, now);
      list.push(now);
      failures.set(key, list);
      if (failures.size > 50_000) failures.delete(failures.keys().next().value!);
    },
    clear(key: string) {
      failures.delete(key);
    },
  };
};

/**
 * OTP limits on top of the code's own (60 s between codes, 5 wrong tries): a few codes per email
 * and more per address each hour, and wrong codes per address across emails slowed like logins.
 */
export const createOtpLimits = () => ({
  codesPerEmail: createThrottle({ free: 5, windowMs: 60 * 60_000, baseDelayMs: 5 * 60_000, maxDelayMs: 60 * 60_000 }),
  codesPerAddress: createThrottle({ free: 20, windowMs: 60 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 }),
  wrongCodesPerAddress: createThrottle({ free: 20, windowMs: 15 * 60_000, baseDelayMs: 2_000, maxDelayMs: 5 * 60_000 }),
});
