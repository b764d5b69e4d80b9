import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { AplSnapshot } from '../../../../api/contract/index.ts';
import { PageLoading } from '../../components/PageLoading.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/hooks.ts';
import { accessProblem } from './LeagueAdmin.tsx';
import { CsvUpload, PlayerForm, ProblemBox, RoleQuotasForm, TeamForm, toProblem, type Problem } from './SetupForms.tsx';
import { AplTable, points } from './Tables.tsx';
import './league.css';

const RemoveCell = ({ onRemove }: { onRemove: () => void }) => (
  <td>
    <button type="button" className="apl-link-btn" onClick={onRemove}>
      Remove
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
  usePageTitle(snapshot ? `Set up ${snapshot.league.name}` : 'League set-up');

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
          <h1>League set-up</h1>
          <p className="apl-error" role="alert">
            {loadError}
          </p>
          <Link to="/admin/leagues" className="btn btn-ghost">
            All leagues
          </Link>
        </div>
      </section>
    );
  }
  if (!snapshot) return <PageLoading label="Loading the league…" />;
  const { league, teams, players } = snapshot;
  const editable = league.status === 'setup';
  const open = league.status !== 'finished';

  return (
    <section className="container apl-page">
      <header className="apl-head">
        <div>
          <p className="eyebrow">
            <Link to="/admin/leagues">League set-up</Link> · Room {league.code}
          </p>
          <h1>{league.name}</h1>
        </div>
        <Link to={`/aplauction/${league.code}`} className="btn btn-primary btn-sm">
          Open auction room
        </Link>
      </header>
      {!editable && (
        <p className="apl-hint card">
          {open
            ? 'The auction has started: you can still add teams and players, but no longer remove them.'
            : 'This auction has finished.'}
        </p>
      )}
      <ProblemBox problem={removeProblem} />
      {open && (
        <section className="card apl-panel" aria-labelledby="setup-quotas">
          <h2 id="setup-quotas">Role limits per team</h2>
          <RoleQuotasForm code={code} quotas={league.roleQuotas} onSaved={setSnapshot} />
        </section>
      )}
      <div className="apl-setup-grid">
        <section className="card apl-panel" aria-labelledby="setup-teams">
          <h2 id="setup-teams">Teams ({teams.length})</h2>
          <AplTable
            rows={teams.length}
            empty="No teams found"
            head={
              <>
                <th scope="col">Team</th>
                <th scope="col">Owner</th>
                <th scope="col" className="num">
                  Points
                </th>
                <th scope="col" className="num">
                  Players
                </th>
                {editable && <th scope="col" aria-label="Remove" />}
              </>
            }
          >
            {teams.map((t) => (
              <tr key={t.id}>
                <td className="apl-name-cell">{t.team_name}</td>
                <td>{t.owner_name}</td>
                <td className="num">{points(t.remaining_points)}</td>
                <td className="num">
                  {t.current_players_count}/{t.max_players_count}
                </td>
                {editable && <RemoveCell onRemove={() => void remove('teams', t.id)} />}
              </tr>
            ))}
          </AplTable>
          {open && (
            <>
              <h3>Add a team</h3>
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
          <h2 id="setup-players">Players ({players.length})</h2>
          <AplTable
            rows={players.length}
            empty="No players found"
            tall
            head={
              <>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col" className="num">
                  Base
                </th>
                {editable && <th scope="col" aria-label="Remove" />}
              </>
            }
          >
            {players.map((p, i) => (
              <tr key={p.id}>
                <td>{i + 1}</td>
                <td className="apl-name-cell">{p.name}</td>
                <td>{p.role}</td>
                <td className="num">{points(p.base_price)}</td>
                {editable && <RemoveCell onRemove={() => void remove('players', p.id)} />}
              </tr>
            ))}
          </AplTable>
          {open && (
            <>
              <h3>Add a player</h3>
              <PlayerForm code={code} onSaved={setSnapshot} />
              <CsvUpload code={code} kind="players" columns="name,role,base_price" onSaved={setSnapshot} />
            </>
          )}
        </section>
      </div>
    </section>
  );
};
