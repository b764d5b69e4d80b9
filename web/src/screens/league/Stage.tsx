import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText, t } from '../../i18n/index.ts';
import { serverNow } from '../../lib/clock.ts';
import { LEAGUE_TIMER_MS } from '../../../../engine/leagueRules.ts';
import { bidButtonOf, finishedMessage, useLeagueStore } from '../../stores/league.ts';
import { endAuction, pauseAuction, placeBid, resumeAuction, startNextPlayer, undoLastBid } from './aplSocket.ts';
import { points, roleName } from './Tables.tsx';

/** Whole seconds left until `deadline` (server time), ticking four times a second. */
const useSecondsLeft = (deadline: number | null): number => {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (deadline === null) return;
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const max = LEAGUE_TIMER_MS / 1000;
  return deadline === null ? 0 : Math.min(max, Math.max(0, Math.ceil((deadline - now) / 1000)));
};

const ResultBanner = () => {
  const result = useLeagueStore((s) => s.result);
  if (!result) return null;
  const sold = result.player.status === 'sold';
  return (
    <div className={`apl-result ${sold ? 'apl-result--sold' : 'apl-result--unsold'}`} data-testid="apl-result">
      <p className="apl-result-title">{sold ? t('Player SOLD') : t('Player UNSOLD')}</p>
      <p className="apl-result-detail">
        <span translate="no">{result.player.name}</span>
        {sold && result.team ? (
          <>
            {' → '}
            <span translate="no">{result.team.team_name}</span>{' '}
            {t('for {points} points', { points: points(result.player.final_bid) })}
          </>
        ) : null}
      </p>
    </div>
  );
};

