import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createManualClock } from '../../api/clock.ts';
import type { RoomSummary } from '../../api/contract/rooms.ts';
import { formatRupees } from '../../web/src/lib/format.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

const MIN = 60_000;
const MEMBER2 = { email: 'member2@vetrideals.in', password: MEMBER.password };
const MEMBER3 = { email: 'member3@vetrideals.in', password: MEMBER.password };

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

/** The fees a member paid and got back, from their own wallet's transaction list (not the costs read model). */
const feesFromWallet = async (c: Client) => {
  const tx = (
    await c.call<{ transactions: { type: string; amount: number }[] }>('GET', '/api/me/wallet/transactions?limit=100')
  ).body.transactions;
  const sum = (type: string) => tx.filter((t) => t.type === type).reduce((s, t) => s + t.amount, 0);
  return { paid: sum('prebook_deduction'), refunded: sum('refund_deposit') };
};

/**
 * Issue 21.8 on a 375 px phone, on the seeded demo (VTR100: member2 won, fee ₹50, bonus ₹30;
 * member3 lost and got the fee back as reward cash): My Deals shows "What it cost you", and the
 * pre-book dialog shows what winners of similar rooms paid.
 */
describe.skipIf(!chromiumAvailable)('What it really costs, on a phone', () => {
  const clock = createManualClock(Date.now());
  const suite = browserSuite({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0' } });

  const vtr100 = async () =>
    (
      (await (await fetch(`${suite.server.url}/api/rooms?status=completed`)).json()) as { rooms: RoomSummary[] }
    ).rooms.find((r) => r.room_code === 'VTR100')!;

  it("shows the winner their fees, reward cash and the won item's net cost against its retail price", async () => {
    const room = await vtr100();
    const own = await feesFromWallet(await loggedIn(suite.server, MEMBER2.email, MEMBER2.password));
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, MEMBER2, MOBILE);
    try {
      await page.goto('/my-deals');
      const summary = page.getByTestId('cost-summary');
      await summary.waitFor();
      const figure = async (id: string) => (await summary.getByTestId(`cost-${id}`).textContent())?.trim();
      expect(await figure('fees-paid')).toBe(formatRupees(own.paid));
      expect(await figure('fees-refunded')).toBe(formatRupees(own.refunded));
      expect(await figure('fees-to-reward')).toBe(formatRupees(0));
      expect(await figure('winner-bonus')).toBe(formatRupees(30_00));
      expect(await figure('reward-from-rooms')).toBe(formatRupees(30_00));
      const item = summary.getByTestId('cost-item-VTR100');
      expect(await item.textContent()).toContain(room.product_name);
      // Not bought yet: the ₹50 fee kept less the ₹30 bonus so far, and the final price against retail.
      expect(await item.getByTestId('cost-item-net').textContent()).toBe(`so far ${formatRupees(20_00)}`);
      expect(await item.textContent()).toContain(
        `final price ${formatRupees(room.final_bid!)} against a retail price of ${formatRupees(room.total_price)}`,
      );
      await noOverflow(page);
      await summary.scrollIntoViewIfNeeded();
      await screenshot(page, 'member-costs-phone-winner');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a member who lost their fee turned into reward cash, and no items won', async () => {
    const { page, context } = await openLoggedInPage(suite.browser, suite.server, MEMBER3, MOBILE);
    try {
      await page.goto('/my-deals');
      const summary = page.getByTestId('cost-summary');
      await summary.waitFor();
      expect(await summary.getByTestId('cost-fees-to-reward').textContent()).toBe(formatRupees(50_00));
      expect(await summary.getByTestId('cost-winner-bonus').textContent()).toBe(formatRupees(0));
      expect(await summary.getByTestId('cost-reward-from-rooms').textContent()).toBe(formatRupees(50_00));
      expect(await summary.getByText('Items you won').count()).toBe(0);
      await noOverflow(page);
    } finally {
      await context.close();
    }
  });

  it('tells a member before pre-booking what winners of similar rooms paid on average', async () => {
    const room = await vtr100();
    const admin = await loggedIn(suite.server, ADMIN.email, ADMIN.password);
    const res = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
      product_id: room.product_id,
      base_price: 1_000_00,
      max_price: 1_100_00,
      bid_value: 10_00,
      bid_seconds: 60,
      entry_fee: 20_00,
      max_participants: 2,
      scheduled_time: new Date(clock.now() + 45 * MIN).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const code = res.body.room_code;
    const expected = `Winners of similar rooms paid on average ${formatRupees(50_00)} in fees and ${formatRupees(room.final_bid!)} final price (1 room).`;

    const { page, context } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      await page.goto('/deals');
      const card = page.getByTestId(`deal-card-${code}`);
      await card.getByRole('button', { name: 'Room Details' }).click();
      const details = page.getByTestId('room-details');
      await details.getByTestId('similar-rooms').waitFor();
      expect(await details.getByTestId('similar-rooms').textContent()).toContain(expected);
      expect(await details.getByTestId('similar-rooms').textContent()).toContain(
        'Similar: finished rooms of the same product.',
      );
      await noOverflow(page);
      await details.getByRole('button', { name: 'Close', exact: true }).last().click();

      await card.getByRole('button', { name: 'Pre-Book' }).click();
      const dialog = page.getByTestId('prebook-confirm');
      await dialog.getByTestId('similar-rooms').waitFor();
      expect(await dialog.getByTestId('similar-rooms').textContent()).toContain(expected);
      await noOverflow(page);
      await screenshot(page, 'member-costs-phone-similar');
    } finally {
      await context.close();
    }
  });
});
