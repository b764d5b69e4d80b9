import { describe, expect, it } from 'vitest';
import type { InvoiceLineInput } from '../../engine/invoice.ts';
import { amountInWords, invoiceDecider } from '../../engine/invoice.ts';
import { formatMoney } from '../../api/i18n/messages.ts';
import { invoicePdf, scriptRuns } from '../../api/invoices/pdf.ts';
import type { IssuedInvoice } from '../../projections/invoices.ts';
import { pdfText } from '../helpers/pdfText.ts';

/**
 * The tax invoice PDF as a member reads it: the text on its pages (read back through the embedded
 * fonts' Unicode maps, and the /ActualText of shaped Tamil), in English or, for a Tamil buyer,
 * with each label "Tamil / English".
 */
const seller = {
  name: 'Vetri Deals Private Limited',
  gstin: '33ABCDE1234F1Z5',
  address: '12 Gandhiji Road, Thanjavur 613001',
  state: 'Tamil Nadu',
};
const SAREE = 'பட்டுப் புடவை கொண்டாட்டம் க்ஷேமம் ஸ்ரீ (SAREE-01)';

const issued = (
  buyer: Partial<IssuedInvoice['buyer']> = {},
  lines: InvoiceLineInput[] = [
    { description: SAREE, hsn: '6204', rate: 12, quantity: 1, unitPaise: 12_999_00, discountPaise: 500_00 },
    {
      description: 'Boat Rockerz 450 (AUD-450)',
      hsn: '8518',
      rate: 18,
      quantity: 2,
      unitPaise: 1_499_00,
      discountPaise: 0,
    },
  ],
): IssuedInvoice => {
  const [event] = invoiceDecider.decide(
    {
      type: 'IssueInvoice',
      data: {
        source: { kind: 'shop_order', id: 'o1', reference: 'ORD-1234' },
        buyer: {
          userId: 'u1',
          name: 'Kavya R',
          address: '4/12 பெரிய தெரு, Near Big Temple, Thanjavur 613001',
          state: 'Tamil Nadu',
          ...buyer,
        },
        sellerState: 'Tamil Nadu',
        lines,
        now: Date.parse('2026-11-25T13:00:00Z'),
      },
    },
    invoiceDecider.initialState,
  );
  return event!.data;
};

const read = async (inv: IssuedInvoice, lang: 'en' | 'ta') => {
  const pdf = await invoicePdf(inv, seller, lang);
  const text = pdfText(pdf);
  return { pdf, ...text, all: text.pages.flat().join('\n') };
};

