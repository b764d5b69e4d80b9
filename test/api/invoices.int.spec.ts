import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../api/i18n/messages.ts';
import type { IssuedInvoice } from '../../projections/invoices.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { pdfText } from '../helpers/pdfText.ts';
import { startTestServer } from '../helpers/server.ts';
import { ADDRESS } from './roomsHelpers.ts';

/**
 * Tax invoices on a seeded server: the demo's paid shop orders are invoiced at start-up, a won
 * deal bought through the sandbox is invoiced once paid, numbers run without gaps, each member sees
 * only their own, and each invoice downloads as a PDF in the buyer's language.
 */
let server: TestServer;
let member2: Client;
type List = { seller: { gstin: string }; invoices: IssuedInvoice[] };
const list = async (c: Client) => (await c.call<List>('GET', '/api/me/invoices')).body;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  member2 = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
});
afterAll(async () => {
  await server.stop();
});

describe('tax invoices', () => {
  it('invoices every paid demo shop order, numbered from 1 without gaps, each with its tax breakup', async () => {
    await server.invoicing.settled();
    const paid = server.deps.readDb.sqlite
      .prepare("SELECT id, order_code AS code, total_amount AS total FROM rm_shop_orders WHERE status = 'paid'")
      .all() as { id: string; code: string; total: number }[];
    const all = server.deps.readDb.sqlite.prepare('SELECT data FROM rm_invoices').all() as { data: string }[];
    const issued = all.map((r) => JSON.parse(r.data) as IssuedInvoice);
    expect(issued.map((i) => i.source.id).sort()).toEqual(paid.map((p) => p.id).sort());
    expect(issued.map((i) => i.seq).sort((a, b) => a - b)).toEqual(issued.map((_, i) => i + 1));
    for (const inv of issued) {
      const order = paid.find((p) => p.id === inv.source.id)!;
      expect(inv.totals.totalPaise).toBe(order.total);
      expect(inv.totals.taxablePaise + inv.totals.cgstPaise + inv.totals.sgstPaise + inv.totals.igstPaise).toBe(
        order.total,
      );
      expect(inv.number).toMatch(/^VD\/\d{4}-\d{2}\/\d{6}$/);
    }
    const mine = await list(member2);
    expect(mine.invoices.length).toBeGreaterThan(0);
    expect(mine.invoices.every((i) => i.buyer.userId === mine.invoices[0]!.buyer.userId)).toBe(true);
  });

  it('invoices a won deal once it is paid, with IGST for a buyer outside Tamil Nadu', async () => {
    const before = (await list(member2)).invoices.length;
    const order = await member2.call<{ checkout_url: string; amount: number }>('POST', '/api/rooms/VTR100/purchase', {
      ...ADDRESS,
      city: 'Kochi',
      state: 'Kerala',
    });
    // A Tamil buyer: the line says how they came to buy it in Tamil beside the English.
    expect((await member2.call('PUT', '/api/me/language', { lang: 'ta' })).status).toBe(200);
    let deal: IssuedInvoice | undefined;
    try {
      const paid = await sandboxCheckout(server, member2, order.body.checkout_url);
      const back = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
      await member2.call('POST', '/api/rooms/VTR100/purchase/verify', {
        razorpay_order_id: back.razorpay_order_id,
        razorpay_payment_id: back.razorpay_payment_id,
        razorpay_signature: back.razorpay_signature,
      });
      for (let i = 0; i < 100 && !deal; i++) {
        await new Promise((r) => setTimeout(r, 30));
        deal = (await list(member2)).invoices.find((x) => x.source.kind === 'deal_purchase');
      }
    } finally {
      await member2.call('PUT', '/api/me/language', { lang: 'en' });
    }
    expect(deal!.lines[0]!.description).toMatch(/ \(\w+\), டீல் அறை VTR100-இல் வென்றது \/ won in deal room VTR100$/);
    expect(deal).toMatchObject({
      source: { id: 'VTR100' },
      buyer: { state: 'Kerala' },
      totals: { totalPaise: order.body.amount, cgstPaise: 0, sgstPaise: 0 },
    });
    expect(deal!.totals.igstPaise).toBeGreaterThan(0);
    expect((await list(member2)).invoices.length).toBe(before + 1);

    const one = await member2.call<{ amount_in_words: string; invoice: IssuedInvoice }>(
      'GET',
      `/api/me/invoices/${deal!.number}`,
    );
    expect(one.body.amount_in_words).toMatch(/^Rupees .* Only$/);
    const pdf = await fetch(`${server.url}/api/me/invoices/${deal!.number}.pdf`, {
      headers: { cookie: member2.cookie! },
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="${deal!.number.replace(/\//g, '-')}.pdf"`,
    );
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, missingGlyphs } = pdfText(bytes);
    const lines = pages.flat();
    expect(missingGlyphs).toBe(0);
    expect(lines).toContain('Tax Invoice');
    expect(lines).toContain(deal!.number);
    expect(lines.join('\n')).toContain(deal!.buyer.name);
    expect(lines.join('\n')).toContain('Place of supply: Kerala');
    expect(lines.join('\n')).toContain('For: Deal room VTR100');
    // Read back in English later, the Tamil of the line is still drawn (no missing glyph, above).
    expect(lines.join(' ')).toContain('வென்றது');
    expect(lines).toContain(`IGST ${formatMoney('en', deal!.totals.igstPaise)}`);
    expect(lines).toContain(`Total ${formatMoney('en', order.body.amount)}`);
    expect(lines).toContain(one.body.amount_in_words);
  });

  it('shows a member only their own invoices; admins read any', async () => {
    const number = (await list(member2)).invoices[0]!.number;
    const other = await loggedIn(server, MEMBER.email, MEMBER.password);
    expect((await other.call('GET', `/api/me/invoices/${number}`)).status).toBe(404);
    expect(
      (await fetch(`${server.url}/api/me/invoices/${number}.pdf`, { headers: { cookie: other.cookie! } })).status,
    ).toBe(404);
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    expect((await admin.call('GET', `/api/me/invoices/${number}`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/me/invoices`)).status).toBe(401);
  });

  it("writes the PDF in the buyer's language: Tamil labels beside the English for a Tamil member, whoever downloads it", async () => {
    const inv = (await list(member2)).invoices.find((i) => i.source.kind === 'shop_order')!;
    const download = async (c: Client) => {
      const res = await fetch(`${server.url}/api/me/invoices/${inv.number}.pdf`, { headers: { cookie: c.cookie! } });
      expect(res.status).toBe(200);
      return pdfText(Buffer.from(await res.arrayBuffer()));
    };
    expect((await member2.call('PUT', '/api/me/language', { lang: 'ta' })).status).toBe(200);
    try {
      const { pages, missingGlyphs } = await download(member2);
      const lines = pages.flat();
      expect(missingGlyphs).toBe(0);
      expect(lines).toContain('வரி விலைப்பட்டியல் / Tax Invoice');
      expect(lines).toContain(inv.number);
      expect(lines.join('\n')).toContain(`பில் பெறுநர் / Bill to`);
      expect(lines.join('\n')).toContain(inv.buyer.name);
      expect(lines.join('\n')).toContain(`இதற்கு / For: ஆர்டர் ${inv.source.reference}`);
      expect(lines).toContain(`மொத்தம் / Total ${formatMoney('en', inv.totals.totalPaise)}`);
      expect(lines).toContain('தொகை எழுத்தில் / Amount in words');
      // An admin reading the member's invoice gets the member's copy.
      const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
      expect((await download(admin)).pages).toEqual(pages);
    } finally {
      await member2.call('PUT', '/api/me/language', { lang: 'en' });
    }
    const english = (await download(member2)).pages.flat();
    expect(english).toContain('Tax Invoice');
    expect(english).toContain(`Total ${formatMoney('en', inv.totals.totalPaise)}`);
    expect(english.join('\n')).not.toMatch(/[\u0B80-\u0BFF]/);
  });
});
