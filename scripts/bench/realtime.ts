import type { BenchContext, Figure } from './harness.ts';
import { rate } from './harness.ts';
import type { BidPlan, BidRun, SocketSpec } from './realtime/clients.ts';
import type { BenchRoom } from './realtime/fixture.ts';
import type { Child } from './realtime/ipc.ts';
import type { settledMemory } from './realtime/ipc.ts';
import { forkChild } from './realtime/ipc.ts';

const SEATS = 10;
const ATTEMPTS = 5;
const MB = 2 ** 20;
type Memory = Awaited<ReturnType<typeof settledMemory>>;

/** Socket specs and bid plans for rooms of bidders (with cookies) and anonymous watchers. */
const layout = (rooms: { code: string; bidders: (string | null)[] }[], watchersPerRoom: number) => {
  const specs: SocketSpec[] = [];
  const plan: BidPlan[] = rooms.map((room) => ({
    code: room.code,
    bidders: room.bidders.map((cookie) => specs.push({ cookie, rooms: [room.code] }) - 1),
    watchers: Array.from({ length: watchersPerRoom }, () => specs.push({ cookie: null, rooms: [room.code] }) - 1),
  }));
  return { specs, plan };
};

const ms = (v: number) => `${v.toFixed(1)} ms`;
const cpuDuring = async <T>(children: Child[], work: () => Promise<T>) => {
  const before = await Promise.all(children.map((c) => c.cpu()));
  const result = await work();
  const after = await Promise.all(children.map((c) => c.cpu()));
  return { result, cpu: after.map((a, i) => a - before[i]!) };
};

interface Workload {
  roundTrip: BidRun;
  /** Raw durable inserts per second on the server's disk, measured around the round trip (app server only). */
  durable: number;
  storm: BidRun;
  /** CPU seconds of [server, clients] during each workload. */
  cpu: { roundTrip: number[]; storm: number[] };
}

/**
 * Runs the same two workloads against a server: the round trip (one client, bids in a loop, in
 * `rt` rooms after one warm-up room) and the storm (every `live` room at once, with watchers).
 */
const runWorkloads = async (
  server: Child,
  clients: Child,
  rooms: { warm: BenchRoom; rt: BenchRoom[]; live: BenchRoom[] },
  options: { count: number; watchers: number; seconds: number; probe?: boolean },
): Promise<Workload> => {
  const url = await server.call<string>({ type: 'url' });
  const rt = layout([rooms.warm, ...rooms.rt], 0);
  const live = layout(rooms.live, options.watchers);
  await clients.call({ type: 'connect', url, sockets: rt.specs });
  const watching = new Set(live.plan.flatMap((p) => p.watchers));
  const wire = live.specs.map((spec, i) => ({ ...spec, watch: watching.has(i) }));
  await clients.call({ type: 'connectWire', url, sockets: wire });
  await clients.call({ type: 'roundTrip', plan: rt.plan.slice(0, 1), count: SEATS * ATTEMPTS, seconds: 30 });
  const probe = () => (options.probe ? server.call<number>({ type: 'durable', rows: 200 }) : Promise.resolve(NaN));
  const before = await probe();
  const roundTrip = await cpuDuring([server, clients], () =>
    clients.call<BidRun>({ type: 'roundTrip', plan: rt.plan.slice(1), count: options.count, seconds: options.seconds }),
  );
  const durable = (before + (await probe())) / 2;
  const storm = await cpuDuring([server, clients], () =>
    clients.call<BidRun>({ type: 'storm', plan: live.plan, seconds: options.seconds }),
  );
  await clients.call({ type: 'close' });
  return {
    roundTrip: roundTrip.result,
    durable,
    storm: storm.result,
    cpu: { roundTrip: roundTrip.cpu, storm: storm.cpu },
  };
};

