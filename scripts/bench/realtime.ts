import type { BenchContext, Figure } from './harness.ts';
import type { BidPlan, BidRun, SocketSpec } from './realtime/clients.ts';
import type { BenchRoom } from './realtime/fixture.ts';
import type { Measured, MemoryFigure } from './realtime/figures.ts';
import { ATTEMPTS, bothSides, MB, realtimeTable, SEATS } from './realtime/figures.ts';
import type { Child, settledMemory } from './realtime/ipc.ts';
import { forkChild } from './realtime/ipc.ts';

type Memory = Awaited<ReturnType<typeof settledMemory>>;

/** Socket specs and bid plans for rooms of bidders (with cookies) and anonymous watchers. */
const layout = (rooms: BenchRoom[], watchersPerRoom: number) => {
  const specs: SocketSpec[] = [];
  const plan: BidPlan[] = rooms.map((room) => ({
    code: room.code,
    bidders: room.bidders.map((cookie) => specs.push({ cookie, rooms: [room.code] }) - 1),
    watchers: Array.from({ length: watchersPerRoom }, () => specs.push({ cookie: null, rooms: [room.code] }) - 1),
  }));
  return { specs, plan };
};

const measured = async (server: Child, clients: Child, work: () => Promise<BidRun>): Promise<Measured> => {
  const before = await Promise.all([server.cpu(), clients.cpu()]);
  const run = await work();
  const after = await Promise.all([server.cpu(), clients.cpu()]);
  return { run, cpu: after.map((a, i) => a - before[i]!) };
};

/** One socket.io client bidding in a loop, room after room (the first room warms up, untimed). */
export const roundTripOn = async (
  server: Child,
  clients: Child,
  rooms: BenchRoom[],
  count: number,
  seconds: number,
) => {
  const { specs, plan } = layout(rooms, 0);
  await clients.call({ type: 'connect', url: await server.call<string>({ type: 'url' }), sockets: specs });
  await clients.call({ type: 'roundTrip', plan: plan.slice(0, 1), count: SEATS * ATTEMPTS, seconds: 30 });
  const result = await measured(server, clients, () =>
    clients.call<BidRun>({ type: 'roundTrip', plan: plan.slice(1), count, seconds }),
  );
  await clients.call({ type: 'close' });
  return result;
};

/** Which of the servers a room's bidders and its watchers connect to (indexes into `servers`). */
type Placement = (room: number) => { bidders: number; watchers: number };

/**
 * Every room at once, bids as fast as accepted, watchers timing each bidUpdate. With several
 * servers (processes on one log), `place` pins each room's sockets; the server CPU is their sum.
 */
export const stormOn = async (
  server: Child | Child[],
  clients: Child,
  rooms: BenchRoom[],
  watchers: number,
  seconds: number,
  place: Placement = () => ({ bidders: 0, watchers: 0 }),
) => {
  const servers = Array.isArray(server) ? server : [server];
  const urls = await Promise.all(servers.map((s) => s.call<string>({ type: 'url' })));
  const { specs, plan } = layout(rooms, watchers);
  const watching = new Set(plan.flatMap((p) => p.watchers));
  const urlOf = new Map<number, string>();
  plan.forEach((room, r) => {
    for (const i of room.bidders) urlOf.set(i, urls[place(r).bidders]!);
    for (const i of room.watchers) urlOf.set(i, urls[place(r).watchers]!);
  });
  await clients.call({
    type: 'connectWire',
    url: urls[0],
    sockets: specs.map((spec, i) => ({ ...spec, url: urlOf.get(i), watch: watching.has(i) })),
  });
  const cpu = async () => (await Promise.all(servers.map((s) => s.cpu()))).reduce((a, b) => a + b, 0);
  const before = await Promise.all([cpu(), clients.cpu()]);
  const run = await clients.call<BidRun>({ type: 'storm', plan, seconds });
  const after = await Promise.all([cpu(), clients.cpu()]);
  await clients.call({ type: 'close' });
  return { run, cpu: after.map((a, i) => a - before[i]!) };
};

/**
 * Two server processes on the app's log (the second with its own read models, caught up and on
 * the same clock): the storm with rooms split between them (a room's sockets all on one), and
 * the cross-process delay: rooms whose bidders are on the first and watchers on the second.
 */
const twoProcesses = async (app: Child, clients: Child, live: number, cross: number, seconds: number) => {
  // Both sets start together: starting the second set moves the clock past the first set's rounds.
  // They are made before the second process opens the log, so setting up never races it.
  const split = await app.call<BenchRoom[]>({ type: 'rooms', tag: 'L2', count: live, seats: SEATS });
  const across = await app.call<BenchRoom[]>({ type: 'rooms', tag: 'XP', count: cross, seats: SEATS, start: true });
  const second = await forkChild('servers.ts', ['app', await app.call<string>({ type: 'dataDir' })]);
  try {
    await second.call({ type: 'caughtUp', position: await app.call<number>({ type: 'head' }) });
    await second.call({ type: 'setClock', at: await app.call<number>({ type: 'now' }) });
    const watchers = 10;
    const storm = await stormOn([app, second], clients, split, watchers, seconds, (r) => ({
      bidders: r % 2,
      watchers: r % 2,
    }));
    const crossRun = await stormOn([app, second], clients, across, watchers, seconds, () => ({
      bidders: 0,
      watchers: 1,
    }));
    return { storm, cross: crossRun };
  } finally {
    await second.stop();
  }
};

