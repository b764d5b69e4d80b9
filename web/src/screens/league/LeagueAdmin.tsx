import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ApiError, api } from '../../lib/api.ts';
import type { AplRoom } from '../../../../api/contract/index.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { LEAGUE_STATUS_LABEL } from './Tables.tsx';
import './league.css';
import { ReplayLink } from '../audit/ReplayLink.tsx';

export const accessProblem = (e: ApiError): string =>
  e.status === 401 ? 'Please log in as an admin.' : e.status === 403 ? 'Only admins can set up leagues.' : e.message;

/** `/admin/leagues`: every league with its set-up link, and a form to create one. */
export const LeagueAdmin = () => {
  usePageTitle('League set-up');
  const navigate = useNavigate();
  const [rooms, setRooms] = useState<AplRoom[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api<{ leagues: AplRoom[] }>('/api/leagues', { signal: controller.signal })
      .then((r) => setRooms(r.leagues))
      .catch((e: unknown) => e instanceof ApiError && setLoadError(accessProblem(e)));
    return () => controller.abort();
  }, []);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await api('/api/admin/leagues', { body: { name, code } });
      await navigate(`/admin/leagues/${code.trim().toUpperCase()}`);
    } catch (err) {
      setError(err instanceof ApiError ? accessProblem(err) : 'Server error');
      setSaving(false);
    }
  };

  return (
    <section className="container apl-page">
      <header className="apl-head">
        <div>
          <p className="eyebrow">Admin</p>
          <h1>League set-up</h1>
        </div>
        <Link to="/apl" className="btn btn-ghost btn-sm">
          Auction rooms
        </Link>
      </header>
      <div className="apl-admin-grid">
        <form className="card apl-form" onSubmit={(e) => void create(e)}>
          <h2>Create a league</h2>
          <label className="apl-field">
            <span>League name</span>
            <input required minLength={3} maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="apl-field">
            <span>Room code</span>
            <input
              required
              pattern="[A-Za-z0-9]{3,12}"
              title="3 to 12 letters or digits"
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              placeholder="e.g. TNJ2026"
            />
            <small className="muted">3 to 12 letters or digits. Members join the room with it.</small>
          </label>
          {error && (
            <p className="apl-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Create League'}
          </button>
        </form>
        <section className="card apl-panel">
          <h2>Leagues</h2>
          {loadError ? (
            <p className="apl-error" role="alert">
              {loadError}
            </p>
          ) : rooms === null ? (
            <PageLoading label="Loading leagues…" />
          ) : rooms.length === 0 ? (
            <p className="apl-empty">No leagues yet. Create the first one.</p>
          ) : (
            <ul className="apl-league-list">
              {rooms.map((r) => (
                <li key={r.code}>
                  <div>
                    <strong>{r.name}</strong>
                    <span className="apl-room-meta">
                      <span className="chip">{r.code}</span>
                      <span>
                        {r.owners} teams · {r.players} players · {LEAGUE_STATUS_LABEL[r.status]}
                      </span>
                    </span>
                  </div>
                  <Link to={`/admin/leagues/${r.code}`} className="btn btn-ghost btn-sm">
                    Manage
                  </Link>
                  <ReplayLink code={r.code} kind="league" />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
};
