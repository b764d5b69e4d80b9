import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

const box = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())!;

/** Issue 20's header defects on a 375 px phone: each test failed before its fix. */
describe.skipIf(!chromiumAvailable)('the header on a phone', () => {
  const suite = browserSuite();

  it('the cart dropdown opens fully on screen, with the product name, the minus button and the total', async () => {
    const { page, context } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      await page.goto('/product/VD1029');
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByTestId('cart-badge').waitFor();
      await page.getByTestId('cart-toggle').click();
      const panel = await box(page, 'cart-panel');
      expect(panel.x).toBeGreaterThanOrEqual(0);
      expect(panel.x + panel.width).toBeLessThanOrEqual(MOBILE.width);
      for (const part of [
        page.getByTestId('cart-panel').getByText('Vetri Home 3-Tier Tiffin Box'),
        page.getByRole('button', { name: /^One less Vetri Home 3-Tier Tiffin Box$|^Remove Vetri Home/ }).first(),
        page.getByTestId('cart-total'),
      ]) {
        const b = (await part.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(0);
        expect(b.x + b.width).toBeLessThanOrEqual(MOBILE.width);
      }
      await screenshot(page, 'cart-dropdown-375');
    } finally {
      await context.close();
    }
  });

  it('shows a search button at 375 px, and a search from the ☰ menu on /shop closes the menu', async () => {
    const { page, context } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      await page.goto('/shop');
      const toggle = page.getByTestId('search-toggle');
      await toggle.waitFor();
      const b = await box(page, 'search-toggle');
      expect(b.x + b.width).toBeLessThanOrEqual(MOBILE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

      await page.getByRole('button', { name: 'Open menu' }).click();
      const search = page.locator('#mobile-menu').getByRole('combobox', { name: 'Search products' });
      await search.fill('kettle');
      await search.press('Enter');
      await page.waitForURL('**/shop?search=kettle');
      await page.getByRole('button', { name: 'Open menu' }).waitFor();
      expect(await page.locator('#mobile-menu').isHidden()).toBe(true);
    } finally {
      await context.close();
    }
  });
});
