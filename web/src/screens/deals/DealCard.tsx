import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatCountdown, formatDateTime, formatRupees } from '../../lib/format.ts';
import type { CardAction, Room } from '../../stores/rooms.ts';
import { CARD_ACTION_LABELS } from '../../stores/rooms.ts';
import { ProductImage } from '../../ui/kit.tsx';
import { ReplayLink } from '../audit/ReplayLink.tsx';

const timing = (room: Room, now: number): { label: string; value: string; live?: boolean } => {
  if (room.status === 'cancelled') return { label: t('Status'), value: t('Cancelled') };
  if (room.status === 'running') return { label: t('Status'), value: t('Live now'), live: true };
  const left = room.scheduled_time_ms - now;
  if (left <= 0) return { label: t('Status'), value: t('Starting…'), live: true };
  return { label: t('Starts in'), value: formatCountdown(left) };
};

/** An upcoming (or live) room: seats, countdown, Room Details and the one action the table gives. */
export const UpcomingCard = ({
  room,
  now,
  action,
  busy,
  onDetails,
  onAction,
}: {
  room: Room;
  now: number;
  action: CardAction;
  busy: boolean;
  onDetails: () => void;
  onAction: () => void;
}) => {
  const pct = Math.min(100, Math.round((room.joined_count / Math.max(1, room.max_participants)) * 100));
  const when = timing(room, now);
  const enabled = action.kind === 'prebook' || action.kind === 'join';
  return (
    <article className="deal-card" data-testid={`deal-card-${room.room_code}`} data-room={room.room_code}>
      <div className="deal-card-media">
        {/* The picture's alt is the product's name: data, not translated. */}
        <span translate="no" className="media-data">
          <ProductImage src={room.image_url} alt={room.product_name} className="deal-card-image" />
        </span>
        {when.live && <span className="deal-live-badge">{t('Live')}</span>}
      </div>
      <div className="deal-card-body">
        <h3 className="deal-card-title" translate="no">
          {room.product_name}
        </h3>
        <p className="deal-card-code">
          {t('Room')} <strong>{room.room_code}</strong> · {t('Entry {fee}', { fee: formatRupees(room.entry_fee) })}
        </p>
        <div className="deal-seats">
          <span>
            <strong data-testid="joined-count">
              {room.joined_count}/{room.max_participants}
            </strong>{' '}
            {t('joined')}
          </span>
          <span className="muted">{t('Base {price}', { price: formatRupees(room.base_price, { whole: true }) })}</span>
        </div>
        <div
          className="vd-progress"
          role="progressbar"
          aria-label={t('Seats taken')}
          aria-valuemin={0}
          aria-valuemax={room.max_participants}
          aria-valuenow={room.joined_count}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
        <p className={`deal-countdown${when.live ? ' is-live' : ''}`} data-testid="countdown">
          <span className="muted">{when.label}</span> <strong>{when.value}</strong>
        </p>
        <p className="deal-card-when muted">{formatDateTime(room.scheduled_time_ms)}</p>
        <div className="deal-card-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDetails}>
            {t('Room Details')}
          </button>
          {action.kind === 'waitlisted' ? (
            <span className="deal-card-waitlisted muted" data-testid="deal-waitlisted">
              {t('Pre-book after access is granted')}
            </span>
          ) : (
            <button
              type="button"
              className={`btn btn-sm ${enabled ? 'btn-primary' : 'btn-muted'}`}
              disabled={!enabled || busy}
              aria-busy={busy}
              onClick={onAction}
              data-testid="deal-action"
            >
              {busy && action.kind === 'prebook' ? t('Booking…') : t(CARD_ACTION_LABELS[action.kind])}
            </button>
          )}
        </div>
      </div>
    </article>
  );
};

/** A finished room: Deal Ended, Deal Details and View. */
export const CompletedCard = ({
  room,
  onDetails,
  onView,
}: {
  room: Room;
  onDetails: () => void;
  onView: () => void;
}) => (
  <article className="deal-card deal-card--done" data-testid={`deal-card-${room.room_code}`} data-room={room.room_code}>
    <div className="deal-card-media">
      {/* The picture's alt is the product's name: data, not translated. */}
      <span translate="no" className="media-data">
        <ProductImage src={room.image_url} alt={room.product_name} className="deal-card-image" />
      </span>
      <span className="deal-ended-badge">{t('Deal Ended')}</span>
    </div>
    <div className="deal-card-body">
      <h3 className="deal-card-title" translate="no">
        {room.product_name}
      </h3>
      <p className="deal-card-code">
        {t('Room')} <strong>{room.room_code}</strong>
      </p>
      <p className="deal-result">
        {room.winner_name ? (
          <>
            {tRich(
              'Won by <who>{name}</who> at <price>{price}</price>',
              {
                who: (w) => <strong translate="no">{w}</strong>,
                price: (w) => <strong>{w}</strong>,
              },
              { name: room.winner_name, price: formatRupees(room.final_bid ?? 0) },
            )}
          </>
        ) : (
          t('Ended with no deals; every fee was refunded.')
        )}
      </p>
      <p className="deal-card-when muted">
        {room.ended_at ? t('Ended {when}', { when: formatDateTime(room.ended_at) }) : null}
      </p>
      <div className="deal-card-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDetails}>
          {t('Deal Details')}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onView}>
          {t('View')}
        </button>
        <ReplayLink code={room.room_code} />
      </div>
    </div>
  </article>
);
