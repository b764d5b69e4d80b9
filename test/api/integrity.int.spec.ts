import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { IntegrityFlag } from '../../api/contract/admin.ts';
import { IntegrityQueue, IntegrityReviewAnswer, IntegrityRoomReport } from '../../api/contract/admin.ts';
import { factHash } from '../../api/auth/signInFacts.ts';
import { dataDirSecret } from '../../api/secrets.ts';
import type { Client } from '../helpers/http.ts';
import { AUDITOR_LOGIN, client, loggedIn, MEMBER } from '../helpers/http.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { liveClient, openRunningRoom, startRoomsServer, userIdOf } from './roomsHelpers.ts';

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const clock = createManualClock(T0);
let started: Awaited<ReturnType<typeof startRoomsServer>>;
let auditor: Client;
let code: string;
let ids: string[];
let deviceId: string;
const live: LiveClient[] = [];

const cookieValue = (c: Client, name: string) =>
  c.cookie
    ?.split('; ')
    .find((p) => p.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? null;

beforeAll(async () => {
  started = await startRoomsServer(clock);
  const { server, members } = started;
  auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
  // Member 2 signs in again from member 1's browser: the device id cookie comes along.
  deviceId = cookieValue(members[0]!, 'vd_device')!;
  const shared = client(server);
  shared.cookie = `vd_device=${deviceId}`;
  expect(
    (await shared.call('POST', '/api/auth/login', { email: 'member2@vetrideals.in', password: MEMBER.password }))
      .status,
  ).toBe(200);
  members[1] = shared;
  ids = await Promise.all(members.map(userIdOf));
  code = await openRunningRoom(started, clock);
  for (const m of members.slice(0, 2)) live.push(await liveClient(server, m));
  for (const l of live) await l.emit('joinRoom', { roomCode: code });
  // Two members take turns, each deal half a second before the deadline: a metronome.
  for (let i = 0; i < 10; i++) {
    clock.advance(29_500);
    const ack = await live[i % 2]!.emit('placeBid', { roomCode: code });
    expect(ack.ok, JSON.stringify(ack)).toBe(true);
  }
  clock.advance(31_000);
  await server.rooms.tick();
  await server.rooms.settled();
}, 60_000);

afterAll(async () => {
  for (const l of live) l.close();
  await started.server.stop();
});

describe('fairness insights on a real server', () => {
  it('signs in with a long-lived httpOnly device cookie and records only salted hashes in the log', async () => {
    const res = await fetch(`${started.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: started.server.url },
      body: JSON.stringify({ email: 'member3@vetrideals.in', password: MEMBER.password }),
    });
    expect(res.status).toBe(200);
    const device = res.headers.getSetCookie().find((h) => h.startsWith('vd_device='))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Max-Age=34560000/); // 400 days, the longest a browser keeps one

    const salt = dataDirSecret(started.server.deps.config.DATA_DIR, 'integrity');
    const events = await started.server.deps.store.readAll();
    const signIns = events.filter((e) => e.type === 'SessionStarted' && e.metadata.signIn);
    expect(signIns.length).toBeGreaterThanOrEqual(6);
    const log = JSON.stringify(events);
    expect(log).not.toContain(deviceId);
    const first = signIns.find((e) => e.streamName === `user-${ids[0]}`)!;
    expect((first.metadata.signIn as { device: string }).device).toBe(factHash(salt, 'device', deviceId));
    const address = (first.metadata.signIn as { address: string }).address;
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].map((ip) => factHash(salt, 'address', ip))).toContain(address);
    for (const raw of ['"127.0.0.1"', '"::1"', '"::ffff:127.0.0.1"']) expect(log).not.toContain(raw);
  });

  it("raises the room's flags with the deals as evidence, for admins and auditors only", async () => {
    const { admin, members } = started;
    const queue = await admin.call<IntegrityQueue>('GET', `/api/admin/integrity?room=${code.toLowerCase()}`);
    expect(queue.status).toBe(200);
    expect(() => IntegrityQueue.parse(queue.body)).not.toThrow();
    const byKind = new Map(queue.body.flags.map((f) => [`${f.kind} ${f.members.map((m) => m.id).join(',')}`, f]));
    const pair = [ids[0]!, ids[1]!].sort().join(',');
    expect([...byKind.keys()].sort()).toEqual(
      [
        `scripted-burst ${ids[0]}`,
        `scripted-burst ${ids[1]}`,
        `shared-address ${pair}`,
        `shared-device ${pair}`,
      ].sort(),
    );
    const device = byKind.get(`shared-device ${pair}`)!;
    expect(device).toMatchObject({ room: code, status: 'open', version: 1, rooms: [code], review: null });
    // What each flag found, as data for the screen to say in the reader's language (no English line).
    expect(device.facts).toEqual({ kind: 'shared-device', room: code, member_count: 2 });
    expect(device).not.toHaveProperty('summary');
    expect(byKind.get(`shared-address ${pair}`)!.facts).toEqual({
      kind: 'shared-address',
      room: code,
      member_count: 2,
    });
    for (const id of [ids[0]!, ids[1]!])
      expect(byKind.get(`scripted-burst ${id}`)!.facts).toEqual({
        kind: 'scripted-burst',
        member: id,
        room: code,
        even_deals: 5,
        fast_reactions: 0,
        fast_ms: 200,
      });
    expect(device.evidence).toHaveLength(10);
    expect(device.evidence.every((e) => e.room === code && e.before_ms === 500)).toBe(true);
    expect(device.evidence.map((e) => e.revision)).toEqual(
      [...device.evidence].map((e) => e.revision).sort((a, b) => a - b),
    );
    expect(queue.body.rooms.find((r) => r.room === code)).toMatchObject({ deals: 10, members: 2, open_flags: 4 });

    expect((await auditor.call('GET', '/api/admin/integrity')).status).toBe(200);
    expect((await members[2]!.call('GET', '/api/admin/integrity')).status).toBe(403);
    expect((await client(started.server).call('GET', `/api/admin/integrity/rooms/${code}`)).status).toBe(401);
  });

  it('shows the seeded demo flag: two of VTR100’s players signed in from one tablet', async () => {
    const { flags } = (await started.admin.call<IntegrityQueue>('GET', '/api/admin/integrity?room=VTR100')).body;
    expect(flags.map((f) => [f.kind, f.members.length, f.status, f.facts])).toEqual([
      ['shared-device', 2, 'open', { kind: 'shared-device', room: 'VTR100', member_count: 2 }],
    ]);
    expect(flags[0]!.evidence.length).toBeGreaterThan(0);
  });

  it("reports the room's deals by time before the deadline, per member", async () => {
    const report = await started.admin.call<IntegrityRoomReport>('GET', `/api/admin/integrity/rooms/${code}`);
    expect(report.status).toBe(200);
    expect(() => IntegrityRoomReport.parse(report.body)).not.toThrow();
    expect(report.body.bucket_limits).toEqual([1, 2, 5, 10, 20]);
    expect(
      report.body.timings.map((t) => [t.user_id, t.deals, t.median_before_ms, t.last_second_share, t.buckets]),
    ).toEqual([ids[0], ids[1]].sort().map((id) => [id, 5, 500, 1, [5, 0, 0, 0, 0, 0]]));
    expect(report.body.deals.map((d) => d.reaction_ms)).toEqual([29_500, ...Array<number>(9).fill(29_500)]);
    expect((await started.admin.call('GET', '/api/admin/integrity/rooms/NOPE99')).status).toBe(404);
  });

  it('lets an admin review a flag with a note; the auditor and members may not', async () => {
    const { admin, members } = started;
    const [flag] = (await admin.call<IntegrityQueue>('GET', `/api/admin/integrity?room=${code}&kind=shared-device`))
      .body.flags;
    const body = { flag_id: flag!.id, outcome: 'dismissed', note: 'Same household, checked by phone.', version: 1 };
    expect((await auditor.call('POST', '/api/admin/integrity/review', body)).status).toBe(403);
    expect((await members[0]!.call('POST', '/api/admin/integrity/review', body)).status).toBe(403);
    const empty = await admin.call<{ error: { code: string } }>('POST', '/api/admin/integrity/review', {
      ...body,
      note: ' ',
    });
    expect(empty.body.error.code).toBe('REVIEW_NOTE_REQUIRED');
    const stale = await admin.call('POST', '/api/admin/integrity/review', { ...body, version: 2 });
    expect(stale.status).toBe(409);
    expect((await admin.call('POST', '/api/admin/integrity/review', { ...body, flag_id: 'nope' })).status).toBe(404);

    const done = await admin.call<{ success: boolean; flag: IntegrityFlag }>(
      'POST',
      '/api/admin/integrity/review',
      body,
    );
    expect(done.status).toBe(200);
    expect(() => IntegrityReviewAnswer.parse(done.body)).not.toThrow();
    expect(done.body.flag).toMatchObject({
      status: 'reviewed',
      review: {
        outcome: 'dismissed',
        note: 'Same household, checked by phone.',
        version: 1,
        by: { name: 'Vetri Admin' },
      },
    });
    const again = await admin.call<{ error: { code: string } }>('POST', '/api/admin/integrity/review', body);
    expect(again.body.error.code).toBe('FLAG_ALREADY_REVIEWED');

    const events = await started.server.deps.store.readStream(`integrity-${flag!.id}`);
    expect(events.map((e) => [e.type, e.metadata.actor])).toEqual([
      ['IntegrityFlagReviewed', { userId: expect.any(String) as string, role: 'admin' }],
    ]);
    const open = (await admin.call<IntegrityQueue>('GET', `/api/admin/integrity?room=${code}&status=open`)).body.flags;
    expect(open.map((f) => f.kind).sort()).toEqual(['scripted-burst', 'scripted-burst', 'shared-address']);
    const reviewed = (await admin.call<IntegrityQueue>('GET', '/api/admin/integrity?status=reviewed')).body.flags;
    expect(reviewed.map((f) => f.id)).toContain(flag!.id);
  });
});
