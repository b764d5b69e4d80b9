import { describe, expect, it } from 'vitest';
import { MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

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
});
