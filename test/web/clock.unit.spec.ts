import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CLOCK_SAMPLES,
  CLOCK_SYNC_INTERVAL_MS,
  roundLeftMs,
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
  it('syncs at once and then every minute until stopped', async () => {
    vi.useFakeTimers();
    const local = { now: 0 };
    let skew = 1_000;
    const fetch = fakeServer(local, () => local.now + skew, 20);
    const stop = startClockSync(fetch, () => local.now);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(CLOCK_SAMPLES);
    expect(useClockStore.getState().offsetMs).toBe(1_000);

    skew = 3_000;
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC_INTERVAL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(CLOCK_SAMPLES);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2 * CLOCK_SAMPLES);
    expect(useClockStore.getState().offsetMs).toBe(3_000);

    stop();
    await vi.advanceTimersByTimeAsync(CLOCK_SYNC_INTERVAL_MS * 3);
    expect(fetch).toHaveBeenCalledTimes(2 * CLOCK_SAMPLES);
  });
});

describe('several samples: the lowest round trip wins', () => {
  it('takes the offset of the fastest answer, not of a slow one the server answered late in', async () => {
    const local = { now: 1_700_000_000_000 };
    const trueOffset = 5_000;
    // Slow answers where the server read its clock late (asymmetric): their midpoint guesses are off by up to 400 ms.
    const trips = [
      { out: 900, back: 100 },
      { out: 40, back: 40 },
      { out: 600, back: 50 },
      { out: 300, back: 300 },
      { out: 45, back: 35 },
    ];
    let i = 0;
    const fetch = vi.fn(() => {
      const trip = trips[i++]!;
      local.now += trip.out;
      const answer = local.now + trueOffset;
      local.now += trip.back;
      return Promise.resolve({ ok: true, json: () => Promise.resolve({ serverTime: answer }) });
    });
    await syncClock(fetch, () => local.now);
    expect(fetch).toHaveBeenCalledTimes(CLOCK_SAMPLES);
    expect(useClockStore.getState()).toMatchObject({ offsetMs: trueOffset, rttMs: 80, status: 'synced' });
  });

  it('skips failed samples and keeps the last good offset only when every sample failed', async () => {
    const local = { now: 0 };
    let calls = 0;
    const flaky = vi.fn(() => {
      calls += 1;
      if (calls % 2 === 1) return Promise.reject(new Error('lost'));
      local.now += 10;
      const answer = local.now + 700;
      local.now += 10;
      return Promise.resolve({ ok: true, json: () => Promise.resolve({ serverTime: answer }) });
    });
    await syncClock(flaky, () => local.now);
    expect(useClockStore.getState()).toMatchObject({ offsetMs: 700, status: 'synced' });
  });
});

describe('roundLeftMs', () => {
  it('never shows more than the round, whatever the clock estimate says', () => {
    expect(roundLeftMs(21_400, 0, 20)).toBe(20_000);
    expect(roundLeftMs(12_000, 2_000, 20)).toBe(10_000);
    expect(roundLeftMs(1_000, 2_000, 20)).toBe(0);
    expect(roundLeftMs(null, 2_000, 20)).toBe(20_000);
  });
});
