import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { registerMember } from '../../api/auth/identity.ts';
import { hashPassword } from '../../api/auth/passwords.ts';
import { createManualClock } from '../../api/clock.ts';
import { liveClient } from '../api/roomsHelpers.ts';
import { chromiumAvailable, launchBrowser, openPage, screenshot } from '../e2e/browser.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** Markup other people typed is shown as text by the React screens: nothing runs, nothing is injected. */
const NAME = '<img src=x onerror="window.__xss=1">Mallory';
const PRODUCT = '<script>window.__xss=2</script><b id="pwned">Bold Kettle</b>';
const DESCRIPTION = '<iframe src="javascript:window.__xss=3"></iframe>Steel kettle';
const MIN = 60_000;

/** What an attacker hoped for: a flag set by their script, or elements made from their markup. */
const injected = (page: Page) =>
  page.evaluate(() => ({
    flag: (window as unknown as { __xss?: number }).__xss ?? null,
    // A prerendered page's boot data is a JSON data block: a script element that never runs.
    elements: document.querySelectorAll(
      'img[src="x"], iframe, script:not([src]):not([type="application/json"]), #pwned',
    ).length,
  }));

describe.skipIf(!chromiumAvailable)('markup typed by others renders as text in Chromium', () => {
  const clock = createManualClock(Date.now());
  let server: TestServer;
  let browser: Browser;
  let admin: Client;
  let code: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0' } });
    browser = await launchBrowser();
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    await registerMember(
      server.deps,
      {
        name: NAME,
        email: 'mallory@example.in',
        phone: '9840055555',
        dob: '1990-01-01',
        district: 'Chennai',
        passwordHash: await hashPassword('Mallory@123'),
        referralCode: 'VETRI1',
        role: 'member',
      },
      { actor: 'system', trusted: true },
    );
    const form = new FormData();
    const fields = { name: PRODUCT, slug: 'markup-kettle', description: DESCRIPTION, price: '99900', stock: '3' };
    for (const [k, v] of Object.entries({ ...fields, reward_points: '0', product_code: 'XSS-2' })) form.set(k, v);
    const product = await fetch(`${server.url}/api/admin/products`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookie!, origin: server.url },
    });
    const productId = ((await product.json()) as { product: { id: string } }).product.id;
    const room = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: productId,
      base_price: 500_00,
      max_price: 900_00,
      bid_value: 10_00,
      bid_seconds: 600,
      max_participants: 2,
      scheduled_time: clock.now() + MIN,
    });
    code = room.body.room_code;
    const mallory = await loggedIn(server, 'mallory@example.in', 'Mallory@123');
    const priya = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
    for (const m of [mallory, priya]) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(MIN);
    await server.rooms.tick();
    const socket = await liveClient(server, mallory);
    expect((await socket.emit('placeBid', { roomCode: code })).ok).toBe(true);
    socket.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the auction room shows a bidder’s markup name and the product name as plain text', async () => {
    const { page, context, errors } = await openPage(browser, server);
    expect((await context.request.post('/api/auth/login', { data: MEMBER })).status()).toBe(200);
    await page.goto(`/auction/${code}`);
    await page.getByTestId('leaderboard').filter({ hasText: 'Mallory' }).waitFor();
    expect(await page.getByTestId('leaderboard').textContent()).toContain(NAME);
    expect(await page.locator('body').textContent()).toContain('<script>window.__xss=2</script>');
    expect(await injected(page)).toEqual({ flag: null, elements: 0 });
    await screenshot(page, 'security-markup-auction');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the product page shows a markup product name and description as plain text', async () => {
    const { page, context, errors } = await openPage(browser, server);
    expect((await context.request.post('/api/auth/login', { data: MEMBER })).status()).toBe(200);
    await page.goto('/product/XSS-2');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(PRODUCT);
    expect(await page.locator('body').textContent()).toContain(DESCRIPTION);
    expect(await injected(page)).toEqual({ flag: null, elements: 0 });
    await screenshot(page, 'security-markup-product');
    expect(errors).toEqual([]);
    await context.close();
  });
});
