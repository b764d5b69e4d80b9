import { useState } from 'react';
import { Link } from 'react-router-dom';
import { WaitlistNotice } from '../../components/WaitlistNotice.tsx';
import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { roundLeftMs } from '../../lib/clock.ts';
import { formatCountdown, formatDateTime, formatMmSs, formatRupees } from '../../lib/format.ts';
import type { LiveRoom } from '../../stores/liveRoom.ts';
import { clearLiveRoomNotice, selectBidButton, useLiveRoomStore } from '../../stores/liveRoom.ts';
import { useServerNow } from '../../ui/kit.tsx';
import { placeBid } from './useLiveRoom.ts';

const VIEW_ONLY_REASON: Partial<Record<NonNullable<LiveRoom['reason']>, string>> = {
  not_prebooked: 'Only members who pre-booked this deal can place deals.',
  not_logged_in: 'Log in to take part in deals.',
};

/** Before the start: "Deal starts in mm:ss", then "Starting…" until the server opens the round. */
export const Waiting = ({ room }: { room: NonNullable<LiveRoom['room']> }) => {
  const now = useServerNow(1000);
  const left = room.scheduled_time_ms - now;
  const full = room.joined_count >= room.max_participants;
  return (
    <section className="stage stage--waiting" data-testid="stage-waiting">
      <p className="stage-label">
        {left > 0 ? t('Deal starts in') : full ? t('Starting…') : t('Waiting for the start')}
      </p>
      <p className="stage-clock" data-testid="start-countdown">
        {formatMmSs(Math.max(0, left))}
      </p>
      <p className="muted">
        {formatDateTime(room.scheduled_time_ms)} ·{' '}
        {t('{joined}/{max} joined', { joined: room.joined_count, max: room.max_participants })}
        {!full && left > 0 ? ` · ${t('the room starts only when every seat is booked')}` : ''}
      </p>
    </section>
  );
};

