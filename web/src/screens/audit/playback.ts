import { playbackTimeline, stepIndexAt } from '../../../../engine/replay.ts';

/**
 * The replay player's state, pure: a step index and a playback offset (ms of compressed recorded
 * time). Stepping moves the index and puts the playhead on that event; scrubbing and playing move
 * the playhead and the index follows it. Quiet stretches over `MAX_GAP_MS` play as `MAX_GAP_MS`.
 */

export const MAX_GAP_MS = 90_000;
export const SPEEDS = [1, 4, 16] as const;
export type Speed = (typeof SPEEDS)[number];

export interface Playback {
  index: number;
  offset: number;
  playing: boolean;
  speed: Speed;
}

export type Timeline = ReturnType<typeof playbackTimeline> & {
  times: readonly number[];
  marks: readonly { at: number }[];
};

export const makeTimeline = (times: readonly number[]): Timeline => ({
  ...playbackTimeline(times, MAX_GAP_MS),
  times,
  marks: times.map((at) => ({ at })),
});

export const startPlayback = (): Playback => ({ index: 0, offset: 0, playing: false, speed: 1 });

/** Server time at the playhead; on an event, that event's time. */
export const playheadTime = (p: Playback, t: Timeline): number =>
  Math.max(t.toRecorded(p.offset), t.times[p.index] ?? 0);

export const stepTo = (p: Playback, t: Timeline, index: number): Playback => {
  const i = Math.min(Math.max(0, index), t.times.length - 1);
  return { ...p, index: i, offset: t.toOffset(t.times[i]!), playing: false };
};

export const scrubTo = (p: Playback, t: Timeline, offset: number): Playback => {
  const o = Math.min(Math.max(0, offset), t.duration);
  return { ...p, offset: o, index: Math.max(0, stepIndexAt(t.marks, t.toRecorded(o))) };
};

/** Advances by `elapsedMs` of wall time at the chosen speed; stops at the end. */
export const tick = (p: Playback, t: Timeline, elapsedMs: number): Playback => {
  if (!p.playing) return p;
  const next = scrubTo(p, t, p.offset + elapsedMs * p.speed);
  return next.offset >= t.duration ? { ...next, index: t.times.length - 1, playing: false } : next;
};

export const togglePlay = (p: Playback, t: Timeline): Playback => {
  if (p.playing) return { ...p, playing: false };
  const atEnd = p.offset >= t.duration;
  return atEnd ? { ...scrubTo(p, t, 0), playing: true } : { ...p, playing: true };
};
