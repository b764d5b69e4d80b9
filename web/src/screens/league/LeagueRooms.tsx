import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { plural, t } from '../../i18n/index.ts';
import { ApiError, api, messageOf } from '../../lib/api.ts';
import type { AplRoom } from '../../../../api/contract/index.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { LEAGUE_STATUS_LABEL } from './Tables.tsx';
import { selectIsAdmin, useSessionStore } from '../../stores/session.ts';
import './league.css';

/** `/apl`: the league auction rooms, from the read model. */
export const LeagueRooms = () => {
  usePageTitle(t('League Auction Rooms'));
  const [rooms, setRooms] = useState<AplRoom[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const isAdmin = useSessionStore(selectIsAdmin);

  useEffect(() => {
    const controller = new AbortController();
    api<{ leagues: AplRoom[] }>('/api/leagues', { signal: controller.signal })
      .then((r) => setRooms(r.leagues))
      .catch((e: unknown) => {
        if (e instanceof ApiError) setError(e);
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="container apl-page">
      <header className="apl-head">
        <div>
          <p className="eyebrow">{t('League player auction')}</p>
          <h1>{t('League Auction Rooms')}</h1>
        </div>
        {isAdmin && (
          <Link to="/admin/leagues" className="btn btn-ghost btn-sm">
            {t('Set up leagues')}
          </Link>
        )}
      </header>
      {error ? (
        <div className="card apl-problem">
          <p className="apl-error" role="alert">
            {error.status === 401
              ? t('Please log in to see the auction rooms.')
              : messageOf(error, t('The auction rooms could not be loaded. Try again.'))}
          </p>
          {error.status === 401 && (
            <Link to="/login" className="btn btn-primary">
              {t('Log in')}
            </Link>
          )}
        </div>
      ) : rooms === null ? (
        <PageLoading label={t('Loading auction rooms…')} />
      ) : rooms.length === 0 ? (
        <p className="apl-empty card">{t('No auction rooms yet. An admin sets up leagues, teams and players.')}</p>
      ) : (
        <ul className="apl-rooms">
          {rooms.map((room) => (
            <li key={room.code} className="card apl-room">
              <div>
                <h2 translate="no">{room.name}</h2>
                <p className="apl-room-meta">
                  <span className="chip">{t('Room {code}', { code: room.code })}</span>
                  <span>{plural(room.owners, '{n} owner', '{n} owners')}</span>
                  <span>{plural(room.players, '{n} player', '{n} players')}</span>
                  <span className={`apl-room-status apl-room-status--${room.status}`}>
                    {t(LEAGUE_STATUS_LABEL[room.status])}
                  </span>
                </p>
              </div>
              <Link to={`/aplauction/${room.code}`} className="btn btn-primary">
                {t('Join Room')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
