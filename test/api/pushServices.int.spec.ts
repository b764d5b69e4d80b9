import { createECDH, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { loadConfig } from '../../api/config.ts';
import { pushServiceAllowed } from '../../api/notify/push.ts';
import { PUSH_SERVICE_REFUSED_MESSAGE } from '../../api/notify/routes.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, WAITLISTED } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { userIdOf, waitFor } from './roomsHelpers.ts';

/** A push service on 127.0.0.1 that counts the posts it takes, by path. */
const pushService = async () => {
  const posts: string[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts.push(req.url ?? '');
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, posts, server };
};

const browserKeys = () => {
  const receiver = createECDH('prime256v1');
  receiver.generateKeys();
  return { p256dh: receiver.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe('push services a subscription may point at (PUSH_SERVICES)', () => {
  const defaults = loadConfig({}).PUSH_SERVICES;

  it('by default: the browsers’ own services, and nothing else', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGz',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ])
      expect(pushServiceAllowed(defaults, endpoint), endpoint).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/x', // not https
      'https://fcm.googleapis.com:8443/fcm/send/x', // another port
      'https://fcm.googleapis.com.evil.example/x', // a look-alike
      'https://evil.example/fcm.googleapis.com',
      'https://notify.windows.com/w', // the wildcard's domain itself is not a push service
      'http://127.0.0.1:9000/push',
      'http://169.254.169.254/latest/meta-data',
      'not a url',
    ])
      expect(pushServiceAllowed(defaults, endpoint), endpoint).toBe(false);
  });

  it('an origin with a port allows that origin only; a bad entry stops the start with the reason', () => {
    expect(pushServiceAllowed(['http://127.0.0.1:9000'], 'http://127.0.0.1:9000/push/a')).toBe(true);
    expect(pushServiceAllowed(['http://127.0.0.1:9000'], 'http://127.0.0.1:9001/push/a')).toBe(false);
    expect(pushServiceAllowed(['http://127.0.0.1:9000'], 'https://127.0.0.1:9000/push/a')).toBe(false);
    expect(() => loadConfig({ PUSH_SERVICES: 'https://fcm.googleapis.com/fcm/send' })).toThrow(
      /each entry is https:\/\/host/,
    );
  });
});

describe('subscribing and sending: only to a listed service, only with keys a message can be encrypted to', () => {
  const clock = createManualClock('2026-11-24T04:30:00.000Z');
  let server: TestServer;
  let allowed: Awaited<ReturnType<typeof pushService>>;
  let other: Awaited<ReturnType<typeof pushService>>;
  let admin: Client;

  beforeAll(async () => {
    allowed = await pushService();
    other = await pushService();
    server = await startTestServer({
      seed: true,
      clock,
      env: { SCHEDULER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0', PUSH_SERVICES: allowed.origin },
    });
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await server?.stop();
    allowed?.server.close();
    other?.server.close();
  });

  it('refuses an endpoint elsewhere in words, keeps one at a listed service, and posts only there', async () => {
    const member = await loggedIn(server, WAITLISTED.email, WAITLISTED.password);
    const settings = await member.call('PUT', '/api/me/notification-settings', {
      settings: { access_granted: { in_app: true, mail: false, push: true } },
    });
    expect(settings.status).toBe(200);
    for (const endpoint of [`${other.origin}/push/elsewhere`, 'http://169.254.169.254/latest/meta-data']) {
      const refused = await member.call('POST', '/api/me/push-subscriptions', { endpoint, keys: browserKeys() });
      expect(refused.status, endpoint).toBe(422);
      expect(refused.body).toMatchObject({
        error: { code: 'PUSH_SERVICE_REFUSED', message: PUSH_SERVICE_REFUSED_MESSAGE },
      });
    }
    // Keys no message can be encrypted to: refused in words.
    const badKeys = await member.call('POST', '/api/me/push-subscriptions', {
      endpoint: `${allowed.origin}/push/bad-keys`,
      keys: { p256dh: 'AAAA', auth: 'BBBB' },
    });
    expect(badKeys.status).toBe(400);
    expect(JSON.stringify(badKeys.body)).toMatch(/keys\.p256dh is not 65 bytes.*keys\.auth is not 16 bytes/);
    // Such a one kept before keys were checked, first in line: dropped, and the member's other browsers still get theirs.
    const id = await userIdOf(member);
    server.deps.notify!.store.subscribe(
      id,
      { endpoint: `${allowed.origin}/push/bad-keys`, keys: { p256dh: 'AAAA', auth: 'BBBB' } },
      clock.now(),
    );
    const kept = await member.call('POST', '/api/me/push-subscriptions', {
      endpoint: `${allowed.origin}/push/member`,
      keys: browserKeys(),
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ subscriptions: 2 });

    // One kept before the list was checked (or before it changed): dropped, never posted to.
    server.deps.notify!.store.subscribe(
      id,
      { endpoint: `${other.origin}/push/kept-before`, keys: browserKeys() },
      clock.now(),
    );
    expect(server.deps.notify!.store.subscriptions(id)).toHaveLength(3);

    expect((await admin.call('POST', `/api/admin/users/${id}/grant-access`)).status).toBe(200);
    await server.rooms.settled();
    server.notifier.tick();
    await server.notifier.settled();
    await waitFor(() => allowed.posts.length === 1, 'the push to the listed service');
    expect(allowed.posts).toEqual(['/push/member']);
    expect(other.posts).toEqual([]);
    expect(server.deps.notify!.store.subscriptions(id).map((s) => s.endpoint)).toEqual([
      `${allowed.origin}/push/member`,
    ]);
  });
});
