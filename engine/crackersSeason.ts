import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/**
 * The crackers season (`crackers-season`, one stream): the India dates orders are taken, and the
 * delivery promise for orders up to each date. Admins set it; the crackers page, the shipping
 * policy and the order rules all read it, so a date is written in one place.
 */

export const CRACKERS_SEASON_STREAM = 'crackers-season';

/** Orders placed up to and including `orderBy` are delivered by `deliverBy` (India dates, YYYY-MM-DD). */
export interface DeliveryBand {
  orderBy: string;
  deliverBy: string;
}

export interface CrackersSeason {
  /** First and last India days orders are taken. */
  opensOn: string;
  closesOn: string;
  /** In date order; the last band's `orderBy` is the closing day. */
  bands: DeliveryBand[];
}

export type CrackersSeasonCommand = {
  type: 'SetCrackersSeason';
  data: CrackersSeason & { by: string; now: number };
};
export type CrackersSeasonEvent = { type: 'CrackersSeasonSet'; data: CrackersSeason & { by: string; at: number } };
export type CrackersSeasonState = { season: CrackersSeason | null };

export const SEASON_MESSAGES = {
  closed: 'Crackers orders are closed for this season. Thank you for ordering with us.',
  notOpen: (opensOn: string) => `Crackers orders open on ${opensOn}.`,
  none: 'Crackers orders are not open yet. Please check back before the festival.',
  invalid: 'These season dates are not valid.',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysIn = (y: number, m: number) => [31, leap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
const isDate = (d: string) => {
  const m = DATE.exec(d);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/**
 * The India date (UTC+05:30, no daylight saving) of an instant, as YYYY-MM-DD: the proleptic
 * Gregorian civil date of the day number (Hinnant's days-to-civil), without the engine reading a clock.
 */
export const indiaDate = (ms: number): string => {
  const z = Math.floor((ms + 330 * 60_000) / 86_400_000) + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
};

/** Every problem with a season, in words an admin can act on; empty when it is fine. */
export const seasonProblems = (s: CrackersSeason): string[] => {
  const p: string[] = [];
  if (!isDate(s.opensOn) || !isDate(s.closesOn)) return ['Opening and closing days must be dates.'];
  if (s.opensOn > s.closesOn) p.push('The season must open on or before the day it closes.');
  if (s.bands.length === 0 || s.bands.length > 4) p.push('Give one to four delivery promises.');
  let last = '';
  for (const b of s.bands) {
    if (!isDate(b.orderBy) || !isDate(b.deliverBy)) {
      p.push('Every delivery promise needs two dates.');
      continue;
    }
    if (b.orderBy <= last) p.push('Delivery promises must be in date order.');
    if (b.deliverBy < b.orderBy) p.push(`Orders till ${b.orderBy} cannot be delivered before they are placed.`);
    if (b.orderBy < s.opensOn || b.orderBy > s.closesOn) p.push(`${b.orderBy} is outside the season.`);
    last = b.orderBy;
  }
  if (p.length === 0 && s.bands.at(-1)!.orderBy !== s.closesOn) {
    p.push('The last delivery promise must cover orders up to the closing day.');
  }
  return p;
};

/** Whether orders are taken at `now`, and why not. */
export const seasonStatus = (
  season: CrackersSeason | null,
  now: number,
): { open: true } | { open: false; reason: 'none' | 'not_open' | 'closed'; message: string } => {
  if (!season) return { open: false, reason: 'none', message: SEASON_MESSAGES.none };
  const today = indiaDate(now);
  if (today < season.opensOn)
    return { open: false, reason: 'not_open', message: SEASON_MESSAGES.notOpen(season.opensOn) };
  if (today > season.closesOn) return { open: false, reason: 'closed', message: SEASON_MESSAGES.closed };
  return { open: true };
};

export const initialState: CrackersSeasonState = { season: null };

export const decide = (command: CrackersSeasonCommand, state: CrackersSeasonState): CrackersSeasonEvent[] => {
  switch (command.type) {
    case 'SetCrackersSeason': {
      const { by, now, ...season } = command.data;
      const problems = seasonProblems(season);
      if (problems.length)
        throw new DomainError('INVALID_SEASON', `${SEASON_MESSAGES.invalid} ${problems.join(' ')}`, { problems });
      const same =
        state.season &&
        state.season.opensOn === season.opensOn &&
        state.season.closesOn === season.closesOn &&
        JSON.stringify(state.season.bands) === JSON.stringify(season.bands);
      if (same) return [];
      return [
        { type: 'CrackersSeasonSet', data: { ...season, bands: season.bands.map((b) => ({ ...b })), by, at: now } },
      ];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolve = (_state: CrackersSeasonState, event: CrackersSeasonEvent): CrackersSeasonState => {
  const { by: _by, at: _at, ...season } = event.data;
  return { season };
};

export const crackersSeasonDecider: Decider<CrackersSeasonCommand, CrackersSeasonEvent, CrackersSeasonState> = {
  initialState,
  decide,
  evolve,
};
