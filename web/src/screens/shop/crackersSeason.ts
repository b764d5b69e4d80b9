import type { CrackersSeasonDto, CrackersSeasonView } from '../../../../api/contract/shop.ts';
import { currentLocale, t } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';

const dayMonths = new Map<string, Intl.DateTimeFormat>();
const dayMonth = () => {
  const locale = currentLocale();
  let f = dayMonths.get(locale);
  if (!f)
    dayMonths.set(locale, (f = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })));
  return f;
};
const DAY = 86_400_000;
/** "2026-10-06" → "6 Oct" (in the language shown: "அக். 6" in Tamil). */
export const shortDate = (date: string): string => dayMonth().format(Date.parse(`${date}T00:00:00Z`));
/** "2026-10-06" → "6": the day of the month alone, in the language's digits. */
const dayOnly = (date: string): string =>
  dayMonth()
    .formatToParts(Date.parse(`${date}T00:00:00Z`))
    .find((p) => p.type === 'day')!.value;
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/**
 * The delivery promise of a season in one sentence, as the old site put it: "Orders till 6 Oct
 * delivered by 10 Oct, and orders 7 to 10 Oct delivered by 14 Oct."
 */
export const deliveryText = (season: CrackersSeasonDto): string => {
  const parts = season.bands.map((b, i) => {
    const from = i === 0 ? null : nextDay(season.bands[i - 1]!.order_by);
    const dates = { to: shortDate(b.order_by), by: shortDate(b.deliver_by) };
    if (from === null) return t('Orders till {to} delivered by {by}', dates);
    if (from === b.order_by) return t('orders on {to} delivered by {by}', dates);
    // Within one month the first date is the day alone ("7 to 10 Oct"); the Tamil may name both dates.
    return from.slice(5, 7) === b.order_by.slice(5, 7)
      ? t('orders {fromDay} to {to} delivered by {by}', { ...dates, fromDay: dayOnly(from), from: shortDate(from) })
      : t('orders {from} to {to} delivered by {by}', { ...dates, from: shortDate(from) });
  });
  return parts.length > 1
    ? t('{list}, and {last}.', { list: parts.slice(0, -1).join(', '), last: parts.at(-1)! })
    : t('{one}.', { one: parts[0]! });
};

/** Why crackers orders are not taken today (the server's words, by the reason they carry), in the language shown. */
export const seasonMessage = (view: CrackersSeasonView): string => {
  const message = view.message ?? '';
  const opens = /^Crackers orders open on (\d{4}-\d{2}-\d{2})\.$/.exec(message);
  return opens ? t('Crackers orders open on {date}.', { date: opens[1]!, day: shortDate(opens[1]!) }) : t(message);
};

export const fetchCrackersSeason = (signal?: AbortSignal) =>
  api<CrackersSeasonView>('/api/crackers/season', { signal });
