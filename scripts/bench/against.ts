import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from './harness.ts';
import { median } from './harness.ts';
import { roundTripOn, stormOn } from './realtime.ts';
import type { Measured } from './realtime/figures.ts';
import { ATTEMPTS, SEATS } from './realtime/figures.ts';
import type { Child } from './realtime/ipc.ts';
import { forkChild } from './realtime/ipc.ts';
import type { BenchRoom } from './realtime/fixture.ts';

type Series = Record<'rate' | 'p50' | 'p99' | 'cpu', number[]>;

/**
 * Both servers up at once, the other checkout's and this one's, one client process: `rounds`
 * rounds of `play` on each in turn, the order swapped every round, after one round not counted
 * (each server's start — its rooms' start notices, the code's first runs — is behind it then).
 * Each round plays fresh rooms, `perRound` of them, made at the start.
 */
const alternated = async (
  other: string,
  rounds: number,
  perRound: number,
  play: (server: Child, clients: Child, rooms: BenchRoom[]) => Promise<Measured>,
  pick: (measured: Measured) => Record<keyof Series, number>,
): Promise<[Series, Series]> => {
  if (!existsSync(join(other, 'scripts/bench/realtime/servers.ts')) || !existsSync(join(other, 'node_modules')))
    throw new Error(
      `${other} is not a checkout of this repository with its node_modules (git worktree add, then link or install them)`,
    );
  const clients = await forkChild('clients.ts');
  const sides: { server: Child; rooms: BenchRoom[]; series: Series }[] = [];
  try {
    for (const [tag, checkout] of [
      ['AB', other],
      ['AA', undefined],
    ] as const) {
      const server = await forkChild('servers.ts', ['app'], checkout);
      const count = (rounds + 1) * perRound;
      const rooms = await server.call<BenchRoom[]>({ type: 'rooms', tag, count, seats: SEATS, start: true });
      sides.push({ server, rooms, series: { rate: [], p50: [], p99: [], cpu: [] } });
    }
    for (let round = 0; round <= rounds; round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const measured = await play(side.server, clients, side.rooms.slice(round * perRound, (round + 1) * perRound));
        if (round === 0) continue;
        const figures = pick(measured);
        for (const key of Object.keys(side.series) as (keyof Series)[]) side.series[key].push(figures[key]);
      }
    }
  } finally {
    await Promise.all([clients, ...sides.map((s) => s.server)].map((c) => c.stop()));
  }
  return [sides[0]!.series, sides[1]!.series];
};

/** The medians of both sides and how many rounds this checkout won on each. */
const compared = (before: Series, after: Series, rounds: number) => {
  const won = (key: keyof Series, better: (a: number, b: number) => boolean) =>
    after[key].filter((value, i) => better(value, before[key][i]!)).length;
  const ms = (values: number[]) => `${median(values).toFixed(3)} ms`;
  const lower = (key: keyof Series, label: string = key) =>
    `${label} ${ms(before[key])} → ${ms(after[key])} (lower in ${won(key, (a, b) => a < b)})`;
  return {
    value: Math.round(median(after.rate)),
    unit: 'bids/s',
    baseline: { name: 'the other checkout, same rounds', value: Math.round(median(before.rate)), unit: 'bids/s' },
    ratio: median(after.rate) / median(before.rate),
    notes: `medians; ahead in ${won('rate', (a, b) => a > b)} of ${rounds} rounds; ${lower('p50')}; ${lower('p99')}; server ${lower('cpu', 'CPU')} a deal`,
  };
};

const perDeal = ({ run, cpu }: Measured) => (cpu[0]! / run.accepted) * 1000;
const perSecond = ({ run }: Measured) => (run.accepted / run.ms) * 1000;

/**
 * `npm run bench -- --against <checkout> [--quick] [--storm]`: this checkout's server against
 * another checkout's (a worktree of the commit before a change, with its dependencies), in one run
 * (`alternated`). Two servers timed in the same seconds differ by far less than two runs minutes
 * apart on this shared machine, so a change shows in a few minutes: the medians, and how many
 * rounds it won. The bid round trip: ten rounds of ten rooms (4 quick); `--storm`: the deal-room
 * storm, four rounds of 50 rooms with ten watchers each (2 quick), its p50 and p99 the
 * every-watcher latency.
 */
export const against = async (other: string, quick: boolean, storm: boolean): Promise<Figure[]> => {
  if (storm) {
    const rounds = quick ? 2 : 4;
    const rooms = 50;
    const [before, after] = await alternated(
      other,
      rounds,
      rooms,
      (server, clients, played) => stormOn(server, clients, played, 10, 90),
      (m) => ({
        rate: perSecond(m),
        p50: m.run.everyWatcher!.p50,
        p99: m.run.everyWatcher!.p99,
        cpu: perDeal(m),
      }),
    );
    return [
      {
        name: `storm against ${other}: ${rounds} rounds of ${rooms} rooms × ${SEATS} bidders + ${rooms * 10} watchers, alternated (p50, p99: bid → every watcher)`,
        ...compared(before, after, rounds),
      },
    ];
  }
  const rounds = quick ? 4 : 10;
  const rooms = 10;
  const [before, after] = await alternated(
    other,
    rounds,
    rooms + 1,
    // The first room of each round warms up, untimed (`roundTripOn`).
    (server, clients, played) => roundTripOn(server, clients, played, rooms * SEATS * ATTEMPTS, 60),
    (m) => ({ rate: perSecond(m), p50: m.run.rtt.p50, p99: m.run.rtt.p99, cpu: perDeal(m) }),
  );
  return [
    {
      name: `bid round trip against ${other}: ${rounds} rounds of ${rooms * SEATS * ATTEMPTS} deals each, alternated`,
      ...compared(before, after, rounds),
    },
  ];
};
