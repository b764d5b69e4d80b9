/**
 * The tax invoice as a PDF, in the buyer's language: English, or for a Tamil buyer each label as
 * "Tamil / English" (the English kept so the tax office reads it too). Written with pdfkit, whose
 * font engine (fontkit) shapes Tamil: vowel signs are reordered and conjuncts joined as the font's
 * OpenType tables say, the way a browser draws them. The fonts are embedded from
 * `api/invoices/fonts/` (Noto Sans for Latin and `₹`, Noto Sans Tamil for Tamil; SIL OFL), so the
 * PDF looks the same in every reader and needs no font on the server. A PDF font draws one script
 * here, so each piece of text is cut into Tamil and other runs, each drawn in its own font on a
 * shared baseline; a Tamil run carries its text as /ActualText, so copying or searching the PDF
 * gives the letters in reading order rather than the shaped glyphs' visual order.
 */
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { IssuedInvoice } from '../../projections/invoices.ts';
import { amountInWords } from '../../engine/invoice.ts';
import type { Lang, MessageId, Params } from '../i18n/messages.ts';
import { formatMoney, LOCALES, say, sayBeside } from '../i18n/messages.ts';

export interface Seller {
  name: string;
  gstin: string;
  address: string;
  state: string;
}

type Face = 'regular' | 'bold';
const FONT_FILES = {
  latin: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  tamil: { regular: 'NotoSansTamil-Regular.ttf', bold: 'NotoSansTamil-Bold.ttf' },
} as const;
type Script = keyof typeof FONT_FILES;

const read = (file: string) => readFileSync(new URL(`./fonts/${file}`, import.meta.url));
let fontData: Record<Script, Record<Face, Buffer>> | undefined;
/** The font files, read once. */
const fonts = () =>
  (fontData ??= {
    latin: { regular: read(FONT_FILES.latin.regular), bold: read(FONT_FILES.latin.bold) },
    tamil: { regular: read(FONT_FILES.tamil.regular), bold: read(FONT_FILES.tamil.bold) },
  });

/** Tamil letters, signs and digits, with the joiners and the spaces between Tamil words. */
const TAMIL_RUN = /[\u0B80-\u0BFF\u200C\u200D]+(?:[ \u00A0]+[\u0B80-\u0BFF\u200C\u200D]+)*/g;

const GRAPHEMES = new Intl.Segmenter('ta', { granularity: 'grapheme' });

