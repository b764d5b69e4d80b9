import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../engine/decider.ts';
import type { LeagueCommand, LeagueEvent, LeagueState } from '../../engine/league.ts';
import { MIN_BASE_PRICE, leagueDecider, nextBidAmount } from '../../engine/league.ts';
import { T0, admin, created, playerAdded, teamAdded } from './leagueFixtures.ts';

/** The spec's tiers written out again, so the engine is not its own oracle. */
const specStep = (bid: number): number => (bid >= 300 ? 25 : bid >= 100 ? 10 : 5);
const reachable = (base: number, price: number): boolean => {
  let at = base;
  while (at < price) at += specStep(at);
  return at === price;
};

type Step =
  | { kind: 'start' }
  | { kind: 'bid'; owner: number; exact: boolean }
  | { kind: 'wait'; ms: number }
  | { kind: 'close' }
  | { kind: 'end' };

const teamArb = fc.integer({ min: 1, max: 5 }).chain((maxPlayers) =>
  fc.record({
    maxPlayers: fc.constant(maxPlayers),
    budget: fc.integer({ min: maxPlayers * MIN_BASE_PRICE, max: 700 }),
  }),
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'start' as const }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      owner: fc.integer({ min: 0, max: 6 }),
      exact: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 40_000 }) }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'close' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'end' as const }) },
);

const leagueArb = fc.record({
  teams: fc.array(teamArb, { minLength: 1, maxLength: 5 }),
  basePrices: fc.array(fc.integer({ min: MIN_BASE_PRICE, max: 320 }), { minLength: 1, maxLength: 12 }),
  steps: fc.array(stepArb, { maxLength: 150 }),
});

interface Run {
  state: LeagueState;
  log: LeagueEvent[];
  now: number;
}

