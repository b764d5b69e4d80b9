import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../../engine/decider.ts';
import type { LeagueEvent, LeagueState } from '../../engine/league.ts';
import {
  bidIncrement,
  followsTiers,
  leagueCode,
  leagueDecider,
  maxAffordableBid,
  nextBidAmount,
  nextPlayerUp,
} from '../../engine/league.ts';
import { specFor } from '../helpers/decider.ts';
import {
  CODE,
  T0,
  admin,
  bid,
  created,
  member,
  playerAdded,
  playerInput,
  setUp,
  started,
  teamAdded,
  teamInput,
} from './leagueFixtures.ts';

const given = specFor(leagueDecider);
const stateOf = (events: LeagueEvent[]): LeagueState => fold(leagueDecider, events);
const caught = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};
const openState = (events: LeagueEvent[]) => {
  const s = stateOf(events);
  if (s.status === 'none') throw new Error('no league');
  return s;
};

describe('the bid tiers', () => {
  it('steps 5 from 30 to 99, 10 from 100 to 299 and 25 from 300', () => {
    expect([30, 99, 100, 299, 300, 1000].map(bidIncrement)).toEqual([5, 5, 10, 10, 25, 25]);
    expect([30, 95, 100, 295, 300].map(nextBidAmount)).toEqual([35, 100, 110, 305, 325]);
  });
  it('has no tier below 30, so no bid', () => {
    expect(bidIncrement(29)).toBeNull();
    expect(nextBidAmount(0)).toBeNull();
  });
  it('tells prices reachable from a base by tier steps', () => {
    expect(followsTiers(50, 50)).toBe(true);
    expect(followsTiers(95, 110)).toBe(true);
    expect(followsTiers(95, 105)).toBe(false);
    expect(followsTiers(290, 325)).toBe(true);
  });
});

describe('league codes', () => {
  it('raises lower case and refuses odd characters', () => {
    expect(leagueCode(' apl2026 ')).toBe('APL2026');
    expect(() => leagueCode('AP-1')).toThrow('A league code is 3 to 12 letters or digits.');
  });
});

describe('when nobody has created the league', () => {
  it('lets an admin create it with a tidied name', () => {
    given([])
      .when({ type: 'CreateLeague', data: { code: CODE, name: '  Chepauk   Premier League ', by: admin, now: T0 } })
      .then([created]);
  });
  it('refuses a member', () => {
    given([])
      .when({ type: 'CreateLeague', data: { code: CODE, name: 'Chepauk Premier League', by: member, now: T0 } })
      .thenThrows('FORBIDDEN');
  });
  it('refuses bids and starts with LEAGUE_NOT_FOUND', () => {
    given([])
      .when({ type: 'StartNextPlayer', data: { by: admin, now: T0 } })
      .thenThrows('LEAGUE_NOT_FOUND');
    given([])
      .when({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 } })
      .thenThrows('LEAGUE_NOT_FOUND');
  });
  it('is not created twice or with a too-short name', () => {
    given([created])
      .when({ type: 'CreateLeague', data: { code: CODE, name: 'Again', by: admin, now: T0 } })
      .thenThrows('LEAGUE_EXISTS');
    given([])
      .when({ type: 'CreateLeague', data: { code: CODE, name: 'AB', by: admin, now: T0 } })
      .thenThrows('INVALID_NAME');
  });
});

