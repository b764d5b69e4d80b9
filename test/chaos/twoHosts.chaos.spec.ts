import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomSnapshot } from '../../api/contract/index.ts';
import { openEventStore } from '../../api/store/index.ts';
import { loadConfig } from '../../api/config.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import type { EsdbStandIn } from '../store/esdbServer.ts';
import { startEsdbStandIn } from '../store/esdbServer.ts';
import type { ChildServer } from './childServer.ts';
import { childServer } from './childServer.ts';
import type { TestHost } from './netns.ts';
import { canCreateHosts, createHosts } from './netns.ts';
import type { RoomClient } from './roomClient.ts';
import { eventually } from './retry.ts';
import type { ChaosWorld } from './setup.ts';
import { CHAOS_PASSWORD, expectRoomSettledInLog, prepareWorld, splitRoom } from './setup.ts';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * Two hosts, one log (issue 17): two app servers, each on its own test host (a network namespace
 * with its own address), each with its own data directory and read models, both on one
 * EventStoreDB log (the wire-level stand-in, reached through the real client at each host's
 * gateway). Bidders and watchers of one room are split between the hosts; one host's server is
 * killed mid-room.
 */
describe('two hosts on one EventStoreDB log', () => {
  if (!canCreateHosts()) {
    it('needs root and iproute2 to create the test hosts', () => {
      throw new Error('cannot create network namespaces here: run the chaos suite as root with `ip` installed');
    });
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'vetri-two-hosts-'));
  const env = { SCHEDULER_INTERVAL_MS: '100', SWEEPER_INTERVAL_MS: '1000', OTP_SECRET: 'two-hosts-shared-otp' };
  const clients: RoomClient[] = [];
  const logins = new Map<string, Client>();
  let made: { hosts: TestHost[]; close(): void };
  let log: EsdbStandIn;
  let a: ChildServer;
  let b: ChildServer;
  let admin: Client;
  let world: ChaosWorld;
  let sides: (ChaosWorld['members'][number] & { server: ChildServer })[];

  beforeAll(async () => {
    made = createHosts(2);
    log = await startEsdbStandIn({ host: '0.0.0.0' });
    // The world (admin, members with cash, a product) is written to the shared log from this machine.
    world = await prepareWorld(join(root, 'setup'), 6, { EVENTSTORE_URL: log.connectionString() });
    const on = (host: TestHost, name: string) =>
      childServer({
        dataDir: join(root, name),
        port: 3000,
        host,
        env: { ...env, EVENTSTORE_URL: `esdb://${host.gateway}:${log.port}?tls=false` },
      });
    a = on(made.hosts[0]!, 'host-a');
    b = on(made.hosts[1]!, 'host-b');
    await Promise.all([a.start(), b.start()]);
    admin = await loggedIn(a, ADMIN.email, ADMIN.password);
    sides = world.members.map((m, i) => ({ ...m, server: i % 2 === 0 ? a : b }));
    for (const m of sides) logins.set(m.id, await loggedIn(m.server, m.email, CHAOS_PASSWORD));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await Promise.all([a, b].map((s) => s?.kill()));
    await log?.close();
    made?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const snapshotOn = async (s: ChildServer, code: string) =>
    (await (await fetch(`${s.url}/api/rooms/${code}`)).json()) as RoomSnapshot;

  it('splits a room between the hosts, kills one mid-room: one winner, no acknowledged bid lost, settled once, watchers on both within 250 ms', async () => {
    const { code, watchers, bidders } = await splitRoom({
      admin,
      productId: world.productId,
      servers: [a, b],
      sides,
      logins,
      stopAfter: 3,
    });
    clients.push(...watchers, ...bidders);

    await eventually(() => bidders.reduce((n, c) => n + c.acked.length, 0) >= 4, 'the first bids', 30_000);
    // Host A lives until a deal host B acknowledged has had the 250 ms it is given to reach host A's
    // watcher, so the log's path from one host to the other is checked, not only each host's own.
    const ackedOnB = () => bidders.flatMap((c, i) => (sides[i]!.server === b ? c.acked : []));
    await eventually(
      () => ackedOnB().some((bid) => performance.now() - bid.at! > 300),
      'a deal host B acknowledged, 300 ms before host A is killed',
      30_000,
    );
    const killedAt = performance.now();
    await a.kill();
    await eventually(
      async () => (await snapshotOn(b, code)).room.status === 'completed',
      'host B to end the room alone',
      60_000,
    );

    // One winner, as host B shows it; every bid acknowledged on either host is in the log once.
    const final = await snapshotOn(b, code);
    expect(final.winner).not.toBeNull();
    // Every fee settled, host A's members' too: asked of host B (sessions are in the log, so their cookies work there).
    for (const m of sides) {
      const cookie = logins.get(m.id)!.cookie!;
      await eventually(
        async () =>
          ((await (await fetch(`${b.url}/api/me/wallet`, { headers: { cookie } })).json()) as { held: number }).held ===
          0,
        'every fee settled',
        30_000,
      );
    }
    const acked = bidders.flatMap((c) => c.acked);
    await expectRoomSettledInLog(
      () => openEventStore(loadConfig({ EVENTSTORE_URL: log.connectionString(), DATA_DIR: root })),
      code,
      acked,
    );
    expect(acked.length).toBeGreaterThan(4);

    // Each acknowledged bid reached the watchers on both hosts, host A's only while it lived: a deal
    // host A acknowledged went to its own watchers first; one host B acknowledged reaches host A
    // through the log (its read, then its projected batch), so it is owed to host A's watcher only
    // if host A lived the 250 ms this test gives a deal to reach every watcher.
    const delays: number[] = [];
    let acrossHosts = 0;
    const ackedBy = bidders.flatMap((c, i) =>
      c.acked.map((bid) => ({ bid, host: sides[i]!.server === a ? 'A' : 'B' })),
    );
    for (const { bid, host } of ackedBy) {
      const hostALived = host === 'A' ? bid.at! < killedAt : bid.at! + 250 < killedAt;
      for (const [watcher, alive] of [
        [watchers[0]!, hostALived],
        [watchers[1]!, true],
      ] as const) {
        if (!alive) continue;
        const seen = watcher.seen.find(
          (e) => e.event === 'bidUpdate' && (e.payload.bid as { seq: number } | undefined)?.seq === bid.seq,
        );
        expect(
          seen,
          `bid ${bid.seq} (acknowledged by host ${host}, ${(killedAt - bid.at!).toFixed(1)} ms before host A was killed) on the watcher of ${watcher === watchers[0] ? 'host A' : 'host B'}`,
        ).toBeDefined();
        delays.push(seen!.at - bid.at!);
        if (host === 'B' && watcher === watchers[0]) acrossHosts++;
      }
    }
    expect(acrossHosts, "deals host B acknowledged, checked on host A's watcher").toBeGreaterThan(0);
    const sorted = [...delays].sort((x, y) => x - y);
    const report = `ack → every watcher's bidUpdate across two hosts: ${delays.length} deliveries, p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
    console.log(report);
    expect(sorted.at(-1)!, report).toBeLessThanOrEqual(250);
  }, 180_000);
});
