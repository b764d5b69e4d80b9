import { useMemo } from 'react';
import type { LeagueEvent, LeagueState } from '../../../../engine/league.ts';
import { leagueDecider } from '../../../../engine/league.ts';
import type { ReplayEvent } from '../../../../engine/replay.ts';
import { asReplayed, isoToMs, leagueAt } from '../../../../engine/replay.ts';
import type { ChartPoint } from './PriceChart.tsx';
import { PriceChart } from './PriceChart.tsx';
import { t } from '../../i18n/index.ts';
import { roleName } from '../league/Tables.tsx';
import type { ReplayViewProps } from './ReplayPage.tsx';
import { ReplayPage } from './ReplayPage.tsx';

const STATUS: Record<LeagueState['status'], string> = {
  none: '—',
  setup: 'No auction in progress.',
  waiting: 'Waiting for admin to start the next auction...',
  active: 'Player under auction',
  finished: 'Auction Finished! No more unsold players.',
};

const leaguePoints = (events: readonly ReplayEvent[], final: LeagueState): ChartPoint[] => {
  const teams = new Map(final.status === 'none' ? [] : final.teams.map((t) => [t.id, t.name]));
  const players = new Map(final.status === 'none' ? [] : final.players.map((p) => [p.id, p.name]));
  let group = '';
  const points: ChartPoint[] = [];
  for (const e of asReplayed<LeagueEvent>(events)) {
    const at = isoToMs(e.metadata.at);
    if (e.type === 'PlayerAuctionStarted') {
      group = `${e.data.playerId}-${e.data.round}`;
      const name = players.get(e.data.playerId) ?? t('Player {id}', { id: e.data.playerId });
      points.push({
        at,
        value: e.data.startingBid,
        who: null,
        group,
        label: t('{name}: base {points}', { name, points: e.data.startingBid }),
      });
    }
    if (e.type === 'BidPlaced') {
      const team = teams.get(e.data.teamId) ?? t('Team {id}', { id: e.data.teamId });
      const name = players.get(e.data.playerId) ?? t('Player {id}', { id: e.data.playerId });
      points.push({
        at,
        value: e.data.amount,
        who: { id: String(e.data.teamId), name: team },
        group,
        label: t('{team} bid {points} for {name}', { team, points: e.data.amount, name }),
      });
    }
    if (e.type === 'BidUndone') {
      // The compensating event shows as its own moment: the price steps back, with the admin's reason.
      const team = teams.get(e.data.teamId) ?? t('Team {id}', { id: e.data.teamId });
      const leader = e.data.leaderTeamId === null ? null : (teams.get(e.data.leaderTeamId) ?? null);
      points.push({
        at,
        value: e.data.currentBid,
        who: leader && e.data.leaderTeamId !== null ? { id: String(e.data.leaderTeamId), name: leader } : null,
        group,
        label: t('Admin undid {team}’s bid of {points}: {reason}', {
          team,
          points: e.data.amount,
          reason: e.data.reason,
        }),
      });
    }
  }
  return points;
};

const LeagueView = ({ events, state, final, time, times }: ReplayViewProps<LeagueState>) => {
  const snap = leagueAt(state, time);
  const points = useMemo(() => leaguePoints(events, final), [events, final]);
  return (
    <>
      <section className="card replay-state" aria-label={t('The auction at this moment')} data-testid="replay-state">
        <h2>{t('The auction at this moment')}</h2>
        <dl className="replay-facts">
          <div>
            <dt>{t('Status')}</dt>
            <dd data-testid="replay-status">{snap.status === 'none' ? '—' : t(STATUS[snap.status])}</dd>
          </div>
          <div>
            <dt>{t('Player')}</dt>
            <dd>
              {snap.player ? (
                <>
                  <span translate="no">{snap.player.name}</span>{' '}
                  {t('({role}, round {round})', { role: roleName(snap.player.role), round: snap.player.round })}
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt>{t('Current bid')}</dt>
            <dd data-testid="replay-price">{snap.currentBid ?? '—'}</dd>
          </div>
          <div>
            <dt>{t('Highest bidding team')}</dt>
            <dd data-testid="replay-leader" translate="no">
              {snap.leader?.name ?? '-'}
            </dd>
          </div>
          <div>
            <dt>{t('Time left')}</dt>
            <dd>{snap.timeLeftMs === null ? '—' : t('{s}s left', { s: Math.ceil(snap.timeLeftMs / 1000) })}</dd>
          </div>
          <div>
            <dt>{t('Players')}</dt>
            <dd>
              {t('{sold} sold · {unsold} unsold · {pending} to go', {
                sold: snap.sold,
                unsold: snap.unsold,
                pending: snap.pending,
              })}
            </dd>
          </div>
        </dl>
        <h3>{t('Teams')}</h3>
        {snap.teams.length === 0 ? (
          <p className="muted">{t('No teams found')}</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('Team')}</th>
                <th scope="col">{t('Remaining Points')}</th>
                <th scope="col">{t('Players')}</th>
              </tr>
            </thead>
            <tbody>
              {snap.teams.map((team) => (
                <tr key={team.id} className={snap.leader?.teamId === team.id ? 'is-leader' : undefined}>
                  <td translate="no">{team.name}</td>
                  <td>{team.pointsLeft}</td>
                  <td>
                    {team.players}/{team.maxPlayers}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card replay-chart" aria-label={t('Bids over time')}>
        <h2>{t('Bids over time')}</h2>
        {points.length > 0 ? (
          <PriceChart
            points={points}
            from={points[0]!.at}
            to={Math.max(points.at(-1)!.at, times[times.length - 1]!)}
            now={time}
            format={(v) => String(v)}
            title={t('League bids over time, one line per player, each bid in its team’s colour')}
          />
        ) : (
          <p className="table-state">{t('No player has gone under the hammer yet.')}</p>
        )}
      </section>
    </>
  );
};

const memberNames = (final: LeagueState) =>
  new Map(final.status === 'none' ? [] : final.teams.map((t) => [t.ownerUserId, t.name]));

/** /admin/leagues/:code/replay: the league auction's history, folded in the browser with the engine's evolve. */
export const LeagueReplay = () => (
  <ReplayPage<LeagueEvent, LeagueState>
    kind="league"
    decider={leagueDecider}
    lead={(first) => (first?.data as { name?: string } | undefined)?.name}
    live={{ to: (code) => `/aplauction/${code}`, label: 'Auction page' }}
    memberNames={memberNames}
    View={LeagueView}
  />
);