/** `text` cut into runs of one script each, in order. */
export const scriptRuns = (text: string): { script: Script; text: string }[] => {
  const runs: { script: Script; text: string }[] = [];
  let at = 0;
  for (const m of text.matchAll(TAMIL_RUN)) {
    if (m.index > at) runs.push({ script: 'latin', text: text.slice(at, m.index) });
    runs.push({ script: 'tamil', text: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ script: 'latin', text: text.slice(at) });
  return runs;
};

interface Style {
  size?: number;
  bold?: boolean;
  color?: string;
}
interface Placed extends Style {
  /** How `x` is read: the left edge (default), the right edge, or the middle of the text. */
  align?: 'left' | 'right' | 'center';
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RIGHT = A4.width - MARGIN;
const WIDTH = RIGHT - MARGIN;
/** Lowest baseline for content; the footer sits below it. */
const BOTTOM = A4.height - 64;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#b8b8b8';
const SHADE = '#efefef';

/** Drawing text of mixed scripts on baselines, measured and wrapped by the same rules. */
class Writer {
  readonly doc: PDFKit.PDFDocument;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
    const f = fonts();
    for (const script of ['latin', 'tamil'] as const)
      for (const face of ['regular', 'bold'] as const) doc.registerFont(`${script}-${face}`, f[script][face]);
  }

  private use(script: Script, { size = 9, bold = false }: Style) {
    return this.doc.font(`${script}-${bold ? 'bold' : 'regular'}`).fontSize(size);
  }

  width(text: string, style: Style = {}): number {
    return scriptRuns(text).reduce((w, r) => w + this.use(r.script, style).widthOfString(r.text), 0);
  }

  /** One line of text with its baseline at `y`. */
  line(text: string, x: number, y: number, style: Placed = {}): void {
    const width = this.width(text, style);
    let left = style.align === 'right' ? x - width : style.align === 'center' ? x - width / 2 : x;
    this.doc.fillColor(style.color ?? INK);
    for (const run of scriptRuns(text)) {
      const w = this.use(run.script, style).widthOfString(run.text);
      if (run.script === 'tamil') this.withActualText(run.text, () => this.draw(run.text, left, y));
      else this.draw(run.text, left, y);
      left += w;
    }
  }

  private draw(text: string, x: number, y: number) {
    this.doc.text(text, x, y, { lineBreak: false, baseline: 'alphabetic' });
  }

  /**
   * Draws with the text wrapped in a marked-content span whose /ActualText is `text`, opened just
   * inside the graphics state pdfkit saves around a piece of text (BT…ET). pdfkit's own
   * `markContent` opens the span outside that state, and Poppler (pdftotext, Evince) then places
   * the text at a mirrored position, as it maps the span with the state at its end.
   */
  private withActualText(text: string, draw: () => void) {
    const doc = this.doc;
    const add = doc.addContent.bind(doc);
    const utf16 = Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
    doc.addContent = (data: unknown) => {
      if (data === 'BT') add(`/Span << /Lang (ta) /ActualText <FEFF${utf16}> >> BDC`);
      add(data);
      if (data === 'ET') add('EMC');
      return doc;
    };
    try {
      draw();
    } finally {
      doc.addContent = add;
    }
  }

  /** `text` broken at spaces (or, for a word wider than the line, anywhere) into lines at most `width` wide. */
  wrap(text: string, width: number, style: Style = {}): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const tried = current ? `${current} ${word}` : word;
      if (this.width(tried, style) <= width) {
        current = tried;
        continue;
      }
      if (current) lines.push(current);
      current = word;
      // A word wider than the line is cut between letters (a Tamil letter with its signs is one).
      while (this.width(current, style) > width) {
        const letters = [...GRAPHEMES.segment(current)].map((g) => g.segment);
        let cut = letters.length - 1;
        while (cut > 1 && this.width(letters.slice(0, cut).join(''), style) > width) cut--;
        if (cut < 1) break;
        lines.push(letters.slice(0, cut).join(''));
        current = letters.slice(cut).join('');
      }
    }
    if (current) lines.push(current);
    return lines;
  }

  /** Line height for a font size. */
  static leading(size: number): number {
    return size * 1.35;
  }

  /** Wrapped text from baseline `y`; answers the baseline of its last line. */
  block(text: string, x: number, y: number, width: number, style: Placed = {}): number {
    const lines = this.wrap(text, width, style);
    lines.forEach((l, i) => this.line(l, x, y + i * Writer.leading(style.size ?? 9), style));
    return y + Math.max(0, lines.length - 1) * Writer.leading(style.size ?? 9);
  }

  rule(x1: number, x2: number, y: number, color = RULE, weight = 0.6): void {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(weight).strokeColor(color).stroke().restore();
  }

  shade(x: number, y: number, w: number, h: number): void {
    this.doc.save().rect(x, y, w, h).fill(SHADE).restore();
  }
}

/** A table column: where it starts, how wide it is, how its cells align. */
interface Column {
  x: number;
  width: number;
  align: 'left' | 'right';
}
const anchor = (c: Column) => (c.align === 'right' ? c.x + c.width : c.x);
/** Columns across the page, left to right; the one of width 0 takes what the others leave. */
const columns = <K extends string>(spec: Record<K, [number, 'left' | 'right']>): Record<K, Column> => {
  const entries = Object.entries(spec) as [K, [number, 'left' | 'right']][];
  const rest = WIDTH - entries.reduce((sum, [, [width]]) => sum + width, 0);
  let x = MARGIN;
  const out = {} as Record<K, Column>;
  for (const [key, [width, align]] of entries) {
    out[key] = { x, width: width || rest, align };
    x += width || rest;
  }
  return out;
};