describe('the tax invoice PDF', () => {
  it('is a PDF with its fonts embedded, every character drawn', async () => {
    const { pdf, fonts, missingGlyphs, pages } = await read(issued(), 'ta');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF\s*$/);
    expect(fonts).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansTamil-Bold', 'NotoSansTamil-Regular']);
    expect(missingGlyphs).toBe(0);
    expect(pages).toHaveLength(1);
    // The check sees a character the fonts lack (Devanagari here): the count above means something.
    expect((await read(issued({ name: 'अर्जुन' }), 'en')).missingGlyphs).toBeGreaterThan(0);
  });

  it('for an English member: English labels, the seller, the buyer, the total with ₹ and the amount in words', async () => {
    const inv = issued();
    const { pages, all } = await read(inv, 'en');
    const lines = pages[0]!;
    expect(lines).toContain('Tax Invoice');
    expect(lines).toContain(inv.number);
    expect(lines).toContain('Date: 25 November 2026');
    expect(all).toContain('Vetri Deals Private Limited Kavya R');
    expect(all).toContain(`GSTIN: ${seller.gstin}`);
    expect(all).toContain('Place of supply: Tamil Nadu');
    expect(all).toContain('For: Order ORD-1234');
    expect(lines).toContain(`Total ${formatMoney('en', inv.totals.totalPaise)}`);
    expect(formatMoney('en', inv.totals.totalPaise)).toBe('₹15,497.00');
    expect(lines).toContain(amountInWords(inv.totals.totalPaise));
    // Inside Tamil Nadu: CGST and SGST, each half the tax, in the totals and the breakup.
    expect(lines).toContain(`CGST ${formatMoney('en', inv.totals.cgstPaise)}`);
    expect(lines).toContain(`SGST ${formatMoney('en', inv.totals.sgstPaise)}`);
    expect(lines).toContain('6204 6% + 6% ₹11,159.82 ₹669.59 ₹669.59 ₹1,339.18');
    expect(all).toContain('Reward cash applied: ₹500.00');
    expect(all).toContain('2 × ₹1,499.00 each');
    expect(all).not.toMatch(/Rs\.|\?\?/);
    // Labels are English; Tamil appears only where the data is Tamil (the product, the address).
    expect(lines.filter((l) => /[\u0B80-\u0BFF]/.test(l)).join('\n')).not.toMatch(/வரி|மொத்தம்|தொகை/);
  });

  it('for a Tamil member: each label in Tamil beside its English, amounts and the amount in words as the tax office reads them', async () => {
    const inv = issued();
    const { pages, all } = await read(inv, 'ta');
    const lines = pages[0]!;
    expect(lines).toContain('வரி விலைப்பட்டியல் / Tax Invoice');
    expect(lines).toContain('விலைப்பட்டியல் எண் / Invoice no.');
    expect(lines).toContain(inv.number);
    expect(lines).toContain('தேதி / Date: 25 நவம்பர், 2026 / 25 November 2026');
    expect(all).toContain('விற்பனையாளர் / Seller பில் பெறுநர் / Bill to');
    expect(all).toContain('வழங்கல் இடம் / Place of supply: Tamil Nadu');
    expect(all).toContain('இதற்கு / For: ஆர்டர் ORD-1234 / Order ORD-1234');
    expect(all).toContain('வரி விவரம் / Tax breakup');
    expect(lines).toContain(`வரிக்குட்பட்ட மதிப்பு / Taxable value ${formatMoney('en', inv.totals.taxablePaise)}`);
    expect(lines).toContain('மொத்தம் / Total ₹15,497.00');
    expect(lines).toContain('தொகை எழுத்தில் / Amount in words');
    expect(lines).toContain(amountInWords(inv.totals.totalPaise));
    expect(all).toContain('பயன்படுத்திய வெகுமதிப் பணம்: ₹500.00');
    expect(lines.at(-1)).toBe(`${seller.name} · GSTIN ${seller.gstin} · ${inv.number} பக்கம் 1, மொத்தம் 1 / Page 1 of 1`);
    // Tamil data reads back in its own order (கொ, க்ஷ, ஸ்ரீ are drawn reordered and joined).
    expect(lines).toContain('1 பட்டுப் புடவை கொண்டாட்டம் க்ஷேமம் 6204 1 ₹11,159.82 12% ₹1,339.18 ₹12,499.00');
    expect(lines).toContain('ஸ்ரீ (SAREE-01)');
    expect(all).toContain('4/12 பெரிய தெரு, Near Big Temple');
  });

  it('charges IGST to a buyer in another state, with the breakup by HSN and rate', async () => {
    const inv = issued({ state: 'Kerala' });
    const { pages } = await read(inv, 'en');
    const lines = pages[0]!;
    expect(inv.totals.igstPaise).toBeGreaterThan(0);
    expect(lines).toContain(`IGST ${formatMoney('en', inv.totals.igstPaise)}`);
    expect(lines.join('\n')).not.toMatch(/CGST|SGST/);
    expect(lines).toContain('6204 12% ₹11,159.82 ₹1,339.18 ₹1,339.18');
    expect(lines).toContain('8518 18% ₹2,540.68 ₹457.32 ₹457.32');
  });

  it('runs a long order over pages, each with the table head, the number and its page count; the total once, at the end', async () => {
    const lines = Array.from({ length: 45 }, (_, i) => ({
      description: `Item ${i + 1} (X-${i + 1})`,
      hsn: '9619',
      rate: 18,
      quantity: 1,
      unitPaise: 100_00,
      discountPaise: 0,
    }));
    const inv = issued({}, lines);
    const { pages, missingGlyphs } = await read(inv, 'ta');
    expect(pages.length).toBe(2);
    expect(missingGlyphs).toBe(0);
    pages.forEach((page, i) => {
      expect(page).toContain('# பொருள் HSN அளவு வரிக்குட்பட்ட வரி % வரி தொகை');
      expect(page.at(-1)).toContain(`${inv.number} பக்கம் ${i + 1}, மொத்தம் 2 / Page ${i + 1} of 2`);
    });
    const all = pages.flat();
    for (let n = 1; n <= 45; n++) expect(all.filter((l) => l.startsWith(`${n} Item ${n} (X-${n})`))).toHaveLength(1);
    expect(pages[0]!.some((l) => l.startsWith('மொத்தம் / Total'))).toBe(false);
    expect(pages[1]).toContain('மொத்தம் / Total ₹4,500.00');
  });

  it('cuts text into Tamil and other runs, keeping the spaces between Tamil words in the Tamil run', () => {
    expect(scriptRuns('மொத்த வரி / Total tax ₹5')).toEqual([
      { script: 'tamil', text: 'மொத்த வரி' },
      { script: 'latin', text: ' / Total tax ₹5' },
    ]);
    expect(scriptRuns('Kavya கொ')).toEqual([
      { script: 'latin', text: 'Kavya ' },
      { script: 'tamil', text: 'கொ' },
    ]);
  });
});
