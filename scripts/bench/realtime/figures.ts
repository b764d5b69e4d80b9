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

const met = (ratio: number, target: number, at: 'least' | 'most') =>
  at === 'least' ? ratio >= target : ratio <= target;

export const realtimeTable = (
  size: { live: number; cross: number; memory: number },
  watchers: number,
  m: {
    roundTrip: Measured;
    echo: Measured;
    peerRoundTrip: Measured;
    durable: number;
    storm: Measured;
    broadcast: Measured;
    peerStorm: Measured;
    appMemory: MemoryFigure;
    rawMemory: MemoryFigure;
    /** Two server processes on one log: the storm split by room, and rooms watched across processes. */
    two: { storm: Measured; cross: Measured };
  },
): Figure[] => {
  const { durable: durableRate, appMemory, rawMemory } = m;
  const rt = m.roundTrip.run;
  const echo = m.echo.run;
  const peerRt = m.peerRoundTrip.run;
  const storm = m.storm.run;
  const broadcast = m.broadcast.run;
  const peerStorm = m.peerStorm.run;
  const rtRate = rate(rt.accepted, rt.ms);
  const echoRate = rate(echo.accepted, echo.ms);
  const peerRtRate = rate(peerRt.accepted, peerRt.ms);
  // The least a deal can cost here: the echo's round trip, one durable commit, and one write to
  // each of its room's sockets at what the bare broadcast server pays per socket write.
  const echoMs = 1000 / echoRate;
  const commitMs = 1000 / durableRate;
  const perWriteMs = (m.broadcast.cpu[0]! * 1000) / broadcast.accepted / (SEATS + watchers + 1);
  const floorMs = echoMs + commitMs + SEATS * perWriteMs;
  const floorRate = 1000 / floorMs;
  const stormRate = rate(storm.accepted, storm.ms);
  const rawStormRate = rate(broadcast.accepted, broadcast.ms);
  const peerStormRate = rate(peerStorm.accepted, peerStorm.ms);
  const every = storm.everyWatcher!;
  const rawEvery = broadcast.everyWatcher!;
  const peerEvery = peerStorm.everyWatcher!;
  const cpuPerBid = (x: Measured) => (x.cpu[0]! * 1000) / x.run.accepted;
  const [cpu, rawCpu, peerCpu] = [cpuPerBid(m.storm), cpuPerBid(m.broadcast), cpuPerBid(m.peerStorm)];
  const rooms = `${size.live} rooms × ${SEATS} bidders + ${(size.live * watchers).toLocaleString('en-IN')} watchers`;
  const peerName = 'peer (socket.io + SQLite update + insert, no log)';
  const ratios = {
    rtOfPeer: rtRate / peerRtRate,
    rtOfFloor: rtRate / floorRate,
    stormOfPeer: stormRate / peerStormRate,
    p99OfBare: every.p99 / rawEvery.p99,
    p99OfPeer: every.p99 / peerEvery.p99,
    cpuOfBare: cpu / rawCpu,
  };
  return [
    {
      name: 'bid round trip: placeBid → ack after durable append, 1 client in a loop',
      value: rtRate,
      unit: 'bids/s',
      baseline: { name: `${peerName} round trip`, value: peerRtRate, unit: 'bids/s' },
      ratio: ratios.rtOfPeer,
      target: '≥ 0.9',
      met: met(ratios.rtOfPeer, 0.9, 'least') && rt.accepted > 0,
      notes: `p50 ${ms(rt.rtt.p50)}, p99 ${ms(rt.rtt.p99)}; peer p50 ${ms(peerRt.rtt.p50)}, p99 ${ms(peerRt.rtt.p99)} (${(peerRtRate / floorRate).toFixed(2)}× the floor); echo ${Math.round(echoRate)} acks/s, p50 ${ms(echo.rtt.p50)}, p99 ${ms(echo.rtt.p99)} (ours ${(rtRate / echoRate).toFixed(2)}× the echo); server CPU ${ms(cpuPerBid(m.roundTrip))} a deal (peer ${ms(cpuPerBid(m.peerRoundTrip))})`,
      extra: {
        p50Ms: rt.rtt.p50,
        p99Ms: rt.rtt.p99,
        echoRate,
        ofEcho: rtRate / echoRate,
        echoP50Ms: echo.rtt.p50,
        echoP99Ms: echo.rtt.p99,
        peerRate: peerRtRate,
        peerP50Ms: peerRt.rtt.p50,
        peerP99Ms: peerRt.rtt.p99,
        peerOfFloor: peerRtRate / floorRate,
        bids: rt.accepted,
        peerBids: peerRt.accepted,
        load: busy(m.roundTrip),
        peerLoad: busy(m.peerRoundTrip),
        serverCpuMsPerBid: cpuPerBid(m.roundTrip),
        peerServerCpuMsPerBid: cpuPerBid(m.peerRoundTrip),
        refusals: JSON.stringify(rt.errors),
        peerRefusals: JSON.stringify(peerRt.errors),
      },
    },
    {
      name: 'bid round trip against the floor (echo + one durable commit + socket writes)',
      value: rtRate,
      unit: 'bids/s',
      baseline: { name: 'floor', value: floorRate, unit: 'bids/s' },
      ratio: ratios.rtOfFloor,
      target: '≥ 0.8',
      met: met(ratios.rtOfFloor, 0.8, 'least'),
      notes: `floor here: echo ${ms(echoMs)} + one commit ${ms(commitMs)} + ${SEATS} socket writes ${ms(SEATS * perWriteMs)} = ${ms(floorMs)}; ours ${ms(1000 / rtRate)} a deal, the peer's ${ms(1000 / peerRtRate)}`,
      extra: {
        durableInsertRate: durableRate,
        ofDurableInsertRate: rtRate / durableRate,
        echoMs,
        commitMs,
        socketWriteMs: perWriteMs,
        floorMs,
        ourMs: 1000 / rtRate,
        peerMs: 1000 / peerRtRate,
        echoCeilingRatio: echoMs / floorMs,
      },
    },
    {
      name: `${rooms}: accepted bids`,
      value: stormRate,
      unit: 'bids/s',
      baseline: { name: `${peerName}, same sockets`, value: peerStormRate, unit: 'bids/s' },
      ratio: ratios.stormOfPeer,
      target: '≥ 0.9',
      met: met(ratios.stormOfPeer, 0.9, 'least'),
      notes: `${storm.accepted} bids; ack p50 ${ms(storm.rtt.p50)}, p99 ${ms(storm.rtt.p99)} (peer ${ms(peerStorm.rtt.p50)}, ${ms(peerStorm.rtt.p99)}); bare broadcast ${Math.round(rawStormRate)} bids/s; ${busy(m.storm)}`,
      extra: {
        bids: storm.accepted,
        rawBids: broadcast.accepted,
        peerBids: peerStorm.accepted,
        rawRate: rawStormRate,
        ofRaw: stormRate / rawStormRate,
        ackP50Ms: storm.rtt.p50,
        ackP99Ms: storm.rtt.p99,
        peerAckP50Ms: peerStorm.rtt.p50,
        peerAckP99Ms: peerStorm.rtt.p99,
        load: busy(m.storm),
        rawLoad: busy(m.broadcast),
        peerLoad: busy(m.peerStorm),
        refusals: JSON.stringify(storm.errors),
        peerRefusals: JSON.stringify(peerStorm.errors),
      },
    },
    {
      name: `${rooms}: bid → every watcher's bidUpdate, p99, against bare socket.io`,
      value: every.p99,
      unit: 'ms',
      baseline: { name: 'raw socket.io broadcast p99', value: rawEvery.p99, unit: 'ms' },
      ratio: ratios.p99OfBare,
      target: '≤ 1.5',
      met: met(ratios.p99OfBare, 1.5, 'most') && every.missing === 0,
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
      name: `${rooms}: bid → every watcher's bidUpdate, p99, against the peer`,
      value: every.p99,
      unit: 'ms',
      baseline: { name: 'peer p99', value: peerEvery.p99, unit: 'ms' },
      ratio: ratios.p99OfPeer,
      target: '≤ 1',
      met: met(ratios.p99OfPeer, 1, 'most') && every.missing === 0,
      notes: `peer p50 ${ms(peerEvery.p50)}, ${peerEvery.missing} bids missed by a watcher; peer ${(peerEvery.p99 / rawEvery.p99).toFixed(2)}× the bare broadcast`,
      extra: {
        peerP50Ms: peerEvery.p50,
        peerP99Ms: peerEvery.p99,
        peerMissing: peerEvery.missing,
      },
    },
    {
      name: `${rooms}: server CPU per accepted bid`,
      value: cpu,
      unit: 'ms',
      baseline: { name: 'raw socket.io broadcast', value: rawCpu, unit: 'ms' },
      ratio: ratios.cpuOfBare,
      target: '≤ 1.5',
      met: met(ratios.cpuOfBare, 1.5, 'most'),
      notes: `peer ${ms(peerCpu)} (${(peerCpu / rawCpu).toFixed(2)}× bare); ${busy(m.storm)}; peer: ${busy(m.peerStorm)}`,
      extra: {
        serverCpuMsPerBid: cpu,
        rawServerCpuMsPerBid: rawCpu,
        peerServerCpuMsPerBid: peerCpu,
      },
    },
    ...twoProcessFigures(size, watchers, m.storm, m.two),
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

/** The storm on two server processes sharing one log, against the one-process storm of the same run; the cross-process delay. */
const twoProcessFigures = (
  size: { live: number; cross: number },
  watchers: number,
  one: Measured,
  two: { storm: Measured; cross: Measured },
): Figure[] => {
  const split = two.storm.run;
  const cross = two.cross.run;
  const oneRate = rate(one.run.accepted, one.run.ms);
  const splitRate = rate(split.accepted, split.ms);
  const splitEvery = split.everyWatcher!;
  const oneEvery = one.run.everyWatcher!;
  const delay = cross.afterAck!;
  const cpuPerBid = (x: Measured) => (x.cpu[0]! * 1000) / x.run.accepted;
  const rooms = `${size.live} rooms × ${SEATS} bidders + ${(size.live * watchers).toLocaleString('en-IN')} watchers`;
  return [
    {
      name: `${rooms} on two server processes, one log (a room's sockets on one): accepted bids`,
      value: splitRate,
      unit: 'bids/s',
      baseline: { name: 'the same storm on one process', value: oneRate, unit: 'bids/s' },
      ratio: splitRate / oneRate,
      target: 'reported',
      notes: `${split.accepted} bids; every-watcher p50 ${ms(splitEvery.p50)}, p99 ${ms(splitEvery.p99)} (one process ${ms(oneEvery.p50)}, ${ms(oneEvery.p99)}), ${splitEvery.missing} missed; both servers' CPU ${ms(cpuPerBid(two.storm))} per deal (one process ${ms(cpuPerBid(one))}); refusals ${JSON.stringify(split.errors)}`,
      extra: {
        bids: split.accepted,
        p50Ms: splitEvery.p50,
        p99Ms: splitEvery.p99,
        oneP50Ms: oneEvery.p50,
        oneP99Ms: oneEvery.p99,
        missing: splitEvery.missing,
        serverCpuMsPerBid: cpuPerBid(two.storm),
        oneServerCpuMsPerBid: cpuPerBid(one),
      },
    },
    {
      name: `${rooms} on two processes: bid → every watcher's bidUpdate, p99`,
      value: splitEvery.p99,
      unit: 'ms',
      baseline: { name: 'the same storm on one process, p99', value: oneEvery.p99, unit: 'ms' },
      ratio: splitEvery.p99 / oneEvery.p99,
      target: 'reported',
      notes: `p50 ${ms(splitEvery.p50)} (one process ${ms(oneEvery.p50)})`,
    },
    {
      name: `cross-process delay: a deal acked by one process → every watcher on the other (${size.cross} rooms, bidders on one, ${watchers} watchers each on the other), p99`,
      value: delay.p99,
      unit: 'ms',
      target: '≤ 150 ms',
      met: delay.p99 <= 150 && cross.everyWatcher!.missing === 0,
      notes: `p50 ${ms(delay.p50)}; ${cross.accepted} deals, ${cross.everyWatcher!.missing} missed by a watcher; bid → every watcher p50 ${ms(cross.everyWatcher!.p50)}, p99 ${ms(cross.everyWatcher!.p99)}`,
      extra: { p50Ms: delay.p50, p99Ms: delay.p99, deals: cross.accepted, missing: cross.everyWatcher!.missing },
    },
  ];
};
