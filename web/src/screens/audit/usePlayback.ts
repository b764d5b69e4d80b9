import { useEffect, useMemo, useRef, useState } from 'react';
import type { Playback, Speed } from './playback.ts';
import { makeTimeline, playheadTime, scrubTo, startPlayback, stepTo, tick, togglePlay } from './playback.ts';

/** The replay player over a stream's event times: state, the playhead time, and the controls. */
export const usePlayback = (times: readonly number[]) => {
  const timeline = useMemo(() => makeTimeline(times), [times]);
  const [playback, setPlayback] = useState<Playback>(startPlayback);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    setPlayback(startPlayback());
  }, [timeline]);

  useEffect(() => {
    if (!playback.playing) return;
    let last = performance.now();
    const loop = (now: number) => {
      const elapsed = now - last;
      last = now;
      setPlayback((p) => tick(p, timeline, elapsed));
      frame.current = requestAnimationFrame(loop);
    };
    frame.current = requestAnimationFrame(loop);
    return () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, [playback.playing, timeline]);

  const controls = useMemo(
    () => ({
      step: (delta: number) => setPlayback((p) => stepTo(p, timeline, p.index + delta)),
      goTo: (index: number) => setPlayback((p) => stepTo(p, timeline, index)),
      scrub: (offset: number) => setPlayback((p) => scrubTo(p, timeline, offset)),
      toggle: () => setPlayback((p) => togglePlay(p, timeline)),
      speed: (speed: Speed) => setPlayback((p) => ({ ...p, speed })),
    }),
    [timeline],
  );

  return { playback, timeline, time: playheadTime(playback, timeline), controls };
};
