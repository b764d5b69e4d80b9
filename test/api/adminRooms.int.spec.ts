import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { AdminRoom, AdminRoomList } from '../../api/contract/rooms.ts';
import { MyRoomList } from '../../api/contract/rooms.ts';
import type { NotificationList } from '../../api/contract/notifications.ts';
import { roomStream } from '../../engine/room.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { liveClient } from './roomsHelpers.ts';

/**
 * /api/admin/rooms on a seeded server: the list with seats and fees held, filters, the CSV export
 * (same filters, safe in a spreadsheet), and an admin's cancel (refunds through the saga, the
 * reason in the event and the members' notifications) and reschedule (only before any booking;
 * the scheduler follows the new time). Auditors read; members get nothing.
 */

const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const MIN = 60_000;
const clock = createManualClock(T0);
let server: TestServer;
let admin: Client;
let auditor: Client;
let member: Client;

type Wallet = { cash: number; held: number };
const wallet = async (c: Client) => (await c.call<Wallet>('GET', '/api/me/wallet')).body;
const list = async (c: Client, query = '') => (await c.call<AdminRoomList>('GET', `/api/admin/rooms${query}`)).body;
const roomOf = async (code: string): Promise<AdminRoom> =>
  (await list(admin, `?q=${code}`)).rooms.find((r) => r.code === code)!;
const waitFor = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const csv = async (c: Client, query = '') => {
  const res = await fetch(`${server.url}/api/admin/rooms.csv${query}`, { headers: { cookie: c.cookie ?? '' } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    clock,
    env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0' },
  });
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
  member = await loggedIn(server, MEMBER.email, MEMBER.password);
});
afterAll(async () => {
  await server.stop();
});

describe('the admin room list', () => {
  it('shows every room with status, seats and the fees it holds, for admins and auditors only', async () => {
    const all = await list(auditor, '?q=VTR');
    expect(all.total).toBeGreaterThanOrEqual(6);
    const vtr102 = all.rooms.find((r) => r.code === 'VTR102')!;
    expect(vtr102).toMatchObject({
      status: 'upcoming',
      joined_count: 2,
      max_participants: 3,
      fees_held: 2 * 50_00,
      can_cancel: true,
      can_reschedule: false,
    });
    const done = all.rooms.find((r) => r.code === 'VTR100')!;
    expect(done).toMatchObject({ status: 'completed', fees_held: 0, can_cancel: false, winner_name: 'Priya Ramesh' });
    expect(done.fees_kept + done.fees_rewarded).toBeGreaterThan(0);
    expect((await member.call('GET', '/api/admin/rooms')).status).toBe(403);
  });

  it('filters by status and start date (India days)', async () => {
    const completed = await list(admin, '?status=completed');
    expect(completed.rooms.length).toBeGreaterThan(0);
    expect(completed.rooms.every((r) => r.status === 'completed')).toBe(true);
    // VTR104 starts 26 hours after T0 (10:00 IST on the 22nd): the 23rd holds it, the 22nd does not.
    const on23 = await list(admin, '?q=VTR10&from=2026-11-23&to=2026-11-23');
    expect(on23.rooms.map((r) => r.code)).toContain('VTR104');
    expect(on23.rooms.map((r) => r.code)).not.toContain('VTR101');
    expect((await admin.call('GET', '/api/admin/rooms?status=paused')).status).toBe(400);
  });
});

