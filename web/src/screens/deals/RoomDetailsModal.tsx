import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { api } from '../../lib/api.ts';
import { formatDateTime, formatRupees } from '../../lib/format.ts';
import type { Room } from '../../stores/rooms.ts';
import { Modal } from '../../ui/kit.tsx';
import { SimilarRooms } from './SimilarRooms.tsx';
import type { Participant } from '../../../../api/contract/rooms.ts';

/** The detail modal (storefront §2): prices, fee, seats and time, with Close and Go to Deal page. */
export const RoomDetailsModal = ({ room, onClose }: { room: Room; onClose: () => void }) => {
  const [names, setNames] = useState<Participant[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    api<{ participants: Participant[] }>(`/api/rooms/${room.room_code}`, { signal: ctrl.signal })
      .then((d) => setNames(d.participants))
      .catch(() => setNames(null));
    return () => ctrl.abort();
  }, [room.room_code, room.joined_count]);

  const title = room.status === 'completed' ? t('Deal Details') : t('Room Details');
  return (
    <Modal
      title={title}
      onClose={onClose}
      testId="room-details"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('Close')}
          </button>
          <Link to={`/auction/${room.room_code}`} className="btn btn-primary">
            {t('Go to Deal page')}
          </Link>
        </>
      }
    >
      <p className="details-product">
        <strong translate="no">{room.product_name}</strong>{' '}
        <span className="chip">{t('Room {code}', { code: room.room_code })}</span>
      </p>
      <dl className="vd-facts details-facts">
        <div className="vd-fact">
          <dt>{t('Starting price')}</dt>
          <dd>{formatRupees(room.base_price)}</dd>
        </div>
        <div className="vd-fact">
          <dt>{t('Max price')}</dt>
          <dd>{formatRupees(room.max_price)}</dd>
        </div>
        <div className="vd-fact">
          <dt>{t('Increment')}</dt>
          <dd>{formatRupees(room.bid_value)}</dd>
        </div>
        <div className="vd-fact">
          <dt>{t('Entry fee')}</dt>
          <dd>{formatRupees(room.entry_fee)}</dd>
        </div>
        <div className="vd-fact">
          <dt>{t('Product price')}</dt>
          <dd>{formatRupees(room.total_price)}</dd>
        </div>
        <div className="vd-fact">
          <dt>{t('Joined participants')}</dt>
          <dd data-testid="details-joined">
            {room.joined_count} / {room.max_participants}
          </dd>
        </div>
        <div className="vd-fact">
          <dt>{t('Scheduled time')}</dt>
          <dd>{formatDateTime(room.scheduled_time_ms)}</dd>
        </div>
        <div className="vd-fact">
          <dt>{t('Deals per member')}</dt>
          <dd>{room.max_attempts}</dd>
        </div>
        {room.status === 'completed' && (
          <>
            <div className="vd-fact">
              <dt>{t('Winner')}</dt>
              <dd translate={room.winner_name ? 'no' : undefined}>{room.winner_name ?? t('No winner')}</dd>
            </div>
            <div className="vd-fact">
              <dt>{t('Final price')}</dt>
              <dd>{room.final_bid === null ? '—' : formatRupees(room.final_bid)}</dd>
            </div>
          </>
        )}
      </dl>
      {room.status !== 'completed' && <SimilarRooms code={room.room_code} />}
      {names && names.length > 0 && (
        <p className="details-names">
          <span className="muted">{t('Booked:')} </span>
          <span translate="no">{names.map((p) => p.username).join(', ')}</span>
        </p>
      )}
    </Modal>
  );
};
