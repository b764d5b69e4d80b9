import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CuesSwitch, LiveCues } from '../../components/LiveCues.tsx';
import { Link, useParams } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { errorText, t } from '../../i18n/index.ts';
import { formatRupees } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { useConnectionStore } from '../../stores/connection.ts';
import { useLiveRoomStore } from '../../stores/liveRoom.ts';
import { useSessionStore } from '../../stores/session.ts';
import { ProductImage, Sheet, Toasts, useServerNow, useToasts } from '../../ui/kit.tsx';
import { Leaderboard, ParticipantsTable } from './Boards.tsx';
import { Ended, Running, ViewOnly, Waiting } from './Stage.tsx';
import { useLiveRoomConnection } from './useLiveRoom.ts';
import { RoomAudit } from '../audit/RoomAudit.tsx';
import './auction.css';

const STATUS_LABEL = {
  upcoming: 'Upcoming',
  running: 'Live',
  completed: 'Deal Ended',
  cancelled: 'Cancelled',
} as const;

const ProductPanel = () => {
  const room = useLiveRoomStore((s) => s.room!);
  const status = useLiveRoomStore((s) => s.status);
  const currentBid = useLiveRoomStore((s) => s.currentBid);
  const finalBid = useLiveRoomStore((s) => s.finalBid);
  return (
    <section className="auction-product" aria-label={t('Product')}>
      {/* The picture's alt is the product's name: data, not translated. */}
      <span translate="no" className="media-data">
        <ProductImage src={room.image_url} alt={room.product_name} className="auction-product-image" />
      </span>
      <div className="auction-product-info">
        <p className="auction-room-line">
          <span className={`auction-status auction-status--${status}`}>{t(STATUS_LABEL[status])}</span>
          <span>{t('Room {code}', { code: room.room_code })}</span>
        </p>
        <h1 className="auction-product-name" translate="no">
          {room.product_name}
        </h1>
        <p className="muted auction-product-price">
          {t('Product price {price}', { price: formatRupees(room.total_price) })}
        </p>
      </div>
      <dl className="price-grid">
        <div>
          <dt>{t('Base price')}</dt>
          <dd>{formatRupees(room.base_price)}</dd>
        </div>
        <div>
          <dt>{t('Max price')}</dt>
          <dd>{formatRupees(room.max_price)}</dd>
        </div>
        <div className="price-current">
          <dt>{status === 'completed' ? t('Final price') : t('Current deal')}</dt>
          <dd data-testid="current-deal">
            {formatRupees(status === 'completed' ? (finalBid ?? currentBid) : currentBid)}
          </dd>
        </div>
        <div>
          <dt>{t('Increment')}</dt>
          <dd>{formatRupees(room.bid_value)}</dd>
        </div>
      </dl>
    </section>
  );
};

/** The room's cues: spoken deals and last seconds, and (switched on) sounds. */
const RoomCues = ({ myId }: { myId: string | null }) => {
  const s = useLiveRoomStore(
    useShallow((r) => ({
      status: r.status,
      leaderId: r.highestBidder?.id ?? null,
      leaderName: r.highestBidder?.username ?? null,
      currentBid: r.currentBid,
      finalBid: r.finalBid,
      deals: r.history.length,
      winnerId: r.winner?.id ?? null,
      winnerName: r.winner?.username ?? null,
      deadline: r.deadline,
    })),
  );
  const moment = useMemo(
    () => ({
      running: s.status === 'running',
      leaderId: s.leaderId,
      leaderName: s.leaderName,
      amount: formatRupees(s.status === 'completed' ? (s.finalBid ?? s.currentBid) : s.currentBid),
      deals: s.deals,
      ended: s.status === 'completed',
      winnerId: s.winnerId,
      winnerName: s.winnerName,
    }),
    [s],
  );
  return <LiveCues moment={moment} deadline={s.status === 'running' ? s.deadline : null} me={myId} />;
};

const ConnectionNote = () => {
  const status = useConnectionStore((s) => s.status);
  if (status === 'connected' || status === 'idle') return null;
  return (
    <p className="auction-connection" role="status">
      {status === 'connecting' ? t('Connecting to the live room…') : t('Connection lost. Reconnecting…')}
    </p>
  );
};