/** Server memory with `n` sockets connected (each watching one of `codes`), against the same server empty. */
const memoryWith = async (server: Child, clients: Child, codes: string[], n: number): Promise<MemoryFigure> => {
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
 * process, bare socket.io (echo, broadcast) in another, the peer (the same rules on socket.io and
 * one SQLite table update + insert per deal, no log: realtime/peer.ts) in a third, the clients in
 * a fourth, all on 127.0.0.1. Each baseline (the peer too) runs before and after its figure,
 * because the shared machine's speed drifts.
 * A lone bid waits for one durable commit, so the app server also measures raw one-transaction
 * inserts on its disk around the round trip: with the echo's rate that bounds the round trip.
 */
export const realtimeFigures = async (ctx: BenchContext): Promise<Figure[]> => {
  const size = ctx.quick
    ? { rt: 4, live: 10, warm: 2, cross: 10, count: 4 * SEATS * ATTEMPTS, memory: 1000, seconds: 20 }
    : { rt: 20, live: 100, warm: 10, cross: 20, count: 20 * SEATS * ATTEMPTS, memory: 5000, seconds: 90 };
  const watchers = 10;
  const clients = await forkChild('clients.ts');
  try {
    const rooms = size.rt + 1 + size.warm + size.live;
    ctx.log(`app server: ${rooms * SEATS} members, wallets and ${rooms} rooms through the real commands`);
    const [app, bare, peer] = await Promise.all([
      forkChild('servers.ts', ['app']),
      forkChild('servers.ts', ['raw']),
      forkChild('peer.ts'),
    ]);
    let m;
    try {
      const started = performance.now();
      const rt = await app.call<BenchRoom[]>({ type: 'rooms', tag: 'RT', count: size.rt + 1, seats: SEATS });
      // The warm-up storm's rooms start with the timed storm's: starting rooms later would move the
      // clock past the first ones' rounds.
      const stormRooms = await app.call<BenchRoom[]>({
        type: 'rooms',
        tag: 'LV',
        count: size.warm + size.live,
        seats: SEATS,
        start: true,
      });
      const warm = stormRooms.slice(0, size.warm);
      const live = stormRooms.slice(size.warm);
      ctx.log(
        `set up in ${((performance.now() - started) / 1000).toFixed(1)} s; round trip (echo, peer, app, peer, echo)`,
      );
      const echo = async () => {
        await bare.call({ type: 'mode', broadcast: false, endAfter: SEATS * ATTEMPTS });
        return roundTripOn(bare, clients, rt, size.count, size.seconds);
      };
      // The peer's rooms start when made (its clock is real), so each run gets fresh ones.
      const peerRooms = (tag: string, count: number) =>
        peer.call<BenchRoom[]>({ type: 'rooms', tag, count, seats: SEATS });
      const peerRoundTrip = async (tag: string) =>
        roundTripOn(peer, clients, await peerRooms(tag, size.rt + 1), size.count, size.seconds);
      const durable = () => app.call<number>({ type: 'durable', rows: 200 });
      const echo1 = await echo();
      const durable1 = await durable();
      const peer1 = await peerRoundTrip('PA');
      const roundTrip = await roundTripOn(app, clients, rt, size.count, size.seconds);
      const peer2 = await peerRoundTrip('PB');
      const durable2 = await durable();
      const echo2 = await echo();
      ctx.log(
        `${size.live} rooms × ${SEATS} bidders + ${size.live * watchers} watchers (bare broadcast, peer, app, peer, bare; each server warmed by an untimed storm of ${size.warm} rooms first)`,
      );
      const broadcast = async (rooms = live) => {
        await bare.call({ type: 'mode', broadcast: true, endAfter: SEATS * ATTEMPTS });
        return stormOn(bare, clients, rooms, watchers, size.seconds);
      };
      const peerStorm = async (tag: string, count = size.live) =>
        stormOn(peer, clients, await peerRooms(tag, count), watchers, size.seconds);
      // Each server's first storm is an untimed one of a few rooms, as the round trip has its
      // untimed room: a cold server's first rounds (code not yet compiled for a storm's batches, a
      // heap still growing) took twice the time of later ones, which is a process's start, not a
      // busy evening's room.
      await broadcast(warm);
      const broadcast1 = await broadcast();
      await peerStorm('PW', size.warm);
      const peerStorm1 = await peerStorm('PC');
      await stormOn(app, clients, warm, watchers, size.seconds);
      const storm = await stormOn(app, clients, live, watchers, size.seconds);
      const peerStorm2 = await peerStorm('PD');
      const broadcast2 = await broadcast();
      ctx.log(`two server processes on one log: ${size.live} rooms split, ${size.cross} rooms across`);
      const two = await twoProcesses(app, clients, size.live, size.cross, size.seconds);
      m = {
        roundTrip,
        echo: bothSides(echo1, echo2),
        peerRoundTrip: bothSides(peer1, peer2),
        durable: (durable1 + durable2) / 2,
        storm,
        broadcast: bothSides(broadcast1, broadcast2),
        peerStorm: bothSides(peerStorm1, peerStorm2),
        two,
      };
    } finally {
      await Promise.all([app.stop(), bare.stop(), peer.stop()]);
    }
    ctx.log(`memory: ${size.memory} sockets`);
    const memServer = await forkChild('servers.ts', ['app']);
    let codes: string[];
    let appMemory;
    try {
      const rooms = await memServer.call<BenchRoom[]>({ type: 'rooms', tag: 'MM', count: 50, seats: 0 });
      codes = rooms.map((r) => r.code);
      appMemory = await memoryWith(memServer, clients, codes, size.memory);
    } finally {
      await memServer.stop();
    }
    const memRaw = await forkChild('servers.ts', ['raw']);
    let rawMemory;
    try {
      rawMemory = await memoryWith(memRaw, clients, codes, size.memory);
    } finally {
      await memRaw.stop();
    }
    return realtimeTable(size, watchers, { ...m, appMemory, rawMemory });
  } finally {
    await clients.stop();
  }
};
