import { useMemo, useState, type ReactNode } from 'react';
import type { AplLeagueStatus, AplPlayer, AplTeam } from '../../../../api/contract/index.ts';

export const points = (n: number | null | undefined): string =>
  n === null || n === undefined ? '-' : n.toLocaleString('en-IN');

export const LEAGUE_STATUS_LABEL: Record<AplLeagueStatus, string> = {
  setup: 'Not started',
  waiting: 'In progress',
  active: 'Live now',
  finished: 'Finished',
};

/** A league table, or "No … found" when it has no rows; `head` is the header row's cells. */
export const AplTable = ({
  rows,
  empty,
  head,
  tall = false,
  children,
}: {
  rows: number;
  empty: string;
  head: ReactNode;
  tall?: boolean;
  children: ReactNode;
}) =>
  rows === 0 ? (
    <p className="apl-empty">{empty}</p>
  ) : (
    <div className={tall ? 'apl-table-scroll apl-table-scroll--tall' : 'apl-table-scroll'}>
      <table className="apl-table">
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );

/** Short role names for the compact phone table, as cricket scorecards write them. */
const SHORT_ROLE: Record<string, string> = {
  Batter: 'BAT',
  Bowler: 'BOWL',
  'All-rounder': 'AR',
  'Wicket-keeper': 'WK',
};

const STATUS_LABEL: Record<AplPlayer['status'], string> = {
  pending: 'Pending',
  live: 'Live',
  sold: 'Sold',
  unsold: 'Unsold',
};

/** Players with search by name and filter by team; `showSold` adds the Sold price column (mobile view). */
export const PlayersTable = ({
  players,
  teams,
  showSold = false,
}: {
  players: AplPlayer[];
  teams: AplTeam[];
  showSold?: boolean;
}) => {
  const [search, setSearch] = useState('');
  const [teamId, setTeamId] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return players.filter((p) => (!q || p.name.toLowerCase().includes(q)) && (!teamId || String(p.team_id) === teamId));
  }, [players, search, teamId]);

  return (
    <div className="apl-table-block">
      <div className="apl-filters">
        <label className="apl-field">
          <span className="visually-hidden">Search players by name</span>
          <input
            type="search"
            placeholder="Search players"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <label className="apl-field">
          <span className="visually-hidden">Filter by team</span>
          <select value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">All teams</option>
            {teams.map((t) => (
              <option key={t.id} value={String(t.id)}>
                {t.team_name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <AplTable
        rows={shown.length}
        empty="No players found"
        head={
          <>
            <th scope="col">#</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col" className="num">
              Base
            </th>
            <th scope="col">Status</th>
            <th scope="col">Team</th>
            {showSold && (
              <th scope="col" className="num">
                Sold
              </th>
            )}
          </>
        }
      >
        {shown.map((p, i) => (
          <tr key={p.id} className={p.status === 'live' ? 'is-live' : undefined}>
            <td>{i + 1}</td>
            <td className="apl-name-cell">{p.name}</td>
            <td className="apl-wrap">
              {showSold ? <abbr title={p.role}>{SHORT_ROLE[p.role] ?? p.role}</abbr> : p.role}
            </td>
            <td className="num">{points(p.base_price)}</td>
            <td>
              <span className={`apl-status apl-status--${p.status}`}>{STATUS_LABEL[p.status]}</span>
            </td>
            <td className="apl-wrap">{p.sold_team_name ?? '-'}</td>
            {showSold && <td className="num">{points(p.final_bid)}</td>}
          </tr>
        ))}
      </AplTable>
    </div>
  );
};

export const TeamsTable = ({ teams, myTeamId }: { teams: AplTeam[]; myTeamId: number | null }) => (
  <AplTable
    rows={teams.length}
    empty="No teams found"
    head={
      <>
        <th scope="col">Team</th>
        <th scope="col" className="num">
          Remaining Points
        </th>
        <th scope="col" className="num">
          Players
        </th>
      </>
    }
  >
    {teams.map((t) => (
      <tr key={t.id} className={t.id === myTeamId ? 'is-mine' : undefined} data-testid={`team-row-${t.id}`}>
        <td>
          <span className="apl-name-cell">{t.team_name}</span>
          <span className="apl-owner">{t.owner_name}</span>
        </td>
        <td className="num">{points(t.remaining_points)}</td>
        <td className="num">
          {t.current_players_count}/{t.max_players_count}
        </td>
      </tr>
    ))}
  </AplTable>
);