/** Server memory with `n` sockets connected (each watching one of `codes`), against the same server empty. */
const memoryWith = async (server: Child, clients: Child, codes: string[], n: number) => {
  const url = await server.call<string>({ type: 'url' });
  const empty = await server.call<Memory>({ type: 'memory' });
  await clients.call({
    type: 'connect',
    url,
    sockets: Array.from({ length: n }, (_, i) => ({ cookie: null, rooms: [codes[i % codes.length]!] })),
  });
  const full = await server.call<Memory>({ type: 'memory' });
  await clients.call({ type: 'close' });
  return {
    empty,
    full,
    perSocket: (full.rss - empty.rss) / n / MB,
    heapPerSocket: (full.heapUsed + full.external - empty.heapUsed - empty.external) / n / MB,
  };
};

/**
 * Bid round trip, a full deal-room storm and socket memory: the real server in one child
 * process, bare socket.io (echo, broadcast) in another, the clients in a third, all on 127.0.0.1.
 * A lone bid waits for one durable commit, so the app server also measures raw one-transaction
 * inserts on its disk around the round trip: with the echo's rate that bounds the round trip.
 */
export const realtimeFigures = async (ctx: BenchContext): Promise<Figure[]> => {
  const size = ctx.quick
    ? { rt: 4, live: 10, count: 4 * SEATS * ATTEMPTS, memory: 1000, seconds: 20 }
    : { rt: 20, live: 100, count: 20 * SEATS * ATTEMPTS, memory: 5000, seconds: 90 };
  const watchers = 10;
  const clients = await forkChild('clients.ts');
  let app: Workload;
  let raw: Workload;
  let appMemory;
  let rawMemory;
  try {
    ctx.log(
      `app server: ${(size.rt + 1 + size.live) * SEATS} members, wallets and ${size.rt + 1 + size.live} rooms through the real commands`,
    );
    const server = await forkChild('servers.ts', ['app']);
    let rooms;
    try {
      const started = performance.now();
      const [warm, ...rt] = await server.call<BenchRoom[]>({
        type: 'rooms',
        tag: 'RT',
        count: size.rt + 1,
        seats: SEATS,
      });
      const live = await server.call<BenchRoom[]>({
        type: 'rooms',
        tag: 'LV',
        count: size.live,
        seats: SEATS,
        start: true,
      });
      rooms = { warm: warm!, rt, live };
      ctx.log(
        `set up in ${((performance.now() - started) / 1000).toFixed(1)} s; round trip, then ${size.live} rooms × ${SEATS} bidders + ${size.live * watchers} watchers`,
      );
      app = await runWorkloads(server, clients, rooms, {
        count: size.count,
        watchers,
        seconds: size.seconds,
        probe: true,
      });
    } finally {
      await server.stop();
    }
    ctx.log('raw socket.io: echo, then broadcast to the same sockets');
    const bare = await forkChild('servers.ts', ['raw']);
    try {
      await bare.call({ type: 'mode', broadcast: false, endAfter: SEATS * ATTEMPTS });
      const rawRooms = { ...rooms, live: [] };
      const echo = await runWorkloads(bare, clients, rawRooms, { count: size.count, watchers, seconds: size.seconds });
      await bare.call({ type: 'mode', broadcast: true, endAfter: SEATS * ATTEMPTS });
      raw = await runWorkloads(bare, clients, rooms, { count: 0, watchers, seconds: size.seconds });
      raw = { ...raw, roundTrip: echo.roundTrip, cpu: { ...raw.cpu, roundTrip: echo.cpu.roundTrip } };
    } finally {
      await bare.stop();
    }
    ctx.log(`memory: ${size.memory} sockets`);
    const memServer = await forkChild('servers.ts', ['app']);
    let codes: string[];
    try {
      codes = (await memServer.call<BenchRoom[]>({ type: 'rooms', tag: 'MM', count: 50, seats: 0 })).map((r) => r.code);
      appMemory = await memoryWith(memServer, clients, codes, size.memory);
    } finally {
      await memServer.stop();
    }
    const memRaw = await forkChild('servers.ts', ['raw']);
    try {
      rawMemory = await memoryWith(memRaw, clients, codes, size.memory);
    } finally {
      await memRaw.stop();
    }
  } finally {
    await clients.stop();
  }
  return figures(size, watchers, app, raw, appMemory, rawMemory);
};