const run = (r: Run, command: LeagueCommand): void => {
  try {
    const events = leagueDecider.decide(command, r.state);
    for (const e of events) r.state = leagueDecider.evolve(r.state, e);
    r.log.push(...events);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
};

const commandFor = (r: Run, step: Step): LeagueCommand | null => {
  switch (step.kind) {
    case 'start':
      return { type: 'StartNextPlayer', data: { by: admin, now: r.now } };
    case 'bid': {
      const current = r.state.status === 'active' ? r.state.lot.currentBid : 0;
      const amount = step.exact ? (nextBidAmount(current) ?? undefined) : undefined;
      return { type: 'PlaceBid', data: { userId: `owner-${step.owner}`, amount, now: r.now } };
    }
    case 'wait':
      r.now += step.ms;
      return { type: 'ClosePlayer', data: { now: r.now } };
    case 'close':
      return { type: 'ClosePlayer', data: { now: r.now } };
    case 'end':
      return { type: 'EndAuction', data: { by: admin, now: r.now } };
  }
};

const checkInvariants = (r: Run): void => {
  const s = r.state;
  if (s.status === 'none') throw new Error('league missing');
  for (const team of s.teams) {
    expect(team.pointsLeft).toBeGreaterThanOrEqual(0);
    expect(team.playerIds.length).toBeLessThanOrEqual(team.maxPlayers);
    // The purse guard: what is left always fills the empty slots at the minimum price.
    expect(team.pointsLeft).toBeGreaterThanOrEqual((team.maxPlayers - team.playerIds.length) * MIN_BASE_PRICE);
    const paid = team.playerIds.reduce((sum, id) => sum + (s.players.find((p) => p.id === id)?.finalBid ?? NaN), 0);
    expect(team.budget - team.pointsLeft).toBe(paid);
  }
  const sold = r.log.filter((e) => e.type === 'PlayerSold');
  const soldIds = sold.map((e) => e.data.playerId);
  expect(new Set(soldIds).size).toBe(soldIds.length);
  const owners = s.teams.flatMap((t) => t.playerIds);
  expect(new Set(owners).size).toBe(owners.length);
  for (const e of sold) {
    const player = s.players.find((p) => p.id === e.data.playerId)!;
    expect(e.data.price).toBeGreaterThan(player.basePrice);
    expect(reachable(player.basePrice, e.data.price)).toBe(true);
  }
};

/** Every accepted bid is exactly the previous bid plus its tier's step, from a team that did not lead. */
const checkBids = (log: LeagueEvent[]): void => {
  let current = 0;
  let leader: number | null = null;
  for (const e of log) {
    if (e.type === 'PlayerAuctionStarted') [current, leader] = [e.data.startingBid, null];
    if (e.type === 'BidPlaced') {
      expect(e.data.amount).toBe(current + specStep(current));
      expect(e.data.teamId).not.toBe(leader);
      [current, leader] = [e.data.amount, e.data.teamId];
    }
  }
};

const setUpRun = (teams: { maxPlayers: number; budget: number }[], basePrices: number[]): Run => {
  const r: Run = { state: leagueDecider.initialState, log: [], now: T0 };
  const events = [
    created,
    ...teams.map((t, i) => teamAdded(i + 1, t)),
    ...basePrices.map((basePrice, i) => playerAdded(i + 1, { basePrice })),
  ];
  for (const e of events) r.state = leagueDecider.evolve(r.state, e);
  return r;
};

describe('the league auction over random bidding histories', () => {
  it('never lets points go negative, squads overflow, prices leave the tiers, a player sell twice or the purse guard break', () => {
    fc.assert(
      fc.property(leagueArb, ({ teams, basePrices, steps }) => {
        const r = setUpRun(teams, basePrices);
        for (const step of steps) {
          const command = commandFor(r, step);
          if (command) run(r, command);
          checkInvariants(r);
        }
        checkBids(r.log);
      }),
      { numRuns: 300 },
    );
  });

  it('sells each lot to the team that led when its time ran out, whatever the admin pauses, resumes or undoes after', () => {
    const control = fc.constantFrom('pause' as const, 'resume' as const, 'undo' as const);
    const steps = fc.array(
      fc.oneof(
        { weight: 6, arbitrary: stepArb },
        { weight: 3, arbitrary: control },
        // Time passes before the closer comes round: the gap an admin's control can fall in.
        { weight: 2, arbitrary: fc.integer({ min: 0, max: 40_000 }) },
      ),
      { minLength: 30, maxLength: 60 },
    );
    fc.assert(
      fc.property(leagueArb, steps, ({ teams, basePrices }, controlSteps) => {
        const r = setUpRun(teams, basePrices);
        const atTimeUp = new Map<string, { teamId: number | null; price: number }>();
        for (const step of controlSteps) {
          let command: LeagueCommand | null = null;
          if (typeof step === 'number') r.now += step;
          else if (step === 'pause') command = { type: 'PauseAuction', data: { by: admin, now: r.now } };
          else if (step === 'resume') command = { type: 'ResumeAuction', data: { by: admin, now: r.now } };
          else if (step === 'undo')
            command = { type: 'UndoLastBid', data: { by: admin, reason: 'Bid by mistake', now: r.now } };
          else command = commandFor(r, step);
          const s = r.state;
          if (s.status === 'active' && s.lot.pausedRemainingMs === null && r.now >= s.lot.deadline) {
            const key = `${s.lot.playerId}:${s.lot.round}`;
            if (!atTimeUp.has(key)) atTimeUp.set(key, { teamId: s.lot.leaderTeamId, price: s.lot.currentBid });
          }
          const round = s.status === 'active' ? s.lot.round : 0;
          const logged = r.log.length;
          if (command) run(r, command);
          for (const e of r.log.slice(logged)) {
            if (e.type === 'PlayerSold')
              expect({ teamId: e.data.teamId, price: e.data.price }).toEqual(
                atTimeUp.get(`${e.data.playerId}:${round}`),
              );
            if (e.type === 'PlayerUnsold')
              expect(atTimeUp.get(`${e.data.playerId}:${e.data.round}`)?.teamId).toBeNull();
          }
        }
        checkInvariants(r);
      }),
      { numRuns: 200 },
    );
  });

  it('always finishes when the admin keeps starting players and the clock runs', () => {
    fc.assert(
      fc.property(leagueArb, ({ teams, basePrices, steps }) => {
        const r = setUpRun(teams, basePrices);
        for (const step of steps.filter((s) => s.kind !== 'end')) {
          const command = commandFor(r, step);
          if (command) run(r, command);
        }
        for (let i = 0; i < 100 && r.state.status !== 'finished'; i++) {
          run(r, { type: 'StartNextPlayer', data: { by: admin, now: r.now } });
          r.now += 30_000;
          run(r, { type: 'ClosePlayer', data: { now: r.now } });
        }
        expect(r.state.status).toBe('finished');
        if (r.state.status === 'none') return;
        for (const p of r.state.players) {
          expect(p.status === 'sold' || (p.status === 'unsold' && p.rounds === 2)).toBe(true);
        }
        checkInvariants(r);
      }),
      { numRuns: 200 },
    );
  });
});
