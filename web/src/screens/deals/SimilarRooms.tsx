import { useEffect, useState } from 'react';
import type { SimilarRoomsView } from '../../../../api/contract/rooms.ts';
import { plural, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { api } from '../../lib/api.ts';
import { formatRupees } from '../../lib/format.ts';

const BASIS = {
  product: 'finished rooms of the same product',
  price_band: 'finished rooms of other products with a retail price within 25% of this one',
} as const;

/**
 * Before pre-booking: what winners of similar finished rooms paid on average in fees and final
 * price (GET /api/rooms/:code/similar). Similar: the same product; if none, a retail price within 25%.
 */
export const SimilarRooms = ({ code }: { code: string }) => {
  const [view, setView] = useState<SimilarRoomsView | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    api<SimilarRoomsView>(`/api/rooms/${code}/similar`, { signal: ctrl.signal })
      .then(setView)
      .catch(() => setView(null));
    return () => ctrl.abort();
  }, [code]);
  if (!view) return null;
  if (!view.basis || view.avg_fee === null || view.avg_final_price === null)
    return (
      <p className="similar-rooms muted" data-testid="similar-rooms">
        {t('No similar room has finished yet.')}
      </p>
    );
  return (
    <p className="similar-rooms" data-testid="similar-rooms">
      {tRich(
        'Winners of similar rooms paid on average <b>{fee}</b> in fees and <b>{price}</b> final price ({rooms}).',
        { b: (w) => <strong>{w}</strong> },
        {
          fee: formatRupees(view.avg_fee),
          price: formatRupees(view.avg_final_price),
          rooms: plural(view.rooms, '{n} room', '{n} rooms'),
        },
      )}{' '}
      <span className="muted">{t('Similar: {basis}.', { basis: t(BASIS[view.basis]) })}</span>
    </p>
  );
};
