import type { Admin, LeagueEvent, PlayerInput, PlayerRole, TeamInput } from '../../engine/league.ts';
import { leagueCode } from '../../engine/league.ts';

export const T0 = Date.parse('2026-11-22T10:00:00.000Z');
export const admin: Admin = { userId: 'admin-1', role: 'admin' };
export const member: Admin = { userId: 'member-9', role: 'member' };
export const CODE = leagueCode('APL2026');

export const teamInput = (n: number, overrides: Partial<TeamInput> = {}): TeamInput => ({
  name: `Team ${n}`,
  ownerUserId: `owner-${n}`,
  ownerName: `Owner ${n}`,
  budget: 1000,
  maxPlayers: 5,
  ...overrides,
});

export const playerInput = (n: number, overrides: Partial<PlayerInput> = {}): PlayerInput => ({
  name: `Player ${n}`,
  role: (['Batter', 'Bowler', 'All-rounder', 'Wicket-keeper'] as PlayerRole[])[n % 4]!,
  basePrice: 50,
  ...overrides,
});

export const created: LeagueEvent = {
  type: 'LeagueCreated',
  data: { code: CODE, name: 'Chepauk Premier League', createdBy: admin.userId },
};

export const teamAdded = (n: number, overrides: Partial<TeamInput> = {}): LeagueEvent => ({
  type: 'TeamAdded',
  data: { ...teamInput(n, overrides), teamId: n },
});

export const playerAdded = (n: number, overrides: Partial<PlayerInput> = {}): LeagueEvent => ({
  type: 'PlayerAdded',
  data: { ...playerInput(n, overrides), playerId: n },
});

/** A league with `teams` teams and `players` players, auction not started. */
export const setUp = (teams = 3, players = 3, team: Partial<TeamInput> = {}): LeagueEvent[] => [
  created,
  ...Array.from({ length: teams }, (_, i) => teamAdded(i + 1, team)),
  ...Array.from({ length: players }, (_, i) => playerAdded(i + 1)),
];

export const started = (playerId: number, at = T0, round = 1, startingBid = 50): LeagueEvent => ({
  type: 'PlayerAuctionStarted',
  data: { playerId, round, startingBid, deadline: at + 30_000 },
});

export const bid = (playerId: number, teamId: number, amount: number, at: number): LeagueEvent => ({
  type: 'BidPlaced',
  data: { playerId, teamId, amount, deadline: at + 30_000 },
});
