import { useMemo, useState, type ReactNode } from 'react';
import type { AplLeagueStatus, AplPlayer, AplTeam } from '../../../../api/contract/index.ts';
import { t } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';

export const points = (n: number | null | undefined): string => (n === null || n === undefined ? '-' : formatNumber(n));

/** A player's role (the engine's English word) in the language shown. */
export const roleName = (role: string): string => t(role);

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
    <p className="apl-empty">{t(empty)}</p>
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
          <span className="visually-hidden">{t('Search players by name')}</span>
          <input
            type="search"
            placeholder={t('Search players')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </label>
        <label className="apl-field">
          <span className="visually-hidden">{t('Filter by team')}</span>
          <select value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            <option value="">{t('All teams')}</option>
            {teams.map((team) => (
              <option key={team.id} value={String(team.id)} translate="no">
                {team.team_name}
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
            <th scope="col">{t('Name')}</th>
            <th scope="col">{t('Role')}</th>
            <th scope="col" className="num">
              {t('Base')}
            </th>
            <th scope="col">{t('Status')}</th>
            <th scope="col">{t('Team')}</th>
            {showSold && (
              <th scope="col" className="num">
                {t('Sold')}
              </th>
            )}
          </>
        }
      >
        {shown.map((p, i) => (
          <tr key={p.id} className={p.status === 'live' ? 'is-live' : undefined}>
            <td>{i + 1}</td>
            <td className="apl-name-cell" translate="no">
              {p.name}
            </td>
            <td className="apl-wrap">
              {showSold ? (
                <abbr title={roleName(p.role)}>{SHORT_ROLE[p.role] ?? roleName(p.role)}</abbr>
              ) : (
                roleName(p.role)
              )}
            </td>
            <td className="num">{points(p.base_price)}</td>
            <td>
              <span className={`apl-status apl-status--${p.status}`}>{t(STATUS_LABEL[p.status])}</span>
            </td>
            <td className="apl-wrap" translate="no">
              {p.sold_team_name ?? '-'}
            </td>
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
        <th scope="col">{t('Team')}</th>
        <th scope="col" className="num">
          {t('Remaining Points')}
        </th>
        <th scope="col" className="num">
          {t('Players')}
        </th>
      </>
    }
  >
    {teams.map((team) => (
      <tr key={team.id} className={team.id === myTeamId ? 'is-mine' : undefined} data-testid={`team-row-${team.id}`}>
        <td translate="no">
          <span className="apl-name-cell">{team.team_name}</span>
          <span className="apl-owner">{team.owner_name}</span>
        </td>
        <td className="num">{points(team.remaining_points)}</td>
        <td className="num">
          {team.current_players_count}/{team.max_players_count}
        </td>
      </tr>
    ))}
  </AplTable>
);
