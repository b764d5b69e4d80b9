import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { io } from 'socket.io-client';
import type { Ack, ClientToServerEvents, PlaceBidResult, ServerToClientEvents } from '../../../api/contract/index.ts';
import { percentile } from '../harness.ts';
import { serve } from './ipc.ts';
import type { WireSocket } from './wire.ts';
import { openWire } from './wire.ts';

/**
 * The bench's socket clients, in a process of their own so they do not share the server's event
 * loop: they connect (with a member's session cookie, or none for a watcher), join rooms, and run
 * the bid workloads, timing everything with this process's clock.
 */
type BenchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketSpec {
  cookie: string | null;
  rooms: string[];
  /** The server this socket connects to, when not the run's own (two processes on one log). */
  url?: string;
}
export interface BidPlan {
  code: string;
  /** Indexes into the connected sockets. */
  bidders: number[];
  watchers: number[];
}
export interface BidRun {
  accepted: number;
  ms: number;
  rtt: { p50: number; p99: number };
  /** From sending a bid to the last of its room's watchers getting its `bidUpdate`. */
  everyWatcher?: { p50: number; p99: number; missing: number };
  /** From a bid's ack reaching its bidder to the last of its room's watchers getting its `bidUpdate`. */
  afterAck?: { p50: number; p99: number };
  errors: Record<string, number>;
}

let sockets: BenchSocket[] = [];
/** The storm's sockets: the same wire protocol, read leanly (see wire.ts). */
let wires: WireSocket[] = [];
/** While a storm runs: `room:seq` → when each watcher got that bid's bidUpdate. */
let arrivals: Map<string, number[]> | null = null;
const recordBid = (roomCode: string, seq: number) => {
  if (!arrivals) return;
  const at = performance.now();
  const key = `${roomCode}:${seq}`;
  const list = arrivals.get(key);
  if (list) list.push(at);
  else arrivals.set(key, [at]);
};

const open = (url: string, spec: SocketSpec) =>
  new Promise<BenchSocket>((resolve, reject) => {
    const socket: BenchSocket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      extraHeaders: spec.cookie ? { cookie: spec.cookie } : {},
    });
    socket.once('connect', () => {
      Promise.all(
        spec.rooms.map(async (roomCode) => {
          const response: unknown = await socket.timeout(30_000).emitWithAck('joinRoom', { roomCode });
          const ack = response as Ack<unknown>;
          if (!ack.ok) throw new Error(`joinRoom ${roomCode}: ${ack.error.code}`);
        }),
      ).then(() => resolve(socket), reject);
    });
    socket.once('connect_error', reject);
  });

const connect = async (url: string, specs: SocketSpec[]) => {
  for (let i = 0; i < specs.length; i += 100) {
    sockets.push(...(await Promise.all(specs.slice(i, i + 100).map((s) => open(url, s)))));
  }
  return sockets.length;
};

/** Storm sockets: bidders (with cookies) and watchers (timed), each joined to its room. */
const connectWire = async (url: string, specs: (SocketSpec & { watch: boolean })[]) => {
  for (let i = 0; i < specs.length; i += 100) {
    const opened = await Promise.all(
      specs.slice(i, i + 100).map(async (spec) => {
        const wire = await openWire(spec.url ?? url, spec.cookie, spec.watch ? recordBid : undefined);
        for (const roomCode of spec.rooms) {
          const ack = (await wire.emit('joinRoom', { roomCode })) as Ack<unknown>;
          if (!ack.ok) throw new Error(`joinRoom ${roomCode}: ${ack.error.code}`);
        }
        return wire;
      }),
    );
    wires.push(...opened);
  }
  return wires.length;
};

const bid = async (socket: BenchSocket, roomCode: string): Promise<Ack<PlaceBidResult>> => {
  const response: unknown = await socket.timeout(30_000).emitWithAck('placeBid', { roomCode, bidId: randomUUID() });
  return response as Ack<PlaceBidResult>;
};

const summary = (values: number[]) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });

/** One client in a loop: a bid, its acknowledgement, the next bid (each room's members in turn). */
const roundTrip = async (plan: BidPlan[], count: number, seconds: number): Promise<BidRun> => {
  const rtts: number[] = [];
  const errors: Record<string, number> = {};
  const started = performance.now();
  const until = started + seconds * 1000;
  for (const room of plan) {
    for (let k = 0, misses = 0; rtts.length < count && performance.now() < until; k++) {
      const t0 = performance.now();
      const ack = await bid(sockets[room.bidders[k % room.bidders.length]!]!, room.code);
      if (ack.ok) {
        rtts.push(performance.now() - t0);
        misses = 0;
        if (ack.data.ended) break;
      } else {
        errors[ack.error.code] = (errors[ack.error.code] ?? 0) + 1;
        if (++misses >= room.bidders.length) break;
      }
    }
  }
  return { accepted: rtts.length, ms: performance.now() - started, rtt: summary(rtts), errors };
};

