import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { deposit } from '../api/roomsHelpers.ts';
import { formatRupees } from '../../web/src/lib/format.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

const WIDE = { width: 1366, height: 900 };
const cashShown = (page: Page) => page.getByTestId('wallet-cash').textContent();

describe.skipIf(!chromiumAvailable)('withdrawals in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    browser = await launchBrowser();
    await deposit(server, await loggedIn(server, MEMBER.email, MEMBER.password), 1_000_00);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a member at 375 px asks for a UPI withdrawal; an admin at 1366 px pays one and rejects another with a reason', async () => {
    const member = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    const admin = await openLoggedInPage(browser, server, ADMIN, WIDE);
    try {
      const { page } = member;
      await page.goto('/wallet');
      await page.getByTestId('withdraw').waitFor();
      const before = (await (await member.context.request.get('/api/me/wallet')).json()) as { cash: number };
      await page.getByLabel('Amount (₹)').fill('300');
      await page.getByLabel('UPI id').fill('arun@okaxis');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('Your withdrawal of ₹300 is waiting for approval.', { exact: false }).waitFor();
      await page.getByTestId('my-withdrawals').getByText('Pending').waitFor();
      await expect.poll(() => cashShown(page)).toBe(formatRupees(before.cash - 300_00));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'withdraw-pending-375');

      // A second one, to a bank account, which the admin rejects.
      await page.getByLabel('Amount (₹)').fill('200');
      await page.getByLabel('Bank account').check();
      await page.getByLabel('Account holder').fill('Arun Kumar');
      await page.getByLabel('Account number').fill('123456789012');
      await page.getByLabel('IFSC').fill('SBIN0001234');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByTestId('my-withdrawals').locator('li').nth(1).waitFor();

      await admin.page.goto('/admin/withdrawals');
      const queue = admin.page.getByTestId('withdrawal-queue');
      await queue.getByText('UPI arun@okaxis').waitFor();
      await queue
        .locator('li', { hasText: 'UPI arun@okaxis' })
        .getByRole('button', { name: 'Approve and pay' })
        .click();
      await admin.page.getByText('Paid ₹300 to UPI arun@okaxis.').waitFor();
      const bankRow = queue.locator('li', { hasText: 'A/c ••••9012 (SBIN0001234)' });
      await bankRow.getByRole('button', { name: 'Reject' }).click();
      await bankRow.getByLabel('Reason the member will see').fill('Account holder name does not match your profile');
      await bankRow.getByRole('button', { name: 'Reject and return the cash' }).click();
      await admin.page.getByText('Rejected; ₹200 went back to the member', { exact: false }).waitFor();
      await screenshot(admin.page, 'admin-withdrawals-1366');

      await page.reload();
      const mine = page.getByTestId('my-withdrawals');
      await mine.getByText('Paid').waitFor();
      await mine.getByText('Reason: Account holder name does not match your profile').waitFor();
      await expect.poll(() => cashShown(page)).toBe(formatRupees(before.cash - 300_00));
      expect([...member.errors, ...admin.errors]).toEqual([]);
    } finally {
      await member.context.close();
      await admin.context.close();
    }
  });

  it('after a send whose answer was lost, another amount is sent as a new request', async () => {
    const member = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    try {
      const { page } = member;
      await page.goto('/wallet');
      await page.getByTestId('withdraw').waitFor();
      // The first send reaches the server (₹100 is held and recorded) but its answer is lost.
      let lost = false;
      await page.route('**/api/me/withdrawals', async (route) => {
        if (lost || route.request().method() !== 'POST') return route.continue();
        lost = true;
        await route.fetch();
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'STORE_UNAVAILABLE', message: 'Please try again in a moment.' } }),
        });
      });
      await page.getByLabel('Amount (₹)').fill('100');
      await page.getByLabel('UPI id').fill('arun@okaxis');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('Your request was not sent. Please try again.').waitFor();
      // The member changes the amount and sends again: a request of its own, not refused.
      await page.getByLabel('Amount (₹)').fill('200');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('Your withdrawal of ₹200 is waiting for approval.', { exact: false }).waitFor();
      const mine = (await (await member.context.request.get('/api/me/withdrawals')).json()) as {
        withdrawals: { amount: number; status: string }[];
      };
      expect(mine.withdrawals.filter((w) => w.status === 'requested').map((w) => w.amount)).toEqual([200_00, 100_00]);
    } finally {
      await member.context.close();
    }
  });
  it('a request the server gave up is sent again, same amount, as a new request', async () => {
    const member = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    try {
      const { page } = member;
      await page.goto('/wallet');
      await page.getByTestId('withdraw').waitFor();
      // The server's answer to a request its sweeper closed (its cash went back).
      const ids: string[] = [];
      await page.route('**/api/me/withdrawals', async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        ids.push((route.request().postDataJSON() as { request_id: string }).request_id);
        if (ids.length > 1) return route.continue();
        await route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            error: {
              code: 'WITHDRAWAL_ABANDONED',
              message:
                'This request took too long and was cancelled; its amount goes back to your wallet. Please send a new request.',
            },
          }),
        });
      });
      await page.getByLabel('Amount (₹)').fill('150');
      await page.getByLabel('UPI id').fill('arun@okaxis');
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('Please send a new request.', { exact: false }).waitFor();
      // As the message says: the same form, sent again, goes through as a new request.
      await page.getByRole('button', { name: 'Request withdrawal' }).click();
      await page.getByText('Your withdrawal of ₹150 is waiting for approval.', { exact: false }).waitFor();
      expect(ids).toHaveLength(2);
      expect(ids[1]).not.toBe(ids[0]);
    } finally {
      await member.context.close();
    }
  });
});
