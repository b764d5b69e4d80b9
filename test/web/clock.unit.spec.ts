import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOCK_SYNC_INTERVAL_MS,
  measureClock,
  offsetFromSample,
  serverNow,
  startClockSync,
  syncClock,
} from '../../web/src/lib/clock.ts';
import { initialClockState, useClockStore } from '../../web/src/stores/clock.ts';

/** A fake `fetch` whose round trip takes `rttMs` on the fake local clock, answering `serverTime`. */
const fakeServer = (local: { now: number }, serverTime: () => number, rttMs: number) =>
  vi.fn((_input: string, _init?: RequestInit) => {
    local.now += rttMs / 2;
    const answer = serverTime();
    local.now += rttMs / 2;
    return Promise.resolve({ ok: true, json: () => Promise.resolve({ serverTime: answer }) });
  });

beforeEach(() => useClockStore.setState(initialClockState, true));
afterEach(() => vi.useRealTimers());

describe('offsetFromSample', () => {
  it('assumes the server read its clock halfway through the round trip', () => {
    expect(offsetFromSample(1_000, 6_050, 1_100)).toEqual({ offsetMs: 5_000, rttMs: 100 });
  });

  it('is negative when the local clock runs ahead', () => {
    expect(offsetFromSample(10_000, 7_020, 10_040).offsetMs).toBe(-3_000);
  });
});

describe('measureClock', () => {
  it('recovers the true offset from a symmetric round trip', async () => {
    const local = { now: 1_700_000_000_000 };
    const trueOffset = 42_000;
    const fetch = fakeServer(local, () => local.now + trueOffset, 300);
    const sample = await measureClock(fetch, () => local.now);
    expect(sample).toEqual({ offsetMs: trueOffset, rttMs: 300 });
    expect(fetch).toHaveBeenCalledWith('/api/time', expect.objectContaining({ cache: 'no-store' }));
  });

  it('rejects an answer without a numeric serverTime', async () => {
    const fetch = () => Promise.resolve({ ok: true, json: () => Promise.resolve({ server_time: 'x' }) });
    await expect(measureClock(fetch, () => 0)).rejects.toThrow('Clock sync failed');
  });
});

describe('syncClock and serverNow', () => {
  it('stores the offset and shifts serverNow by it', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000);
    const local = { now: Date.now() };
    await syncClock(
      fakeServer(local, () => local.now - 2_500, 80),
      () => local.now,
    );
    expect(useClockStore.getState()).toMatchObject({ offsetMs: -2_500, rttMs: 80, status: 'synced' });
    expect(serverNow()).toBe(Date.now() - 2_500);
  });

  it('keeps the last good offset when a sync fails', async () => {
    useClockStore.setState({ offsetMs: 1_234, status: 'synced' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await syncClock(() => Promise.reject(new Error('offline')));
    expect(useClockStore.getState()).toMatchObject({ offsetMs: 1_234, status: 'error' });
  });
});

describe('startClockSync', () => {
  it('syncs at once and then every 15 s until stopped', async () => {
    vi.useFakeTimers();
    const local = { now: 0 };
    let skew = 1_000;
    const fetch = fakeServer(local, () => local.now + skew, 20);
    const stop = startClockSync(fetch, () => local.now);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(useClockStore.getState().offsetMs).toBe(1_000);

    skew = 3_000;
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(useClockStore.getState().offsetMs).toBe(3_000);

    stop();
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC_INTERVAL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