/**
 * Every room at once, bids as fast as they are accepted: in each room the members bid in turn,
 * the next as soon as the last is acknowledged, until the room ends or time is up. Watchers
 * record when each room's `bidUpdate` reaches them.
 */
const storm = async (plan: BidPlan[], seconds: number): Promise<BidRun> => {
  const seen = new Map<string, number[]>();
  arrivals = seen;
  const sent = new Map<string, { at: number; acked: number; watchers: number }>();
  const rtts: number[] = [];
  const errors: Record<string, number> = {};
  const started = performance.now();
  const until = started + seconds * 1000;
  let last = started;
  await Promise.all(
    plan.map(async (room) => {
      for (let k = 0, misses = 0; performance.now() < until; k++) {
        const t0 = performance.now();
        const wire = wires[room.bidders[k % room.bidders.length]!]!;
        const ack = (await wire.emit('placeBid', { roomCode: room.code, bidId: randomUUID() })) as Ack<PlaceBidResult>;
        last = performance.now();
        if (ack.ok) {
          rtts.push(last - t0);
          sent.set(`${room.code}:${ack.data.bid.seq}`, { at: t0, acked: last, watchers: room.watchers.length });
          misses = 0;
          if (ack.data.ended) return;
        } else {
          errors[ack.error.code] = (errors[ack.error.code] ?? 0) + 1;
          if (++misses >= room.bidders.length) return;
        }
      }
    }),
  );
  const complete = () => [...sent].every(([key, s]) => (seen.get(key)?.length ?? 0) >= s.watchers);
  for (const wait = performance.now() + 5000; !complete() && performance.now() < wait;) {
    await new Promise((r) => setTimeout(r, 20));
  }
  arrivals = null;
  const latencies: number[] = [];
  const afterAck: number[] = [];
  // Each deal as `BENCH_STORM_DEALS` keeps it: [seq in its room, sent (ms after the start), latency or -1].
  const deals: [number, number, number][] = [];
  let missing = 0;
  for (const [key, s] of sent) {
    const got = seen.get(key) ?? [];
    let latency = -1;
    if (got.length < s.watchers) missing++;
    else {
      const lastSeen = Math.max(...got);
      latency = lastSeen - s.at;
      latencies.push(latency);
      afterAck.push(lastSeen - s.acked);
    }
    deals.push([Number(key.slice(key.lastIndexOf(':') + 1)), s.at - started, latency]);
  }
  if (process.env.BENCH_STORM_DEALS) keepDeals(process.env.BENCH_STORM_DEALS, deals);
  return {
    accepted: rtts.length,
    ms: last - started,
    rtt: summary(rtts),
    everyWatcher: { ...summary(latencies), missing },
    afterAck: summary(afterAck),
    errors,
  };
};

let storms = 0;
/**
 * `BENCH_STORM_DEALS=<dir>`: each storm's deals as `storm-<n>.json` in that directory, one row a
 * deal: `[seq in its room, sent (ms after the storm began), every-watcher latency (ms, -1 if a
 * watcher missed it)]`, to see which deals make a p99 (e.g. the first rounds of a cold server).
 */
const keepDeals = (dir: string, deals: readonly [number, number, number][]) =>
  writeFileSync(join(dir, `storm-${++storms}.json`), JSON.stringify(deals));

const close = () => {
  for (const s of sockets) s.disconnect();
  for (const w of wires) w.close();
  sockets = [];
  wires = [];
  return Promise.resolve(null);
};

serve(async (body) => {
  switch (body.type) {
    case 'connect':
      return connect(body.url as string, body.sockets as SocketSpec[]);
    case 'connectWire':
      return connectWire(body.url as string, body.sockets as (SocketSpec & { watch: boolean })[]);
    case 'roundTrip':
      return roundTrip(body.plan as BidPlan[], body.count as number, body.seconds as number);
    case 'storm':
      return storm(body.plan as BidPlan[], body.seconds as number);
    case 'close':
    case 'exit':
      return close();
    default:
      throw new Error(`unknown request ${body.type}`);
  }
});