const RoundTimer = ({ deadline, seconds }: { deadline: number | null; seconds: number }) => {
  const now = useServerNow(200);
  const leftMs = roundLeftMs(deadline, now, seconds);
  const pct = Math.max(0, Math.min(100, (leftMs / (seconds * 1000)) * 100));
  const urgent = leftMs <= Math.min(10_000, seconds * 250);
  return (
    <div className={`round-timer${urgent ? ' is-urgent' : ''}`} data-testid="round-timer">
      <p className="stage-label">{leftMs > 0 ? t('Round ends in') : t('Closing the round…')}</p>
      <p className="stage-clock" aria-live="off">
        {leftMs >= 60_000 ? formatMmSs(leftMs) : t('{s}s', { s: Math.ceil(leftMs / 1000) })}
      </p>
      <div className="round-bar" aria-hidden="true">
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
};

/** While running: the round timer and, for a participant, Place Deal with the attempts used. */
export const Running = ({ myId, onError }: { myId: string | null; onError: (message: string) => void }) => {
  const state = useLiveRoomStore((s) => s);
  const [busy, setBusy] = useState(false);
  const room = state.room!;
  const button = selectBidButton(state, myId);
  const leading = state.highestBidder !== null && state.highestBidder.id === myId;

  const bid = async () => {
    setBusy(true);
    try {
      await placeBid(state.code);
    } catch (error) {
      onError(error instanceof Error ? error.message : t('Server error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="stage stage--running" data-testid="stage-running">
      <RoundTimer deadline={state.deadline} seconds={room.bid_seconds} />
      <p className="stage-leader">
        {state.highestBidder
          ? tRich(
              leading ? 'Highest deal by <who>{name}</who> (You)' : 'Highest deal by <who>{name}</who>',
              { who: (w) => <strong translate="no">{w}</strong> },
              { name: state.highestBidder.username },
            )
          : t('No deals yet — the first deal is {price}', { price: formatRupees(state.currentBid + room.bid_value) })}
      </p>
      {button.kind !== 'hidden' && (
        <div className="bid-box">
          <button
            type="button"
            className="btn btn-accent bid-button"
            disabled={button.kind !== 'bid' || busy}
            aria-busy={busy}
            onClick={() => void bid()}
            data-testid="place-deal"
          >
            {button.kind === 'bid' &&
              (busy ? t('Placing…') : t('Place Deal · {price}', { price: formatRupees(button.nextPrice) }))}
            {button.kind === 'limit' && t('No more deals')}
            {button.kind === 'leading' && t('You hold the highest deal')}
            {button.kind === 'max_price' && t('Max price reached')}
          </button>
          <p className="bid-attempts" data-testid="attempts">
            {tRich(
              'Attempts used: <b>{used}</b> / {max}',
              { b: (w) => <strong>{w}</strong> },
              { used: state.used, max: state.maxAttempts },
            )}
          </p>
          {button.kind === 'limit' && <p className="bid-limit">{t('You’ve reached your deal limit.')}</p>}
        </div>
      )}
      {state.notice && button.kind !== 'limit' && (
        <p className="bid-limit" role="status">
          {t(state.notice)}{' '}
          <button type="button" className="linkish" onClick={clearLiveRoomNotice}>
            {t('OK')}
          </button>
        </p>
      )}
    </section>
  );
};

/** After the end: the winner banner with the final price, and for the winner the way to purchase. */
export const Ended = ({ myId }: { myId: string | null }) => {
  const s = useLiveRoomStore((st) => st);
  const now = useServerNow(1000);
  const room = s.room!;
  if (s.status === 'cancelled' && s.endReason === 'cancelled') {
    // Cancelled by an admin: their reason, never "did not fill" (the room may well have been full).
    return (
      <section className="stage stage--cancelled" role="status" data-testid="stage-cancelled">
        <p className="stage-title">{t('Cancelled by the organisers')}</p>
        {room.room_remarks ? (
          <p>
            {tRich(
              'Reason: <reason>{reason}</reason>',
              { reason: (words) => <q translate="no">{words}</q> },
              { reason: room.room_remarks },
            )}
          </p>
        ) : null}
        <p>{t('Every entry fee has been refunded to the members’ cash wallets.')}</p>
      </section>
    );
  }
  if (s.status === 'cancelled') {
    return (
      <section className="stage stage--cancelled" role="status" data-testid="stage-cancelled">
        <p className="stage-title">{t('Not enough participants')}</p>
        <p>
          {t(
            'This room did not fill by its start time, so it was cancelled. Every entry fee has been refunded to the members’ cash wallets.',
          )}
        </p>
      </section>
    );
  }
  if (!s.winner) {
    return (
      <section className="stage stage--ended" role="status" data-testid="winner-banner">
        <p className="stage-title">{t('Deal ended')}</p>
        <p>{t('Nobody placed a deal, so every entry fee went back to the members’ cash wallets.')}</p>
      </section>
    );
  }
  const isMe = s.winner.id === myId;
  // After the winner's window closed the room may offer the item to a runner-up (issue 21.6).
  const offer = room.offer;
  const passedOn = offer !== null && offer.place > 0;
  const offeredToMe = passedOn && offer.user_id === myId;
  const deadline = passedOn ? room.purchase_deadline_ms : s.purchaseDeadline;
  const left = deadline === null ? 0 : deadline - now;
  const buy = room.purchased ? (
    <p className="muted">{t('You have already submitted this purchase.')}</p>
  ) : left > 0 && !room.purchase_expired ? (
    <Link className="btn btn-accent" to={`/purchase/${room.room_code}`} data-testid="purchase-link">
      {t('Purchase ({left})', { left: formatCountdown(left) })}
    </Link>
  ) : (
    <button type="button" className="btn btn-muted" disabled>
      {t('Expired')}
    </button>
  );
  return (
    <section className="stage stage--won" role="status" data-testid="winner-banner">
      <p className="stage-label">{t('Deal Ended · Winner')}</p>
      <p className="stage-title">
        <span translate="no">{s.winner.username}</span>
        {isMe ? ` ${t('(You)')}` : ''}
      </p>
      <p className="stage-final">
        {t('Final price')} <strong data-testid="final-price">{formatRupees(s.finalBid ?? 0)}</strong>
      </p>
      {isMe && !passedOn && buy}
      {isMe && passedOn && (
        <p className="muted" data-testid="offer-passed">
          {t('Your purchase window closed, so the item was offered to the next member.')}
        </p>
      )}
      {offeredToMe && (
        <>
          <p data-testid="offered-to-you">
            {tRich(
              'The winner did not buy in time, so it is offered to you at your last deal, <b>{price}</b>.',
              {
                b: (w) => <strong>{w}</strong>,
              },
              { price: formatRupees(offer.price) },
            )}
          </p>
          {buy}
        </>
      )}
      {!isMe && !offeredToMe && s.prebooked && (
        <p className="muted">{t('Your entry fee comes back to you as Reward Cash, ready to spend in the shop.')}</p>
      )}
    </section>
  );
};

/** Why this member only watches. */
export const ViewOnly = ({ reason }: { reason: LiveRoom['reason'] }) => {
  if (reason === 'waitlisted') return <WaitlistNotice action={t('place deals')} compact />;
  return (
    <p className="view-only" data-testid="view-only">
      <strong>{t('You are in view-only mode.')}</strong>{' '}
      {reason && VIEW_ONLY_REASON[reason] ? t(VIEW_ONLY_REASON[reason]) : ''}
    </p>
  );
};
