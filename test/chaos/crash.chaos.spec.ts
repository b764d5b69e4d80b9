import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoomSnapshot } from '../../api/contract/index.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import type { ChildServer } from './childServer.ts';
import { childServer, freePort } from './childServer.ts';
import {
  ackedBidsInLog,
  againstRebuild,
  balancesMatchLog,
  roomsClosedOnce,
  roomStates,
  walletsConserve,
} from './invariants.ts';
import type { AckedBid, RoomClient } from './roomClient.ts';
import { freshScreen, roomClient, screenOf } from './roomClient.ts';
import { seededRandom } from '../../scripts/seededRandom.ts';
import { eventually, persist, sleep } from './retry.ts';
import type { ChaosWorld } from './setup.ts';
import { CHAOS_PASSWORD, prepareWorld } from './setup.ts';

/** `CHAOS_KILLS=20 npm run test:chaos` is the long form; `npm test` runs the short one. */
const KILLS = Number(process.env.CHAOS_KILLS ?? 3);
const SEED = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MEMBERS = 16;
const SEATS = 8;
/** Time from creating a room to its start: members pre-book meanwhile, across restarts. */
const LEAD_MS = 6000;

interface Wave {
  code: string;
  clients: RoomClient[];
}

describe(`crash: the server is killed (SIGKILL) ${KILLS} times while members pre-book and bid`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vetri-chaos-'));
  let server: ChildServer | null = null;
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no acknowledged deal, closes each round once, conserves money, finishes every saga and rebuilds the same read models', async () => {
    const random = seededRandom(SEED);
    console.log(`chaos: ${KILLS} kills, CHAOS_SEED=${SEED}`);
    const world: ChaosWorld = await prepareWorld(dataDir, MEMBERS);
    server = childServer({
      dataDir,
      port: await freePort(),
      env: { SCHEDULER_INTERVAL_MS: '100', SWEEPER_INTERVAL_MS: '1000' },
    });
    await server.start();
    const live = server;
    const admin = await loggedIn(live, ADMIN.email, ADMIN.password);
    const members = new Map<string, Client>();
    for (const m of world.members) members.set(m.id, await loggedIn(live, m.email, CHAOS_PASSWORD));

    const waves: Wave[] = [];
    const wavesDone: Promise<unknown>[] = [];
    let lastPrebookAt = Date.now();
    const prebook = async (member: Client, code: string, key: string, deadline: number) => {
      while (Date.now() < deadline) {
        lastPrebookAt = Date.now();
        try {
          const res = await fetch(`${live.url}/api/rooms/${code}/prebook`, {
            method: 'POST',
            headers: { cookie: member.cookie!, origin: live.url, 'idempotency-key': key },
          });
          if (res.status < 500) return res.status;
        } catch {
          // killed mid-request: send the same pre-book again
        }
        await sleep(100);
      }
      return null;
    };

    const wave = async (n: number) => {
      const startAt = Date.now() + LEAD_MS;
      const created = await persist<{ room_code: string }>(
        admin,
        'POST',
        '/api/admin/rooms',
        {
          product_id: world.productId,
          base_price: 1_000_00,
          max_price: 5_000_00,
          bid_value: 10_00,
          bid_seconds: 3,
          entry_fee: 50_00,
          max_participants: SEATS,
          max_attempts: 3,
          reward_cash: 20_00,
          scheduled_time: startAt,
        },
        startAt - 1500,
      );
      if (created?.status !== 200) return null;
      const code = created.body.room_code;
      const seated = [...world.members].sort(() => random.next() - 0.5).slice(0, SEATS);
      // A visitor watches from the start; each member opens the room once pre-booked, as the Deals screen leads them.
      const clients = [roomClient({ url: live.url, code, cookie: null, userId: null, bids: false })];
      waves.push({ code, clients });
      await Promise.all(
        seated.map(async (m) => {
          const status = await prebook(members.get(m.id)!, code, `chaos-${n}-${m.id}`, startAt);
          if (status !== 200) return;
          clients.push(
            roomClient({ url: live.url, code, cookie: members.get(m.id)!.cookie, userId: m.id, bids: true }),
          );
        }),
      );
      return { code, clients };
    };

    // As each room finishes, its phones must show what a fresh page shows; then they close (kills go on meanwhile).
    const snapshotAs = async (member: Client | null, code: string) => {
      const res = await fetch(`${live.url}/api/rooms/${code}`, {
        headers: member?.cookie ? { cookie: member.cookie } : {},
        signal: AbortSignal.timeout(3000),
      });
      return (await res.json()) as RoomSnapshot;
    };
    let reconnected = 0;
    const acked: AckedBid[] = [];
    const refusals: Record<string, number> = {};
    const screens: { who: string; phone: unknown; fresh: unknown }[] = [];
    const checkWave = async ({ code, clients }: Wave) => {
      await eventually(
        async () => ['completed', 'cancelled'].includes((await snapshotAs(null, code)).room.status),
        `room ${code} to finish`,
        90_000,
      );
      for (const c of clients) {
        const member = c.userId ? members.get(c.userId)! : null;
        let fresh: unknown = null;
        await eventually(
          async () => {
            fresh = freshScreen(await snapshotAs(member, code));
            return JSON.stringify(screenOf(c.state)) === JSON.stringify(fresh);
          },
          `the phone of ${c.userId ?? 'a visitor'} in ${code} to match a fresh page`,
          30_000,
        ).catch(() => undefined);
        if (JSON.stringify(screenOf(c.state)) !== JSON.stringify(fresh)) {
          screens.push({ who: `${c.userId ?? 'visitor'} in ${code}`, phone: screenOf(c.state), fresh });
        }
        reconnected += c.reconnects;
        acked.push(...c.acked);
        for (const [k, n] of Object.entries(c.refusals)) refusals[k] = (refusals[k] ?? 0) + n;
        await c.close();
      }
    };

    // Rooms keep coming while the killer works.
    let killing = true;
    const roomsLoop = (async () => {
      for (let n = 0; killing; n++) {
        wavesDone.push(wave(n).then((w) => (w ? checkWave(w) : undefined)));
        await sleep(4000);
      }
    })();
    for (let k = 0; k < KILLS; k++) {
      await sleep(random.between(1000, 3500));
      await live.kill();
      await sleep(random.between(0, 300));
      if (k < KILLS - 1 && random.next() < 0.25) {
        // Sometimes the next life is cut short too, while it catches up, ticks and sweeps on start-up.
        const starting = live.start().catch(() => undefined);
        await sleep(random.between(200, 1500));
        await live.kill();
        await starting;
        k++;
      }
      if (!live.running()) await live.start();
    }
    killing = false;
    await roomsLoop;
    await Promise.all(wavesDone);
    expect(live.kills).toBe(KILLS);

    // Half-done sagas: the running server finishes or compensates them (the sweeper waits 10 s for a live request).
    await sleep(Math.max(0, lastPrebookAt + 11_000 - Date.now()));
    for (const [id, member] of members) {
      await eventually(
        async () => (await member.call<{ held: number }>('GET', '/api/me/wallet')).body.held === 0,
        `no fee left held in ${id}'s wallet`,
        30_000,
      );
    }
    await eventually(
      async () => {
        const h = (await (await fetch(`${live.url}/api/health`)).json()) as {
          projectedPosition: number;
          headPosition: number;
        };
        return h.projectedPosition === h.headPosition;
      },
      'the read models to reach the head',
      10_000,
    );
    await live.stop();

    const store = openSqliteStore({ path: join(dataDir, 'events.db') });
    const events = await store.readAll();
    const rooms = roomStates(events);
    const codes = waves.map((w) => w.code);
    console.log(
      `chaos: ${live.kills} kills, ${codes.length} rooms, ${acked.length} acknowledged deals, ${reconnected} reconnects, ` +
        `${[...rooms.values()].filter((r) => r.status === 'ended' && r.ended.winner).length} rooms won`,
    );
    expect(acked.length).toBeGreaterThan(0);
    expect(reconnected).toBeGreaterThan(0);
    // Fair members never meet the abuse limits, even across restarts.
    expect(refusals).not.toHaveProperty('RATE_LIMITED');
    expect(refusals).not.toHaveProperty('TOO_MANY_CONNECTIONS');
    expect(ackedBidsInLog(events, acked)).toEqual([]);
    expect(roomsClosedOnce(events)).toEqual([]);
    for (const [code, room] of rooms) expect(['ended', 'cancelled'], `room ${code}`).toContain(room.status);
    expect(walletsConserve(events)).toEqual([]);

    // Every phone, after all the reconnects, shows what a fresh page shows (checked last, to report the log's state first).
    expect(screens.slice(0, 1)).toEqual([]);
    const mine = new Database(live.readModelPath(), { readonly: true });
    expect(balancesMatchLog(events, mine)).toEqual([]);
    expect(await againstRebuild(store, mine, join(dataDir, 'rebuilt.db'), events.at(-1)!.position)).toEqual([]);
    mine.close();
    await store.close();
  });
});
