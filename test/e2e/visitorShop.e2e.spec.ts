import { describe, expect, it } from 'vitest';
import { MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openPage, screenshot } from './browser.ts';

/** Issue 20.7: a visitor browses the shop at 375 px, and what they add waits for them through the login. */
describe.skipIf(!chromiumAvailable)('a visitor in the shop on a phone', () => {
  const suite = browserSuite();

  it('searches, opens a product, presses Add to Cart, logs in, and finds it in the cart back on the product', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server, { viewport: MOBILE });
    try {
      await page.goto('/');
      await page.getByTestId('search-toggle').click();
      await page.locator('.search-popover').getByRole('combobox', { name: 'Search products' }).fill('tiffin');
      // The suggestion leads to the product page, not to the login wall.
      await page.getByRole('option', { name: /Vetri Home 3-Tier Tiffin Box/ }).click();
      await page.waitForURL('**/product/VD1029');
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toBe('Vetri Home 3-Tier Tiffin Box');
      await screenshot(page, 'visitor-product-375');

      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL('**/login');
      await expect
        .poll(() => page.getByTestId('login-reason').textContent())
        .toContain('add Vetri Home 3-Tier Tiffin Box to your cart');
      await page.getByLabel('Email', { exact: true }).fill(MEMBER.email);
      await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
      await page.getByRole('button', { name: 'Login' }).click();

      await page.waitForURL('**/product/VD1029');
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
      await page.getByTestId('cart-toggle').click();
      await expect
        .poll(() => page.getByTestId('cart-panel').getByRole('link', { name: 'Vetri Home 3-Tier Tiffin Box' }).count())
        .toBe(1);
      await screenshot(page, 'visitor-cart-after-login-375');
      // Added once: a reload does not add it again.
      await page.reload();
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
