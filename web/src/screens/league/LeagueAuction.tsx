import { CuesSwitch, LiveCues } from '../../components/LiveCues.tsx';
import type { CueMoment } from '../../lib/liveCues.ts';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { usePageTitle } from '../../lib/hooks.ts';
import { errorText, t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { selectMyTeamRow, useLeagueStore } from '../../stores/league.ts';
import { connectLeague, disconnectLeague } from './aplSocket.ts';
import { Stage } from './Stage.tsx';
import { PlayersTable, TeamsTable, points } from './Tables.tsx';
import './league.css';

const Sheet = ({ title, onDone, children }: { title: string; onDone: () => void; children: ReactNode }) => {
  const titleId = useId();
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    done.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onDone();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDone]);
  return (
    <div className="apl-sheet-scrim" onClick={onDone}>
      <div
        className="apl-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="apl-sheet-head">
          <h2 id={titleId}>{title}</h2>
          <button ref={done} type="button" className="btn btn-primary btn-sm" onClick={onDone}>
            {t('Done')}
          </button>
        </div>
        <div className="apl-sheet-body">{children}</div>
      </div>
    </div>
  );
};

const TeamLine = () => {
  const myTeam = useLeagueStore(selectMyTeamRow);
  const hasTeam = useLeagueStore((s) => s.myTeam !== null);
  const isAdmin = useLeagueStore((s) => s.isAdmin);
  if (myTeam) {
    return (
      <p className="apl-team-line" data-testid="apl-my-team">
        <span className="chip" translate="no">
          {myTeam.team_name}
        </span>
        <span>
          {tRich(
            'Remaining points: <b>{points}</b>',
            { b: (w) => <strong>{w}</strong> },
            { points: points(myTeam.remaining_points) },
          )}
        </span>
        <span className="muted">
          {t('Squad {count}/{max}', { count: myTeam.current_players_count, max: myTeam.max_players_count })}
        </span>
      </p>
    );
  }
  if (hasTeam) return null;
  return (
    <p className="apl-view-only">
      {isAdmin
        ? t('You run this auction: start each player, and end the auction when every player is done.')
        : t('You are in view-only mode.')}
    </p>
  );
};

/**
 * The auction's cues: each bid said politely, a sale announced, the last seconds; for a team owner,
 * a sound when another team outbids theirs and when their team buys the player (switched on).
 */
const LeagueCues = () => {
  const lot = useLeagueStore((s) => s.lot);
  const result = useLeagueStore((s) => s.result);
  const myTeam = useLeagueStore((s) => s.myTeam);
  const bids = useRef({ key: '', count: 0 });
  const moment = useMemo((): CueMoment => {
    const key = lot?.highestBidder ? `${lot.player.id}:${lot.currentBid}:${lot.highestBidder.team_id}` : '';
    if (key && key !== bids.current.key) bids.current = { key, count: bids.current.count + 1 };
    const sold = result?.player.status === 'sold' ? result : null;
    return {
      running: lot !== null,
      leaderId: lot?.highestBidder ? String(lot.highestBidder.team_id) : null,
      leaderName: lot?.highestBidder?.team_name ?? null,
      amount: t('{points} points', { points: points(sold ? sold.player.final_bid : (lot?.currentBid ?? null)) }),
      deals: bids.current.count,
      ended: result !== null,
      winnerId: sold?.team ? String(sold.team.team_id) : null,
      winnerName: sold?.team?.team_name ?? null,
    };
  }, [lot, result]);
  return (
    <LiveCues
      moment={moment}
      deadline={lot && lot.pausedRemainingMs === null ? lot.deadline : null}
      me={myTeam ? String(myTeam.team_id) : null}
    />
  );
};

const ConnectionNote = () => {
  const connection = useLeagueStore((s) => s.connection);
  if (connection === 'connected' || connection === 'idle') return null;
  return (
    <p className="apl-connection" role="status">
      {connection === 'connecting' ? t('Connecting to the live auction…') : t('Connection lost. Reconnecting…')}
    </p>
  );
};

/** `/aplauction/:roomCode`: the live league player auction. */
export const LeagueAuction = () => {
  const { roomCode = '' } = useParams();
  const code = roomCode.toUpperCase();
  const status = useLeagueStore((s) => s.status);
  const error = useLeagueStore((s) => s.error);
  const errorCode = useLeagueStore((s) => s.errorCode);
  const league = useLeagueStore((s) => s.league);
  const players = useLeagueStore((s) => s.players);
  const teams = useLeagueStore((s) => s.teams);
  const myTeamId = useLeagueStore((s) => s.myTeam?.team_id ?? null);
  const alert = useLeagueStore((s) => s.alert);
  const [sheet, setSheet] = useState<'players' | 'teams' | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  usePageTitle(league ? t('{name} auction', { name: league.name }) : t('League player auction'));

  useEffect(() => {
    connectLeague(code);
    return disconnectLeague;
  }, [code]);

  if (status === 'error') {
    return (
      <section className="container apl-page">
        <div className="card apl-problem">
          <h1>{t('League player auction')}</h1>
          <p className="apl-error" role="alert">
            {errorText(errorCode ?? '', error ?? t('Something went wrong.'))}
          </p>
          <div className="button-row">
            {error === 'Please log in.' && (
              <Link to="/login" className="btn btn-primary">
                {t('Log in')}
              </Link>
            )}
            <Link to="/apl" className="btn btn-ghost">
              {t('Back to auction rooms')}
            </Link>
          </div>
        </div>
      </section>
    );
  }
  if (status !== 'ready' || !league) return <PageLoading label={t('Joining the auction room…')} />;

  return (
    <section className="container apl-page">
      <header className="apl-head">
        <div>
          <p className="eyebrow">{t('Room {code}', { code: league.code })}</p>
          <h1 translate="no">{league.name}</h1>
        </div>
        <TeamLine />
      </header>
      <ConnectionNote />
      <LeagueCues />
      <div className="cues-row">
        <CuesSwitch />
      </div>
      {alert && (
        <div className="apl-alert" role="alert">
          {alert}
        </div>
      )}
      <div className="apl-layout">
        <Stage />
        <section className="card apl-panel apl-panel--teams" aria-labelledby="apl-teams-title">
          <h2 id="apl-teams-title">{t('Teams')}</h2>
          <TeamsTable teams={teams} myTeamId={myTeamId} />
        </section>
        <section className="card apl-panel apl-panel--players" aria-labelledby="apl-players-title">
          <h2 id="apl-players-title">{t('Players')}</h2>
          <PlayersTable players={players} teams={teams} />
        </section>
      </div>
      <nav className="apl-bottom-bar" aria-label={t('Auction lists')}>
        <button type="button" className="btn btn-ghost" onClick={() => setSheet('players')}>
          {t('View Players')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => setSheet('teams')}>
          {t('View Teams')}
        </button>
      </nav>
      {sheet === 'players' && (
        <Sheet title={t('Players')} onDone={closeSheet}>
          <PlayersTable players={players} teams={teams} showSold />
        </Sheet>
      )}
      {sheet === 'teams' && (
        <Sheet title={t('Teams')} onDone={closeSheet}>
          <TeamsTable teams={teams} myTeamId={myTeamId} />
        </Sheet>
      )}
    </section>
  );
};
