import { useMemo } from 'react';
import type { LeagueEvent, LeagueState } from '../../../../engine/league.ts';
import { leagueDecider } from '../../../../engine/league.ts';
import type { ReplayEvent } from '../../../../engine/replay.ts';
import { asReplayed, isoToMs, leagueAt } from '../../../../engine/replay.ts';
import type { ChartPoint } from './PriceChart.tsx';
import { PriceChart } from './PriceChart.tsx';
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
      const name = players.get(e.data.playerId) ?? `Player ${e.data.playerId}`;
      points.push({ at, value: e.data.startingBid, who: null, group, label: `${name}: base ${e.data.startingBid}` });
    }
    if (e.type === 'BidPlaced') {
      const team = teams.get(e.data.teamId) ?? `Team ${e.data.teamId}`;
      const name = players.get(e.data.playerId) ?? `Player ${e.data.playerId}`;
      points.push({
        at,
        value: e.data.amount,
        who: { id: String(e.data.teamId), name: team },
        group,
        label: `${team} bid ${e.data.amount} for ${name}`,
      });
    }
    if (e.type === 'BidUndone') {
      // The compensating event shows as its own moment: the price steps back, with the admin's reason.
      const team = teams.get(e.data.teamId) ?? `Team ${e.data.teamId}`;
      const leader = e.data.leaderTeamId === null ? null : (teams.get(e.data.leaderTeamId) ?? null);
      points.push({
        at,
        value: e.data.currentBid,
        who: leader && e.data.leaderTeamId !== null ? { id: String(e.data.leaderTeamId), name: leader } : null,
        group,
        label: `Admin undid ${team}’s bid of ${e.data.amount}: ${e.data.reason}`,
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
      <section className="card replay-state" aria-label="The auction at this moment" data-testid="replay-state">
        <h2>The auction at this moment</h2>
        <dl className="replay-facts">
          <div>
            <dt>Status</dt>
            <dd data-testid="replay-status">{STATUS[snap.status]}</dd>
          </div>
          <div>
            <dt>Player</dt>
            <dd>{snap.player ? `${snap.player.name} (${snap.player.role}, round ${snap.player.round})` : '—'}</dd>
          </div>
          <div>
            <dt>Current bid</dt>
            <dd data-testid="replay-price">{snap.currentBid ?? '—'}</dd>
          </div>
          <div>
            <dt>Highest bidding team</dt>
            <dd data-testid="replay-leader">{snap.leader?.name ?? '-'}</dd>
          </div>
          <div>
            <dt>Time left</dt>
            <dd>{snap.timeLeftMs === null ? '—' : `${Math.ceil(snap.timeLeftMs / 1000)}s left`}</dd>
          </div>
          <div>
            <dt>Players</dt>
            <dd>
              {snap.sold} sold · {snap.unsold} unsold · {snap.pending} to go
            </dd>
          </div>
        </dl>
        <h3>Teams</h3>
        {snap.teams.length === 0 ? (
          <p className="muted">No teams found</p>
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Team</th>
                <th scope="col">Remaining Points</th>
                <th scope="col">Players</th>
              </tr>
            </thead>
            <tbody>
              {snap.teams.map((t) => (
                <tr key={t.id} className={snap.leader?.teamId === t.id ? 'is-leader' : undefined}>
                  <td>{t.name}</td>
                  <td>{t.pointsLeft}</td>
                  <td>
                    {t.players}/{t.maxPlayers}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section className="card replay-chart" aria-label="Bids over time">
        <h2>Bids over time</h2>
        {points.length > 0 ? (
          <PriceChart
            points={points}
            from={points[0]!.at}
            to={Math.max(points.at(-1)!.at, times[times.length - 1]!)}
            now={time}
            format={(v) => String(v)}
            title="League bids over time, one line per player, each bid in its team's colour"
          />
        ) : (
          <p className="table-state">No player has gone under the hammer yet.</p>
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
