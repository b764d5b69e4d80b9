import { t } from '../../i18n/index.ts';
import { istLocalToMs, rupeesToPaise } from './adminForms.ts';

export type RoomFields = {
  total_price: string;
  base_price: string;
  max_price: string;
  bid_value: string;
  bid_seconds: string;
  entry_fee: string;
  max_participants: string;
  reward_cash: string;
  max_attempts: string;
  runner_up_places: string;
  scheduled_time: string;
};

const intIn = (s: string, min: number, max = Number.MAX_SAFE_INTEGER) => {
  if (!/^\d+$/.test(s.trim())) return false;
  const n = Number(s);
  return n >= min && n <= max;
};

/**
 * The create-room checks of the live auction spec §5 (money ≥ 0 in paise steps, bid_value and
 * bid_seconds whole ≥ 1, max_participants 2–10, scheduled_time required), plus the engine's own
 * (room for one deal above the base, a start in the future). Keys are field names; empty when fine.
 */
export const roomProblems = (
  f: RoomFields,
  hasProduct: boolean,
  now: number,
): Partial<Record<keyof RoomFields | 'product', string>> => {
  const p: Partial<Record<keyof RoomFields | 'product', string>> = {};
  if (!hasProduct) p.product = t('Pick a product from the search results.');
  for (const key of ['total_price', 'base_price', 'max_price', 'entry_fee', 'reward_cash'] as const) {
    if (f[key].trim() === '') p[key] = t('Required.');
    else if (Number.isNaN(rupeesToPaise(f[key]))) p[key] = t('An amount of at least 0 (up to 2 decimals).');
  }
  if (!intIn(f.bid_value, 1)) p.bid_value = t('A whole number of rupees, at least 1.');
  if (!intIn(f.bid_seconds, 1, 3600)) p.bid_seconds = t('A whole number of seconds, at least 1 (up to 3600).');
  if (!intIn(f.max_participants, 2, 10)) p.max_participants = t('From 2 to 10.');
  if (!intIn(f.max_attempts, 1, 20)) p.max_attempts = t('From 1 to 20.');
  if (!intIn(f.runner_up_places, 0, 5)) p.runner_up_places = t('From 0 to 5.');
  const base = rupeesToPaise(f.base_price);
  const max = rupeesToPaise(f.max_price);
  if (!p.base_price && !p.max_price && !p.bid_value && base + Number(f.bid_value) * 100 > max) {
    p.max_price = t('Must leave room for at least one deal: base price + increment or more.');
  }
  const at = istLocalToMs(f.scheduled_time);
  if (f.scheduled_time === '') p.scheduled_time = t('Required.');
  else if (Number.isNaN(at)) p.scheduled_time = t('Pick a date and time.');
  else if (at <= now) p.scheduled_time = t('Must be in the future.');
  return p;
};
