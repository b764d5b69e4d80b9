import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { formatCountdown, formatDateTime, formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { getSocket, watchRoomLists } from '../../lib/socket.ts';
import { cancelReason } from '../../stores/liveRoom.ts';
import type { MyRoom } from '../../stores/rooms.ts';
import { fetchMyRooms, useRoomsStore } from '../../stores/rooms.ts';
import { EmptyState, ProductImage, ScreenHeader, Tabs, useServerNow } from '../../ui/kit.tsx';
import { BidProofs } from './BidProofs.tsx';
import { CostSummary } from './CostSummary.tsx';
import './mydeals.css';

type TabKey = 'prebooked' | 'won' | 'lost' | 'cancelled';

const TABS: { key: TabKey; empty: string }[] = [
  { key: 'prebooked', empty: 'You have no pre-booked deals' },
  { key: 'won', empty: 'You have not won any deals' },
  { key: 'lost', empty: 'You have not lost any deals' },
  { key: 'cancelled', empty: 'No cancelled Deals' },
];

/**
 * Storefront §4 tabs: prebooked (only joined, not finished), won (winner), lost (looser), cancelled
 * (not enough participants). A room that ended with no deals at all is listed under cancelled too:
 * like a cancelled room, every fee went back to cash.
 */
export const tabOfRoom = (r: Pick<MyRoom, 'tab'>): TabKey => (r.tab === 'no_winner' ? 'cancelled' : r.tab);

/** Storefront §2: running → Running, completed → Deal Ended, anything else → Upcoming (cancelled rooms say so). */
export const statusLabel = (status: MyRoom['status']): string =>
  status === 'running'
    ? 'Running'
    : status === 'completed'
      ? 'Deal Ended'
      : status === 'cancelled'
        ? 'Cancelled'
        : 'Upcoming';

const FateLine = ({ room }: { room: MyRoom }) => {
  if (room.tab === 'won' && room.my_offer !== null && room.remark !== 'winner' && room.offer)
    return (
      <p className="my-deal-note" data-testid="my-deal-offered">
        {room.purchase_deadline_ms !== null && !room.purchased
          ? t('{winner} did not buy in time, so it is offered to you at your last deal, {price}, until {time}.', {
              winner: room.winner_name ?? t('The winner'),
              price: formatRupees(room.offer.price),
              time: formatDateTime(room.purchase_deadline_ms),
            })
          : t('{winner} did not buy in time, so it is offered to you at your last deal, {price}.', {
              winner: room.winner_name ?? t('The winner'),
              price: formatRupees(room.offer.price),
            })}
      </p>
    );
  if (room.tab === 'won' && room.my_offer === 'passed')
    return (
      <p className="my-deal-note" data-testid="my-deal-passed">
        {t('You won at {amount}. The purchase window closed, so the item was offered to the next member.', {
          amount: formatRupees(room.final_bid ?? 0),
        })}
      </p>
    );
  if (room.tab === 'won')
    return <p className="my-deal-note">{t('You won at {amount}.', { amount: formatRupees(room.final_bid ?? 0) })}</p>;
  if (room.tab === 'lost' && room.my_offer === 'passed')
    return (
      <p className="my-deal-note" data-testid="my-deal-passed">
        {t('The item was offered to you as runner-up, but the purchase window closed, so it passed on.')}{' '}
        {room.fee_fate === 'reward'
          ? t('Your {amount} came back as Reward Cash.', { amount: formatRupees(room.entry_fee) })
          : ''}
      </p>
    );
  if (room.tab === 'lost')
    return (
      <p className="my-deal-note">
        {room.winner_name ? (
          <>
            {tRich(
              '<name>{winner}</name> won at {amount}.',
              { name: (words) => <span translate="no">{words}</span> },
              { winner: room.winner_name, amount: formatRupees(room.final_bid ?? 0) },
            )}{' '}
          </>
        ) : (
          ''
        )}
        {room.fee_fate === 'reward'
          ? t('Your {amount} came back as Reward Cash.', { amount: formatRupees(room.entry_fee) })
          : ''}
      </p>
    );
  if (room.tab === 'cancelled' || room.tab === 'no_winner')
    return (
      <p className="my-deal-note">
        {room.tab === 'no_winner' ? t('Nobody placed a deal.') : cancelledNote(room.room_remarks)}{' '}
        {room.fee_fate === 'refund'
          ? t('Your {amount} entry fee was refunded to cash.', { amount: formatRupees(room.entry_fee) })
          : ''}
      </p>
    );
  return null;
};

/** Too few members by the start (the spec's words), or an admin's cancel with their reason. */
const cancelledNote = (remark: string | null) =>
  cancelReason(remark) === 'cancelled' && remark
    ? tRich(
        'Cancelled by the organisers: <reason>{reason}</reason>.',
        { reason: (words) => <q translate="no">{words}</q> },
        { reason: remark },
      )
    : t('Not enough participants.');

const PurchaseButton = ({ room, now }: { room: MyRoom; now: number }) => {
  if (room.purchased && room.my_offer !== 'passed')
    return (
      <button type="button" className="btn btn-muted btn-sm" disabled>
        {t('Purchased')}
      </button>
    );
  if (room.my_offer === 'passed')
    return (
      <button type="button" className="btn btn-muted btn-sm" disabled data-testid="purchase-passed">
        {t('Offer passed')}
      </button>
    );
  const left = room.purchase_deadline_ms === null ? 0 : room.purchase_deadline_ms - now;
  if (room.purchase_expired || left <= 0)
    return (
      <button type="button" className="btn btn-muted btn-sm" disabled data-testid="purchase-expired">
        {t('Expired')}
      </button>
    );
  return (
    <Link className="btn btn-accent btn-sm" to={`/purchase/${room.room_code}`} data-testid="purchase-button">
      {t('Purchase ({time})', { time: formatCountdown(left) })}
    </Link>
  );
};

const MyDealCard = ({ room, now }: { room: MyRoom; now: number }) => {
  const navigate = useNavigate();
  const toStart = room.scheduled_time_ms - now;
  return (
    <article className="my-deal" data-testid={`my-deal-${room.room_code}`}>
      <ProductImage src={room.image_url} alt={room.product_name} className="my-deal-image" />
      <div className="my-deal-body">
        <p className="my-deal-top">
          <span className={`my-deal-status my-deal-status--${room.status}`}>{t(statusLabel(room.status))}</span>
          <span className="muted">{t('Room {code}', { code: room.room_code })}</span>
        </p>
        <h3 translate="no">{room.product_name}</h3>
        <p className="my-deal-meta">
          <span>
            <strong>
              {room.joined_count} / {room.max_participants}
            </strong>{' '}
            {t('joined')}
          </span>
          <span>
            {toStart > 0 ? (
              <>
                {t('Starts in')} <strong data-testid="my-deal-countdown">{formatCountdown(toStart)}</strong>
              </>
            ) : (
              <span className="muted">{formatDateTime(room.scheduled_time_ms)}</span>
            )}
          </span>
        </p>
        <FateLine room={room} />
        <div className="my-deal-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            onClick={() => void navigate(`/auction/${room.room_code}`)}
          >
            {t('View Only')}
          </button>
          {room.tab === 'won' && <PurchaseButton room={room} now={now} />}
        </div>
      </div>
    </article>
  );
};

/** `/my-deals`: my pre-booked rooms by tab, with a 300 ms fade between tabs. */
export const MyDeals = () => {
  usePageTitle(t('My Deals'));
  const list = useRoomsStore((s) => s.mine);
  const costs = useRoomsStore((s) => s.myCosts);
  const now = useServerNow(1000);
  const [tab, setTab] = useState<TabKey>('prebooked');
  const [fadeKey, setFadeKey] = useState(0);

  useEffect(() => {
    void fetchMyRooms();
    const socket = getSocket();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const mine = (code: string) => useRoomsStore.getState().mine.rooms.some((r) => r.room_code === code);
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void fetchMyRooms(), 300);
    };
    const onRoom = ({ room }: { room: { room_code: string } }) => mine(room.room_code) && later();
    const onSeats = ({ roomCode }: { roomCode: string }) => mine(roomCode) && later();
    socket.on('roomStatus', onRoom);
    socket.on('participants', onSeats);
    socket.on('walletUpdate', later);
    // Each time the socket is put on the room lists (every connection, the first included): what
    // changed before was not sent to it.
    const release = watchRoomLists(later);
    return () => {
      release();
      if (timer) clearTimeout(timer);
      socket.off('roomStatus', onRoom);
      socket.off('participants', onSeats);
      socket.off('walletUpdate', later);
    };
  }, []);

  const byTab = useMemo(() => {
    const groups: Record<TabKey, MyRoom[]> = { prebooked: [], won: [], lost: [], cancelled: [] };
    for (const r of list.rooms) groups[tabOfRoom(r)].push(r);
    return groups;
  }, [list.rooms]);

  const change = (next: TabKey) => {
    setTab(next);
    setFadeKey((k) => k + 1);
  };

  let body;
  if (list.status === 'error' && list.rooms.length === 0) {
    body = (
      <div className="deals-error" role="alert" data-testid="my-deals-error">
        <p>{list.error && t(list.error)}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void fetchMyRooms()}>
          {t('Try again')}
        </button>
      </div>
    );
  } else if (list.status !== 'ready' && list.rooms.length === 0) {
    body = (
      <p className="deals-loading" role="status">
        <span className="spinner" aria-hidden="true" /> {t('Loading your deals…')}
      </p>
    );
  } else if (list.rooms.length === 0) {
    body = (
      <EmptyState title={t('No Deals found')}>
        <Link className="btn btn-primary" to="/deals">
          {t('Browse upcoming deals')}
        </Link>
      </EmptyState>
    );
  } else {
    const rooms = byTab[tab];
    body = (
      <>
        <Tabs
          idBase="mydeals"
          label={t('My Deals')}
          active={tab}
          onChange={change}
          tabs={TABS.map((x) => ({ key: x.key, label: t(x.key), count: byTab[x.key].length }))}
        />
        <div
          key={fadeKey}
          className="fade-panel"
          id="mydeals-panel"
          role="tabpanel"
          aria-labelledby={`mydeals-tab-${tab}`}
        >
          {rooms.length === 0 ? (
            <EmptyState title={t(TABS.find((x) => x.key === tab)!.empty)} />
          ) : (
            <div className="my-deal-grid">
              {rooms.map((r) => (
                <MyDealCard key={r.room_code} room={r} now={now} />
              ))}
            </div>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <ScreenHeader
        eyebrow={t('Your rooms')}
        title={t('My Deals')}
        lead={t('Every room you pre-booked: upcoming, won, lost and cancelled.')}
      />
      <div className="container vd-screen-body">
        {costs && <CostSummary costs={costs} />}
        {body}
        <BidProofs />
      </div>
    </>
  );
};
