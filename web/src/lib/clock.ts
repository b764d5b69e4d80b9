import { useClockStore } from '../stores/clock.ts';

/** Storefront §4 Clocks: the server clock offset is resynced every 15 s. */
export const CLOCK_SYNC_INTERVAL_MS = 15_000;

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

/** Measures once and stores the offset; on failure the previous offset is kept. */
export const syncClock = async (fetchImpl?: FetchLike, now: () => number = Date.now): Promise<void> => {
  try {
    const sample = await measureClock(fetchImpl, now);
    useClockStore.setState({ ...sample, lastSyncAt: now(), status: 'synced' });
  } catch (error) {
    console.warn('Clock sync failed', error);
    useClockStore.setState({ status: 'error' });
  }
};

/** Syncs now and every 15 s; returns a stop function. */
export const startClockSync = (fetchImpl?: FetchLike, now: () => number = Date.now): (() => void) => {
  void syncClock(fetchImpl, now);
  const timer = setInterval(() => void syncClock(fetchImpl, now), CLOCK_SYNC_INTERVAL_MS);
  return () => clearInterval(timer);
};

/** The server's current time in epoch ms, as estimated from the last sync. */
export const serverNow = (): number => Date.now() + useClockStore.getState().offsetMs;
