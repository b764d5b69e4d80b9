import { describe, expect, it } from 'vitest';
import { chromiumAvailable, browserSuite, openPage, MOBILE } from './browser.ts';

describe.skipIf(!chromiumAvailable)(
  'language: Tamil or English, from the browser, switched in the header, kept',
  () => {
    const suite = browserSuite({ seed: true });

    it("a Tamil reader's first visit is in Tamil; the header switches to English and the choice is kept", async () => {
      const { context, page, errors } = await openPage(suite.browser, suite.server, { viewport: MOBILE, lang: 'ta' });
      try {
        await page.goto('/shop', { waitUntil: 'networkidle' });
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('ta');
        const toggle = page.getByTestId('lang-switch');
        await expect.poll(() => toggle.textContent()).toBe('English');
        // Money in the shop follows ta-IN (Indian grouping, the rupee sign).
        await expect.poll(() => page.locator('main').textContent()).toMatch(/₹\d{1,2}(,\d{2})*,\d{3}/);

        await toggle.click();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
        await expect.poll(() => toggle.textContent()).toBe('தமிழ்');
        await page.reload({ waitUntil: 'networkidle' });
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        expect(await page.getByTestId('lang-switch').textContent()).toBe('தமிழ்');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 60_000);

    it('an English browser starts in English', async () => {
      const { context, page } = await openPage(suite.browser, suite.server, { viewport: MOBILE });
      try {
        await page.goto('/', { waitUntil: 'networkidle' });
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        expect(await page.getByTestId('lang-switch').textContent()).toBe('தமிழ்');
      } finally {
        await context.close();
      }
    }, 60_000);
  },
);
