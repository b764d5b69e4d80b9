import { describe, expect, it } from 'vitest';
import type { AplPlayer, AplSnapshot, AplTeam } from '../../api/contract/index.ts';
import type { LeagueAction, LeagueView } from '../../web/src/stores/league.ts';
import { bidButtonOf, finishedMessage, initialLeagueView, leagueReducer } from '../../web/src/stores/league.ts';

const player = (id: number, overrides: Partial<AplPlayer> = {}): AplPlayer => ({
  id,
  name: `Player ${id}`,
  role: 'Batter',
  base_price: 50,
  status: 'pending',
  team_id: null,
  sold_team_name: null,
  final_bid: null,
  ...overrides,
});
const team = (id: number, overrides: Partial<AplTeam> = {}): AplTeam => ({
  id,
  team_name: `Team ${id}`,
  owner_name: `Owner ${id}`,
  remaining_points: 300,
  current_players_count: 0,
  max_players_count: 3,
  ...overrides,
});
const snapshot: AplSnapshot = {
  league: { code: 'APL1', name: 'Delta Cup', status: 'waiting', endMessage: null, roleQuotas: {} },
  players: [player(1), player(2)],
  teams: [team(1), team(2)],
  lot: null,
  myTeam: { team_id: 1, team_name: 'Team 1' },
  isAdmin: false,
  revision: 5,
  serverTime: 0,
};
const fold = (...actions: LeagueAction[]): LeagueView => actions.reduce(leagueReducer, initialLeagueView);
const joined: LeagueAction = { type: 'snapshot', snapshot };
const start: LeagueAction = {
  type: 'apl_auction_start',
  payload: { player: { ...player(1), status: 'live' }, currentBid: 50, deadline: 30_000, round: 1, revision: 6 },
};

describe('the league screen reducer', () => {
  it('takes the snapshot whole', () => {
    expect(fold(joined)).toMatchObject({
      status: 'ready',
      revision: 5,
      myTeam: { team_id: 1 },
      players: snapshot.players,
    });
  });
  it('starts a player: the lot is set, the highest bidder cleared, the result hidden, the status active', () => {
    const s = fold(joined, start);
    expect(s.lot).toEqual({
      player: { ...player(1), status: 'live' },
      currentBid: 50,
      deadline: 30_000,
      round: 1,
      highestBidder: null,
      pausedRemainingMs: null,
    });
    expect(s.players[0]!.status).toBe('live');
    expect(s.league?.status).toBe('active');
  });
  it('replaces bid and bidder and the deadline on each bid', () => {
    const s = fold(joined, start, {
      type: 'apl_bid_update',
      payload: { currentBid: 55, highestBidder: { team_id: 2, team_name: 'Team 2' }, deadline: 40_000, revision: 7 },
    });
    expect(s.lot).toMatchObject({ currentBid: 55, highestBidder: { team_name: 'Team 2' }, deadline: 40_000 });
    expect(s.stale).toBe(false);
  });
  it('shows SOLD with the team, clears the lot and returns to waiting', () => {
    const sold = player(1, { status: 'sold', team_id: 2, sold_team_name: 'Team 2', final_bid: 55 });
    const s = fold(joined, start, {
      type: 'apl_player_sold',
      payload: { player: sold, team: { team_id: 2, team_name: 'Team 2' }, revision: 7 },
    });
    expect(s.lot).toBeNull();
    expect(s.result).toEqual({ player: sold, team: { team_id: 2, team_name: 'Team 2' } });
    expect(s.players[0]).toEqual(sold);
    expect(s.league?.status).toBe('waiting');
  });
  it('finishes with the spec’s alert', () => {
    const s = fold(joined, {
      type: 'apl_auction_end',
      payload: { message: 'Auction Finished! No more unsold players.', revision: 6 },
    });
    expect(s.alert).toBe('Auction Finished! No more unsold players.');
    expect(finishedMessage(s)).toBe('Auction Finished! No more unsold players.');
    expect(s.lot).toBeNull();
  });
  it('pauses and resumes the lot’s clock, and takes back an undone bid with the admin’s reason', () => {
    const bid: LeagueAction = {
      type: 'apl_bid_update',
      payload: { currentBid: 55, highestBidder: { team_id: 2, team_name: 'Team 2' }, deadline: 40_000, revision: 7 },
    };
    const paused = fold(joined, start, bid, {
      type: 'apl_auction_paused',
      payload: { paused: true, remainingMs: 12_000, deadline: 40_000, revision: 8 },
    });
    expect(paused.lot).toMatchObject({ pausedRemainingMs: 12_000, currentBid: 55 });
    const undone = leagueReducer(paused, {
      type: 'apl_bid_undone',
      payload: {
        team: { team_id: 2, team_name: 'Team 2' },
        amount: 55,
        reason: 'Tapped twice',
        currentBid: 50,
        highestBidder: null,
        deadline: 70_000,
        revision: 9,
      },
    });
    expect(undone.lot).toMatchObject({ currentBid: 50, highestBidder: null, pausedRemainingMs: 30_000 });
    expect(undone.alert).toBe('The admin undid Team 2’s bid of 55 points: Tapped twice');
    const resumed = leagueReducer(undone, {
      type: 'apl_auction_paused',
      payload: { paused: false, remainingMs: null, deadline: 100_000, revision: 10 },
    });
    expect(resumed.lot).toMatchObject({ pausedRemainingMs: null, deadline: 100_000 });
    expect(resumed.revision).toBe(10);
  });

  it('notices a missed update by its revision', () => {
    expect(fold(joined, { type: 'apl_wait_for_admin', payload: { revision: 6 } }).stale).toBe(false);
    expect(fold(joined, { type: 'apl_wait_for_admin', payload: { revision: 8 } }).stale).toBe(true);
  });
});

describe('the bid button', () => {
  const live = fold(joined, start);
  it('reads Place Bid (+increment) and sends current plus increment', () => {
    expect(bidButtonOf(live, 20)).toEqual({ show: true, increment: 5, amount: 55, disabled: false, reason: null });
  });
  it('is not shown to a member without a team or when no player is up', () => {
    expect(bidButtonOf({ ...live, myTeam: null }, 20)).toEqual({ show: false });
    expect(bidButtonOf(fold(joined), 20)).toEqual({ show: false });
  });
  it('is disabled for the leader, a full squad, a purse that cannot cover it, and at zero seconds', () => {
    const leading = { ...live, lot: { ...live.lot!, highestBidder: { team_id: 1, team_name: 'Team 1' } } };
    expect(bidButtonOf(leading, 20)).toMatchObject({ disabled: true, reason: 'You are the highest bidder' });
    expect(bidButtonOf({ ...live, teams: [team(1, { current_players_count: 3 })] }, 20)).toMatchObject({
      reason: 'Your squad is full.',
    });
    expect(bidButtonOf({ ...live, teams: [team(1, { remaining_points: 110 })] }, 20)).toMatchObject({
      disabled: true,
      reason: 'Not enough points: you can bid up to 50 for this player.',
    });
    expect(bidButtonOf(live, 0)).toMatchObject({ disabled: true });
  });
});