describe('when the admin sets the league up', () => {
  it('numbers new teams after the existing ones', () => {
    given([created, teamAdded(1)])
      .when({ type: 'AddTeams', data: { teams: [teamInput(2), teamInput(3)], by: admin, now: T0 } })
      .then([teamAdded(2), teamAdded(3)]);
  });
  it('names every bad team row at once: duplicate name, second team for an owner, budget too small', () => {
    const error = caught(() =>
      leagueDecider.decide(
        {
          type: 'AddTeams',
          data: {
            teams: [
              teamInput(2, { name: 'team 1' }),
              teamInput(3, { ownerUserId: 'owner-1', ownerName: 'Owner 1' }),
              teamInput(4, { budget: 100, maxPlayers: 5 }),
              teamInput(5),
            ],
            by: admin,
            now: T0,
          },
        },
        stateOf([created, teamAdded(1)]),
      ),
    );
    expect(error.code).toBe('INVALID_ROWS');
    expect(error.message).toBe('3 rows need fixing.');
    expect(error.details).toEqual({
      rows: [
        { row: 1, message: 'A team named "team 1" is already in this league.' },
        { row: 2, message: 'Owner 1 already owns a team in this league.' },
        { row: 3, message: 'Points budget must be a whole number of at least 150 (max players × 30).' },
      ],
      count: 3,
    });
  });
  it('adds players in order and refuses a base price under 30, an unknown role and a repeated name', () => {
    given([created])
      .when({ type: 'AddPlayers', data: { players: [playerInput(1), playerInput(2)], by: admin, now: T0 } })
      .then([playerAdded(1), playerAdded(2)]);
    given([created, playerAdded(1)])
      .when({
        type: 'AddPlayers',
        data: {
          players: [playerInput(2, { basePrice: 25 }), playerInput(3, { role: 'Umpire' as never }), playerInput(1)],
          by: admin,
          now: T0,
        },
      })
      .thenThrows('INVALID_ROWS', '3 rows need fixing.');
  });
  it('refuses set-up by a member', () => {
    given([created])
      .when({ type: 'AddPlayers', data: { players: [playerInput(1)], by: member, now: T0 } })
      .thenThrows('FORBIDDEN');
  });
  it('removes teams and players only before the auction starts', () => {
    given(setUp())
      .when({ type: 'RemoveTeam', data: { teamId: 2, by: admin, now: T0 } })
      .then([{ type: 'TeamRemoved', data: { teamId: 2 } }]);
    given(setUp())
      .when({ type: 'RemovePlayer', data: { playerId: 9, by: admin, now: T0 } })
      .thenThrows('PLAYER_NOT_FOUND');
    given([...setUp(), started(1)])
      .when({ type: 'RemovePlayer', data: { playerId: 2, by: admin, now: T0 } })
      .thenThrows('AUCTION_STARTED');
  });
  it('still takes new players while the auction runs, at the end of the list', () => {
    const { state } = given([...setUp(), started(1)])
      .when({ type: 'AddPlayers', data: { players: [playerInput(4)], by: admin, now: T0 } })
      .result();
    expect(state.status === 'active' && state.players.map((p) => [p.id, p.status])).toEqual([
      [1, 'live'],
      [2, 'pending'],
      [3, 'pending'],
      [4, 'pending'],
    ]);
  });
});

describe('when the admin starts the next player', () => {
  it('puts the first pending player up at the base price with a 30-second deadline', () => {
    given(setUp())
      .when({ type: 'StartNextPlayer', data: { by: admin, now: T0 } })
      .then([started(1)]);
  });
  it('refuses a member, an empty league and a second player while one is live', () => {
    given(setUp())
      .when({ type: 'StartNextPlayer', data: { by: member, now: T0 } })
      .thenThrows('FORBIDDEN');
    given([created, teamAdded(1)])
      .when({ type: 'StartNextPlayer', data: { by: admin, now: T0 } })
      .thenThrows('NOTHING_TO_AUCTION', 'Add teams and players before starting the auction.');
    given([...setUp(), started(1)])
      .when({ type: 'StartNextPlayer', data: { by: admin, now: T0 } })
      .thenThrows('PLAYER_UNDER_AUCTION');
  });
  it('takes pending players in order, then gives the unsold one more round', () => {
    const history: LeagueEvent[] = [
      ...setUp(2, 2),
      started(1),
      { type: 'PlayerUnsold', data: { playerId: 1, round: 1 } },
      started(2, T0 + 40_000),
      bid(2, 1, 55, T0 + 41_000),
      { type: 'PlayerSold', data: { playerId: 2, teamId: 1, price: 55 } },
    ];
    expect(nextPlayerUp(stateOf(history))?.id).toBe(1);
    given(history)
      .when({ type: 'StartNextPlayer', data: { by: admin, now: T0 + 100_000 } })
      .then([started(1, T0 + 100_000, 2)]);
    const afterSecond = [
      ...history,
      started(1, T0 + 100_000, 2),
      { type: 'PlayerUnsold', data: { playerId: 1, round: 2 } } as const,
    ];
    expect(nextPlayerUp(stateOf(afterSecond))).toBeUndefined();
  });
  it('refuses once the auction is finished', () => {
    given([...setUp(), { type: 'AuctionFinished', data: { reason: 'ended_by_admin' } }])
      .when({ type: 'StartNextPlayer', data: { by: admin, now: T0 } })
      .thenThrows('AUCTION_FINISHED', 'Auction Finished! No more unsold players.');
  });
});

