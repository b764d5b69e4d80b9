import type { ChangeEvent } from 'react';
import { formatCountdown, formatDate, formatTime } from '../../lib/format.ts';
import type { Playback, Speed, Timeline } from './playback.ts';
import { MAX_GAP_MS, SPEEDS } from './playback.ts';

type Controls = {
  step: (delta: number) => void;
  scrub: (offset: number) => void;
  toggle: () => void;
  speed: (speed: Speed) => void;
};

/** Step back and forward, play at 1×/4×/16× of recorded time, and a scrubber with a tick per event. */
export const ReplayControls = ({
  playback,
  timeline,
  time,
  total,
  controls,
}: {
  playback: Playback;
  timeline: Timeline;
  time: number;
  total: number;
  controls: Controls;
}) => {
  const last = total - 1;
  const pct = (offset: number) => (timeline.duration > 0 ? (offset / timeline.duration) * 100 : 0);
  return (
    <div className="replay-controls card" data-testid="replay-controls">
      <div className="replay-buttons">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => controls.step(-1)}
          disabled={playback.index <= 0}
          aria-label="Step back one event"
        >
          ◀ Back
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm replay-play"
          onClick={controls.toggle}
          disabled={timeline.duration === 0}
          aria-label={playback.playing ? 'Pause' : 'Play'}
        >
          {playback.playing ? '❚❚ Pause' : '▶ Play'}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => controls.step(1)}
          disabled={playback.index >= last}
          aria-label="Step forward one event"
        >
          Forward ▶
        </button>
        <div className="replay-speeds" role="group" aria-label="Playback speed">
          {SPEEDS.map((s) => (
            <button
              key={s}
              type="button"
              className={`replay-speed${playback.speed === s ? ' is-active' : ''}`}
              aria-pressed={playback.speed === s}
              onClick={() => controls.speed(s)}
            >
              {s}×
            </button>
          ))}
        </div>
      </div>
      <div className="replay-scrubber">
        <input
          type="range"
          min={0}
          max={Math.max(1, Math.round(timeline.duration))}
          step={1}
          value={Math.round(playback.offset)}
          onChange={(e: ChangeEvent<HTMLInputElement>) => controls.scrub(Number(e.target.value))}
          aria-label="Scrub through the recorded time"
          aria-valuetext={`Event ${playback.index + 1} of ${total}, ${formatTime(time)}`}
          data-testid="replay-scrubber"
        />
        <div className="replay-ticks" aria-hidden="true">
          {timeline.offsets.map((o, i) => (
            <span key={i} className={i <= playback.index ? 'is-past' : undefined} style={{ left: `${pct(o)}%` }} />
          ))}
        </div>
      </div>
      <p className="replay-where" data-testid="replay-where" data-step={playback.index} data-time={time}>
        <strong>
          Event {playback.index + 1} of {total}
        </strong>{' '}
        · {formatDate(time)}, {formatTime(time, { ms: true })} IST
        <span className="muted">
          {' '}
          · played {formatCountdown(playback.offset)} of {formatCountdown(timeline.duration)}
        </span>
      </p>
      <p className="muted replay-note">
        {timeline.duration === 0
          ? 'Every event was recorded at the same moment: step through them one by one.'
          : `Plays in recorded server time; quiet stretches longer than ${formatCountdown(MAX_GAP_MS)} are shortened to ${formatCountdown(MAX_GAP_MS)}.`}
      </p>
    </div>
  );
};
