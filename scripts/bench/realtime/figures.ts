import type { Figure } from '../harness.ts';
import { rate } from '../harness.ts';
import type { BidRun } from './clients.ts';
import type { settledMemory } from './ipc.ts';

export const SEATS = 10;
export const ATTEMPTS = 5;
export const MB = 2 ** 20;

/** One workload's result and the CPU seconds its [server, clients] used meanwhile. */
export interface Measured {
  run: BidRun;
  cpu: number[];
}
export interface MemoryFigure {
  empty: Awaited<ReturnType<typeof settledMemory>>;
  full: Awaited<ReturnType<typeof settledMemory>>;
  perSocket: number;
  heapPerSocket: number;
}

const mean = (a: number, b: number) => (a + b) / 2;

/** A baseline measured before and after the figure: counts and times add up, percentiles average. */
export const bothSides = (a: Measured, b: Measured): Measured => ({
  run: {
    accepted: a.run.accepted + b.run.accepted,
    ms: a.run.ms + b.run.ms,
    rtt: { p50: mean(a.run.rtt.p50, b.run.rtt.p50), p99: mean(a.run.rtt.p99, b.run.rtt.p99) },
    everyWatcher:
      a.run.everyWatcher && b.run.everyWatcher
        ? {
            p50: mean(a.run.everyWatcher.p50, b.run.everyWatcher.p50),
            p99: mean(a.run.everyWatcher.p99, b.run.everyWatcher.p99),
            missing: a.run.everyWatcher.missing + b.run.everyWatcher.missing,
          }
        : undefined,
    errors: { ...a.run.errors, ...b.run.errors },
  },
  cpu: a.cpu.map((c, i) => c + b.cpu[i]!),
});

const ms = (v: number) => `${v.toFixed(v < 1 ? 2 : 1)} ms`;
const busy = (m: Measured) =>
  `server CPU ${Math.round((m.cpu[0]! * 1e5) / m.run.ms)}%, clients ${Math.round((m.cpu[1]! * 1e5) / m.run.ms)}% of one core`;

export const realtimeTable = (
  size: { live: number; memory: number },
  watchers: number,
  m: {
    roundTrip: Measured;
    echo: Measured;
    durable: number;
    storm: Measured;
    broadcast: Measured;
    appMemory: MemoryFigure;
    rawMemory: MemoryFigure;
  },
): Figure[] => {
  const { durable: durableRate, appMemory, rawMemory } = m;
  const rt = m.roundTrip.run;
  const echo = m.echo.run;
  const storm = m.storm.run;
  const broadcast = m.broadcast.run;
  const rtRate = rate(rt.accepted, rt.ms);
  const echoRate = rate(echo.accepted, echo.ms);
  // The least a deal can cost here: the echo's round trip, one durable commit, and one write to
  // each of its room's sockets at what the bare broadcast server pays per socket write.
  const echoMs = 1000 / echoRate;
  const commitMs = 1000 / durableRate;
  const perWriteMs = (m.broadcast.cpu[0]! * 1000) / broadcast.accepted / (SEATS + watchers + 1);
  const floorMs = echoMs + commitMs + SEATS * perWriteMs;
  const ceiling = echoMs / floorMs;
  const stormRate = rate(storm.accepted, storm.ms);
  const rawStormRate = rate(broadcast.accepted, broadcast.ms);
  const every = storm.everyWatcher!;
  const rawEvery = broadcast.everyWatcher!;
  const rooms = `${size.live} rooms × ${SEATS} bidders + ${(size.live * watchers).toLocaleString('en-IN')} watchers`;
  return [
    {
      name: 'bid round trip: placeBid → ack after durable append, 1 client in a loop',
      value: rtRate,
      unit: 'bids/s',
      baseline: { name: 'raw socket.io emit/ack echo', value: echoRate, unit: 'acks/s' },
      ratio: rtRate / echoRate,
      target: '≥ 0.5',
      met: rtRate / echoRate >= 0.5,
      notes: `p50 ${ms(rt.rtt.p50)}, p99 ${ms(rt.rtt.p99)} (echo p50 ${ms(echo.rtt.p50)}, p99 ${ms(echo.rtt.p99)}); floor here: echo ${ms(echoMs)} + one commit ${ms(commitMs)} + ${SEATS} socket writes ${ms(SEATS * perWriteMs)} = ${ms(floorMs)}, so at most ${ceiling.toFixed(2)}×`,
      extra: {
        p50Ms: rt.rtt.p50,
        p99Ms: rt.rtt.p99,
        echoP50Ms: echo.rtt.p50,
        echoP99Ms: echo.rtt.p99,
        durableInsertRate: durableRate,
        ofDurableInsertRate: rtRate / durableRate,
        echoMs,
        commitMs,
        socketWriteMs: perWriteMs,
        floorMs,
        ceilingRatio: ceiling,
        bids: rt.accepted,
        load: busy(m.roundTrip),
        refusals: JSON.stringify(rt.errors),
      },
    },
    {
      name: `${rooms}: accepted bids`,
      value: stormRate,
      unit: 'bids/s',
      baseline: { name: 'raw socket.io broadcast, same sockets', value: rawStormRate, unit: 'bids/s' },
      ratio: stormRate / rawStormRate,
      notes: `${storm.accepted} bids; ack p50 ${ms(storm.rtt.p50)}, p99 ${ms(storm.rtt.p99)}; ${busy(m.storm)}`,
      extra: {
        bids: storm.accepted,
        rawBids: broadcast.accepted,
        ackP50Ms: storm.rtt.p50,
        ackP99Ms: storm.rtt.p99,
        load: busy(m.storm),
        rawLoad: busy(m.broadcast),
        serverCpuMsPerBid: (m.storm.cpu[0]! * 1000) / storm.accepted,
        rawServerCpuMsPerBid: (m.broadcast.cpu[0]! * 1000) / broadcast.accepted,
        refusals: JSON.stringify(storm.errors),
      },
    },
    {
      name: `${rooms}: bid → every watcher's bidUpdate, p99`,
      value: every.p99,
      unit: 'ms',
      baseline: { name: 'raw socket.io broadcast p99', value: rawEvery.p99, unit: 'ms' },
      ratio: every.p99 / rawEvery.p99,
      target: '≤ 50 ms',
      met: every.p99 <= 50 && every.missing === 0,
      notes: `p50 ${ms(every.p50)} (raw p50 ${ms(rawEvery.p50)}); ${every.missing} bids missed by a watcher`,
      extra: {
        p50Ms: every.p50,
        p99Ms: every.p99,
        rawP50Ms: rawEvery.p50,
        rawP99Ms: rawEvery.p99,
        missing: every.missing,
      },
    },
    {
      name: `memory with ${size.memory.toLocaleString('en-IN')} connected sockets (each watching a room)`,
      value: appMemory.perSocket,
      unit: 'MB per socket',
      baseline: { name: 'empty server', value: appMemory.empty.rss / MB, unit: 'MB' },
      notes: `${Math.round(appMemory.perSocket * 1024)} KB RSS, ${Math.round(appMemory.heapPerSocket * 1024)} KB heap per socket; raw socket.io ${Math.round(rawMemory.perSocket * 1024)} KB RSS per socket`,
      extra: {
        emptyRssMb: appMemory.empty.rss / MB,
        fullRssMb: appMemory.full.rss / MB,
        heapPerSocketMb: appMemory.heapPerSocket,
        rawPerSocketMb: rawMemory.perSocket,
        rawHeapPerSocketMb: rawMemory.heapPerSocket,
      },
    },
  ];
};
