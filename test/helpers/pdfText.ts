import { inflateSync } from 'node:zlib';

/**
 * The text a reader sees on each page of a PDF written by pdfkit, read without a PDF library: the
 * page's content streams are inflated, each piece of text is decoded through its font's ToUnicode
 * map (or taken from the /ActualText of the span around it, as readers do for shaped Tamil), and
 * the pieces are put into lines by baseline, left to right. Enough for the PDFs this project
 * writes (classic cross-reference table, direct stream lengths, Identity-H fonts); not a
 * general PDF reader.
 */
export interface PdfText {
  /** Per page, its lines from the top, each with its pieces joined by one space. */
  pages: string[][];
  /** The embedded fonts' names (subset prefix removed). */
  fonts: string[];
  /** How many glyphs were drawn as .notdef (a character the font has no glyph for: an empty box). */
  missingGlyphs: number;
}

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

const objectsOf = (pdf: Buffer): Map<number, PdfObject> => {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of text.matchAll(/(?:^|\n)(\d+) 0 obj\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('\nendobj', start);
    const streamAt = text.indexOf('\nstream\n', start);
    if (streamAt === -1 || streamAt > end) {
      objects.set(Number(m[1]), { dict: text.slice(start, end) });
      continue;
    }
    const dict = text.slice(start, streamAt);
    const length = /\/Length (\d+)/.exec(dict);
    if (!length) throw new Error(`object ${m[1]}: no direct /Length`);
    const from = streamAt + '\nstream\n'.length;
    const raw = pdf.subarray(from, from + Number(length[1]));
    objects.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
};

const ref = (dict: string, key: string): number | undefined => {
  const m = new RegExp(String.raw`/${key} (\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : undefined;
};

const utf16be = (hex: string): string => {
  const bytes = Buffer.from(hex.replace(/\s+/g, ''), 'hex');
  return bytes.swap16().toString('utf16le');
};

/** A ToUnicode CMap as pdfkit writes it: `<start> <end> [<utf16> <utf16> …]` ranges, and single `bfchar`s. */
const toUnicode = (cmap: string): Map<number, string> => {
  const map = new Map<number, string>();
  for (const m of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*\[([^\]]*)\]/g)) {
    const start = parseInt(m[1]!, 16);
    [...m[3]!.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((e, i) => map.set(start + i, utf16be(e[1]!)));
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g))
      map.set(parseInt(m[1]!, 16), utf16be(m[2]!));
  return map;
};

/** Glyph widths (thousandths of the font size) from a CID font's `/W [0 [w0 w1 …]]`. */
const widthsOf = (dict: string): number[] =>
  (/\/W \[\s*0 \[([^\]]*)\]/.exec(dict)?.[1] ?? '').trim().split(/\s+/).map(Number);

export const pdfText = (pdf: Buffer): PdfText => {
  const objects = objectsOf(pdf);
  const fonts: string[] = [];
  const fontByRef = new Map<number, { unicode: Map<number, string>; widths: number[] }>();
  for (const [n, o] of objects) {
    if (!o.dict.includes('/Subtype /Type0')) continue;
    fonts.push(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(o.dict)![1]!);
    const cid = objects.get(Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(o.dict)![1]))!;
    fontByRef.set(n, {
      unicode: toUnicode(objects.get(ref(o.dict, 'ToUnicode')!)!.stream!.toString('latin1')),
      widths: widthsOf(cid.dict),
    });
  }

  const catalog = [...objects.values()].find((o) => o.dict.includes('/Type /Catalog'))!;
  const pagesRoot = objects.get(ref(catalog.dict, 'Pages')!)!;
  const kids = [.../\/Kids \[([^\]]*)\]/.exec(pagesRoot.dict)![1]!.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
  let missingGlyphs = 0;

  const pages = kids.map((pageRef) => {
    const page = objects.get(pageRef)!;
    const resources = objects.get(ref(page.dict, 'Resources')!)!.dict;
    const fontBlock = /\/Font <<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    const fontByName = new Map([...fontBlock.matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [m[1]!, Number(m[2])]));
    const content = objects.get(ref(page.dict, 'Contents')!)!.stream!.toString('latin1');

    const pieces: { x: number; y: number; width: number; text: string }[] = [];
    let font: { unicode: Map<number, string>; widths: number[] } | undefined;
    let size = 0;
    let at = { x: 0, y: 0 };
    /** The /ActualText of the span being drawn, until its first piece takes it. */
    let actual: string | undefined;
    let inActual = false;
    const op =
      /\/ActualText <FEFF([0-9A-Fa-f]*)>[^B]*BDC|EMC|([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) Tm|\/(\w+) ([\d.]+) Tf|\[([^\]]*)\] TJ/g;
    for (const m of content.matchAll(op)) {
      if (m[1] !== undefined) {
        actual = utf16be(m[1]);
        inActual = true;
      } else if (m[0] === 'EMC') {
        inActual = false;
      } else if (m[6] !== undefined) {
        at = { x: Number(m[6]), y: Number(m[7]) };
      } else if (m[8] !== undefined) {
        font = fontByRef.get(fontByName.get(m[8])!);
        size = Number(m[9]);
      } else if (m[10] !== undefined) {
        let advance = 0;
        let text = '';
        for (const part of m[10].matchAll(/<([0-9a-fA-F]*)>|(-?[\d.]+)/g)) {
          if (part[2] !== undefined) {
            advance -= Number(part[2]);
            continue;
          }
          for (const code of part[1]!.match(/.{4}/g) ?? []) {
            const gid = parseInt(code, 16);
            if (gid === 0) missingGlyphs++;
            advance += font?.widths[gid] ?? 0;
            text += font?.unicode.get(gid) ?? '\uFFFD';
          }
        }
        if (inActual) {
          text = actual ?? '';
          actual = undefined;
        }
        pieces.push({ ...at, width: (advance * size) / 1000, text });
      }
    }
    // Lines by baseline (PDF y grows upwards); pieces left to right, a space where they do not touch.
    const lines = new Map<number, typeof pieces>();
    for (const p of pieces) {
      const y = Math.round(p.y * 2) / 2;
      lines.set(y, [...(lines.get(y) ?? []), p]);
    }
    return [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, ps]) => {
        ps.sort((a, b) => a.x - b.x);
        return ps
          .map((p, i) => (i > 0 && p.x - (ps[i - 1]!.x + ps[i - 1]!.width) > 1 ? ' ' : '') + p.text)
          .join('')
          .replace(/\s+/g, ' ')
          .trim();
      });
  });
  return { pages, fonts: [...new Set(fonts)].sort(), missingGlyphs };
};
