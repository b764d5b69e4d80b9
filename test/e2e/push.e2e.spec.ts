import { createECDH, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createManualClock } from '../../api/clock.ts';
import type { PushPayload } from '../../api/contract/notifications.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { createRoom, deposit, waitFor } from '../api/roomsHelpers.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

/** RFC 8188/8291 decryption, from the package web-push itself uses to encrypt. */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ): Buffer;
};

/** A push service on 127.0.0.1, as a browser vendor runs one: it takes the server's encrypted POSTs. */
const startPushService = async () => {
  const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/member1`, received, server };
};

describe.skipIf(!chromiumAvailable)('Web Push in Chromium', () => {
  const clock = createManualClock(Date.now());
  let server: TestServer;
  let browser: Browser;
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
    server = await startTestServer({
      seed: true,
      clock,
      // The test's push service is the one this server may send to.
      env: { SCHEDULER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0', PUSH_SERVICES: new URL(push.url).origin },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    push?.server.close();
  });

  it('a member turns on push on the profile; a booked room starts; the service worker shows it', async () => {
    // The browser's own push service is Google's, out of reach here: the page's PushManager hands
    // out a subscription to the test's push service instead, with keys the test holds.
    const receiver = createECDH('prime256v1');
    receiver.generateKeys();
    const auth = randomBytes(16);
    const keys = { p256dh: receiver.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
    const { page, context, errors } = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript(
      ({ endpoint, keys }) => {
        let current: PushSubscription | null = null;
        PushManager.prototype.subscribe = function () {
          current = {
            endpoint,
            expirationTime: null,
            options: {} as PushSubscriptionOptions,
            getKey: () => null,
            toJSON: () => ({ endpoint, expirationTime: null, keys }),
            unsubscribe: () => Promise.resolve(true),
          };
          return Promise.resolve(current);
        };
        PushManager.prototype.getSubscription = () => Promise.resolve(current);
      },
      { endpoint: push.url, keys },
    );
    try {
      await page.goto('/profile#notifications');
      await page.getByRole('button', { name: 'Turn on push notifications on this phone' }).click();
      await page.getByText('Push notifications are on for this browser.').waitFor();

      // A room the member booked starts.
      const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
      const member = await loggedIn(server, MEMBER.email, MEMBER.password);
      const other = await loggedIn(server, 'member2@vetrideals.in', 'Member@123');
      const products = (await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] };
      const code = await createRoom(admin, products.products[0]!.id, clock.now() + 30 * 60_000, {
        max_participants: 2,
      });
      for (const m of [member, other]) {
        await deposit(server, m, 100_00);
        expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
      }
      clock.advance(30 * 60_000 + 1000);
      await server.rooms.tick();
      await server.rooms.settled();
      await server.notifier.settled();

      await waitFor(() => push.received.length > 0, 'a push to the test push service', 5000);
      const [sent] = push.received.slice(-1);
      expect(sent!.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      expect(sent!.headers['content-encoding']).toBe('aes128gcm');
      const payload = JSON.parse(
        ece.decrypt(sent!.body, { version: 'aes128gcm', privateKey: receiver, authSecret: auth }).toString('utf8'),
      ) as PushPayload;
      expect(payload).toMatchObject({ kind: 'room_started', url: `/auction/${code}` });
      expect(payload.title).toMatch(/ has started$/);

      // The push service hands it to the browser's service worker, which shows it.
      const cdp = await context.newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
      await cdp.send('ServiceWorker.enable');
      await waitFor(() => registrations.some((r) => r.scopeURL.startsWith(server.url)), 'the service worker');
      const registrationId = registrations.find((r) => r.scopeURL.startsWith(server.url))!.registrationId;
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(server.url).origin,
        registrationId,
        data: JSON.stringify(payload),
      });
      await expect
        .poll(() =>
          page.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body]),
          ),
        )
        .toContainEqual([payload.title, payload.body]);
      await screenshot(page, 'push-on-profile-375');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
