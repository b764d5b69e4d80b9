import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createManualClock } from '../../api/clock.ts';
import { formatDateTime, formatRupees } from '../../web/src/lib/format.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import { createRoom, deposit, liveClient } from '../api/roomsHelpers.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const who = (n: number) => ({ email: `member${n}@vetrideals.in`, password: MEMBER.password });

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

/**
 * Issue 21.6 on a 375 px phone: the winner (member 1) let the hour pass, so the room offered the
 * item to the runner-up (member 3) at their last deal, ₹1,030, with a new hour. Member 3 sees the
 * offer and its deadline in My Deals and on the purchase screen, with the total at their price;
 * member 1 sees that the offer passed.
 */
describe.skipIf(!chromiumAvailable)('the runner-up’s offer, on a phone', () => {
  const clock = createManualClock(Date.now());
  const suite = browserSuite({
    seed: true,
    clock,
    env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0', NOTIFY_INTERVAL_MS: '0' },
  });

  /** A room member 1 won at ₹1,040 and let lapse: offered to member 3 at ₹1,030. Returns the code and deadline. */
  const lapsedRoom = async () => {
    const server = suite.server;
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const members: Client[] = [];
    for (const n of [1, 2, 3, 4]) members.push(await loggedIn(server, who(n).email, who(n).password));
    const products = (await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] };
    for (const m of members) await deposit(server, m, 200_00);
    const code = await createRoom(admin, products.products[0]!.id, clock.now() + 10 * MIN, { runner_up_places: 2 });
    for (const m of members) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(10 * MIN);
    await server.rooms.tick();
    const live = await Promise.all(members.slice(0, 3).map((m) => liveClient(server, m)));
    try {
      for (const l of live) await l.emit('joinRoom', { roomCode: code });
      for (const i of [0, 1, 2, 0]) expect((await live[i]!.emit('placeBid', { roomCode: code })).ok).toBe(true);
    } finally {
      for (const l of live) l.close();
    }
    clock.advance(31_000);
    await server.rooms.tick();
    await server.rooms.settled();
    clock.advance(HOUR);
    await server.rooms.tick();
    await server.rooms.settled();
    return { code, deadline: clock.now() + HOUR };
  };

  it('shows the runner-up the offer at their last deal and its deadline, in My Deals and on the purchase screen', async () => {
    const { code, deadline } = await lapsedRoom();
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, who(3), MOBILE);
    try {
      await page.goto('/my-deals');
      await page.getByRole('tab', { name: /won/ }).click();
      const card = page.getByTestId(`my-deal-${code}`);
      await card.waitFor();
      expect(await card.getByTestId('my-deal-offered').textContent()).toMatch(
        new RegExp(
          `did not buy in time, so it is offered to you at your last deal, ${formatRupees(1_030_00)}, until ${formatDateTime(deadline)}\\.$`,
        ),
      );
      const button = card.getByTestId('purchase-button');
      expect(await button.textContent()).toMatch(/^Purchase \((59m \d{1,2}s|1h 0m 0s)\)$/);
      await noOverflow(page);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'runner-up-phone-my-deals');

      await button.click();
      await page.waitForURL(`**/purchase/${code}`);
      const offered = page.getByTestId('purchase-offered');
      await offered.waitFor();
      expect(await offered.textContent()).toContain(
        `Offered to you as runner-up at your last deal, ${formatRupees(1_030_00)}`,
      );
      expect(await page.getByText('Offered to you', { exact: true }).count()).toBeGreaterThan(0);
      expect(await page.getByTestId('purchase-total').textContent()).toBe(formatRupees(1_030_00));
      await page.getByTestId('purchase-countdown').waitFor();
      expect(await page.getByTestId('purchase-window').textContent()).toContain(`Until ${formatDateTime(deadline)}`);
      expect(await page.getByTestId('purchase-form').locator('fieldset.purchase-fieldset').isDisabled()).toBe(false);
      await noOverflow(page);
      await screenshot(page, 'runner-up-phone-purchase');

      // The room page says the same under the winner's banner.
      await page.goto(`/auction/${code}`);
      const stage = page.getByTestId('offered-to-you');
      await stage.waitFor();
      expect(await stage.textContent()).toContain(`offered to you at your last deal, ${formatRupees(1_030_00)}`);
      expect(await page.getByTestId('purchase-link').textContent()).toMatch(/^Purchase \(/);
      await noOverflow(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    // The winner who let it lapse sees that the offer passed, with no way to buy.
    const winner = await openLoggedInPage(suite.browser, suite.server, who(1), MOBILE);
    try {
      await winner.page.goto('/my-deals');
      await winner.page.getByRole('tab', { name: /won/ }).click();
      const card = winner.page.getByTestId(`my-deal-${code}`);
      await card.getByTestId('purchase-passed').waitFor();
      expect(await card.getByTestId('my-deal-passed').textContent()).toContain('offered to the next member');
      expect(await card.getByTestId('purchase-passed').isDisabled()).toBe(true);
      await noOverflow(winner.page);
      await winner.page.goto(`/auction/${code}`);
      await winner.page.getByTestId('offer-passed').waitFor();
      expect(await winner.page.getByTestId('purchase-link').count()).toBe(0);
    } finally {
      await winner.context.close();
    }

    // The room's replay shows the step: the pass in the timeline, and the offer in the state panel.
    const auditor = await openLoggedInPage(suite.browser, suite.server, ADMIN, MOBILE);
    try {
      await auditor.page.goto(`/admin/rooms/${code}/replay`);
      await auditor.page.getByTestId('replay-state').waitFor();
      const row = auditor.page.locator('.event-timeline li').filter({ hasText: 'PurchaseOfferPassed' });
      expect(await row.count()).toBe(1);
      expect(await row.locator('.ev-note').textContent()).toMatch(
        new RegExp(`did not buy; offered to .+ \\(runner-up 1\\) at ${formatRupees(1_030_00)}$`),
      );
      await row.getByRole('button').click();
      expect(await auditor.page.getByTestId('replay-offer').textContent()).toMatch(
        new RegExp(`^Runner-up 1, .+ at ${formatRupees(1_030_00)}, until `),
      );
      await noOverflow(auditor.page);
      expect(auditor.errors).toEqual([]);
    } finally {
      await auditor.context.close();
    }
  });
});
