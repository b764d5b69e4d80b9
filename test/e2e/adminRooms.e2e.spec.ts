import { describe, expect, it } from 'vitest';
import { formatRupees } from '../../web/src/lib/format.ts';
import { ADMIN, AUDITOR_LOGIN, loggedIn, MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, openLoggedInPage, screenshot } from './browser.ts';

const WIDE = { width: 1366, height: 900 };

describe.skipIf(!chromiumAvailable)('/admin/rooms in Chromium', () => {
  const suite = browserSuite({ seed: true });

  it('an admin filters the rooms, cancels one with a reason (members refunded) and moves another; the CSV follows the filters', async () => {
    const { page, errors, context } = await openLoggedInPage(suite.browser, suite.server, ADMIN, WIDE);
    try {
      await page.goto('/admin/rooms');
      const row = (code: string) => page.getByTestId(`room-row-${code}`);
      await row('VTR102').waitFor();
      await expect.poll(() => row('VTR102').getByTestId('room-fees-held').textContent()).toBe(formatRupees(100_00));
      expect(await row('VTR102').getByTestId('room-status').textContent()).toBe('Upcoming');

      // Filters: completed rooms only, then a search.
      await page.getByLabel('Status').selectOption('completed');
      await row('VTR100').waitFor();
      await row('VTR102').waitFor({ state: 'detached' });
      expect(await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
        '/api/admin/rooms.csv?status=completed',
      );
      const csv = await context.request.get('/api/admin/rooms.csv?status=completed');
      expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
      expect(await csv.text()).toContain('VTR100,');
      await page.getByLabel('Status').selectOption('');
      await page.getByLabel('Room or product').fill('VTR102');
      await row('VTR103').waitFor({ state: 'detached' });

      // Cancel VTR102: the form says who gets what back and needs a reason.
      await row('VTR102').getByRole('button', { name: 'Cancel' }).click();
      const form = page.getByRole('form', { name: 'Cancel room VTR102' });
      await form.getByText(`2 booked members get ${formatRupees(100_00)} back in all.`).waitFor();
      await form.getByRole('button', { name: 'Cancel room and refund' }).click();
      await form.getByText('Give a reason; members and auditors will see it.').waitFor();
      await form.getByLabel(/Reason/).fill('Supplier could not deliver in time');
      await form.getByRole('button', { name: 'Cancel room and refund' }).click();
      await page.getByText('Room VTR102 is cancelled. All 2 booked members get their entry fee back.').waitFor();
      await expect.poll(() => row('VTR102').getByTestId('room-status').textContent()).toBe('Cancelled');
      await row('VTR102').getByText('Supplier could not deliver in time').waitFor();
      const member3 = await loggedIn(suite.server, 'member3@vetrideals.in', MEMBER.password);
      await expect.poll(async () => (await member3.call<{ held: number }>('GET', '/api/me/wallet')).body.held).toBe(0);
      // A booked member's My Deals: the room under Cancelled, with the organisers' reason, not
      // "Not enough participants" (it was the admin's call) and no longer counting down as pre-booked.
      const booked = await openLoggedInPage(
        suite.browser,
        suite.server,
        { email: 'member3@vetrideals.in', password: MEMBER.password },
        { width: 375, height: 800 },
      );
      try {
        await booked.page.goto('/my-deals');
        await booked.page.getByRole('tab', { name: /cancelled/i }).click();
        const card = booked.page.getByTestId('my-deal-VTR102');
        await card.waitFor();
        const text = await card.innerText();
        expect(text).toContain('Cancelled by the organisers');
        expect(text).toContain('Supplier could not deliver in time');
        expect(text).not.toContain('Not enough participants');
        await card.scrollIntoViewIfNeeded();
        await screenshot(booked.page, 'my-deals-cancelled-by-admin-375');
        await booked.page.getByRole('tab', { name: /pre-?booked/i }).click();
        expect(await booked.page.getByTestId('my-deal-VTR102').count()).toBe(0);
        expect(booked.errors).toEqual([]);
      } finally {
        await booked.context.close();
      }

      // Reschedule VTR104 (nobody booked) to a later start in India time.
      await page.getByLabel('Room or product').fill('VTR104');
      await row('VTR104').getByRole('button', { name: 'Reschedule' }).click();
      const move = page.getByRole('form', { name: 'Reschedule room VTR104' });
      await move.getByLabel('New start (India time)').fill('2030-01-15T19:30');
      await move.getByLabel(/Reason/).fill('Moved to the festival evening');
      await move.getByRole('button', { name: 'Move the start' }).click();
      await page.getByText('Room VTR104 is rescheduled.').waitFor();
      await expect.poll(() => row('VTR104').getByTestId('room-starts').textContent()).toMatch(/15 Jan 2030.*7:30/i);
      expect(await row('VTR104').getByRole('button', { name: 'Reschedule' }).count()).toBe(1);
      await screenshot(page, 'admin-rooms-1366');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an auditor sees the list and the export but no cancel or reschedule', async () => {
    const { page, context } = await openLoggedInPage(suite.browser, suite.server, AUDITOR_LOGIN, WIDE);
    try {
      await page.goto('/admin/rooms');
      await page.getByTestId('room-row-VTR103').waitFor();
      expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Reschedule' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Download CSV' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the /admin money dashboard: figures from the log, a chart per day or month, and it fits a phone', async () => {
    const wide = await openLoggedInPage(suite.browser, suite.server, ADMIN, WIDE);
    try {
      const { page } = wide;
      await page.goto('/admin');
      const report = (await (await wide.context.request.get('/api/admin/revenue')).json()) as {
        totals: Record<string, number>;
        liabilities: Record<string, number>;
      };
      await expect
        .poll(() => page.getByTestId('revenue-deposits').locator('.revenue-value').textContent())
        .toBe(formatRupees(report.totals.deposits!));
      expect(await page.getByTestId('liability-wallet_cash').locator('.revenue-value').textContent()).toBe(
        formatRupees(report.liabilities.wallet_cash!),
      );
      expect(await page.getByTestId('revenue-chart').locator('rect').count()).toBe(30);
      await page.getByRole('button', { name: 'Months' }).click();
      await expect.poll(() => page.getByTestId('revenue-chart').locator('rect').count()).toBe(12);
      await page.getByLabel('Chart').selectOption('deposits');
      await page.getByText('Every figure per month').click();
      await page.getByTestId('revenue-table').waitFor();
      await screenshot(page, 'admin-dashboard-1366');
      expect(wide.errors).toEqual([]);
    } finally {
      await wide.context.close();
    }
    const phone = await openLoggedInPage(suite.browser, suite.server, ADMIN, { width: 375, height: 760 });
    try {
      await phone.page.goto('/admin');
      await phone.page.getByTestId('revenue-chart').waitFor();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await screenshot(phone.page, 'admin-dashboard-375');
    } finally {
      await phone.context.close();
    }
  });
});