const figures = (
  size: { live: number; memory: number },
  watchers: number,
  app: Workload,
  raw: Workload,
  appMemory: Awaited<ReturnType<typeof memoryWith>>,
  rawMemory: Awaited<ReturnType<typeof memoryWith>>,
): Figure[] => {
  const durableRate = app.durable;
  // One echo plus one commit per bid, with nothing else: the most the round-trip ratio can be here.
  const ceiling = durableRate / (durableRate + rate(raw.roundTrip.accepted, raw.roundTrip.ms));
  const rtRate = rate(app.roundTrip.accepted, app.roundTrip.ms);
  const echoRate = rate(raw.roundTrip.accepted, raw.roundTrip.ms);
  const stormRate = rate(app.storm.accepted, app.storm.ms);
  const rawStormRate = rate(raw.storm.accepted, raw.storm.ms);
  const every = app.storm.everyWatcher!;
  const rawEvery = raw.storm.everyWatcher!;
  const rooms = `${size.live} rooms × ${SEATS} bidders + ${(size.live * watchers).toLocaleString('en-IN')} watchers`;
  const busy = (cpu: number[], wallMs: number) =>
    `server CPU ${Math.round((cpu[0]! * 1e5) / wallMs)}%, clients ${Math.round((cpu[1]! * 1e5) / wallMs)}% of one core`;
  return [
    {
      name: 'bid round trip: placeBid → ack after durable append, 1 client in a loop',
      value: rtRate,
      unit: 'bids/s',
      baseline: { name: 'raw socket.io emit/ack echo', value: echoRate, unit: 'acks/s' },
      ratio: rtRate / echoRate,
      target: '≥ 0.5',
      met: rtRate / echoRate >= 0.5,
      notes: `p50 ${ms(app.roundTrip.rtt.p50)}, p99 ${ms(app.roundTrip.rtt.p99)} (echo p50 ${ms(raw.roundTrip.rtt.p50)}, p99 ${ms(raw.roundTrip.rtt.p99)}); raw durable insert ${Math.round(durableRate)}/s on this disk now, so an echo plus one commit would be ${ceiling.toFixed(2)}×`,
      extra: {
        p50Ms: app.roundTrip.rtt.p50,
        p99Ms: app.roundTrip.rtt.p99,
        echoP50Ms: raw.roundTrip.rtt.p50,
        echoP99Ms: raw.roundTrip.rtt.p99,
        durableInsertRate: durableRate,
        ofDurableInsertRate: rtRate / durableRate,
        ceilingRatio: ceiling,
        bids: app.roundTrip.accepted,
        load: busy(app.cpu.roundTrip, app.roundTrip.ms),
        refusals: JSON.stringify(app.roundTrip.errors),
      },
    },
    {
      name: `${rooms}: accepted bids`,
      value: stormRate,
      unit: 'bids/s',
      baseline: { name: 'raw socket.io broadcast, same sockets', value: rawStormRate, unit: 'bids/s' },
      ratio: stormRate / rawStormRate,
      notes: `${app.storm.accepted} bids; ack p50 ${ms(app.storm.rtt.p50)}, p99 ${ms(app.storm.rtt.p99)}; ${busy(app.cpu.storm, app.storm.ms)}`,
      extra: {
        bids: app.storm.accepted,
        rawBids: raw.storm.accepted,
        ackP50Ms: app.storm.rtt.p50,
        ackP99Ms: app.storm.rtt.p99,
        load: busy(app.cpu.storm, app.storm.ms),
        rawLoad: busy(raw.cpu.storm, raw.storm.ms),
        serverCpuMsPerBid: (app.cpu.storm[0]! * 1000) / app.storm.accepted,
        rawServerCpuMsPerBid: (raw.cpu.storm[0]! * 1000) / raw.storm.accepted,
        refusals: JSON.stringify(app.storm.errors),
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
