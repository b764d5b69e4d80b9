import type { ChangeEvent } from 'react';
import { t } from '../../i18n/index.ts';
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
          aria-label={t('Step back one event')}
        >
          ◀ {t('Back')}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-sm replay-play"
          onClick={controls.toggle}
          disabled={timeline.duration === 0}
          aria-label={playback.playing ? t('Pause') : t('Play')}
        >
          {playback.playing ? `❚❚ ${t('Pause')}` : `▶ ${t('Play')}`}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => controls.step(1)}
          disabled={playback.index >= last}
          aria-label={t('Step forward one event')}
        >
          {t('Forward')} ▶
        </button>
        <div className="replay-speeds" role="group" aria-label={t('Playback speed')}>
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
          aria-label={t('Scrub through the recorded time')}
          aria-valuetext={t('Event {n} of {total}, {time}', { n: playback.index + 1, total, time: formatTime(time) })}
          data-testid="replay-scrubber"
        />
        <div className="replay-ticks" aria-hidden="true">
          {timeline.offsets.map((o, i) => (
            <span key={i} className={i <= playback.index ? 'is-past' : undefined} style={{ left: `${pct(o)}%` }} />
          ))}
        </div>
      </div>
      <p className="replay-where" data-testid="replay-where" data-step={playback.index} data-time={time}>
        <strong>{t('Event {n} of {total}', { n: playback.index + 1, total })}</strong> · {formatDate(time)},{' '}
        {formatTime(time, { ms: true })} IST
        <span className="muted">
          {' '}
          ·{' '}
          {t('played {played} of {duration}', {
            played: formatCountdown(playback.offset),
            duration: formatCountdown(timeline.duration),
          })}
        </span>
      </p>
      <p className="muted replay-note">
        {timeline.duration === 0
          ? t('Every event was recorded at the same moment: step through them one by one.')
          : t('Plays in recorded server time; quiet stretches longer than {gap} are shortened to {gap}.', {
              gap: formatCountdown(MAX_GAP_MS),
            })}
      </p>
    </div>
  );
};