describe('when a player is under auction', () => {
  const live = [...setUp(), started(1)];

  it('takes a bid of the base price plus its step from a team owner and resets the timer', () => {
    given(live)
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 20_000 } })
      .then([bid(1, 2, 55, T0 + 20_000)]);
  });
  it('steps each bid by the tier of the current bid', () => {
    given([...setUp(), started(1, T0, 1, 95)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 + 1 } })
      .then([bid(1, 1, 100, T0 + 1)]);
    given([...setUp(), started(1, T0, 1, 95), bid(1, 1, 100, T0 + 1)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 2 } })
      .then([bid(1, 2, 110, T0 + 2)]);
    given([...setUp(), started(1, T0, 1, 295), bid(1, 1, 305, T0 + 1)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 2 } })
      .then([bid(1, 2, 330, T0 + 2)]);
  });
  it('refuses a member without a team: view-only', () => {
    given(live)
      .when({ type: 'PlaceBid', data: { userId: 'admin-1', now: T0 } })
      .thenThrows('VIEW_ONLY', 'You are in view-only mode.');
  });
  it('refuses the team that already leads', () => {
    given([...live, bid(1, 2, 55, T0 + 1)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 2 } })
      .thenThrows('ALREADY_HIGHEST', 'You are already the highest bidder.');
  });
  it('refuses a team whose squad is full', () => {
    const full = [
      ...setUp(2, 3, { maxPlayers: 1, budget: 500 }),
      started(1),
      bid(1, 1, 55, T0),
      { type: 'PlayerSold', data: { playerId: 1, teamId: 1, price: 55 } } as const,
      started(2, T0 + 60_000),
    ];
    given(full)
      .when({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 + 61_000 } })
      .thenThrows('SQUAD_FULL');
  });
  it('applies the purse guard: the points left must fill the other slots at 30 each', () => {
    // Budget 150 for 3 players: after buying one, 2 slots × 30 = 60 must stay. 90 is the most it can bid.
    const tight = [...setUp(2, 3, { budget: 150, maxPlayers: 3 }), started(1, T0, 1, 85)];
    given(tight)
      .when({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 + 1 } })
      .then([bid(1, 1, 90, T0 + 1)]);
    given([...tight, bid(1, 1, 90, T0 + 1)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', now: T0 + 2 } })
      .thenThrows(
        'PURSE_GUARD',
        'Not enough points: after a bid of 95 you would have 55 left, but you must keep 60 to fill your other 2 slots at 30 each.',
      );
    expect(maxAffordableBid({ pointsLeft: 150, maxPlayers: 3, squadSize: 0 })).toBe(90);
  });
  it('refuses an amount that is not the next bid (stale) and accepts the exact one', () => {
    given([...live, bid(1, 1, 55, T0 + 1)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', amount: 55, now: T0 + 2 } })
      .thenThrows('BID_STALE', 'The bid has moved on: the next bid is 60 points.');
    given([...live, bid(1, 1, 55, T0 + 1)])
      .when({ type: 'PlaceBid', data: { userId: 'owner-2', amount: 60, now: T0 + 2 } })
      .then([bid(1, 2, 60, T0 + 2)]);
  });
  it('refuses a bid at or after the deadline', () => {
    given(live)
      .when({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 + 30_000 } })
      .thenThrows('BIDDING_CLOSED');
  });
  it('refuses a bid when no player is under auction', () => {
    given(setUp())
      .when({ type: 'PlaceBid', data: { userId: 'owner-1', now: T0 } })
      .thenThrows('NO_PLAYER_UNDER_AUCTION', 'No auction in progress.');
  });
  it('cannot be ended by the admin until the player is closed', () => {
    given(live)
      .when({ type: 'EndAuction', data: { by: admin, now: T0 } })
      .thenThrows('PLAYER_UNDER_AUCTION');
  });
});