describe('cancelling an upcoming room', () => {
  it('refunds every booked member, records the admin and reason, and tells the members why', async () => {
    // The seed books VTR102 for member3 and member4.
    const booked = [await loggedIn(server, 'member3@vetrideals.in', MEMBER.password)];
    booked.push(await loggedIn(server, 'member4@vetrideals.in', MEMBER.password));
    const before = await Promise.all(booked.map(wallet));
    const watching = await liveClient(server, booked[0]!);
    expect((await watching.emit('joinRoom', { roomCode: 'VTR102' })).ok).toBe(true);

    const res = await admin.call<{ message: string; room: AdminRoom }>('POST', '/api/admin/rooms/VTR102/cancel', {
      reason: 'The supplier could not deliver in time',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Room VTR102 is cancelled. All 2 booked members get their entry fee back.');
    expect(res.body.room).toMatchObject({ status: 'cancelled', remark: 'The supplier could not deliver in time' });

    await server.rooms.settled();
    await waitFor(async () => (await wallet(booked[0]!)).held === before[0]!.held - 50_00, 'the refund');
    const after = await Promise.all(booked.map(wallet));
    after.forEach((w, i) => {
      expect(w.cash).toBe(before[i]!.cash + 50_00);
      expect(w.held).toBe(before[i]!.held - 50_00);
    });
    expect((await roomOf('VTR102')).fees_refunded).toBe(100_00);

    const events = await server.deps.store.readStream(roomStream('VTR102'));
    const cancelled = events.find((e) => e.type === 'RoomCancelled')!;
    expect(cancelled.data).toMatchObject({
      remark: 'The supplier could not deliver in time',
      by: { userId: (cancelled.metadata.actor as { userId: string }).userId },
    });
    expect(cancelled.metadata.actor).toMatchObject({ role: 'admin' });

    // The room was full: members watching it are told it was cancelled, with the admin's reason,
    // not that it did not fill; My Deals lists it as cancelled, refunded, not as upcoming.
    try {
      await waitFor(() => Promise.resolve(watching.of('auctionEnded').length > 0), 'auctionEnded');
      expect(watching.of('auctionEnded')).toEqual([
        expect.objectContaining({ reason: 'cancelled', remark: 'The supplier could not deliver in time' }),
      ]);
    } finally {
      watching.close();
    }
    const mine = MyRoomList.parse((await booked[0]!.call('GET', '/api/me/rooms')).body).rooms.find(
      (r) => r.room_code === 'VTR102',
    );
    expect(mine).toMatchObject({
      status: 'cancelled',
      tab: 'cancelled',
      fee_fate: 'refund',
      room_remarks: 'The supplier could not deliver in time',
    });

    await server.notifier.settled();
    server.notifier.tick();
    await server.notifier.settled();
    const bell = (await booked[0]!.call<NotificationList>('GET', '/api/me/notifications')).body.notifications;
    expect(bell.find((n) => n.kind === 'room_cancelled')?.body).toContain(
      'was cancelled by the organisers: The supplier could not deliver in time.',
    );
  });

  it('refuses a room that is no longer upcoming, a blank reason, and anyone but an admin', async () => {
    const ended = await admin.call<{ error: { code: string; message: string } }>(
      'POST',
      '/api/admin/rooms/VTR100/cancel',
      { reason: 'Changed my mind' },
    );
    expect(ended.status).toBe(422);
    expect(ended.body.error.message).toBe('Only an upcoming room can be cancelled or rescheduled.');
    expect((await admin.call('POST', '/api/admin/rooms/VTR103/cancel', { reason: '  ' })).status).toBe(400);
    expect((await auditor.call('POST', '/api/admin/rooms/VTR103/cancel', { reason: 'x' })).status).toBe(403);
    expect((await member.call('POST', '/api/admin/rooms/VTR103/cancel', { reason: 'x' })).status).toBe(403);
    expect((await roomOf('VTR103')).status).toBe('upcoming');
  });
});

describe('rescheduling a room nobody has booked', () => {
  it('refuses a room with bookings, and a time in the past', async () => {
    clock.set(T0 + MIN);
    const booked = await admin.call<{ error: { code: string } }>('POST', '/api/admin/rooms/VTR103/reschedule', {
      scheduled_time: T0 + 5 * 60 * MIN,
      reason: 'Later',
    });
    expect(booked.status).toBe(422);
    expect(booked.body.error.code).toBe('ROOM_BOOKED');
    const past = await admin.call<{ error: { code: string } }>('POST', '/api/admin/rooms/VTR105/reschedule', {
      scheduled_time: T0 - MIN,
      reason: 'Earlier',
    });
    expect(past.body.error.code).toBe('INVALID_SCHEDULE');
  });
});

describe('the CSV export', () => {
  it('streams the rooms with the same filters, one row per room, with a formula-safe remark', async () => {
    clock.set(T0 + 2 * MIN);
    expect(
      (await admin.call('POST', '/api/admin/rooms/VTR105/cancel', { reason: '=HYPERLINK("http://x.example","win")' }))
        .status,
    ).toBe(200);
    const out = await csv(auditor, '?status=cancelled');
    expect(out.status).toBe(200);
    expect(out.type).toBe('text/csv; charset=utf-8');
    const lines = out.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Room,Product,Product code,Status,Starts \(IST\)/);
    const codes = lines.slice(1).map((l) => l.split(',')[0]);
    expect(codes.sort()).toEqual((await list(admin, '?status=cancelled')).rooms.map((r) => r.code).sort());
    const vtr105 = lines.find((l) => l.startsWith('VTR105,'))!;
    expect(vtr105).toContain(`"'=HYPERLINK(""http://x.example"",""win"")"`);
    expect(vtr105).not.toMatch(/,=/);
    expect((await csv(member)).status).toBe(403);
  });
});

describe('the scheduler after a reschedule', () => {
  it('moves the start; the scheduler follows the new time', async () => {
    const room = await roomOf('VTR104');
    expect(room).toMatchObject({ joined_count: 0, can_reschedule: true });
    const to = room.scheduled_time_ms + 2 * 60 * MIN;
    const res = await admin.call<{ room: AdminRoom }>('POST', '/api/admin/rooms/VTR104/reschedule', {
      scheduled_time: new Date(to).toISOString(),
      reason: 'Moved to the evening for the festival',
    });
    expect(res.status).toBe(200);
    expect(res.body.room.scheduled_time_ms).toBe(to);
    const events = await server.deps.store.readStream(roomStream('VTR104'));
    expect(events.at(-1)).toMatchObject({
      type: 'RoomRescheduled',
      data: { from: room.scheduled_time_ms, to, reason: 'Moved to the evening for the festival' },
    });

    // At the old start nothing happens; at the new one the scheduler cancels the unfilled room.
    clock.set(room.scheduled_time_ms + MIN);
    await server.rooms.tick();
    expect((await roomOf('VTR104')).status).toBe('upcoming');
    clock.set(to + 1000);
    await server.rooms.tick();
    expect((await roomOf('VTR104')).status).toBe('cancelled');
  });
});
