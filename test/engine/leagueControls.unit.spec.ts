import { describe, expect, it } from 'vitest';
import type { LeagueEvent } from '../../engine/league.ts';
import { LEAGUE_MESSAGES, leagueDecider } from '../../engine/league.ts';
import { specFor } from '../helpers/decider.ts';
import { admin, bid, member, playerAdded, setUp, started, T0 } from './leagueFixtures.ts';

const given = specFor(leagueDecider);
const live = [...setUp(), started(1)];
const paused = (remainingMs: number, at: number): LeagueEvent => ({
  type: 'AuctionPaused',
  data: { playerId: 1, remainingMs, by: admin.userId, at },
});

describe('league controls: pause and resume', () => {
  it('pauses with the time left, refuses bids and never closes the player while paused', () => {
    given(live)
      .when({ type: 'PauseAuction', data: { by: admin, now: T0 + 12_000 } })
      .then([paused(18_000, T0 + 12_000)]);
    given([...live, paused(18_000, T0 + 12_000)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 13_000 } })
      .thenThrows('AUCTION_PAUSED', LEAGUE_MESSAGES.paused);
    // Long past the old deadline: still nothing to close.
    given([...live, paused(18_000, T0 + 12_000)])
      .when({ type: 'ClosePlayer', data: { now: T0 + 600_000 } })
      .thenNothing();
  });

  it('resumes with the same time left, counted from the resume', () => {
    given([...live, paused(18_000, T0 + 12_000)])
      .when({ type: 'ResumeAuction', data: { by: admin, now: T0 + 100_000 } })
      .then([
        { type: 'AuctionResumed', data: { playerId: 1, deadline: T0 + 118_000, by: admin.userId, at: T0 + 100_000 } },
      ]);
    const resumed: LeagueEvent = {
      type: 'AuctionResumed',
      data: { playerId: 1, deadline: T0 + 118_000, by: admin.userId, at: T0 + 100_000 },
    };
    given([...live, paused(18_000, T0 + 12_000), resumed])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 101_000 } })
      .then([bid(1, 2, 55, T0 + 101_000)]);
    given([...live, paused(18_000, T0 + 12_000), resumed])
      .when({ type: 'ClosePlayer', data: { now: T0 + 117_999 } })
      .thenNothing();
  });

  it('only an admin pauses or resumes, and only a running lot', () => {
    given(live)
      .when({ type: 'PauseAuction', data: { by: member, now: T0 } })
      .thenThrows('FORBIDDEN');
    given(setUp())
      .when({ type: 'PauseAuction', data: { by: admin, now: T0 } })
      .thenThrows('NO_PLAYER_UNDER_AUCTION');
    given(live)
      .when({ type: 'ResumeAuction', data: { by: admin, now: T0 } })
      .thenThrows('NOT_PAUSED');
    given([...live, paused(1000, T0)])
      .when({ type: 'PauseAuction', data: { by: admin, now: T0 + 1 } })
      .thenThrows('ALREADY_PAUSED');
    given(live)
      .when({ type: 'PauseAuction', data: { by: admin, now: T0 + 30_000 } })
      .thenThrows('BIDDING_CLOSED');
  });
});