/** `/auction/:roomCode`: the live deal room (view-only for members who did not pre-book). */
export const Auction = () => {
  const { roomCode = '' } = useParams();
  const code = roomCode.toUpperCase();
  usePageTitle(t('Deal room {code}', { code }));
  const myId = useSessionStore((s) => s.user?.id ?? null);
  const phase = useLiveRoomStore((s) => (s.code === code ? s.phase : 'loading'));
  const error = useLiveRoomStore((s) => s.error);
  const errorCode = useLiveRoomStore((s) => s.errorCode);
  const status = useLiveRoomStore((s) => s.status);
  const canBid = useLiveRoomStore((s) => s.canBid);
  const prebooked = useLiveRoomStore((s) => s.prebooked);
  const reason = useLiveRoomStore((s) => s.reason);
  const bids = useLiveRoomStore((s) => s.history.length);
  const [sheet, setSheet] = useState<'leaderboard' | 'participants' | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  const { toasts, show, dismiss } = useToasts();
  const onError = useCallback((message: string) => show(message, 'error'), [show]);
  const { refresh } = useLiveRoomConnection(code);

  if (phase === 'loading' || phase === 'idle') return <PageLoading label={t('Opening the deal room…')} />;
  if (phase === 'error') {
    const notFound = errorCode === 'ROOM_NOT_FOUND' || error === 'Room not found';
    return (
      <section className="container auction-missing" data-testid="auction-error">
        <h1>{notFound ? t('Room not found') : t('Could not open this room')}</h1>
        <p className="muted">
          {notFound
            ? t('There is no deal room {code}.', { code })
            : errorText(errorCode ?? '', error ?? t('Something went wrong.'))}
        </p>
        <Link className="btn btn-primary" to="/deals">
          {t('Back to Deals')}
        </Link>
      </section>
    );
  }

  const watching = status === 'running' && !canBid;
  return (
    <div className="auction-page" data-testid="auction-room" data-status={status}>
      <div className="container auction-layout">
        <div className="auction-main">
          <ConnectionNote />
          <OverdueWatch refresh={refresh} />
          <RoomCues myId={myId} />
          {(status === 'running' || status === 'upcoming') && (
            <div className="cues-row">
              <CuesSwitch />
            </div>
          )}
          <ProductPanel />
          {status === 'upcoming' && <WaitingFor />}
          {status === 'running' && <Running myId={myId} onError={onError} />}
          {(status === 'completed' || status === 'cancelled') && <Ended myId={myId} />}
          {(status === 'completed' || status === 'cancelled') && <RoomAudit code={code} />}
          {(watching || (!prebooked && status === 'upcoming')) && <ViewOnly reason={reason} />}
          <section className="auction-board auction-board--inline" aria-labelledby="leaderboard-title">
            <h2 id="leaderboard-title">
              {t('Deals Leaderboard')} <span className="muted">({bids})</span>
            </h2>
            <Leaderboard myId={myId} testId="leaderboard" />
          </section>
        </div>
        <aside className="auction-side" aria-labelledby="participants-title">
          <h2 id="participants-title">{t('Participants’ Deal')}</h2>
          <ParticipantsTable myId={myId} testId="participants-table" />
        </aside>
      </div>

      <nav className="auction-bottom-bar" aria-label={t('Deal room panels')}>
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setSheet('leaderboard')}>
          {t('Deals Leaderboard')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setSheet('participants')}>
          {t('Participants’ Deal')}
        </button>
      </nav>
      {sheet === 'leaderboard' && (
        <Sheet title={t('Deals Leaderboard')} onClose={closeSheet} testId="sheet-leaderboard">
          <Leaderboard myId={myId} compact testId="sheet-leaderboard-table" />
        </Sheet>
      )}
      {sheet === 'participants' && (
        <Sheet title={t('Participants’ Deal')} onClose={closeSheet} testId="sheet-participants">
          <ParticipantsTable myId={myId} testId="sheet-participants-table" />
        </Sheet>
      )}
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </div>
  );
};

const WaitingFor = () => {
  const room = useLiveRoomStore((s) => s.room!);
  return <Waiting room={room} />;
};

/** A start or round close the server should have announced by now: ask for a fresh snapshot every few seconds. */
const OverdueWatch = ({ refresh }: { refresh: () => Promise<void> }) => {
  const now = useServerNow(1000);
  const due = useLiveRoomStore((s) =>
    s.status === 'upcoming' ? (s.room?.scheduled_time_ms ?? null) : s.status === 'running' ? s.deadline : null,
  );
  const overdue = due !== null && now > due + 2500;
  useEffect(() => {
    if (!overdue) return;
    const timer = setInterval(() => void refresh(), 3000);
    return () => clearInterval(timer);
  }, [overdue, refresh]);
  return null;
};
