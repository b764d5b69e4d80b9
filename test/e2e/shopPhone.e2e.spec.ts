import { describe, expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, openPage, screenshot } from './browser.ts';

/** Issue 20's shop defects at 375 px: each test failed before its fix. */
describe.skipIf(!chromiumAvailable)('the shop and crackers on a phone', () => {
  const suite = browserSuite();

  it('a signed-in member’s details form starts from their profile, and stays editable', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      const profile = (await (await context.request.get('/api/me/profile')).json()) as {
        profile: { first_name: string; last_name: string; mobile: string; address_line1: string } | null;
        user: { name: string; phone: string };
      };
      const name = profile.profile
        ? `${profile.profile.first_name} ${profile.profile.last_name}`.trim()
        : profile.user.name;
      const phone = profile.profile?.mobile || profile.user.phone;
      await page.goto('/crackers');
      const row = page.getByTestId('cracker-row').filter({ hasText: 'Flower Pots Big' });
      await row.getByRole('button', { name: 'Reserve' }).click();
      const panel = page.getByTestId('reserved-panel');
      await panel.getByRole('spinbutton', { name: 'Quantity of Flower Pots Big' }).fill('8');
      await panel.getByRole('button', { name: 'Reserve' }).click();
      const form = page.getByTestId('crackers-details');
      await expect.poll(() => form.getByLabel('Name *').inputValue()).toBe(name);
      expect(await form.getByLabel('Phone *').inputValue()).toBe(phone);
      expect(await form.getByLabel('Address line 1 *').inputValue()).toBe(profile.profile?.address_line1 ?? '');
      await form.getByLabel('Name *').fill('Someone Else');
      expect(await form.getByLabel('Name *').inputValue()).toBe('Someone Else');
      await screenshot(page, 'crackers-prefilled-375');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the filter counts follow the search: they add up to the products the search shows', async () => {
    const { page, context } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      await page.goto('/shop?search=kettle');
      await expect.poll(() => page.getByTestId('result-count').textContent()).toMatch(/of 2 products$/);
      await page.getByTestId('open-filters').click();
      const options = await page.getByTestId('filter-sheet').getByLabel('Category').locator('option').allTextContents();
      const counts = options.slice(1).map((o) => Number(/\((\d+)\)$/.exec(o)?.[1] ?? NaN));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2);
    } finally {
      await context.close();
    }
  });

  it('the crackers dates come from the season the admin sets, and orders close when it does', async () => {
    const visitor = await openPage(suite.browser, suite.server, { viewport: MOBILE });
    const admin = await openLoggedInPage(suite.browser, suite.server, ADMIN, { width: 1366, height: 900 });
    try {
      // The seeded season is open: the page promises its own dates, never October's in November.
      const seeded = (await (await visitor.context.request.get('/api/crackers/season')).json()) as {
        season: { bands: { order_by: string; deliver_by: string }[] };
      };
      await visitor.page.goto('/crackers');
      const promise = visitor.page.getByTestId('crackers-delivery').locator('span').first();
      await expect.poll(() => promise.textContent()).toMatch(/^Orders till \d{1,2} \w{3} delivered by/);
      expect(await promise.textContent()).not.toContain('6 Oct');
      expect(seeded.season.bands.length).toBe(2);

      // The admin ends the season yesterday (India time), through the form.
      const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
      const weekAgo = new Date(Date.now() + 330 * 60_000 - 7 * 86_400_000).toISOString().slice(0, 10);
      await admin.page.goto('/admin/crackers-season');
      await admin.page.getByText('Orders are open today.').first().waitFor();
      await admin.page.getByLabel('Orders open on').fill(weekAgo);
      await admin.page.getByLabel('Last day for orders').fill(yesterday);
      await admin.page.getByTestId('season-band-1').getByRole('button', { name: 'Remove' }).click();
      await admin.page.getByLabel('Orders till').fill(yesterday);
      await admin.page.getByLabel('Delivered by').fill(yesterday);
      await admin.page.getByTestId('season-preview').waitFor();
      await admin.page.getByRole('button', { name: 'Save the season' }).click();
      await admin.page.getByText('Saved. Crackers orders are closed for this season.', { exact: false }).waitFor();
      await screenshot(admin.page, 'admin-crackers-season-1366');

      await visitor.page.reload();
      await expect
        .poll(() => promise.textContent())
        .toBe('Crackers orders are closed for this season. Thank you for ordering with us.');
      const row = visitor.page.getByTestId('cracker-row').filter({ hasText: 'Flower Pots Big' });
      await row.getByRole('button', { name: 'Reserve' }).click();
      const panel = visitor.page.getByTestId('reserved-panel');
      await panel.getByRole('spinbutton', { name: 'Quantity of Flower Pots Big' }).fill('8');
      await panel.getByTestId('crackers-closed').waitFor();
      expect(await panel.getByRole('button', { name: 'Reserve' }).isDisabled()).toBe(true);
      await visitor.page.goto('/shipping-policy');
      await visitor.page
        .getByTestId('shipping-crackers')
        .getByText('Crackers orders are closed for this season.', { exact: false })
        .waitFor();
      await screenshot(visitor.page, 'crackers-closed-375');
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.context.close();
      await admin.context.close();
    }
  });
});
