import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { NotificationList, NotificationSettingsAnswer } from '../../api/contract/notifications.ts';
import { NotificationBroadcasts } from '../../api/contract/notifications.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, WAITLISTED } from '../helpers/http.ts';
import { startTestServer } from '../helpers/server.ts';
import type { LiveClient } from './roomsHelpers.ts';
import {
  createRoom,
  deposit,
  liveClient,
  openRunningRoom,
  startRoomsServer,
  userIdOf,
  waitFor,
} from './roomsHelpers.ts';

const clock = createManualClock('2026-11-24T04:30:00.000Z');
let started: Awaited<ReturnType<typeof startRoomsServer>>;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  started = await startRoomsServer(clock, { NOTIFY_INTERVAL_MS: '0' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await started.server.stop();
});

const settle = async () => {
  await started.server.rooms.settled();
  await started.server.notifier.settled();
  started.server.notifier.tick();
  await started.server.notifier.settled();
};
const listOf = async (member: Client) => (await member.call<NotificationList>('GET', '/api/me/notifications')).body;
const kinds = async (member: Client) => (await listOf(member)).notifications.map((n) => n.kind);
const outbox = async () =>
  (await started.admin.call<{ mails: { to: string; subject: string }[] }>('GET', '/api/admin/outbox')).body.mails;