describe('when the deadline comes', () => {
  const live = [...setUp(), started(1)];

  it('does nothing before the deadline, or when no player is live', () => {
    given(live)
      .when({ type: 'ClosePlayer', data: { now: T0 + 29_999 } })
      .thenNothing();
    given(setUp())
      .when({ type: 'ClosePlayer', data: { now: T0 + 60_000 } })
      .thenNothing();
  });
  it('waits for the deadline a bid moved on', () => {
    given([...live, bid(1, 2, 55, T0 + 20_000)])
      .when({ type: 'ClosePlayer', data: { now: T0 + 30_000 } })
      .thenNothing();
  });
  it('sells to the leader: points deducted, squad raised, back to waiting for the admin', () => {
    const { events, state } = given([...live, bid(1, 2, 55, T0 + 1), bid(1, 3, 60, T0 + 2)])
      .when({ type: 'ClosePlayer', data: { now: T0 + 30_002 } })
      .result();
    expect(events).toEqual([{ type: 'PlayerSold', data: { playerId: 1, teamId: 3, price: 60 } }]);
    const s = state.status === 'waiting' ? state : null;
    expect(s?.teams.find((t) => t.id === 3)).toMatchObject({ pointsLeft: 940, playerIds: [1] });
    expect(s?.players[0]).toMatchObject({ status: 'sold', teamId: 3, finalBid: 60 });
  });
  it('marks the player unsold when nobody bid', () => {
    given(live)
      .when({ type: 'ClosePlayer', data: { now: T0 + 30_000 } })
      .then([{ type: 'PlayerUnsold', data: { playerId: 1, round: 1 } }]);
  });
  it('finishes the auction when nobody is left', () => {
    given([...setUp(2, 1), started(1), bid(1, 1, 55, T0 + 1)])
      .when({ type: 'ClosePlayer', data: { now: T0 + 40_000 } })
      .then([
        { type: 'PlayerSold', data: { playerId: 1, teamId: 1, price: 55 } },
        { type: 'AuctionFinished', data: { reason: 'no_players_left' } },
      ]);
    given([
      ...setUp(2, 1),
      started(1),
      { type: 'PlayerUnsold', data: { playerId: 1, round: 1 } },
      started(1, T0 + 50_000, 2),
    ])
      .when({ type: 'ClosePlayer', data: { now: T0 + 80_000 } })
      .then([
        { type: 'PlayerUnsold', data: { playerId: 1, round: 2 } },
        { type: 'AuctionFinished', data: { reason: 'no_players_left' } },
      ]);
  });
});

describe('when the admin ends the auction', () => {
  it('finishes it while waiting', () => {
    given(setUp())
      .when({ type: 'EndAuction', data: { by: admin, now: T0 } })
      .then([{ type: 'AuctionFinished', data: { reason: 'ended_by_admin' } }]);
  });
  it('is admin only and happens once', () => {
    given(setUp())
      .when({ type: 'EndAuction', data: { by: member, now: T0 } })
      .thenThrows('FORBIDDEN');
    given([...setUp(), { type: 'AuctionFinished', data: { reason: 'ended_by_admin' } }])
      .when({ type: 'EndAuction', data: { by: admin, now: T0 } })
      .thenThrows('AUCTION_FINISHED');
  });
});

describe('the folded state', () => {
  it('tracks status through set-up, live, waiting and finished', () => {
    expect(stateOf([]).status).toBe('none');
    expect(openState(setUp()).status).toBe('setup');
    const live = openState([...setUp(), started(2)]);
    expect(live.status === 'active' && live.lot).toEqual({
      playerId: 2,
      round: 1,
      currentBid: 50,
      leaderTeamId: null,
      deadline: T0 + 30_000,
      bids: [],
      pausedRemainingMs: null,
    });
    expect(openState([...setUp(), started(2), { type: 'PlayerUnsold', data: { playerId: 2, round: 1 } }]).status).toBe(
      'waiting',
    );
  });
});