const AdminControls = () => {
  const status = useLeagueStore((s) => s.league?.status);
  const paused = useLeagueStore((s) => s.lot?.pausedRemainingMs != null);
  const hasBid = useLeagueStore((s) => s.lot?.highestBidder != null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [undoing, setUndoing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!status || status === 'finished') return null;
  const run = async (action: () => Promise<{ ok: boolean; error?: { code: string; message: string } }>) => {
    setBusy(true);
    setError(null);
    const r = await action();
    setBusy(false);
    setConfirming(false);
    if (!r.ok) setError(r.error ? errorText(r.error.code, r.error.message) : t('Server error'));
    return r.ok;
  };
  return (
    <div className="apl-admin">
      <p className="eyebrow">{t('League admin')}</p>
      <div className="button-row">
        {status !== 'active' && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run(startNextPlayer)}>
            {t('Start Next Player Auction')}
          </button>
        )}
        {status !== 'active' && !confirming && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setConfirming(true)}>
            {t('End Auction')}
          </button>
        )}
      </div>
      {status === 'active' && (
        <div className="button-row" data-testid="apl-live-controls">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => void run(paused ? resumeAuction : pauseAuction)}
          >
            {paused ? t('Resume timer') : t('Pause timer')}
          </button>
          {hasBid && !undoing && (
            <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setUndoing(true)}>
              {t('Undo last bid')}
            </button>
          )}
        </div>
      )}
      {status === 'active' && undoing && (
        <form
          className="apl-confirm"
          aria-label={t('Undo the last bid')}
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => undoLastBid(reason)).then((ok) => {
              if (!ok) return;
              setUndoing(false);
              setReason('');
            });
          }}
        >
          <label htmlFor="apl-undo-reason">{t('Why is the last bid undone? Everyone in the room sees this.')}</label>
          <input
            id="apl-undo-reason"
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            placeholder={t('e.g. Team owner pressed bid by mistake')}
          />
          <div className="button-row">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {t('Undo the bid')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setUndoing(false)}>
              {t('Cancel')}
            </button>
          </div>
        </form>
      )}
      {status === 'active' && (
        <p className="apl-hint">
          {t('You can start the next player or end the auction once this player is sold or unsold.')}
        </p>
      )}
      {confirming && (
        <div className="apl-confirm" role="alertdialog" aria-label={t('End the auction?')}>
          <p>{t('End the auction for everyone? Players not yet sold stay unsold. This cannot be undone.')}</p>
          <div className="button-row">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={() => void run(endAuction)}
            >
              {t('Yes, end the auction')}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
              {t('Cancel')}
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="apl-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

const BidArea = ({ secondsLeft }: { secondsLeft: number }) => {
  const view = useLeagueStore(useShallow((s) => ({ lot: s.lot, teams: s.teams, myTeam: s.myTeam })));
  const button = bidButtonOf(view, secondsLeft);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lotKey = useLeagueStore((s) => `${s.lot?.player.id}-${s.lot?.currentBid}`);
  useEffect(() => setError(null), [lotKey]);
  if (!button.show) return null;
  const leader = button.reason === t('You are the highest bidder');
  const bid = async () => {
    setBusy(true);
    setError(null);
    const r = await placeBid(button.amount);
    setBusy(false);
    if (!r.ok) setError(errorText(r.error.code, r.error.message));
  };
  return (
    <div className="apl-bid">
      {leader && <p className="apl-leader">{t('You are the highest bidder')}</p>}
      <button
        type="button"
        className="btn btn-accent apl-bid-btn"
        disabled={button.disabled || busy}
        onClick={() => void bid()}
      >
        {t('Place Bid (+{increment})', { increment: button.increment })}
      </button>
      {button.reason && !leader && <p className="apl-hint">{button.reason}</p>}
      {error && (
        <p className="apl-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
};

const Waiting = () => {
  const status = useLeagueStore((s) => s.league?.status);
  const finished = useLeagueStore(finishedMessage);
  return (
    <div className="apl-idle">
      <ResultBanner />
      <p className="apl-idle-text">
        {finished ??
          (status === 'setup' ? t('No auction in progress.') : t('Waiting for admin to start the next auction...'))}
      </p>
    </div>
  );
};

/** The player under the hammer with bid, leader, countdown and the bid button; otherwise the waiting states. */
export const Stage = () => {
  const lot = useLeagueStore((s) => s.lot);
  const isAdmin = useLeagueStore((s) => s.isAdmin);
  const pausedMs = lot?.pausedRemainingMs ?? null;
  const running = useSecondsLeft(lot && pausedMs === null ? lot.deadline : null);
  // Paused: the clock shows (and the bar holds) the time that was left.
  const secondsLeft = pausedMs === null ? running : Math.ceil(pausedMs / 1000);
  const share = Math.min(1, (secondsLeft * 1000) / LEAGUE_TIMER_MS);
  return (
    <section className="card apl-stage">
      {lot ? (
        <>
          <p className="eyebrow">
            {lot.round > 1 ? t('Second round · Player under auction') : t('Player under auction')}
          </p>
          <h2 className="apl-player-name" translate="no">
            {lot.player.name}
          </h2>
          <p className="apl-player-role">
            {roleName(lot.player.role)} · {t('Base {points}', { points: points(lot.player.base_price) })}
          </p>
          <div className="apl-bid-grid">
            <div>
              <span className="apl-label">{t('Current bid')}</span>
              <strong className="apl-amount" data-testid="apl-current-bid">
                {points(lot.currentBid)}
              </strong>
            </div>
            <div>
              <span className="apl-label">{t('Highest bidder')}</span>
              <strong className="apl-leader-name" data-testid="apl-highest-bidder" translate="no">
                {lot.highestBidder?.team_name ?? '-'}
              </strong>
            </div>
          </div>
          <div className="apl-timer" aria-hidden="true">
            <div className={`apl-timer-bar${secondsLeft <= 5 ? ' is-low' : ''}`} style={{ width: `${share * 100}%` }} />
          </div>
          <p className="apl-seconds" role="timer" data-testid="apl-seconds">
            {lot.pausedRemainingMs !== null
              ? t('Paused · {s}s left', { s: Math.ceil(lot.pausedRemainingMs / 1000) })
              : t('{s}s left', { s: secondsLeft })}
          </p>
          {lot.pausedRemainingMs === null && <BidArea secondsLeft={secondsLeft} />}
        </>
      ) : (
        <Waiting />
      )}
      {isAdmin && <AdminControls />}
    </section>
  );
};
