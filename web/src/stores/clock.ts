import { create } from './create.ts';

export type ClockState = {
  /** serverTime − local time, in ms. 0 until the first sync. */
  offsetMs: number;
  /** Round trip of the sample the offset came from. */
  rttMs: number | null;
  lastSyncAt: number | null;
  status: 'idle' | 'synced' | 'error';
};

export const initialClockState: ClockState = { offsetMs: 0, rttMs: null, lastSyncAt: null, status: 'idle' };

export const useClockStore = create<ClockState>()(() => initialClockState);