describe('notifications, each once, on the channels the member chose', () => {
  it('access granted: in the bell at once over the socket, and by mail', async () => {
    const waiting = await loggedIn(started.server, WAITLISTED.email, WAITLISTED.password);
    const live = await liveClient(started.server, waiting);
    sockets.push(live);
    const id = await userIdOf(waiting);
    expect((await started.admin.call('POST', `/api/admin/users/${id}/grant-access`)).status).toBe(200);
    await settle();
    await waitFor(() => live.of('notification').length === 1, 'the notification event');
    const pushed = NotificationBroadcasts.notification.parse(live.of('notification')[0]);
    expect(pushed).toMatchObject({
      notification: { kind: 'access_granted', title: 'You have full access', url: '/deals', read: false },
      unread: 1,
    });
    const list = await listOf(waiting);
    expect(list.unread).toBe(1);
    expect(list.notifications).toEqual([pushed.notification]);
    expect(
      (await outbox()).filter((m) => m.to === WAITLISTED.email && m.subject === 'You have full access'),
    ).toHaveLength(1);

    // Marking read clears the count; the notification stays in the list.
    expect((await waiting.call('POST', '/api/me/notifications/read', { all: true })).body).toEqual({ unread: 0 });
    expect((await listOf(waiting)).notifications[0]!.read).toBe(true);
  });

  it('a booked room: starting soon, started, a deal after yours once a minute, the win and its reminders; not what a member turned off', async () => {
    const [m1, m2, m3, m4] = started.members as [Client, Client, Client, Client];
    // Member 3 wants no word of being outbid, on any channel.
    const off = await m3.call<NotificationSettingsAnswer>('PUT', '/api/me/notification-settings', {
      settings: { outbid: { in_app: false, mail: false, push: false } },
    });
    expect(off.body.settings.outbid).toEqual({ in_app: false, mail: false, push: false });
    expect(off.body.settings.won).toEqual({ in_app: true, mail: true, push: true });

    // The 10-minute notice is due as soon as the room (starting in 10 minutes) is booked.
    const code = await openRunningRoom(started, clock, settle);
    await settle();
    for (const m of [m1, m2, m3, m4])
      expect(await kinds(m)).toEqual(expect.arrayContaining(['room_starting_soon', 'room_started']));

    const live = await Promise.all([m1, m2, m3].map((m) => liveClient(started.server, m)));
    sockets.push(...live);
    for (const l of live) await l.emit('joinRoom', { roomCode: code });
    const bid = async (l: LiveClient) => expect((await l.emit('placeBid', { roomCode: code })).ok).toBe(true);
    await bid(live[0]!); // member 1
    const third = (await live[2]!.emit('placeBid', { roomCode: code })) as {
      ok: true;
      data: { bid: { username: string } };
    };
    expect(third.ok).toBe(true); // member 3
    const second = (await live[1]!.emit('placeBid', { roomCode: code })) as {
      ok: true;
      data: { bid: { username: string } };
    };
    expect(second.ok).toBe(true); // member 2: after members 1 and 3
    await settle();
    // Only this room's: the seeded demo rooms' deals made notifications of their own.
    const outbid = async (m: Client) =>
      (await listOf(m)).notifications.filter((n) => n.kind === 'outbid' && n.url === `/auction/${code}`).length;
    // Those three deals were projected together: member 2 bid last, so no deal came after theirs yet.
    expect(await outbid(m2)).toBe(0);
    expect(await outbid(m1)).toBe(1);
    // Both later deals named member 1 in one batch: the first of them tells it (member 3's deal).
    const told = (await listOf(m1)).notifications.find((n) => n.kind === 'outbid' && n.url === `/auction/${code}`);
    expect(told?.body).toContain(`${third.data.bid.username} leads`);
    expect(told?.body).not.toContain(`${second.data.bid.username} leads`);
    await bid(live[0]!); // member 1 again
    await bid(live[1]!); // member 2 again, within the same minute
    await settle();
    expect(await outbid(m1)).toBe(1);
    expect(await outbid(m3)).toBe(0);
    expect(await outbid(m2)).toBe(1);

    // Member 2 leads at the deadline and wins: told at once, then 15 and 5 minutes before the window closes.
    clock.advance(31_000);
    await started.server.rooms.tick();
    await settle();
    expect(await kinds(m2)).toContain('won');
    clock.advance(45 * 60_000);
    await settle();
    expect((await kinds(m2)).filter((k) => k === 'payment_reminder')).toHaveLength(1);
    clock.advance(10 * 60_000);
    await settle();
    const reminders = (await listOf(m2)).notifications.filter((n) => n.kind === 'payment_reminder');
    expect(reminders.map((n) => n.title)).toEqual([
      expect.stringMatching(/^5 minutes left to pay for /) as string,
      expect.stringMatching(/^15 minutes left to pay for /) as string,
    ]);
    // The losers' fees came back as reward cash: told in the bell (mail is off by default for rewards).
    expect(await kinds(m1)).toContain('reward_credited');
  });

  it('a batch whose notifying fails is tried again: each member told once, and the reminders it cancelled stay cancelled', async () => {
    const { server, admin, members, productId } = started;
    const [m1, m2] = members as [Client, Client];
    for (const m of [m1, m2]) await deposit(server, m, 100_00);
    const code = await createRoom(admin, productId, clock.now() + 30 * 60_000);
    for (const m of [m1, m2]) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    await settle();
    // The notification store fails its first two reads of the next batch, as when another process
    // holds it past its timeout.
    const store = server.deps.notify!.store;
    const checkpoint = store.checkpoint;
    let failures = 0;
    store.checkpoint = (name) => {
      if (++failures <= 2) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return checkpoint(name);
    };
    try {
      const cancelled = await admin.call('POST', `/api/admin/rooms/${code}/cancel`, {
        reason: 'The supplier is late.',
      });
      expect(cancelled.status).toBe(200);
      await settle();
    } finally {
      store.checkpoint = checkpoint;
    }
    expect(failures).toBeGreaterThan(2); // two tries failed, later ones went through
    const ofRoom = async (m: Client, kind: string, room = code) =>
      (await listOf(m)).notifications.filter((n) => n.kind === kind && `${n.title} ${n.body}`.includes(room)).length;
    for (const m of [m1, m2]) expect(await ofRoom(m, 'room_cancelled')).toBe(1);
    // Its starting-soon notices (due 10 minutes before the start) never come: the retried batch
    // cancelled them once, as the first try had.
    clock.advance(25 * 60_000);
    await settle();
    for (const m of [m1, m2]) expect(await ofRoom(m, 'room_starting_soon')).toBe(0);
    // And the server still notifies what comes after.
    const again = await createRoom(admin, productId, clock.now() + 30 * 60_000);
    expect((await m1.call('POST', `/api/rooms/${again}/prebook`)).status).toBe(200);
    await settle();
    clock.advance(21 * 60_000);
    await settle();
    expect(await ofRoom(m1, 'room_starting_soon', again)).toBe(1);
  });

  it('two processes on one data directory: each notification once, and a socket on either process hears it', async () => {
    const two = await startTestServer({
      dataDir: started.server.dataDir,
      clock,
      env: { SCHEDULER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' },
    });
    try {
      const [m1, m2] = started.members as [Client, Client];
      // Member 2 listens on the second process; the room is run by the first.
      const onTwo = await liveClient(two, await loggedIn(two, 'member2@vetrideals.in', 'Member@123'));
      sockets.push(onTwo);
      const code = await createRoom(started.admin, started.productId, clock.now() + 20 * 60_000);
      for (const m of [m1, m2]) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
      // Only two of four seats: at the start the room is cancelled and both fees come back.
      clock.advance(20 * 60_000 + 1000);
      await started.server.rooms.tick();
      await started.server.rooms.settled();
      for (let i = 0; i < 3; i++) {
        await settle();
        await two.notifier.settled();
        two.notifier.tick();
      }
      for (const m of [m1, m2]) {
        const cancelled = (await listOf(m)).notifications.filter(
          (n) => n.kind === 'room_cancelled' && n.title === `Room ${code} was cancelled`,
        );
        expect(cancelled).toHaveLength(1);
      }
      const mails = (await outbox()).filter((m) => m.subject === `Room ${code} was cancelled`);
      expect(mails.map((m) => m.to).sort()).toEqual(['member1@vetrideals.in', 'member2@vetrideals.in']);
      await waitFor(
        () =>
          onTwo
            .of('notification')
            .some(
              (p) => (p as { notification: { title: string } }).notification.title === `Room ${code} was cancelled`,
            ),
        'the notification on the second process’s socket',
      );
    } finally {
      await two.close();
    }
  });

  it('sends nothing twice after a restart on the same data directory', async () => {
    const before = await Promise.all(started.members.map(kinds));
    const mails = (await outbox()).length;
    const dataDir = started.server.dataDir;
    await started.server.close();
    const again = await startTestServer({
      dataDir,
      clock,
      env: { SCHEDULER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0' },
    });
    try {
      await again.notifier.settled();
      again.notifier.tick();
      await again.notifier.settled();
      const admin = await loggedIn(again, ADMIN.email, ADMIN.password);
      const members = await Promise.all(
        [1, 2, 3, 4].map((n) => loggedIn(again, `member${n}@vetrideals.in`, 'Member@123')),
      );
      const after = await Promise.all(
        members.map(async (m) =>
          (await m.call<NotificationList>('GET', '/api/me/notifications')).body.notifications.map((n) => n.kind),
        ),
      );
      expect(after).toEqual(before);
      expect((await admin.call<{ mails: unknown[] }>('GET', '/api/admin/outbox')).body.mails.length).toBe(mails + 0);
    } finally {
      await again.close();
      started.server.stop = () => again.stop();
    }
  });
});
