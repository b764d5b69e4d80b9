import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomSnapshot } from '../../api/contract/index.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import type { ChildServer } from './childServer.ts';
import { childServer, freePort } from './childServer.ts';
import type { RoomClient } from './roomClient.ts';
import { freshScreen, screenOf } from './roomClient.ts';
import { eventually } from './retry.ts';
import type { ChaosWorld } from './setup.ts';
import { CHAOS_PASSWORD, expectRoomSettledInLog, prepareWorld, splitRoom } from './setup.ts';

/**
 * Scale-out on one machine (DESIGN.md §7): two real server processes on one embedded store, each
 * with its own read model, scheduler and sockets. (`test/api/roomsOps.int.spec.ts` drives two
 * in-process servers tick by tick; here both run their own timers, as deployed.)
 */
describe('two server processes on one log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vetri-two-proc-'));
  const env = { SCHEDULER_INTERVAL_MS: '100', SWEEPER_INTERVAL_MS: '1000' };
  const clients: RoomClient[] = [];
  const logins = new Map<string, Client>();
  let a: ChildServer;
  let b: ChildServer;
  let admin: Client;
  let world: ChaosWorld;
  let sides: (ChaosWorld['members'][number] & { server: ChildServer })[];

  beforeAll(async () => {
    world = await prepareWorld(dataDir, 8);
    a = childServer({ dataDir, port: await freePort(), env });
    b = childServer({ dataDir, port: await freePort(), env });
    await Promise.all([a.start(), b.start()]);
    admin = await loggedIn(a, ADMIN.email, ADMIN.password);
    sides = world.members.map((m, i) => ({ ...m, server: i % 2 === 0 ? a : b }));
    for (const m of sides) logins.set(m.id, await loggedIn(m.server, m.email, CHAOS_PASSWORD));
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([a, b].map((s) => s?.kill()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A room starting in 5 s; every member pre-books on their own process, then bids there twice, then silence. */
  const bookedRoom = async () => {
    const room = await splitRoom({ admin, productId: world.productId, servers: [a, b], sides, logins, stopAfter: 2 });
    clients.push(...room.watchers, ...room.bidders);
    return room;
  };
  const snapshotOn = async (s: ChildServer, code: string, member?: Client) =>
    (await (
      await fetch(`${s.url}/api/rooms/${code}`, { headers: member?.cookie ? { cookie: member.cookie } : {} })
    ).json()) as RoomSnapshot;
  const endedOnBoth = (code: string) =>
    eventually(
      async () =>
        (await snapshotOn(a, code)).room.status === 'completed' &&
        (await snapshotOn(b, code)).room.status === 'completed',
      'the room to end on both processes',
      60_000,
    );
  /** Each phone ends on what a fresh page from its own process shows. */
  const phonesMatchFreshPages = async (code: string, watchers: RoomClient[], phones: RoomClient[]) => {
    for (const c of phones) {
      const server = c.userId ? sides.find((m) => m.id === c.userId)!.server : c === watchers[0] ? a : b;
      const fresh = async () =>
        freshScreen(await snapshotOn(server, code, c.userId ? logins.get(c.userId) : undefined));
      await eventually(
        async () => JSON.stringify(screenOf(c.state)) === JSON.stringify(await fresh()),
        'a phone to match a fresh page',
        10_000,
      ).catch(() => undefined);
      expect(screenOf(c.state)).toEqual(await fresh());
    }
  };
  /** Settlement runs on both processes; every fee ends settled once either way. */
  const checkLog = async (code: string, acked: RoomClient['acked']) => {
    for (const m of sides) {
      await eventually(
        async () => (await logins.get(m.id)!.call<{ held: number }>('GET', '/api/me/wallet')).body.held === 0,
        'every fee settled',
        30_000,
      );
    }
    return expectRoomSettledInLog(() => openSqliteStore({ path: join(dataDir, 'events.db') }), code, acked);
  };

  it('bidders on both: one winner, each side sees the other’s deals, each deadline fires once', async () => {
    const { code, watchers, bidders } = await bookedRoom();
    await endedOnBoth(code);
    const [onA, onB] = [await snapshotOn(a, code), await snapshotOn(b, code)];
    expect(onA.room.revision).toBe(onB.room.revision);
    expect(onA.history).toEqual(onB.history);
    expect(onA.winner).toEqual(onB.winner);
    expect(onA.winner).not.toBeNull();
    expect(onA.room.end_reason).toBe('deadline');

    // Watchers on each process saw the deals placed through the other one.
    const through = (s: ChildServer) => new Set(sides.filter((m) => m.server === s).map((m) => m.id));
    for (const [watcher, other] of [
      [watchers[0]!, b],
      [watchers[1]!, a],
    ] as const) {
      const fromOther = watcher.seen.filter(
        (e) =>
          e.event === 'bidUpdate' &&
          through(other).has((e.payload.highestBidder as { id: string } | undefined)?.id ?? ''),
      );
      expect(fromOther.length).toBeGreaterThan(0);
    }
    await phonesMatchFreshPages(code, watchers, [...watchers, ...bidders]);
    const acked = bidders.flatMap((c) => c.acked);
    const room = await checkLog(code, acked);
    expect(acked.length).toBe(room.filter((t) => t === 'BidPlaced').length);
    expect(new Set(acked.map((x) => x.userId)).size).toBeGreaterThan(4);
  });

  it('one process dies mid-auction: the other carries the room to its end; the first comes back showing the same room', async () => {
    const { code, watchers, bidders } = await bookedRoom();
    await eventually(() => bidders.reduce((n, c) => n + c.acked.length, 0) >= 3, 'the first deals', 30_000);
    await a.kill();
    await eventually(
      async () => (await snapshotOn(b, code)).room.status === 'completed',
      'process B to end the room alone',
      60_000,
    );
    await a.start();
    await endedOnBoth(code);
    expect((await snapshotOn(a, code)).history).toEqual((await snapshotOn(b, code)).history);
    await phonesMatchFreshPages(code, watchers, [...watchers, ...bidders]);
    expect(
      bidders.filter((c) => sides.find((m) => m.id === c.userId)!.server === a).every((c) => c.reconnects > 0),
    ).toBe(true);
    await checkLog(
      code,
      bidders.flatMap((c) => c.acked),
    );
  });
});