/**
 * The invoice PDF. Amounts are written as en-IN writes them (`₹1,23,456.00`) in both languages;
 * the amount in words stays in English, the wording the GST rules and the tax office read.
 */
export const invoicePdf = (inv: IssuedInvoice, seller: Seller, lang: Lang): Promise<Buffer> => {
  const label = (id: MessageId, params?: Params) => sayBeside(lang, id, params);
  const money = (paise: number) => formatMoney('en', paise);
  const date = (ms: number) => {
    const day = (l: Lang) =>
      new Intl.DateTimeFormat(LOCALES[l], {
        timeZone: 'Asia/Kolkata',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }).format(ms);
    return lang === 'ta' ? `${day('ta')} / ${day('en')}` : day('en');
  };
  const reference =
    inv.source.kind === 'deal_purchase'
      ? label('invoice.dealRoom', { room: inv.source.id })
      : label('invoice.order', { order: inv.source.reference });

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: LOCALES[lang],
    displayTitle: true,
    info: {
      Title: `${say('en', 'invoice.title')} ${inv.number}`,
      Author: seller.name,
      Subject: `${say('en', 'invoice.title')} ${inv.number}: ${inv.buyer.name}`,
      CreationDate: new Date(inv.at),
    },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc);

  // ── Title, number and date ──
  let y = MARGIN + 18;
  w.line(label('invoice.title'), MARGIN, y, { size: lang === 'ta' ? 16 : 18, bold: true });
  w.line(label('invoice.number'), RIGHT, y - 10, { size: 7.5, color: MUTED, align: 'right' });
  w.line(inv.number, RIGHT, y + 3, { size: 11, bold: true, align: 'right' });
  y += 18;
  w.line(`${label('invoice.date')}: ${date(inv.at)}`, RIGHT, y, { size: 9, align: 'right' });
  y += 10;
  w.rule(MARGIN, RIGHT, y, INK, 1);

  // ── Seller and buyer, side by side ──
  const half = (WIDTH - 24) / 2;
  const party = (x: number, heading: string, name: string, rest: string[]) => {
    let at = y + 18;
    w.line(heading, x, at, { size: 7.5, color: MUTED });
    at += 14;
    at = w.block(name, x, at, half, { size: 10.5, bold: true });
    for (const text of rest) at = w.block(text, x, at + Writer.leading(9), half, { size: 9 });
    return at;
  };
  const sellerEnd = party(MARGIN, label('invoice.seller'), seller.name, [
    seller.address,
    `GSTIN: ${seller.gstin}`,
    `${label('invoice.state')}: ${seller.state}`,
  ]);
  const buyerEnd = party(MARGIN + half + 24, label('invoice.billTo'), inv.buyer.name, [
    inv.buyer.address,
    `${label('invoice.placeOfSupply')}: ${inv.buyer.state}`,
    `${label('invoice.for')}: ${reference}`,
  ]);
  y = Math.max(sellerEnd, buyerEnd) + 14;

  // ── Lines ──
  const PAD = 4;
  /** A header row of cells that may wrap; for a Tamil buyer a label's Tamil sits above its English. */
  const headerRow = (cells: [Column, string][], x = MARGIN, width = WIDTH) => {
    const style = { size: 7.5, bold: true };
    const lines = cells.map(([c, text]) => {
      const words = text.startsWith('invoice.')
        ? (lang === 'ta' ? (['ta', 'en'] as const) : (['en'] as const)).map((l) => say(l, text as MessageId))
        : [text];
      return words.flatMap((word) => w.wrap(word, c.width - 2 * PAD, style));
    });
    const height = Math.max(...lines.map((l) => l.length)) * Writer.leading(7.5) + 8;
    w.shade(x, y, width, height);
    cells.forEach(([c], i) =>
      lines[i]!.forEach((text, r) =>
        w.line(text, c.align === 'right' ? anchor(c) - PAD : c.x + PAD, y + 12 + r * Writer.leading(7.5), {
          ...style,
          align: c.align,
        }),
      ),
    );
    y += height;
  };
  const cell = (c: Column, text: string, at: number, style: Style = {}) =>
    w.line(text, c.align === 'right' ? anchor(c) - PAD : c.x + PAD, at, { size: 8.5, ...style, align: c.align });
  const newPageIfBelow = (needed: number, header?: () => void) => {
    if (y + needed <= BOTTOM) return;
    doc.addPage();
    y = MARGIN + 10;
    header?.();
  };

  const cols = columns({
    no: [16, 'left'],
    item: [0, 'left'],
    hsn: [36, 'left'],
    qty: [36, 'right'],
    taxable: [74, 'right'],
    rate: [38, 'right'],
    tax: [64, 'right'],
    amount: [74, 'right'],
  });
  const linesHeader = () =>
    headerRow([
      [cols.no, '#'],
      [cols.item, 'invoice.item'],
      [cols.hsn, 'HSN'],
      [cols.qty, 'invoice.qty'],
      [cols.taxable, 'invoice.taxable'],
      [cols.rate, 'invoice.ratePercent'],
      [cols.tax, 'invoice.tax'],
      [cols.amount, 'invoice.amount'],
    ]);
  linesHeader();
  inv.lines.forEach((l, i) => {
    const description = w.wrap(l.description, cols.item.width - 2 * PAD, { size: 8.5 });
    const notes = [
      ...(l.quantity > 1
        ? [say(lang, 'invoice.unitPrice', { qty: String(l.quantity), price: money(l.unitPaise) })]
        : []),
      ...(l.discountPaise > 0 ? [say(lang, 'invoice.reward', { amount: money(l.discountPaise) })] : []),
    ].flatMap((n) => w.wrap(n, cols.item.width - 2 * PAD, { size: 7.5 }));
    const height = description.length * Writer.leading(8.5) + notes.length * Writer.leading(7.5) + 8;
    newPageIfBelow(height, linesHeader);
    let at = y + 13;
    cell(cols.no, String(i + 1), at);
    cell(cols.hsn, l.hsn, at);
    cell(cols.qty, String(l.quantity), at);
    cell(cols.taxable, money(l.taxablePaise), at);
    cell(cols.rate, `${l.rate}%`, at);
    cell(cols.tax, money(l.cgstPaise + l.sgstPaise + l.igstPaise), at);
    cell(cols.amount, money(l.totalPaise), at, { bold: true });
    for (const text of description) {
      cell(cols.item, text, at);
      at += Writer.leading(8.5);
    }
    for (const text of notes) {
      cell(cols.item, text, at - 1.5, { size: 7.5, color: MUTED });
      at += Writer.leading(7.5);
    }
    y += height;
    w.rule(MARGIN, RIGHT, y);
  });

  // ── Tax breakup by HSN and rate: CGST + SGST within the seller's state, IGST across states ──
  const t = inv.totals;
  const igst = t.igstPaise > 0;
  const groups = new Map<
    string,
    { hsn: string; rate: number; taxable: number; cgst: number; sgst: number; igst: number }
  >();
  for (const l of inv.lines) {
    const g = groups.get(`${l.hsn}:${l.rate}`) ?? { hsn: l.hsn, rate: l.rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    g.taxable += l.taxablePaise;
    g.cgst += l.cgstPaise;
    g.sgst += l.sgstPaise;
    g.igst += l.igstPaise;
    groups.set(`${l.hsn}:${l.rate}`, g);
  }
  const b = igst
    ? columns({
        hsn: [60, 'left'],
        rate: [90, 'left'],
        taxable: [110, 'right'],
        igst: [125, 'right'],
        total: [0, 'right'],
      })
    : columns({
        hsn: [60, 'left'],
        rate: [90, 'left'],
        taxable: [90, 'right'],
        cgst: [90, 'right'],
        sgst: [90, 'right'],
        total: [0, 'right'],
      });
  const taxCells = (at: number, [cgst, sgst, igstPaise]: [number, number, number], style: Style = {}) => {
    if ('igst' in b) cell(b.igst, money(igstPaise), at, style);
    else {
      cell(b.cgst, money(cgst), at, style);
      cell(b.sgst, money(sgst), at, style);
    }
    cell(b.total, money(cgst + sgst + igstPaise), at, style);
  };
  // The breakup, the totals and the amount in words stay together on one page.
  newPageIfBelow(100 + groups.size * 17 + 170);
  y += 24;
  w.line(label('invoice.breakup'), MARGIN, y, { size: 9.5, bold: true });
  y += 6;
  headerRow([
    [b.hsn, 'HSN'],
    [b.rate, 'invoice.rate'],
    [b.taxable, 'invoice.taxable'],
    ...('igst' in b
      ? ([[b.igst, 'IGST']] as [Column, string][])
      : ([
          [b.cgst, 'CGST'],
          [b.sgst, 'SGST'],
        ] as [Column, string][])),
    [b.total, 'invoice.totalTax'],
  ]);
  for (const g of groups.values()) {
    const at = y + 12;
    cell(b.hsn, g.hsn, at);
    cell(b.rate, igst ? `${g.rate}%` : `${g.rate / 2}% + ${g.rate / 2}%`, at);
    cell(b.taxable, money(g.taxable), at);
    taxCells(at, [g.cgst, g.sgst, g.igst]);
    y += 17;
    w.rule(MARGIN, RIGHT, y);
  }
  cell(b.hsn, label('invoice.total'), y + 12, { bold: true });
  cell(b.taxable, money(t.taxablePaise), y + 12, { bold: true });
  taxCells(y + 12, [t.cgstPaise, t.sgstPaise, t.igstPaise], { bold: true });
  y += 20;

  // ── Totals, right-aligned ──
  y += 16;
  const labelRight = RIGHT - 96;
  const total = (text: string, paise: number, style: Style = {}) => {
    w.line(text, labelRight, y, { size: 9, ...style, align: 'right' });
    w.line(money(paise), RIGHT - PAD, y, { size: 9, ...style, align: 'right' });
    y += Writer.leading(style.size ?? 9) + 2;
  };
  total(label('invoice.taxable'), t.taxablePaise);
  if (igst) total('IGST', t.igstPaise);
  else {
    total('CGST', t.cgstPaise);
    total('SGST', t.sgstPaise);
  }
  w.rule(labelRight - 160, RIGHT, y - 8, INK, 0.8);
  y += 6;
  total(label('invoice.total'), t.totalPaise, { size: 12, bold: true });

  // ── Amount in words (English: the legal wording) and the closing note ──
  y += 8;
  w.line(label('invoice.inWords'), MARGIN, y, { size: 7.5, color: MUTED });
  y += 13;
  y = w.block(amountInWords(t.totalPaise), MARGIN, y, WIDTH, { size: 10, bold: true });
  y += 22;
  w.block(label('invoice.computerMade'), MARGIN, y, WIDTH, { size: 8, color: MUTED });

  // ── Every page: the number and the page count at the foot ──
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const foot = A4.height - 30;
    w.rule(MARGIN, RIGHT, foot - 12);
    w.line(`${seller.name} · GSTIN ${seller.gstin} · ${inv.number}`, MARGIN, foot, { size: 7.5, color: MUTED });
    w.line(label('invoice.page', { page: String(i + 1), pages: String(range.count) }), RIGHT, foot, {
      size: 7.5,
      color: MUTED,
      align: 'right',
    });
  }
  doc.end();
  return done;
};
