import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageLoading } from '../../components/PageLoading.tsx';
import { plural, t } from '../../i18n/index.ts';
import { ApiError, api, messageOf } from '../../lib/api.ts';
import type { AplRoom } from '../../../../api/contract/index.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { LEAGUE_STATUS_LABEL } from './Tables.tsx';
import './league.css';
import { ReplayLink } from '../audit/ReplayLink.tsx';

/** Why an admin's league call was refused, in the language shown (called when it happens). */
export const accessProblem = (e: ApiError): string =>
  e.status === 401
    ? t('Please log in as an admin.')
    : e.status === 403
      ? t('Only admins can set up leagues.')
      : messageOf(e, t('Something went wrong. Try again.'));

/** `/admin/leagues`: every league with its set-up link, and a form to create one. */
export const LeagueAdmin = () => {
  usePageTitle(t('League set-up'));
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
      setError(err instanceof ApiError ? accessProblem(err) : t('Server error'));
      setSaving(false);
    }
  };

  return (
    <section className="container apl-page">
      <header className="apl-head">
        <div>
          <p className="eyebrow">{t('Admin')}</p>
          <h1>{t('League set-up')}</h1>
        </div>
        <Link to="/apl" className="btn btn-ghost btn-sm">
          {t('Auction rooms')}
        </Link>
      </header>
      <div className="apl-admin-grid">
        <form className="card apl-form" onSubmit={(e) => void create(e)}>
          <h2>{t('Create a league')}</h2>
          <label className="apl-field">
            <span>{t('League name')}</span>
            <input required minLength={3} maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="apl-field">
            <span>{t('Room code')}</span>
            <input
              required
              pattern="[A-Za-z0-9]{3,12}"
              title={t('3 to 12 letters or digits')}
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
              placeholder={t('e.g. {code}', { code: 'TNJ2026' })}
            />
            <small className="muted">{t('3 to 12 letters or digits. Members join the room with it.')}</small>
          </label>
          {error && (
            <p className="apl-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t('Saving...') : t('Create League')}
          </button>
        </form>
        <section className="card apl-panel">
          <h2>{t('Leagues')}</h2>
          {loadError ? (
            <p className="apl-error" role="alert">
              {loadError}
            </p>
          ) : rooms === null ? (
            <PageLoading label={t('Loading leagues…')} />
          ) : rooms.length === 0 ? (
            <p className="apl-empty">{t('No leagues yet. Create the first one.')}</p>
          ) : (
            <ul className="apl-league-list">
              {rooms.map((r) => (
                <li key={r.code}>
                  <div>
                    <strong translate="no">{r.name}</strong>
                    <span className="apl-room-meta">
                      <span className="chip">{r.code}</span>
                      <span>
                        {plural(r.owners, '{n} team', '{n} teams')} · {plural(r.players, '{n} player', '{n} players')} ·{' '}
                        {t(LEAGUE_STATUS_LABEL[r.status])}
                      </span>
                    </span>
                  </div>
                  <Link to={`/admin/leagues/${r.code}`} className="btn btn-ghost btn-sm">
                    {t('Manage')}
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
