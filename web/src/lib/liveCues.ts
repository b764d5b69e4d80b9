import { t } from '../i18n/index.ts';

/**
 * What a live auction says to a screen reader and (when switched on) plays and vibrates: a deal
 * after yours, your win, the last seconds. Pure functions of two moments of the room, so the
 * rules are tested without a browser; `LiveCues` (components) turns them into speech and sound.
 * The words follow the language shown (`t`, called when a cue is made, never at import).
 */

/** One moment of a live auction, as the cues need it. */
export interface CueMoment {
  running: boolean;
  /** The leader and the leading amount, already formatted ("₹1,010.00", "125 points"). */
  leaderId: string | null;
  leaderName: string | null;
  amount: string;
  /** Number of deals so far (a new deal is a change of this). */
  deals: number;
  ended: boolean;
  winnerId: string | null;
  winnerName: string | null;
}

export type Sound = 'outbid' | 'won' | 'tick';
export interface Cue {
  /** Said politely to screen readers. */
  say: string | null;
  /** Played and vibrated when the member switched cues on. */
  sound: Sound | null;
}

/** The cues of a change from `before` to `after`, for the member `me` (null: a visitor). */
export const cuesBetween = (before: CueMoment, after: CueMoment, me: string | null): Cue[] => {
  const cues: Cue[] = [];
  if (after.ended && !before.ended) {
    const mine = me !== null && after.winnerId === me;
    cues.push({
      say: mine
        ? t('You won, at {amount}.', { amount: after.amount })
        : after.winnerName
          ? t('Ended. {name} won at {amount}.', { name: after.winnerName, amount: after.amount })
          : t('Ended.'),
      sound: mine ? 'won' : null,
    });
    return cues;
  }
  if (after.running && after.deals > before.deals && after.leaderId !== null) {
    const mine = me !== null && after.leaderId === me;
    const wasMine = me !== null && before.leaderId === me;
    cues.push({
      say: mine
        ? t('Your deal leads at {amount}.', { amount: after.amount })
        : t('New deal: {amount} by {name}.', { amount: after.amount, name: after.leaderName ?? t('another member') }),
      sound: wasMine && !mine ? 'outbid' : null,
    });
  }
  return cues;
};

/** Seconds at which the timer is announced (said once each per deadline). */
export const ANNOUNCED_SECONDS = [10, 5] as const;
/** The last seconds that tick (sound), when cues are on. */
export const TICK_SECONDS = 5;

/**
 * The timer's cue when `secondsLeft` is reached for a deadline: said at 10 and 5, ticked from 5
 * down to 1. `said` holds what was already said for this deadline (no repeats, no flood).
 */
export const timerCue = (secondsLeft: number, said: ReadonlySet<number>): Cue | null => {
  if (secondsLeft <= 0 || said.has(secondsLeft)) return null;
  const say = (ANNOUNCED_SECONDS as readonly number[]).includes(secondsLeft)
    ? t('{n} seconds left.', { n: secondsLeft })
    : null;
  const sound = secondsLeft <= TICK_SECONDS ? 'tick' : null;
  return say || sound ? { say, sound } : null;
};

/** The least time between two spoken deals: a burst becomes one line with the latest deal. */
export const SPEAK_GAP_MS = 2500;
