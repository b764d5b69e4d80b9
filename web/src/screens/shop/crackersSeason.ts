import type { CrackersSeasonDto, CrackersSeasonView } from '../../../../api/contract/shop.ts';
import { api } from '../../lib/api.ts';

const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const DAY = 86_400_000;
/** "2026-10-06" → "6 Oct". */
export const shortDate = (date: string): string => dayMonth.format(Date.parse(`${date}T00:00:00Z`));
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY).toISOString().slice(0, 10);

/**
 * The delivery promise of a season in one sentence, as the old site put it: "Orders till 6 Oct
 * delivered by 10 Oct, and orders 7 to 10 Oct delivered by 14 Oct."
 */
export const deliveryText = (season: CrackersSeasonDto): string => {
  const parts = season.bands.map((b, i) => {
    const from = i === 0 ? null : nextDay(season.bands[i - 1]!.order_by);
    const orders =
      from === null
        ? `till ${shortDate(b.order_by)}`
        : from === b.order_by
          ? `on ${shortDate(b.order_by)}`
          : `${shortDate(from).split(' ')[0]}${from.slice(5, 7) === b.order_by.slice(5, 7) ? '' : ` ${shortDate(from).split(' ')[1]}`} to ${shortDate(b.order_by)}`;
    return `${i === 0 ? 'Orders' : 'orders'} ${orders} delivered by ${shortDate(b.deliver_by)}`;
  });
  return `${parts.length > 1 ? `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)!}` : parts[0]!}.`;
};

export const fetchCrackersSeason = (signal?: AbortSignal) =>
  api<CrackersSeasonView>('/api/crackers/season', { signal });
