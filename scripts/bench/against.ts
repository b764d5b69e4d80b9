import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from './harness.ts';
import { roundTripOn } from './realtime.ts';
import type { Measured } from './realtime/figures.ts';
import { ATTEMPTS, SEATS } from './realtime/figures.ts';
import type { Child } from './realtime/ipc.ts';
import { forkChild } from './realtime/ipc.ts';
import type { BenchRoom } from './realtime/fixture.ts';

/** Timed rooms a side plays in a round (each round adds one untimed warm-up room). */
const ROOMS = 10;

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Series = Record<'rate' | 'p50' | 'p99' | 'cpu', number[]>;
const seriesOf = (runs: readonly Measured[]): Series => ({
  rate: runs.map(({ run }) => (run.accepted / run.ms) * 1000),
  p50: runs.map(({ run }) => run.rtt.p50),
  p99: runs.map(({ run }) => run.rtt.p99),
  cpu: runs.map(({ run, cpu }) => (cpu[0]! / run.accepted) * 1000),
});

/**
 * `npm run bench -- --against <checkout> [--quick]`: the bid round trip of this checkout's server
 * against another checkout's (a worktree of the commit before a change, with its dependencies),
 * in one run: both servers up at once, one client, rounds of ten rooms on each in turn, the order
 * swapped every round (10 rounds, 4 quick, after one not counted). Two servers timed in the same seconds differ by far
 * less than two runs minutes apart on this shared machine, so a change to a deal's path shows in a
 * few minutes: how many rounds it won, and the medians.
 */
export const roundTripAgainst = async (other: string, quick: boolean): Promise<Figure[]> => {
  if (!existsSync(join(other, 'scripts/bench/realtime/servers.ts')) || !existsSync(join(other, 'node_modules')))
    throw new Error(
      `${other} is not a checkout of this repository with its node_modules (git worktree add, then link or install them)`,
    );
  const rounds = quick ? 4 : 10;
  const clients = await forkChild('clients.ts');
  const sides: { server: Child; rooms: BenchRoom[]; runs: Measured[] }[] = [];
  try {
    // The other checkout first, then this one.
    for (const [tag, checkout] of [
      ['AB', other],
      ['AA', undefined],
    ] as const) {
      const server = await forkChild('servers.ts', ['app'], checkout);
      const count = (rounds + 1) * (ROOMS + 1);
      const rooms = await server.call<BenchRoom[]>({ type: 'rooms', tag, count, seats: SEATS, start: true });
      sides.push({ server, rooms, runs: [] });
    }
    // Round 0 is not counted: each server's start (its rooms' start notices, the code's first
    // runs) is behind it before the first counted round.
    for (let round = 0; round <= rounds; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const rooms = side.rooms.slice(round * (ROOMS + 1), (round + 1) * (ROOMS + 1));
        const measured = await roundTripOn(side.server, clients, rooms, ROOMS * SEATS * ATTEMPTS, 60);
        if (round > 0) side.runs.push(measured);
      }
    }
  } finally {
    await Promise.all([clients, ...sides.map((s) => s.server)].map((c) => c.stop()));
  }
  const before = seriesOf(sides[0]!.runs);
  const after = seriesOf(sides[1]!.runs);
  const won = (key: keyof Series, better: (a: number, b: number) => boolean) =>
    after[key].filter((value, i) => better(value, before[key][i]!)).length;
  const ms = (values: number[]) => `${median(values).toFixed(3)} ms`;
  return [
    {
      name: `bid round trip against ${other}: ${rounds} rounds of ${ROOMS * SEATS * ATTEMPTS} deals each, alternated`,
      value: Math.round(median(after.rate)),
      unit: 'bids/s',
      baseline: { name: 'the other checkout, same rounds', value: Math.round(median(before.rate)), unit: 'bids/s' },
      ratio: median(after.rate) / median(before.rate),
      notes:
        `medians; ahead in ${won('rate', (a, b) => a > b)} of ${rounds} rounds; ` +
        `p50 ${ms(before.p50)} → ${ms(after.p50)} (lower in ${won('p50', (a, b) => a < b)}); ` +
        `p99 ${ms(before.p99)} → ${ms(after.p99)} (lower in ${won('p99', (a, b) => a < b)}); ` +
        `server CPU ${ms(before.cpu)} → ${ms(after.cpu)} a deal`,
    },
  ];
};
