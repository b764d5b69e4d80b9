import { describe, expect, it } from 'vitest';
import {
  makeTimeline,
  MAX_GAP_MS,
  playheadTime,
  scrubTo,
  startPlayback,
  stepTo,
  tick,
  togglePlay,
} from '../../web/src/screens/audit/playback.ts';

const T = 1_800_000_000_000;
// Created, an hour of nothing, started, two bids 5 s apart (the second and the end at the same ms), then 60 s to the close.
const times = [T, T + 3_600_000, T + 3_605_000, T + 3_610_000, T + 3_610_000, T + 3_670_000];
const timeline = makeTimeline(times);

describe('the replay player', () => {
  it('shortens the idle hour but keeps the round’s seconds as they were', () => {
    expect(timeline.duration).toBe(MAX_GAP_MS + 5_000 + 5_000 + 60_000);
    expect(timeline.toRecorded(MAX_GAP_MS + 2_500)).toBe(T + 3_602_500);
  });

  it('steps one event at a time, even through events recorded in the same millisecond', () => {
    let p = startPlayback();
    p = stepTo(p, timeline, 3);
    expect(p.index).toBe(3);
    expect(playheadTime(p, timeline)).toBe(T + 3_610_000);
    p = stepTo(p, timeline, p.index + 1);
    expect(p.index).toBe(4);
    expect(p.offset).toBe(stepTo(p, timeline, 3).offset);
    expect(stepTo(p, timeline, 99).index).toBe(5);
    expect(stepTo(p, timeline, -3).index).toBe(0);
  });

  it('scrubbing puts the playhead anywhere and the step follows it', () => {
    const p = scrubTo(startPlayback(), timeline, MAX_GAP_MS + 7_000);
    expect(p.index).toBe(2);
    expect(playheadTime(p, timeline)).toBe(T + 3_607_000);
    expect(scrubTo(p, timeline, 1e12).index).toBe(5);
  });

  it('plays at 16× of recorded time and stops at the end', () => {
    let p = togglePlay(scrubTo(startPlayback(), timeline, MAX_GAP_MS), timeline);
    p = { ...p, speed: 16 };
    p = tick(p, timeline, 500);
    expect(p.offset).toBe(MAX_GAP_MS + 8_000);
    expect(p.index).toBe(2);
    p = tick(p, timeline, 60_000);
    expect(p).toMatchObject({ index: 5, playing: false, offset: timeline.duration });
    expect(togglePlay(p, timeline)).toMatchObject({ offset: 0, index: 0, playing: true });
  });

  it('stepping pauses playback', () => {
    const p = togglePlay(startPlayback(), timeline);
    expect(p.playing).toBe(true);
    expect(stepTo(p, timeline, 2).playing).toBe(false);
  });
});
