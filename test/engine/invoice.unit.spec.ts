import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InvoiceCommand, InvoiceEvent, InvoiceState } from '../../engine/invoice.ts';
import { amountInWords, financialYearOf, invoiceDecider } from '../../engine/invoice.ts';
import { specFor } from '../helpers/decider.ts';

const given = specFor(invoiceDecider);
const at = Date.parse('2026-11-25T06:00:00Z');
const buyer = { userId: 'u1', name: 'Kavya R', address: '12 East Main Street, Thanjavur', state: 'Tamil Nadu' };
const issue = (id: string, now = at, state = 'Tamil Nadu', discount = 0): InvoiceCommand => ({
  type: 'IssueInvoice',
  data: {
    source: { kind: 'shop_order', id, reference: `ORD-${id}` },
    buyer: { ...buyer, state },
    sellerState: 'Tamil Nadu',
    lines: [
      {
        description: 'Boat Rockerz 450',
        hsn: '8518',
        rate: 18,
        quantity: 2,
        unitPaise: 1_180_00,
        discountPaise: discount,
      },
    ],
    now,
  },
});

describe('tax invoices', () => {
  it('splits a GST-inclusive price into taxable value and CGST + SGST inside Tamil Nadu', () => {
    const [event] = invoiceDecider.decide(issue('o1', at, 'Tamil Nadu', 60_00), invoiceDecider.initialState);
    expect(event!.data).toMatchObject({
      number: 'VD/2026-27/000001',
      totals: { totalPaise: 2_300_00, taxablePaise: 1_949_15, cgstPaise: 175_42, sgstPaise: 175_43, igstPaise: 0 },
    });
  });

  it('charges IGST when the buyer is in another state', () => {
    const [event] = invoiceDecider.decide(issue('o1', at, 'Kerala'), invoiceDecider.initialState);
    expect(event!.data.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 2_360_00 - 2_000_00 });
  });

  it('invoices a source once', () => {
    const first = invoiceDecider.decide(issue('o1'), invoiceDecider.initialState);
    given(first).when(issue('o1')).thenNothing();
  });

  it('starts a new series each financial year (April to March, India dates)', () => {
    expect(financialYearOf(Date.parse('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYearOf(Date.parse('2027-03-31T18:30:00Z'))).toBe('2027-28');
  });

  it('numbers every invoice of a year in order with no gap, whatever repeats in between', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.nat(15), day: fc.integer({ min: 0, max: 500 }) }), { maxLength: 60 }),
        (draws) => {
          let state: InvoiceState = invoiceDecider.initialState;
          const issued: InvoiceEvent[] = [];
          let now = Date.parse('2026-01-01T06:00:00Z');
          for (const d of draws) {
            now = Math.max(now, Date.parse('2026-01-01T06:00:00Z') + d.day * 86_400_000);
            const events = invoiceDecider.decide(issue(`o${d.id}`, now), state);
            state = events.reduce(invoiceDecider.evolve, state);
            issued.push(...events);
          }
          expect(new Set(issued.map((e) => e.data.source.id)).size).toBe(issued.length);
          const byYear = new Map<string, number[]>();
          for (const e of issued)
            byYear.set(e.data.financialYear, [...(byYear.get(e.data.financialYear) ?? []), e.data.seq]);
          for (const seqs of byYear.values()) expect(seqs).toEqual(seqs.map((_, i) => i + 1));
        },
      ),
    );
  });

  it('writes amounts in words the Indian way', () => {
    expect(amountInWords(1_299_50)).toBe('Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only');
    expect(amountInWords(12_34_567_00)).toBe('Rupees Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven Only');
    expect(amountInWords(2_01_00_000_00)).toBe('Rupees Two Crore One Lakh Only');
    expect(amountInWords(5)).toBe('Rupees Zero and Five Paise Only');
  });
});
