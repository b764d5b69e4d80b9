import Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { createManualClock } from '../../../api/clock.ts';
import { loadConfig } from '../../../api/config.ts';
import type { RunningServer } from '../../../api/server.ts';
import { startServer } from '../../../api/server.ts';
import { applyStorePragmas } from '../../../api/store/sqlite.ts';
import type { BenchRoom } from './fixture.ts';
import { createRooms, startRooms } from './fixture.ts';
import { serve, settledMemory } from './ipc.ts';

/**
 * A bench child process holding one server: `app` is the real server (store, read models,
 * sockets) on a manual clock; `raw` is bare socket.io on the same kind of HTTP server, which
 * acks `placeBid` at once (echo) or, in broadcast mode, first sends every socket in the room a
 * `bidUpdate` shaped like the real one. Both listen on 127.0.0.1.
 */
const mode = process.argv[2];

/** Raw better-sqlite3 inserts, one durable transaction each, with the store's pragmas, on the server's disk: what one commit costs right now. */
const durableRate = (path: string, rows: number) => {
  const db = new Database(path);
  applyStorePragmas(db);
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, data TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO t (data) VALUES (?)');
  const data = JSON.stringify({ bidId: randomUUID(), seq: 1, amount: 510_00, at: Date.now() });
  const started = performance.now();
  for (let i = 0; i < rows; i++) db.transaction(() => insert.run(data)).immediate();
  const ms = performance.now() - started;
  db.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  return (rows * 1000) / ms;
};

/**
 * `app [dataDir]`: with a data directory, a second server process on another's log (its own read
 * models; the first process removes the directory).
 */
const app = async (shared?: string) => {
  const dataDir = shared ?? mkdtempSync(join(tmpdir(), 'vetri-bench-server-'));
  const clock = createManualClock('2026-12-01T04:30:00.000Z');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    READ_MODEL_PATH: join(dataDir, shared ? `read-${process.pid}.db` : 'read.db'),
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    SCHEDULER_INTERVAL_MS: '0',
    SWEEPER_INTERVAL_MS: '0',
    ...(process.env.PROJECTION_BATCH_MS ? { PROJECTION_BATCH_MS: process.env.PROJECTION_BATCH_MS } : {}),
    ...(process.env.PROJECTION_THREAD ? { PROJECTION_THREAD: process.env.PROJECTION_THREAD } : {}),
    ...(process.env.STORE_SYNC ? { STORE_SYNC: process.env.STORE_SYNC } : {}),
  });
  const server: RunningServer = await startServer(config, { clock });
  serve(async (body) => {
    switch (body.type) {
      case 'url':
        return server.url;
      case 'rooms': {
        const rooms: BenchRoom[] = await createRooms(
          server.deps,
          body.tag as string,
          body.count as number,
          body.seats as number,
        );
        if (body.start) await startRooms(clock, server.rooms);
        return rooms;
      }
      case 'memory':
        return settledMemory();
      case 'dataDir':
        return dataDir;
      case 'now':
        return clock.now();
      case 'setClock':
        clock.set(body.at as number);
        return null;
      case 'head':
        return server.deps.store.headPosition();
      case 'caughtUp':
        await server.deps.projections.waitFor(body.position as number, 60_000);
        return null;
      case 'durable':
        return durableRate(join(dataDir, `probe-${Date.now()}.db`), body.rows as number);
      case 'exit':
        await server.close();
        if (!shared) rmSync(dataDir, { recursive: true, force: true });
        return null;
      default:
        throw new Error(`unknown request ${body.type}`);
    }
  });
};

const raw = async () => {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io/', serveClient: false, pingInterval: 10_000, pingTimeout: 8_000 });
  let broadcast = false;
  let endAfter = Infinity;
  const rooms = new Map<string, { seq: number; history: object[] }>();
  io.on('connection', (socket) => {
    socket.on('joinRoom', (p: { roomCode: string }, ack: (r: unknown) => void) => {
      void socket.join(`room:${p.roomCode}`);
      ack({ ok: true, data: { canBid: true } });
    });
    socket.on('placeBid', (p: { roomCode: string }, ack: (r: unknown) => void) => {
      let room = rooms.get(p.roomCode);
      if (!room) rooms.set(p.roomCode, (room = { seq: 0, history: [] }));
      const seq = ++room.seq;
      const at = Date.now();
      const bid = {
        seq,
        user_id: socket.id.slice(0, 10),
        username: 'Bidder',
        bid_amount: 500_00 + seq * 10_00,
        created_at: new Date(at).toISOString(),
        created_at_ms: at,
      };
      if (broadcast) {
        room.history.push(bid);
        const counts: Record<string, number> = {};
        for (const h of room.history as { user_id: string }[]) counts[h.user_id] = (counts[h.user_id] ?? 0) + 1;
        io.to(`room:${p.roomCode}`).emit('bidUpdate', {
          roomCode: p.roomCode,
          revision: seq + 12,
          currentBid: bid.bid_amount,
          highestBidder: { id: bid.user_id, username: bid.username },
          bid,
          bidHistory: room.history,
          deadline: at + 60_000,
          bidCounts: counts,
          max: 5,
          timer: 60,
          serverTime: at,
        });
      }
      ack({
        ok: true,
        data: {
          bid,
          currentBid: bid.bid_amount,
          deadline: at + 60_000,
          used: 1,
          remaining: 4,
          max: 5,
          revision: seq,
          ended: seq >= endAfter,
        },
      });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  serve(async (body) => {
    switch (body.type) {
      case 'url':
        return `http://127.0.0.1:${port}`;
      case 'mode':
        broadcast = body.broadcast as boolean;
        endAfter = body.endAfter as number;
        rooms.clear();
        return null;
      case 'memory':
        return settledMemory();
      case 'exit':
        await new Promise<void>((resolve) => void io.close(() => resolve()));
        return null;
      default:
        throw new Error(`unknown request ${body.type}`);
    }
  });
};

await (mode === 'app' ? app(process.argv[3]) : raw());
