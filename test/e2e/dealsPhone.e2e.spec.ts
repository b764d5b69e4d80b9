import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createManualClock } from '../../api/clock.ts';
import { formatRupees } from '../../web/src/lib/format.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, AUDITOR_LOGIN, loggedIn, MEMBER, WAITLISTED } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

const MIN = 60_000;
const card = (page: Page, code: string) => page.getByTestId(`deal-card-${code}`);

/** Issue 20's Deals defects, on a 375 px phone: each test failed before its fix. */
describe.skipIf(!chromiumAvailable)('Deals on a phone', () => {
  const clock = createManualClock(Date.now());
  let server: TestServer;
  let browser: Browser;
  let admin: Client;
  let productId: string;

  const createRoom = async (rules: Record<string, unknown>) => {
    const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: productId,
      base_price: 1_000_00,
      max_price: 1_100_00,
      bid_value: 10_00,
      bid_seconds: 60,
      entry_fee: 50_00,
      max_participants: 2,
      scheduled_time: new Date(clock.now() + 10 * MIN).toISOString(),
      ...rules,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.room_code;
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0' } });
    browser = await launchBrowser();
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] };
    productId = products.products[0]!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists a room cancelled today after the rooms still to come, and does not count it as upcoming', async () => {
    const cancelled = await createRoom({ scheduled_time: new Date(clock.now() + 2 * MIN).toISOString() });
    clock.advance(3 * MIN);
    await server.rooms.tick();
    await server.rooms.settled();
    const later = await createRoom({ scheduled_time: new Date(clock.now() + 60 * MIN).toISOString() });

    const { page, context } = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    try {
      await page.goto('/deals');
      await card(page, later).waitFor();
      await card(page, cancelled).waitFor();
      const panel = page.getByTestId('upcoming-panel');
      const codes = await panel
        .locator('[data-room]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-room')));
      expect(codes.indexOf(later)).toBeLessThan(codes.indexOf(cancelled));
      const listed = (await (await fetch(`${server.url}/api/rooms?status=upcoming`)).json()) as {
        rooms: { room_code: string; status: string }[];
      };
      const cancelledCodes = listed.rooms.filter((r) => r.status === 'cancelled').map((r) => r.room_code);
      expect(cancelledCodes).toContain(cancelled);
      // Every cancelled card comes after every card still to come, and the badge counts only those.
      const firstCancelled = Math.min(...cancelledCodes.map((c) => codes.indexOf(c)));
      expect(codes.slice(firstCancelled).every((c) => cancelledCodes.includes(c!))).toBe(true);
      const badge = page.getByRole('tab', { name: /Upcoming Deals/ }).locator('.vd-tab-count');
      expect(Number(await badge.textContent())).toBe(codes.length - cancelledCodes.length);
      await screenshot(page, 'deals-phone-upcoming-order');
    } finally {
      await context.close();
    }
  });

  it('says how much the wallet is short of the entry fee, offers to add money, and will not confirm', async () => {
    const wallet = (
      await (await loggedIn(server, MEMBER.email, MEMBER.password)).call<{ cash: number }>('GET', '/api/me/wallet')
    ).body;
    const fee = wallet.cash + 250_00;
    const code = await createRoom({ entry_fee: fee, scheduled_time: new Date(clock.now() + 30 * MIN).toISOString() });

    const { page, context } = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    try {
      await page.goto('/deals');
      await card(page, code).getByRole('button', { name: 'Pre-Book' }).click();
      const dialog = page.getByTestId('prebook-confirm');
      await dialog.getByTestId('prebook-short').waitFor();
      expect(await dialog.getByTestId('prebook-short').textContent()).toContain(
        `Your cash wallet is ${formatRupees(250_00)} short of this entry fee.`,
      );
      expect(await dialog.getByRole('button', { name: 'Confirm Pre-Book' }).isDisabled()).toBe(true);
      await screenshot(page, 'deals-phone-prebook-short');
      await dialog.getByRole('link', { name: 'Add money to your wallet' }).click();
      await page.waitForURL('**/wallet');
      await page.getByRole('button', { name: 'Add ₹100' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows balances in the phone menu to members only: admins and auditors have no wallet to show', async () => {
    for (const [who, balances] of [
      [MEMBER, true],
      [ADMIN, false],
      [AUDITOR_LOGIN, false],
    ] as const) {
      const { page, context } = await openLoggedInPage(browser, server, who, MOBILE);
      try {
        await page.goto('/deals');
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.getByTestId('header-account-menu');
        await menu.waitFor();
        expect(await menu.getByTestId('wallet-balance').count(), who.email).toBe(balances ? 1 : 0);
        expect(await menu.getByTestId('reward-balance').count(), who.email).toBe(balances ? 1 : 0);
        expect(await menu.textContent(), who.email).toMatch(balances ? /Wallet ₹/ : /^(?![\s\S]*Wallet ₹)/);
        if (!balances) await screenshot(page, `deals-phone-menu-${who.email.split('@')[0]}`);
      } finally {
        await context.close();
      }
    }
  });

  it('admin user search never shows the last search’s count under a new term', async () => {
    const { page, context } = await openLoggedInPage(browser, server, ADMIN, MOBILE);
    try {
      await page.goto('/admin');
      await page.getByTestId('total-users').getByText(/^\d+$/).waitFor();
      const box = page.getByLabel('Search by name or email');
      const count = page.getByTestId('users-match');
      await box.fill('member');
      await count.getByText(/^\d+ of \d+ users match “member”$/).waitFor();
      const members = Number(/^(\d+)/.exec((await count.textContent()) ?? '')![1]);
      expect(members).toBeGreaterThan(1);
      await box.fill('waitlist');
      // At once, before the new answer: no count of the old search beside the new term.
      const shown = (await count.textContent()) ?? '';
      expect(shown.startsWith(`${members} of`)).toBe(false);
      await count.getByText(/^1 of \d+ users match “waitlist”$/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the Completed Deals tab label stays inside its pill, and the tabs do not scroll sideways', async () => {
    const { page, context } = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    try {
      await page.goto('/deals');
      const tabs = page.getByRole('tablist', { name: 'Deals' });
      await tabs.getByRole('tab', { name: /Completed Deals/ }).waitFor();
      const overflow = await tabs.evaluate((list) => ({
        list: list.scrollWidth - list.clientWidth,
        tabs: [...list.querySelectorAll<HTMLElement>('[role=tab]')].map((t) => t.scrollWidth - t.clientWidth),
        right: Math.max(
          ...[...list.querySelectorAll<HTMLElement>('[role=tab]')].map((t) => t.getBoundingClientRect().right),
        ),
      }));
      expect(overflow.list).toBe(0);
      expect(overflow.tabs).toEqual([0, 0]);
      expect(overflow.right).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'deals-tabs-375');
    } finally {
      await context.close();
    }
  });

  it('a waitlisted member sees the waitlist notice once above the rooms, not under every card', async () => {
    await createRoom({});
    await createRoom({ scheduled_time: new Date(clock.now() + 30 * MIN).toISOString() });
    const { page, context } = await openLoggedInPage(browser, server, WAITLISTED, MOBILE);
    try {
      await page.goto('/deals');
      await page.getByTestId('deal-waitlisted').first().waitFor();
      expect(await page.getByTestId('deal-waitlisted').count()).toBeGreaterThan(1);
      expect(await page.getByTestId('waitlist-notice').count()).toBe(1);
      expect(await page.getByTestId('waitlist-notice').textContent()).toContain('You can’t pre-book deals yet.');
    } finally {
      await context.close();
    }
  });

  it('filters deals by base, total and max price (commas allowed) and sorts by base price', async () => {
    const cheap = await createRoom({
      base_price: 200_00,
      max_price: 900_00,
      scheduled_time: new Date(clock.now() + 50 * MIN).toISOString(),
    });
    const dear = await createRoom({
      base_price: 4_000_00,
      max_price: 9_000_00,
      scheduled_time: new Date(clock.now() + 20 * MIN).toISOString(),
    });
    const { page, context, errors } = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    try {
      await page.goto('/deals');
      await card(page, cheap).waitFor();
      await page.getByText('Filter and sort').click();
      const filters = page.getByTestId('deal-filters');
      await filters.getByLabel('Base price up to').fill('4,500');
      await filters.getByLabel('Max price from').fill('₹800');
      await card(page, dear).waitFor();
      const listed = async () =>
        page
          .getByTestId('upcoming-panel')
          .locator('[data-room]')
          .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-room')));
      // Every room shown is inside the ranges.
      const rooms = (await (await fetch(`${server.url}/api/rooms?status=upcoming`)).json()) as {
        rooms: { room_code: string; base_price: number; max_price: number; status: string }[];
      };
      const inside = rooms.rooms
        .filter((r) => r.base_price <= 4_500_00 && r.max_price >= 800_00)
        .map((r) => r.room_code);
      await expect.poll(async () => [...(await listed())].sort()).toEqual([...inside].sort());
      expect(await listed()).toContain(cheap);
      // Soonest first by default; base price ascending when chosen.
      expect((await listed()).indexOf(dear)).toBeLessThan((await listed()).indexOf(cheap));
      await filters.getByLabel('Sort').selectOption('base_price');
      await expect.poll(async () => (await listed()).indexOf(cheap)).toBeLessThan((await listed()).indexOf(dear));
      const bases = (await listed()).map((code) => rooms.rooms.find((r) => r.room_code === code)!.base_price);
      expect(bases).toEqual([...bases].sort((a, b) => a - b));
      await filters.getByText(/showing \d+ of \d+/).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'deals-filters-375');
      await filters.getByRole('button', { name: 'Clear prices' }).click();
      await expect.poll(async () => (await listed()).length).toBe(rooms.rooms.length);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
