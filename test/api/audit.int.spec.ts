import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.ts';
import type { Receipt } from '../../api/contract/audit.ts';
import type { VerifyView, EventView } from '../../api/contract/audit.ts';
import { verifyExportText } from '../../api/audit/verifyFile.ts';
import { createManualClock } from '../../api/clock.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, client, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import type { PlayedRoom } from '../helpers/auditRooms.ts';
import { MEMBERS, playRoom } from '../helpers/auditRooms.ts';

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const START = T0 + 2 * 3_600_000;
const [K, A, M] = MEMBERS.map((m) => m.userId) as [string, string, string];
const BIDS = [K, A, K, M, A, K];

let server: TestServer;
let auditor: Client;
let member: Client;
let admin: Client;
const rooms: Record<string, PlayedRoom> = {};

const text = async (c: Client | null, path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: c?.cookie ? { cookie: c.cookie } : {} });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

/** Opens the embedded store's file beside the running server, as someone with disk access would. */
const tamper = (change: (db: Database.Database) => void) => {
  const db = new Database(join(server.dataDir, 'events.db'));
  try {
    change(db);
  } finally {
    db.close();
  }
};

const verifyApi = async (stream: string) =>
  (await auditor.call<VerifyView>('GET', `/api/admin/streams/${stream}/verify`)).body;

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock: createManualClock(T0) });
  for (const code of ['AUD001', 'AUD002', 'AUD003', 'AUD004', 'AUD005']) {
    rooms[code] = await playRoom(server.deps, code, { start: START, bidders: BIDS });
  }
  rooms.AUD006 = await playRoom(server.deps, 'AUD006', { start: START, bidders: [K, A], finish: false });
  await server.deps.projections.waitFor(await server.deps.store.headPosition());
  [auditor, member, admin] = await Promise.all([
    loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password),
    loggedIn(server, MEMBER.email, MEMBER.password),
    loggedIn(server, ADMIN.email, ADMIN.password),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

describe('the stream browser API', () => {
  it('lists categories with counts and last update, and streams by search with paging', async () => {
    const { status, body } = await auditor.call<{
      categories: { category: string; streams: number; events: number; last_update: string }[];
      streams: { stream: string; event_count: number; last_hash: string }[];
      total: number;
    }>('GET', '/api/admin/streams?search=AUD00&limit=2&offset=1');
    expect(status).toBe(200);
    const room = body.categories.find((c) => c.category === 'room')!;
    expect(room.streams).toBeGreaterThanOrEqual(6);
    expect(room.events).toBeGreaterThan(6 * 10);
    expect(body.categories.map((c) => c.category)).toEqual(expect.arrayContaining(['user', 'room', 'league']));
    expect(body.total).toBe(6);
    expect(body.streams).toHaveLength(2);
    const one = body.streams[0]!;
    expect(one.event_count).toBe(rooms[one.stream.slice(5)]!.events.length);
    expect(one.last_hash).toBe(rooms[one.stream.slice(5)]!.events.at(-1)!.metadata.hash);
  });

  it('pages a stream’s events with data, metadata and causation links', async () => {
    const { events } = rooms.AUD001!;
    const first = await auditor.call<{ events: EventView[]; next_from: number | null }>(
      'GET',
      '/api/admin/streams/room-AUD001?limit=5',
    );
    expect(first.status).toBe(200);
    expect(first.body.events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    expect(first.body.next_from).toBe(5);
    expect(first.body.events[0]).toMatchObject({
      type: 'RoomCreated',
      actor: { userId: 'aud-admin', role: 'admin' },
      hash: events[0]!.metadata.hash,
      data: { code: 'AUD001', maxAttempts: 5, bidValue: 10_00 },
    });
    const last = await auditor.call<{ events: EventView[]; next_from: number | null }>(
      'GET',
      `/api/admin/streams/room-AUD001?from=${events.length - 2}&limit=5`,
    );
    expect(last.body.next_from).toBeNull();
    const [lastBid, ended] = last.body.events;
    expect(ended!.type).toBe('RoomEnded');
    expect(ended!.links.caused_by).toMatchObject({ id: lastBid!.id, stream: 'room-AUD001', type: 'BidPlaced' });
    expect(lastBid!.links.causes.map((r) => r.id)).toEqual([ended!.id]);
    const back = await auditor.call<{ events: EventView[] }>(
      'GET',
      '/api/admin/streams/room-AUD001?direction=backwards&limit=2',
    );
    expect(back.body.events.map((e) => e.revision)).toEqual([events.length - 1, events.length - 2]);
  });

  it('masks secret hashes on screen but says where', async () => {
    const list = await auditor.call<{ streams: { stream: string }[] }>('GET', '/api/admin/streams?category=user');
    const user = await auditor.call<{ events: EventView[] }>(
      'GET',
      `/api/admin/streams/${list.body.streams[0]!.stream}`,
    );
    const registered = user.body.events.find((e) => e.type === 'UserRegistered')!;
    expect(registered.masked).toContain('data.passwordHash');
    expect(JSON.stringify(registered.data)).not.toMatch(/scrypt|\$[0-9a-f]{16}/);
  });

  it('answers 404 for an unknown stream and refuses members and visitors', async () => {
    expect((await auditor.call('GET', '/api/admin/streams/room-NOPE99')).status).toBe(404);
    expect((await member.call('GET', '/api/admin/streams')).status).toBe(403);
    expect((await client(server).call('GET', '/api/admin/streams/room-AUD001/verify')).status).toBe(401);
    expect((await text(member, '/api/admin/export?all=1')).status).toBe(403);
  });
});

describe('verify and export name an altered, removed or reordered event', () => {
  const exported: Record<string, string> = {};

  beforeAll(async () => {
    for (const code of ['AUD001', 'AUD002', 'AUD003', 'AUD004', 'AUD005']) {
      const res = await text(auditor, `/api/admin/export?stream=room-${code}`);
      expect(res.status).toBe(200);
      exported[code] = res.body;
    }
  });

  it('finds every stream intact before anyone touches it', async () => {
    for (const code of ['AUD001', 'AUD002', 'AUD003', 'AUD004', 'AUD005']) {
      const v = await verifyApi(`room-${code}`);
      expect(v).toMatchObject({ ok: true, events: rooms[code]!.events.length, bad_event: null });
      expect(v.last_hash).toBe(rooms[code]!.events.at(-1)!.metadata.hash);
      const file = verifyExportText(exported[code]!);
      expect(file.ok).toBe(true);
      expect(file.manifest?.streams[`room-${code}`]).toEqual({
        events: rooms[code]!.events.length,
        first_revision: 0,
        last_revision: rooms[code]!.events.length - 1,
        last_hash: rooms[code]!.events.at(-1)!.metadata.hash,
        positions_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      });
      expect(file.signature).toMatchObject({ state: 'valid', pinned: false });
    }
  });

  it('an altered event: the API and the exported file name it', async () => {
    const victim = rooms.AUD002!.events[8]!;
    tamper((db) => db.prepare("UPDATE events SET data = json_set(data, '$.amount', 1) WHERE id = ?").run(victim.id));
    const v = await verifyApi('room-AUD002');
    expect(v.ok).toBe(false);
    expect(v.bad_event).toMatchObject({ id: victim.id, revision: victim.revision });
    expect(v.bad_event!.reason).toMatch(/altered/);

    const lines = exported.AUD002!.split('\n');
    lines[8] = lines[8]!.replace(/"amount":\d+/, '"amount":1');
    const file = verifyExportText(lines.join('\n'));
    expect(file.ok).toBe(false);
    expect(file.streams[0]!.bad).toMatchObject({ id: victim.id, revision: victim.revision, line: 9 });
  });

  it('a removed event in the middle: named by revision', async () => {
    const victim = rooms.AUD003!.events[6]!;
    tamper((db) => db.prepare('DELETE FROM events WHERE id = ?').run(victim.id));
    const v = await verifyApi('room-AUD003');
    expect(v.ok).toBe(false);
    expect(v.bad_event).toMatchObject({ id: rooms.AUD003!.events[7]!.id, revision: 7 });
    expect(v.bad_event!.reason).toMatch(/removed or moved/);

    const lines = exported.AUD003!.split('\n').filter((_, i) => i !== 6);
    const file = verifyExportText(lines.join('\n'));
    expect(file.streams[0]!.bad).toMatchObject({ id: rooms.AUD003!.events[7]!.id, revision: 7 });
    expect(file.streams[0]!.bad!.reason).toMatch(/removed or moved/);
  });

  it('a removed last event: caught against what was recorded, and against the manifest', async () => {
    const events = rooms.AUD004!.events;
    tamper((db) => db.prepare('DELETE FROM events WHERE id = ?').run(events.at(-1)!.id));
    const v = await verifyApi('room-AUD004');
    expect(v.ok).toBe(false);
    expect(v.events).toBe(events.length - 1);
    expect(v.message).toMatch(/the last 1 event\(s\) were removed/);

    const lines = exported.AUD004!.trimEnd().split('\n');
    const withoutLast = [...lines.slice(0, -2), lines.at(-1)!].join('\n');
    const file = verifyExportText(withoutLast);
    expect(file.ok).toBe(false);
    expect(file.streams[0]!.manifestProblem).toMatch(/the last 1 event\(s\) were removed/);
    expect(verifyExportText(lines.slice(0, -1).join('\n')).problems.join()).toMatch(/no manifest line/);
  });

  it('two events swapped: named where the order breaks', async () => {
    const [a, b] = [rooms.AUD005!.events[7]!, rooms.AUD005!.events[8]!];
    tamper((db) => {
      const row = db.prepare<[string], { type: string; data: string; metadata: string }>(
        'SELECT type, data, metadata FROM events WHERE id = ?',
      );
      const [ra, rb] = [row.get(a.id)!, row.get(b.id)!];
      const set = db.prepare('UPDATE events SET type = ?, data = ?, metadata = ? WHERE id = ?');
      set.run(rb.type, rb.data, rb.metadata, a.id);
      set.run(ra.type, ra.data, ra.metadata, b.id);
    });
    const v = await verifyApi('room-AUD005');
    expect(v.ok).toBe(false);
    expect(v.bad_event).toMatchObject({ id: a.id, revision: 7 });
    expect(v.bad_event!.reason).toMatch(/does not match its hash/);

    const lines = exported.AUD005!.split('\n');
    [lines[7], lines[8]] = [lines[8]!, lines[7]!];
    const file = verifyExportText(lines.join('\n'));
    expect(file.streams[0]!.bad).toMatchObject({ id: b.id, revision: 8, line: 8 });
  });

  it('a category and the whole log export as one verifiable file each, ending in a manifest', async () => {
    const res = await text(auditor, '/api/admin/export?category=league');
    expect(res.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="league-streams-/);
    const league = verifyExportText(res.body);
    expect(league.ok).toBe(true);
    expect(league.streams.every((s) => s.stream.startsWith('league-'))).toBe(true);
    const all = verifyExportText((await text(admin, '/api/admin/export?all=1')).body);
    let stored = 0;
    tamper((db) => (stored = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()!.n));
    expect(all.manifest!.events).toBe(stored);
    expect(
      all.streams
        .filter((s) => !s.ok)
        .map((s) => s.stream)
        .sort(),
    ).toEqual(['room-AUD002', 'room-AUD003', 'room-AUD005']);
    expect((await auditor.call('GET', '/api/admin/export?stream=room-AUD001&all=1')).status).toBe(400);
  });
});

describe('the member’s fairness receipt', () => {
  it('gives the final hash, the count, a download that verifies offline, and the command', async () => {
    const { events } = rooms.AUD001!;
    const { status, body } = await member.call<Receipt>('GET', '/api/rooms/aud001/receipt');
    expect(status).toBe(200);
    const end = events.find((e) => e.type === 'RoomEnded')!;
    expect(body).toMatchObject({
      room_code: 'AUD001',
      status: 'completed',
      events: end.revision + 1,
      final_hash: end.metadata.hash,
      chain_intact: true,
      rules_followed: true,
      rules_problem: null,
      bids: BIDS.length,
      winner: { name: 'Kavya R' },
      last_bid: { seq: BIDS.length, user_name: 'Kavya R', amount: 500_00 + BIDS.length * 10_00 },
      final_bid: 500_00 + BIDS.length * 10_00,
      winner_is_last_bid: true,
      download_url: '/api/rooms/AUD001/history.ndjson',
      verify_command: `npm run verify -- --file room-AUD001.ndjson --hash ${end.metadata.hash}`,
    });
    const file = await text(member, body.download_url);
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="room-AUD001.ndjson"');
    const verdict = verifyExportText(file.body);
    expect(verdict.ok).toBe(true);
    expect(verdict.streams[0]!.lastHash).toBe(body.final_hash);
    expect(verdict.streams[0]!.events).toBe(body.events);
  });

  it('is not ready before the end, and needs a login', async () => {
    const early = await member.call<{ error: { code: string; message: string } }>('GET', '/api/rooms/AUD006/receipt');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe('The fairness receipt is ready once the deal has ended.');
    expect((await text(member, '/api/rooms/AUD006/history.ndjson')).status).toBe(409);
    expect((await client(server).call('GET', '/api/rooms/AUD001/receipt')).status).toBe(401);
    expect((await member.call('GET', '/api/rooms/ZZZ999/receipt')).status).toBe(404);
  });
});

describe('the auditor reads everything and writes nothing', () => {
  /** Write routes the read-only guard deliberately lets through, and why; none of them may change the log. */
  const NOT_GUARDED: Record<string, string> = {
    '/api/auth/': 'the auditor’s own login and logout',
    'POST /api/payments/razorpay/callback/:orderId': 'a cross-site redirect from Razorpay that changes nothing',
  };
  /** Admin reads an auditor may not open, and why. */
  const ADMIN_ONLY_READS: Record<string, string> = {
    'GET /api/admin/outbox': 'mails hold one-time login codes, which are secrets, not records',
  };
  const exempt = (list: Record<string, string>, method: string, path: string) =>
    Object.keys(list).some((k) => k === `${method} ${path}` || (k.endsWith('/') && path.startsWith(k)));
  const appRoutes = () => {
    const app = createApp(server.deps, { purposes: {} });
    const seen = new Set<string>();
    return app.routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
      .map((r) => ({ method: r.method, path: r.path }))
      .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
  };
  const concrete = (path: string) =>
    path
      .replace(/:code\b/g, 'AUD001')
      .replace(/:name\b/g, 'room-AUD001')
      .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, 'x1')
      .replace(/\*$/, 'x1');

  it('is refused by every write route, and the log does not grow', async () => {
    const writes = appRoutes().filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    const tried = writes.filter((r) => !exempt(NOT_GUARDED, r.method, r.path));
    expect(tried.length).toBeGreaterThan(15);
    const openapi = (await auditor.call<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json'))
      .body;
    const documented = Object.entries(openapi.paths).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'get')
        .map((m) => `${m.toUpperCase()} /api${p.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const listed = new Set(tried.map((r) => `${r.method} ${r.path}`));
    for (const op of documented) {
      const [method, path] = op.split(' ') as [string, string];
      if (!exempt(NOT_GUARDED, method, path)) expect(listed, op).toContain(op);
    }

    const before = await server.deps.store.headPosition();
    for (const route of tried) {
      const res = await auditor.call<{ error: { code: string } }>(route.method, concrete(route.path), {});
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(res.body.error.code, `${route.method} ${route.path}`).toBe('READ_ONLY');
    }
    expect(await server.deps.store.headPosition()).toBe(before);
  });

  it('can open every admin read route, every stream and every stream’s check', async () => {
    const reads = appRoutes().filter(
      (r) => r.method === 'GET' && r.path.startsWith('/api/admin/') && !exempt(ADMIN_ONLY_READS, r.method, r.path),
    );
    expect(reads.length).toBeGreaterThan(5);
    const refused: string[] = [];
    for (const route of reads) {
      // Raw fetch: the CSV exports answer text/csv, not JSON.
      const res = await fetch(`${server.url}${concrete(route.path)}`, { headers: { cookie: auditor.cookie ?? '' } });
      await res.arrayBuffer();
      if (res.status === 401 || res.status === 403) refused.push(`GET ${route.path}: ${res.status}`);
    }
    expect(refused).toEqual([]);
    const list = await auditor.call<{ total: number; streams: { stream: string }[] }>(
      'GET',
      '/api/admin/streams?limit=200',
    );
    expect(list.body.streams.length).toBe(Math.min(200, list.body.total));
    for (const { stream } of list.body.streams) {
      expect((await auditor.call('GET', `/api/admin/streams/${stream}?limit=1`)).status).toBe(200);
    }
  });
});
