/**
 * Display formatting: rupees with Indian grouping, times in Asia/Kolkata, in the language shown
 * (en-IN or ta-IN). Money arrives as integer paise.
 */
import { currentLocale, t } from '../i18n/index.ts';

export const TIME_ZONE = 'Asia/Kolkata';
/** Formatters per locale (en-IN or ta-IN, following the language shown), made once each. */
const perLocale = <F>(make: (locale: string) => F): (() => F) => {
  const made = new Map<string, F>();
  return () => {
    const locale = currentLocale();
    let f = made.get(locale);
    if (!f) made.set(locale, (f = make(locale)));
    return f;
  };
};

const rupees = perLocale((locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'INR' }));
const wholeRupees = perLocale(
  (locale) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
);
const numbers = perLocale((locale) => new Intl.NumberFormat(locale));

/** `formatRupees(12345600)` → "₹1,23,456.00"; with `whole` → "₹1,23,456" (rounded to the nearest rupee). */
export const formatRupees = (paise: number, { whole = false }: { whole?: boolean } = {}): string =>
  whole ? wholeRupees().format(Math.round(paise / 100)) : rupees().format(paise / 100);

/** `formatNumber(123456)` → "1,23,456" (Indian grouping). */
export const formatNumber = (n: number): string => numbers().format(n);

export type Instant = number | string | Date;

const ZONE_SUFFIX = /(Z|[+-]\d{2}:?\d{2})$/i;

/** Epoch ms from ms, a Date or an ISO-like string; strings without a zone are read as UTC. */
export const toEpochMs = (value: Instant): number => {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  const text = value.trim().replace(' ', 'T');
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  return Date.parse(dateOnly || ZONE_SUFFIX.test(text) ? text : `${text}Z`);
};

/** An India-time date/time formatter in the language shown. */
const indiaFormat = (options: Intl.DateTimeFormatOptions) =>
  perLocale((locale) => new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, ...options }));

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const CLOCK = { hour: 'numeric', minute: '2-digit', hour12: true } as const;
const dateTimeFormat = indiaFormat({ ...DAY, ...CLOCK });
const dateFormat = indiaFormat(DAY);
const timeFormat = indiaFormat({ ...CLOCK, second: '2-digit' });
const timeMsFormat = indiaFormat({ ...CLOCK, second: '2-digit', fractionalSecondDigits: 3 });

/** "22 Nov 2025, 7:10 pm" in India time. */
export const formatDateTime = (value: Instant): string => dateTimeFormat().format(toEpochMs(value));

/** "22 Nov 2025" in India time. */
export const formatDate = (value: Instant): string => dateFormat().format(toEpochMs(value));

/** "7:10:05 pm" in India time; with `ms` → "7:10:05.123 pm" (bid history). */
export const formatTime = (value: Instant, { ms = false }: { ms?: boolean } = {}): string =>
  (ms ? timeMsFormat : timeFormat)().format(toEpochMs(value));

const splitDuration = (ms: number) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60, total };
};

/** Countdown per storefront §4: "Xh Ym Zs", or "Ym Zs" under an hour. Negative durations show "0m 0s". */
export const formatCountdown = (ms: number): string => {
  const { hours, minutes, seconds } = splitDuration(ms);
  return hours > 0
    ? t('{h}h {m}m {s}s', { h: hours, m: minutes, s: seconds })
    : t('{m}m {s}s', { m: minutes, s: seconds });
};

/** "mm:ss" (minutes keep counting past 59): the deal room's countdown to start. */
export const formatMmSs = (ms: number): string => {
  const { total } = splitDuration(ms);
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

const relative = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
/** "2 minutes ago", "yesterday"; older than a week: the date, in India time. */
export const formatAgo = (value: Instant, now: number = Date.now()): string => {
  const seconds = Math.round((toEpochMs(value) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return t('just now');
  if (abs < 45 * 60) return relative().format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return relative().format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86400) return relative().format(Math.round(seconds / 86400), 'day');
  return formatDate(value);
};
