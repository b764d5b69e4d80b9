import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/index.ts';
import type { CueMoment } from '../lib/liveCues.ts';
import { cuesBetween, SPEAK_GAP_MS, timerCue } from '../lib/liveCues.ts';
import { cuesOn, playCue, setCues } from '../lib/cueOutput.ts';
import { useBrowserValue } from '../ssr/boot.ts';
import { serverNow } from '../lib/clock.ts';

/**
 * A polite live region that says a live auction's deals (at most one line every 2.5 s: a burst
 * becomes its latest deal), its end, and "10 seconds left" / "5 seconds left" once per deadline;
 * and, when the member switched cues on, plays and vibrates a deal after theirs, their win and the
 * last five seconds.
 */
export const LiveCues = ({
  moment,
  deadline,
  me,
}: {
  moment: CueMoment;
  deadline: number | null;
  me: string | null;
}) => {
  const [line, setLine] = useState('');
  const previous = useRef(moment);
  const lastSpoken = useRef(0);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const speak = (text: string, urgent = false) => {
    const now = Date.now();
    const wait = lastSpoken.current + SPEAK_GAP_MS - now;
    if (urgent || wait <= 0) {
      lastSpoken.current = now;
      pending.current = null;
      setLine(text);
      return;
    }
    pending.current = text;
    timer.current ??= setTimeout(() => {
      timer.current = null;
      if (pending.current) speak(pending.current);
    }, wait);
  };

  useEffect(() => {
    for (const cue of cuesBetween(previous.current, moment, me)) {
      if (cue.say) speak(cue.say, moment.ended);
      if (cue.sound && cuesOn()) playCue(cue.sound);
    }
    previous.current = moment;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- speak reads refs only
  }, [moment, me]);

  useEffect(() => {
    if (deadline === null || !moment.running) return;
    const said = new Set<number>();
    const tick = setInterval(() => {
      const left = Math.ceil((deadline - serverNow()) / 1000);
      const cue = timerCue(left, said);
      if (!cue) return;
      said.add(left);
      if (cue.say) speak(cue.say, true);
      if (cue.sound && cuesOn()) playCue(cue.sound);
    }, 200);
    return () => clearInterval(tick);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- speak reads refs only
  }, [deadline, moment.running]);

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {line}
    </p>
  );
};

/** The one switch for sound and vibration cues (off by default; kept on this device). */
export const CuesSwitch = () => {
  // Kept in this browser only: a prerendered page shows it off until hydrated, then as kept.
  const kept = useBrowserValue(cuesOn, false);
  const [choice, setOn] = useState<boolean | null>(null);
  const on = choice ?? kept;
  return (
    <button
      type="button"
      className="btn btn-ghost btn-sm cues-switch"
      aria-pressed={on}
      onClick={() => {
        setCues(!on);
        setOn(!on);
        // The tap itself unlocks audio on phones; a short tick confirms the switch.
        if (!on) playCue('tick');
      }}
      data-testid="cues-switch"
    >
      {on ? t('Sound & vibration: on') : t('Sound & vibration: off')}
    </button>
  );
};
