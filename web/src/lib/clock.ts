import { useClockStore } from '../stores/clock.ts';

/**
 * The offset is measured from several samples (the one with the lowest round trip wins: its
 * midpoint guess is the tightest), at start, on every socket (re)connect and every minute. One
 * sample every 15 s let a slow answer skew timers by half its round trip (a 20-second round
 * showed 21 s).
 */
export const CLOCK_SYNC_INTERVAL_MS = 60_000;
/** Samples per sync. */
export const CLOCK_SAMPLES = 5;

export type ClockSample = { offsetMs: number; rttMs: number };

type FetchLike = (input: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'json'>>;

/** Offset from one request: the server read its clock, on average, halfway between send (t0) and receive (t1). */
export const offsetFromSample = (t0: number, serverTime: number, t1: number): ClockSample => ({
  offsetMs: serverTime - (t0 + t1) / 2,
  rttMs: t1 - t0,
});

/** One `GET /api/time` round trip → a sample. Rejects when the answer is missing or malformed. */
export const measureClock = async (
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  now: () => number = Date.now,
): Promise<ClockSample> => {
  const t0 = now();
  const response = await fetchImpl('/api/time', { cache: 'no-store', credentials: 'include' });
  const t1 = now();
  if (!response.ok) throw new Error('Clock sync failed');
  const body = (await response.json()) as { serverTime?: unknown };
  if (typeof body.serverTime !== 'number' || !Number.isFinite(body.serverTime)) throw new Error('Clock sync failed');
  return offsetFromSample(t0, body.serverTime, t1);
};

/** The sample to trust: the lowest round trip (the first of equals). */
export const bestSample = (samples: readonly ClockSample[]): ClockSample | null =>
  samples.reduce<ClockSample | null>((best, s) => (best === null || s.rttMs < best.rttMs ? s : best), null);

/**
 * Measures `CLOCK_SAMPLES` times, one after another, and stores the best sample's offset; failed
 * samples are skipped, and when all fail the previous offset is kept.
 */
export const syncClock = async (fetchImpl?: FetchLike, now: () => number = Date.now): Promise<void> => {
  const samples: ClockSample[] = [];
  let failure: unknown = null;
  for (let i = 0; i < CLOCK_SAMPLES; i++) {
    try {
      samples.push(await measureClock(fetchImpl, now));
    } catch (error) {
      failure = error;
    }
  }
  const best = bestSample(samples);
  if (best) {
    useClockStore.setState({ ...best, lastSyncAt: now(), status: 'synced' });
    return;
  }
  console.warn('Clock sync failed', failure);
  useClockStore.setState({ status: 'error' });
};

/** Syncs now and every minute; returns a stop function. */
export const startClockSync = (fetchImpl?: FetchLike, now: () => number = Date.now): (() => void) => {
  void syncClock(fetchImpl, now);
  const timer = setInterval(() => void syncClock(fetchImpl, now), CLOCK_SYNC_INTERVAL_MS);
  return () => clearInterval(timer);
};

/** The server's current time in epoch ms, as estimated from the last sync. */
export const serverNow = (): number => Date.now() + useClockStore.getState().offsetMs;

/** Milliseconds left in a round of `seconds`, never more than the round itself (a clock estimate can overshoot). */
export const roundLeftMs = (deadline: number | null, now: number, seconds: number): number =>
  deadline === null ? seconds * 1000 : Math.min(seconds * 1000, Math.max(0, deadline - now));
