import { describe, it } from 'vitest';
import type { LeagueEvent } from '../../engine/league.ts';
import { leagueCode } from '../../engine/league.ts';
import { leagueByCode, leaguePlayers, leagueTeams, liveLeagues, teamOfOwner } from '../../projections/league.ts';
import { given, on } from '../helpers/readModel.ts';

const league = (e: LeagueEvent) => on('league-CPL', e);
const setUp = [
  league({
    type: 'LeagueCreated',
    data: { code: leagueCode('CPL'), name: 'Chepauk Premier League', createdBy: 'admin-1' },
  }),
  ...[1, 2].map((teamId) =>
    league({
      type: 'TeamAdded',
      data: {
        teamId,
        name: `Team ${teamId}`,
        ownerUserId: `owner-${teamId}`,
        ownerName: 'O',
        budget: 1000,
        maxPlayers: 5,
      },
    }),
  ),
  league({ type: 'PlayerAdded', data: { playerId: 1, name: 'Ashwin', role: 'Bowler', basePrice: 50 } }),
  league({ type: 'PlayerAuctionStarted', data: { playerId: 1, round: 1, startingBid: 50, deadline: 30_000 } }),
  league({ type: 'BidPlaced', data: { playerId: 1, teamId: 1, amount: 55, deadline: 31_000 } }),
];

describe('league read model', () => {
  it('shows the lot under the hammer with its leader and deadline', () => {
    given(...setUp)
      .thenRows(
        (db) => {
          const l = leagueByCode(db, 'CPL')!;
          return [l.status, l.teamsCount, l.playersCount, l.currentPlayerId, l.currentBid, l.leaderTeamId, l.deadline];
        },
        ['active', 2, 1, 1, 55, 1, 31_000],
      )
      .thenRows((db) => leagueByCode(db, 'CPL')?.revision, 5)
      .thenRows((db) => liveLeagues(db).map((l) => l.code), ['CPL'])
      .thenRows((db) => leaguePlayers(db, 'CPL').map((p) => [p.playerId, p.status, p.rounds]), [[1, 'live', 1]]);
  });

  it('sells the player to the buyer, who pays from their points, and the league waits for the next', () => {
    given(
      ...setUp,
      league({ type: 'PlayerSold', data: { playerId: 1, teamId: 1, price: 55 } }),
      league({ type: 'TeamRemoved', data: { teamId: 2 } }),
    )
      .thenRows(
        (db) => {
          const l = leagueByCode(db, 'CPL')!;
          return [l.status, l.soldCount, l.teamsCount, l.currentPlayerId, l.currentBid, l.deadline];
        },
        ['waiting', 1, 1, null, null, null],
      )
      .thenRows(
        (db) => leaguePlayers(db, 'CPL').map((p) => [p.status, p.teamId, p.soldTeamName, p.finalBid]),
        [['sold', 1, 'Team 1', 55]],
      )
      .thenRows(
        (db) => leagueTeams(db, 'CPL').map((t) => [t.teamId, t.remainingPoints, t.currentPlayersCount]),
        [[1, 945, 1]],
      )
      .thenRows((db) => teamOfOwner(db, 'CPL', 'owner-2'), undefined)
      .thenRows((db) => liveLeagues(db), []);
  });

  it('finishes with the reason and no lot', () => {
    given(...setUp, league({ type: 'AuctionFinished', data: { reason: 'ended_by_admin' } })).thenRows(
      (db) => {
        const l = leagueByCode(db, 'CPL')!;
        return [l.status, l.finishReason, l.currentPlayerId];
      },
      ['finished', 'ended_by_admin', null],
    );
  });
});
