import { indiaDate } from './crackersSeason.ts';
import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';

/**
 * Tax invoices (`invoices`, one stream): every paid shop order and won-deal purchase gets one,
 * numbered in a series per Indian financial year (April to March) without gaps — the number is
 * the next in the stream's own count, and the expected revision lets only one invoice take it.
 * Prices include GST; the invoice splits each line into taxable value and tax, as CGST + SGST
 * when the buyer is in the seller's state and as IGST otherwise.
 */
export const INVOICE_STREAM = 'invoices';

/** HSN code and GST rate (percent) per shop category; anything else falls back to the last entry. */
export const HSN_BY_CATEGORY: Readonly<Record<string, { hsn: string; rate: number }>> = {
  Appliances: { hsn: '8516', rate: 18 },
  Audio: { hsn: '8518', rate: 18 },
  Bags: { hsn: '4202', rate: 18 },
  Computers: { hsn: '8471', rate: 18 },
  Fashion: { hsn: '6204', rate: 12 },
  Footwear: { hsn: '6403', rate: 18 },
  'Home Decor': { hsn: '6913', rate: 12 },
  Kitchen: { hsn: '7323', rate: 12 },
  Mobiles: { hsn: '8517', rate: 18 },
  Watches: { hsn: '9102', rate: 18 },
};
export const DEFAULT_HSN = { hsn: '9619', rate: 18 };
export const hsnFor = (category: string) => HSN_BY_CATEGORY[category] ?? DEFAULT_HSN;

export interface InvoiceSource {
  kind: 'shop_order' | 'deal_purchase';
  /** The shop order id, or the room code. */
  id: string;
  /** What the member knows it by: the order code or the room code. */
  reference: string;
}
export interface InvoiceParty {
  userId: string;
  name: string;
  address: string;
  /** Place of supply; the seller's state when the order did not say. */
  state: string;
}
export interface InvoiceLineInput {
  description: string;
  hsn: string;
  rate: number;
  quantity: number;
  /** Price of one unit, GST included, paise. */
  unitPaise: number;
  /** Reward cash or any discount taken off this line, paise. */
  discountPaise: number;
}
export interface InvoiceLine extends InvoiceLineInput {
  /** quantity × unit − discount: what was paid for the line, GST included. */
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}
export interface InvoiceTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export type InvoiceCommand = {
  type: 'IssueInvoice';
  data: { source: InvoiceSource; buyer: InvoiceParty; sellerState: string; lines: InvoiceLineInput[]; now: number };
};
export type InvoiceEvent = {
  type: 'InvoiceIssued';
  data: {
    number: string;
    financialYear: string;
    seq: number;
    source: InvoiceSource;
    buyer: InvoiceParty;
    lines: InvoiceLine[];
    totals: InvoiceTotals;
    at: number;
  };
};
export interface InvoiceState {
  /** Invoices issued so far in each financial year ("2026-27"). */
  countByYear: Record<string, number>;
  /** `kind:id` → invoice number: a source is invoiced once. */
  bySource: Record<string, string>;
}

export const initialState: InvoiceState = { countByYear: {}, bySource: {} };

/** "2026-27" for any India date from 1 April 2026 to 31 March 2027. */
export const financialYearOf = (ms: number): string => {
  const [y, m] = indiaDate(ms).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
};

const lineOf = (l: InvoiceLineInput, intraState: boolean): InvoiceLine => {
  const totalPaise = l.quantity * l.unitPaise - l.discountPaise;
  const taxablePaise = Math.round((totalPaise * 100) / (100 + l.rate));
  const tax = totalPaise - taxablePaise;
  const cgstPaise = intraState ? Math.floor(tax / 2) : 0;
  return {
    ...l,
    totalPaise,
    taxablePaise,
    cgstPaise,
    sgstPaise: intraState ? tax - cgstPaise : 0,
    igstPaise: intraState ? 0 : tax,
  };
};

const sum = (lines: readonly InvoiceLine[], key: keyof InvoiceTotals) => lines.reduce((s, l) => s + l[key], 0);

export const decide = (command: InvoiceCommand, state: InvoiceState): InvoiceEvent[] => {
  switch (command.type) {
    case 'IssueInvoice': {
      const { source, buyer, sellerState, now } = command.data;
      if (state.bySource[`${source.kind}:${source.id}`]) return [];
      if (command.data.lines.length === 0)
        throw new DomainError('INVOICE_EMPTY', 'An invoice needs at least one line.');
      for (const l of command.data.lines) {
        const whole = [l.quantity, l.unitPaise, l.discountPaise].every((n) => Number.isSafeInteger(n) && n >= 0);
        if (!whole || l.quantity < 1 || l.discountPaise > l.quantity * l.unitPaise || !(l.rate >= 0 && l.rate <= 28)) {
          throw new DomainError('INVOICE_LINE_INVALID', `Invoice line “${l.description}” does not add up.`);
        }
      }
      const intraState = buyer.state.trim().toLowerCase() === sellerState.trim().toLowerCase();
      const lines = command.data.lines.map((l) => lineOf(l, intraState));
      const financialYear = financialYearOf(now);
      const seq = (state.countByYear[financialYear] ?? 0) + 1;
      return [
        {
          type: 'InvoiceIssued',
          data: {
            number: `VD/${financialYear}/${String(seq).padStart(6, '0')}`,
            financialYear,
            seq,
            source,
            buyer,
            lines,
            totals: {
              taxablePaise: sum(lines, 'taxablePaise'),
              cgstPaise: sum(lines, 'cgstPaise'),
              sgstPaise: sum(lines, 'sgstPaise'),
              igstPaise: sum(lines, 'igstPaise'),
              totalPaise: sum(lines, 'totalPaise'),
            },
            at: now,
          },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
};

export const evolve = (state: InvoiceState, event: InvoiceEvent): InvoiceState => {
  const { financialYear, seq, source, number } = event.data;
  return {
    countByYear: { ...state.countByYear, [financialYear]: Math.max(seq, state.countByYear[financialYear] ?? 0) },
    bySource: { ...state.bySource, [`${source.kind}:${source.id}`]: number },
  };
};

export const invoiceDecider: Decider<InvoiceCommand, InvoiceEvent, InvoiceState> = { initialState, decide, evolve };

// ── Amounts in words (Indian numbering: thousand, lakh, crore) ────────────────────────────
const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

const belowHundred = (n: number): string =>
  n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]!}${n % 10 ? `-${ONES[n % 10]!}` : ''}`;
const belowThousand = (n: number): string => {
  const h = Math.floor(n / 100);
  const rest = n % 100;
  return [h ? `${ONES[h]!} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
};
const words = (n: number): string => {
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  if (crore) parts.push(`${words(crore)} Crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
};

/** 1_29_950 paise → "Rupees One Thousand Two Hundred Ninety-Nine and Fifty Paise Only". */
export const amountInWords = (paise: number): string => {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return `Rupees ${words(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
};
