import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ApiError, api } from '../../lib/api.ts';
import type { AplRoom } from '../../../../api/contract/index.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { LEAGUE_STATUS_LABEL } from './Tables.tsx';
import { selectIsAdmin, useSessionStore } from '../../stores/session.ts';
import './league.css';

/** `/apl`: the league auction rooms, from the read model. */
export const LeagueRooms = () => {
  usePageTitle('League Auction Rooms');
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
          <p className="eyebrow">League player auction</p>
          <h1>League Auction Rooms</h1>
        </div>
        {isAdmin && (
          <Link to="/admin/leagues" className="btn btn-ghost btn-sm">
            Set up leagues
          </Link>
        )}
      </header>
      {error ? (
        <div className="card apl-problem">
          <p className="apl-error" role="alert">
            {error.status === 401 ? 'Please log in to see the auction rooms.' : error.message}
          </p>
          {error.status === 401 && (
            <Link to="/login" className="btn btn-primary">
              Log in
            </Link>
          )}
        </div>
      ) : rooms === null ? (
        <PageLoading label="Loading auction rooms…" />
      ) : rooms.length === 0 ? (
        <p className="apl-empty card">No auction rooms yet. An admin sets up leagues, teams and players.</p>
      ) : (
        <ul className="apl-rooms">
          {rooms.map((room) => (
            <li key={room.code} className="card apl-room">
              <div>
                <h2>{room.name}</h2>
                <p className="apl-room-meta">
                  <span className="chip">Room {room.code}</span>
                  <span>
                    {room.owners} {room.owners === 1 ? 'owner' : 'owners'}
                  </span>
                  <span>{room.players} players</span>
                  <span className={`apl-room-status apl-room-status--${room.status}`}>
                    {LEAGUE_STATUS_LABEL[room.status]}
                  </span>
                </p>
              </div>
              <Link to={`/aplauction/${room.code}`} className="btn btn-primary">
                Join Room
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
