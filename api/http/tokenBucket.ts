/**
 * A token bucket: up to `capacity` tries at once, the allowance coming back at `perSecond`.
 * Measured on the process's own monotonic clock (it limits load, not business time).
 */
export const tokenBucket = (capacity: number, perSecond: number, now: () => number = () => performance.now()) => {
  let tokens = capacity;
  let last = now();
  return {
    /** True when a try may go ahead (and uses one token). */
    take(): boolean {
      const t = now();
      tokens = Math.min(capacity, tokens + ((t - last) / 1000) * perSecond);
      last = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
};