describe('league controls: undo the last bid', () => {
  const undo = (now: number, reason = 'Team 3 bid by mistake, owner called') =>
    ({ type: 'UndoLastBid', data: { by: admin, reason, now } }) as const;

  it('takes back the last bid with the admin and the reason, back to the bid before it, with a fresh round', () => {
    given([...live, bid(1, 2, 55, T0 + 1000), bid(1, 3, 60, T0 + 2000)])
      .when(undo(T0 + 5000))
      .then([
        {
          type: 'BidUndone',
          data: {
            playerId: 1,
            teamId: 3,
            amount: 60,
            currentBid: 55,
            leaderTeamId: 2,
            deadline: T0 + 35_000,
            by: admin.userId,
            reason: 'Team 3 bid by mistake, owner called',
            at: T0 + 5000,
          },
        },
      ]);
  });

  it('undoing the only bid leaves the player at the base price with nobody leading; twice undoes two', () => {
    const first = given([...live, bid(1, 2, 55, T0 + 1000), bid(1, 3, 60, T0 + 2000)])
      .when(undo(T0 + 5000))
      .result();
    const second = given([...live, bid(1, 2, 55, T0 + 1000), bid(1, 3, 60, T0 + 2000), ...first.events])
      .when(undo(T0 + 6000))
      .result();
    expect(second.events[0]).toMatchObject({
      type: 'BidUndone',
      data: { teamId: 2, currentBid: 50, leaderTeamId: null },
    });
    given([...live, bid(1, 2, 55, T0 + 1000), bid(1, 3, 60, T0 + 2000), ...first.events, ...second.events])
      .when(undo(T0 + 7000))
      .thenThrows('NOTHING_TO_UNDO', LEAGUE_MESSAGES.nothingToUndo);
    // The team whose bid was undone may bid again at the amount it had bid.
    given([...live, bid(1, 2, 55, T0 + 1000), bid(1, 3, 60, T0 + 2000), ...first.events])
      .when({ type: 'PlaceBid', data: { userId: 'owner-3', now: T0 + 5500 } })
      .then([bid(1, 3, 60, T0 + 5500)]);
  });

  it('needs a reason, an admin and a bid', () => {
    given([...live, bid(1, 2, 55, T0)])
      .when(undo(T0 + 1, '  '))
      .thenThrows('REASON_REQUIRED', LEAGUE_MESSAGES.reasonRequired);
    given([...live, bid(1, 2, 55, T0)])
      .when({ type: 'UndoLastBid', data: { by: member, reason: 'mistake', now: T0 + 1 } })
      .thenThrows('FORBIDDEN');
    given(live)
      .when(undo(T0 + 1))
      .thenThrows('NOTHING_TO_UNDO');
  });

  it('a lot whose time has run out is not undone: it belongs to its leader, as the close will say', () => {
    const history = [...live, bid(1, 2, 55, T0 + 1000), bid(1, 3, 60, T0 + 2000)];
    // Team 3's bid of 60 runs out at T0 + 32 000: one millisecond before, the undo is taken.
    expect(
      given(history)
        .when(undo(T0 + 31_999))
        .result().events,
    ).toMatchObject([{ type: 'BidUndone', data: { teamId: 3, leaderTeamId: 2 } }]);
    given(history)
      .when(undo(T0 + 32_000))
      .thenThrows('BIDDING_CLOSED', 'Time is up for this player.');
    given(history)
      .when(undo(T0 + 33_000))
      .thenThrows('BIDDING_CLOSED');
    given(history)
      .when({ type: 'ClosePlayer', data: { now: T0 + 33_000 } })
      .then([{ type: 'PlayerSold', data: { playerId: 1, teamId: 3, price: 60 } }]);
    // A paused lot's clock is stopped: its bid can still be taken back however long the pause.
    expect(
      given([...history, paused(20_000, T0 + 12_000)])
        .when(undo(T0 + 90_000))
        .result().events,
    ).toMatchObject([{ type: 'BidUndone', data: { teamId: 3 } }]);
  });

  it('a closed player is not undone: once sold it stays sold', () => {
    given([...live, bid(1, 2, 55, T0), { type: 'PlayerSold', data: { playerId: 1, teamId: 2, price: 55 } }])
      .when(undo(T0 + 40_000))
      .thenThrows('NO_PLAYER_UNDER_AUCTION');
  });
});

describe('league controls: role quotas per team', () => {
  const keepers: LeagueEvent[] = [
    ...setUp(2, 0),
    playerAdded(1, { role: 'Wicket-keeper' }),
    playerAdded(2, { role: 'Wicket-keeper' }),
    playerAdded(3, { role: 'Wicket-keeper' }),
    { type: 'RoleQuotasSet', data: { quotas: { 'Wicket-keeper': 2 }, by: admin.userId } },
  ];
  const sold = (playerId: number, teamId: number, at: number): LeagueEvent[] => [
    started(playerId, at),
    bid(playerId, teamId, 55, at + 1),
    { type: 'PlayerSold', data: { playerId, teamId, price: 55 } },
  ];

  it('refuses a bid for a third keeper from a team that has two, and lets another team bid', () => {
    const history = [...keepers, ...sold(1, 1, T0), ...sold(2, 1, T0 + 60_000), started(3, T0 + 120_000)];
    given(history)
      .when({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 + 121_000 } })
      .thenThrows('ROLE_QUOTA', 'Your squad already has 2 wicket-keepers: the league allows at most 2 per team.');
    given(history)
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 121_000 } })
      .then([bid(3, 2, 55, T0 + 121_000)]);
  });

  it('is set by an admin, with whole numbers from 1 to 25', () => {
    given(setUp())
      .when({ type: 'SetRoleQuotas', data: { quotas: { 'Wicket-keeper': 2, Bowler: 5 }, by: admin, now: T0 } })
      .then([{ type: 'RoleQuotasSet', data: { quotas: { Bowler: 5, 'Wicket-keeper': 2 }, by: admin.userId } }]);
    given(setUp())
      .when({ type: 'SetRoleQuotas', data: { quotas: { Batter: 0 }, by: admin, now: T0 } })
      .thenThrows('INVALID_QUOTA', LEAGUE_MESSAGES.quotaInvalid);
    given(setUp())
      .when({ type: 'SetRoleQuotas', data: { quotas: { Batter: 2 }, by: member, now: T0 } })
      .thenThrows('FORBIDDEN');
  });
});
