import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEMBER } from '../helpers/http.ts';
import { pdfText } from '../helpers/pdfText.ts';
import { browserSuite, chromiumAvailable, MOBILE, openLoggedInPage, screenshot, untranslatedTexts } from './browser.ts';

/** My Orders → the first invoice: its number, and the invoice on screen. */
const openFirstInvoice = async (page: Page) => {
  await page.goto('/orders');
  const link = page.getByTestId('invoice-link').first();
  await link.waitFor();
  const number = /VD\/\d{4}-\d{2}\/\d{6}/.exec((await link.textContent()) ?? '')![0];
  await link.click();
  const invoice = page.getByTestId('invoice');
  await invoice.getByTestId('invoice-number').getByText(number).waitFor();
  return { number, invoice };
};

describe.skipIf(!chromiumAvailable)('tax invoices in Chromium', () => {
  const suite = browserSuite({ seed: true });
  const member = { email: 'member2@vetrideals.in', password: MEMBER.password };

  it('a member opens a paid order’s tax invoice from My Orders at 375 px, with the tax breakup, and downloads the PDF', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, member, MOBILE);
    try {
      const { number, invoice } = await openFirstInvoice(page);
      const totals = await invoice.getByTestId('invoice-totals').textContent();
      expect(totals).toMatch(/Taxable value.*CGST.*SGST.*Total/);
      const total = /Total(₹[\d,]+\.\d\d)$/.exec(totals ?? '')![1]!;
      const words = (await invoice.getByText(/^Rupees .* Only$/).textContent())!;
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'invoice-375');
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download PDF' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${number.replace(/\//g, '-')}.pdf`);
      // The PDF says what the screen says: the number, the total with ₹, the amount in words.
      const { pages, missingGlyphs } = pdfText(await readFile(await file.path()));
      expect(missingGlyphs).toBe(0);
      expect(pages[0]).toContain('Tax Invoice');
      expect(pages[0]).toContain(number);
      expect(pages.at(-1)).toContain(`Total ${total}`);
      expect(pages.at(-1)).toContain(words);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a Tamil member reads the invoice in Tamil, the legal labels with their English, and downloads it in Tamil', async () => {
    const { page, context, errors } = await openLoggedInPage(suite.browser, suite.server, member, MOBILE, 'ta');
    try {
      expect((await context.request.put('/api/me/language', { data: { lang: 'ta' } })).status()).toBe(200);
      const { number, invoice } = await openFirstInvoice(page);
      await invoice.getByRole('heading', { name: 'வரி விலைப்பட்டியல் / Tax invoice' }).waitFor();
      expect(await invoice.getByTestId('invoice-totals').textContent()).toMatch(
        /வரிக்குட்பட்ட மதிப்பு \/ Taxable value.*CGST.*SGST.*மொத்தம் \/ Total₹/,
      );
      expect(await untranslatedTexts(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(page, 'invoice-ta-375');
      // The app showing Tamil left the member's language on the server as it was (the PDF follows it).
      expect(await (await context.request.get('/api/auth/session')).json()).toMatchObject({ user: { lang: 'ta' } });
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'PDF பதிவிறக்கு' }).click();
      const { pages, missingGlyphs } = pdfText(await readFile(await (await download).path()));
      expect(missingGlyphs).toBe(0);
      expect(pages[0]).toContain('வரி விலைப்பட்டியல் / Tax Invoice');
      expect(pages[0]).toContain(number);
      expect(pages.at(-1)!.some((l) => /^மொத்தம் \/ Total ₹[\d,]+\.\d\d$/.test(l))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.request.put('/api/me/language', { data: { lang: 'en' } });
      await context.close();
    }
  });
});
