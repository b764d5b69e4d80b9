import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AplSnapshot } from '../../../../api/contract/index.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { t } from '../../i18n/index.ts';
import { accessProblem } from './LeagueAdmin.tsx';
import { CsvUpload, PlayerForm, ProblemBox, RoleQuotasForm, TeamForm, toProblem, type Problem } from './SetupForms.tsx';
import { AplTable, points, roleName } from './Tables.tsx';
import './league.css';

const RemoveCell = ({ onRemove }: { onRemove: () => void }) => (
  <td>
    <button type="button" className="apl-link-btn" onClick={onRemove}>
      {t('Remove')}
    </button>
  </td>
);

/** `/admin/leagues/:code`: a league's teams and players, added by form or CSV and removable before the start. */
export const LeagueSetup = () => {
  const { code: raw = '' } = useParams();
  const code = raw.toUpperCase();
  const [snapshot, setSnapshot] = useState<AplSnapshot | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [removeProblem, setRemoveProblem] = useState<Problem | null>(null);
  usePageTitle(snapshot ? t('Set up {name}', { name: snapshot.league.name }) : t('League set-up'));

  useEffect(() => {
    const controller = new AbortController();
    api<AplSnapshot>(`/api/leagues/${code}`, { signal: controller.signal })
      .then(setSnapshot)
      .catch((e: unknown) => e instanceof ApiError && setLoadError(accessProblem(e)));
    return () => controller.abort();
  }, [code]);

  const remove = useCallback(
    async (what: 'teams' | 'players', id: number) => {
      setRemoveProblem(null);
      try {
        setSnapshot(await api<AplSnapshot>(`/api/admin/leagues/${code}/${what}/${id}`, { method: 'DELETE' }));
      } catch (e) {
        setRemoveProblem(toProblem(e));
      }
    },
    [code],
  );

  if (loadError) {
    return (
      <section className="container apl-page">
        <div className="card apl-problem">
          <h1>{t('League set-up')}</h1>
          <p className="apl-error" role="alert">
            {loadError}
          </p>
          <Link to="/admin/leagues" className="btn btn-ghost">
            {t('All leagues')}
          </Link>
        </div>
      </section>
    );
  }
  if (!snapshot) return <PageLoading label={t('Loading the league…')} />;
  const { league, teams, players } = snapshot;
  const editable = league.status === 'setup';
  const open = league.status !== 'finished';

  return (
    <section className="container apl-page">
      <header className="apl-head">
        <div>
          <p className="eyebrow">
            <Link to="/admin/leagues">{t('League set-up')}</Link> · {t('Room {code}', { code: league.code })}
          </p>
          <h1 translate="no">{league.name}</h1>
        </div>
        <Link to={`/aplauction/${league.code}`} className="btn btn-primary btn-sm">
          {t('Open auction room')}
        </Link>
      </header>
      {!editable && (
        <p className="apl-hint card">
          {open
            ? t('The auction has started: you can still add teams and players, but no longer remove them.')
            : t('This auction has finished.')}
        </p>
      )}
      <ProblemBox problem={removeProblem} />
      {open && (
        <section className="card apl-panel" aria-labelledby="setup-quotas">
          <h2 id="setup-quotas">{t('Role limits per team')}</h2>
          <RoleQuotasForm code={code} quotas={league.roleQuotas} onSaved={setSnapshot} />
        </section>
      )}
      <div className="apl-setup-grid">
        <section className="card apl-panel" aria-labelledby="setup-teams">
          <h2 id="setup-teams">{t('Teams ({count})', { count: teams.length })}</h2>
          <AplTable
            rows={teams.length}
            empty="No teams found"
            head={
              <>
                <th scope="col">{t('Team')}</th>
                <th scope="col">{t('Owner')}</th>
                <th scope="col" className="num">
                  {t('Points')}
                </th>
                <th scope="col" className="num">
                  {t('Players')}
                </th>
                {editable && <th scope="col" aria-label={t('Remove')} />}
              </>
            }
          >
            {teams.map((team) => (
              <tr key={team.id}>
                <td className="apl-name-cell" translate="no">
                  {team.team_name}
                </td>
                <td translate="no">{team.owner_name}</td>
                <td className="num">{points(team.remaining_points)}</td>
                <td className="num">
                  {team.current_players_count}/{team.max_players_count}
                </td>
                {editable && <RemoveCell onRemove={() => void remove('teams', team.id)} />}
              </tr>
            ))}
          </AplTable>
          {open && (
            <>
              <h3>{t('Add a team')}</h3>
              <TeamForm code={code} onSaved={setSnapshot} />
              <CsvUpload
                code={code}
                kind="teams"
                columns="team_name,owner_email,points_budget,max_players"
                onSaved={setSnapshot}
              />
            </>
          )}
        </section>
        <section className="card apl-panel" aria-labelledby="setup-players">
          <h2 id="setup-players">{t('Players ({count})', { count: players.length })}</h2>
          <AplTable
            rows={players.length}
            empty="No players found"
            tall
            head={
              <>
                <th scope="col">#</th>
                <th scope="col">{t('Name')}</th>
                <th scope="col">{t('Role')}</th>
                <th scope="col" className="num">
                  {t('Base')}
                </th>
                {editable && <th scope="col" aria-label={t('Remove')} />}
              </>
            }
          >
            {players.map((p, i) => (
              <tr key={p.id}>
                <td>{i + 1}</td>
                <td className="apl-name-cell" translate="no">
                  {p.name}
                </td>
                <td>{roleName(p.role)}</td>
                <td className="num">{points(p.base_price)}</td>
                {editable && <RemoveCell onRemove={() => void remove('players', p.id)} />}
              </tr>
            ))}
          </AplTable>
          {open && (
            <>
              <h3>{t('Add a player')}</h3>
              <PlayerForm code={code} onSaved={setSnapshot} />
              <CsvUpload code={code} kind="players" columns="name,role,base_price" onSaved={setSnapshot} />
            </>
          )}
        </section>
      </div>
    </section>
  );
};
