import { describe, expect, it } from 'vitest';
import { MEMBER } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

describe.skipIf(!chromiumAvailable)('tax invoices in Chromium', () => {
  const suite = browserSuite({ seed: true });

  it('a member opens a paid order’s tax invoice from My Orders at 375 px, with the tax breakup, and downloads the PDF', async () => {
    const member = { email: 'member2@vetrideals.in', password: MEMBER.password };
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, member, MOBILE);
    try {
      await page.goto('/orders');
      const link = page.getByTestId('invoice-link').first();
      await link.waitFor();
      const number = /VD\/\d{4}-\d{2}\/\d{6}/.exec((await link.textContent()) ?? '')![0];
      await link.click();
      const invoice = page.getByTestId('invoice');
      await invoice.getByTestId('invoice-number').getByText(number).waitFor();
      const totals = await invoice.getByTestId('invoice-totals').textContent();
      expect(totals).toMatch(/Taxable value.*CGST.*SGST.*Total/);
      await invoice.getByText(/^Rupees .* Only$/).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'invoice-375');
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download PDF' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
