/**
 * Draws the demo catalogue's product images as SVG (shipped in the repository, nothing is
 * downloaded): `npx tsx scripts/seed/catalogueImages.ts` writes web/public/products/*.svg.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PRODUCT_COLOURS } from '../../engine/productColours.ts';
import { catalogueProducts } from './catalogue.ts';
import { crackersCatalogue } from './catalogueCrackers.ts';

const shade = (hex: string, amount: number): string => {
  const n = parseInt(hex.slice(1), 16);
  const ch = (v: number) =>
    Math.max(0, Math.min(255, Math.round(amount < 0 ? v * (1 + amount) : v + (255 - v) * amount)));
  const r = ch((n >> 16) & 255);
  const g = ch((n >> 8) & 255);
  const b = ch(n & 255);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
};

type Draw = (c: string, d: string, l: string) => string;

/** One simple drawing per kind of product, in a 400 × 400 box. */
const shapes: Record<string, Draw> = {
  phone: (c, d) =>
    `<rect x="130" y="60" width="140" height="280" rx="22" fill="${d}"/><rect x="140" y="78" width="120" height="236" rx="10" fill="#0d1b2a"/><rect x="146" y="84" width="108" height="224" rx="8" fill="url(#screen)"/><circle cx="200" cy="326" r="6" fill="${c}"/><rect x="182" y="68" width="36" height="4" rx="2" fill="${c}"/>`,
  tablet: (c, d) =>
    `<rect x="80" y="80" width="240" height="240" rx="20" fill="${d}"/><rect x="94" y="94" width="212" height="212" rx="8" fill="url(#screen)"/><circle cx="200" cy="313" r="4" fill="${c}"/>`,
  powerbank: (c, d, l) =>
    `<rect x="120" y="90" width="160" height="230" rx="26" fill="${c}"/><rect x="120" y="90" width="160" height="230" rx="26" fill="none" stroke="${d}" stroke-width="6"/><circle cx="160" cy="130" r="5" fill="${l}"/><circle cx="180" cy="130" r="5" fill="${l}"/><circle cx="200" cy="130" r="5" fill="${l}"/><rect x="176" y="300" width="48" height="10" rx="4" fill="${d}"/><path d="M205 170 L180 220 H200 L190 265 L225 205 H203 Z" fill="${l}"/>`,
  headphones: (c, d) =>
    `<path d="M110 230 C110 120 290 120 290 230" fill="none" stroke="${d}" stroke-width="22" stroke-linecap="round"/><rect x="86" y="215" width="64" height="100" rx="26" fill="${c}"/><rect x="250" y="215" width="64" height="100" rx="26" fill="${c}"/><rect x="100" y="232" width="36" height="66" rx="16" fill="${d}"/><rect x="264" y="232" width="36" height="66" rx="16" fill="${d}"/>`,
  earbuds: (c, d, l) =>
    `<rect x="110" y="170" width="180" height="130" rx="60" fill="${c}"/><rect x="110" y="225" width="180" height="6" fill="${d}"/><circle cx="200" cy="268" r="6" fill="${l}"/><ellipse cx="150" cy="130" rx="26" ry="30" fill="${l}"/><rect x="142" y="150" width="16" height="50" rx="8" fill="${l}"/><ellipse cx="250" cy="130" rx="26" ry="30" fill="${l}"/><rect x="242" y="150" width="16" height="50" rx="8" fill="${l}"/>`,
  speaker: (c, d, l) =>
    `<rect x="100" y="110" width="200" height="200" rx="40" fill="${c}"/><circle cx="200" cy="210" r="62" fill="${d}"/><circle cx="200" cy="210" r="30" fill="${l}"/><circle cx="200" cy="210" r="10" fill="${d}"/><rect x="170" y="124" width="60" height="8" rx="4" fill="${d}"/>`,
  watch: (c, d, l) =>
    `<rect x="170" y="50" width="60" height="300" rx="18" fill="${d}"/><circle cx="200" cy="200" r="82" fill="${c}"/><circle cx="200" cy="200" r="68" fill="#fffdf7"/><line x1="200" y1="200" x2="200" y2="150" stroke="#222" stroke-width="6" stroke-linecap="round"/><line x1="200" y1="200" x2="236" y2="214" stroke="#222" stroke-width="4" stroke-linecap="round"/><circle cx="200" cy="200" r="6" fill="${c}"/><rect x="280" y="192" width="14" height="16" rx="3" fill="${l}"/>`,
  smartwatch: (c, d) =>
    `<rect x="165" y="50" width="70" height="300" rx="20" fill="${c}"/><rect x="128" y="130" width="144" height="150" rx="34" fill="${d}"/><rect x="140" y="142" width="120" height="126" rx="26" fill="url(#screen)"/><text x="200" y="215" font-family="Arial" font-size="32" font-weight="700" fill="#fff" text-anchor="middle">10:09</text>`,
  cooker: (c, d, l) =>
    `<rect x="100" y="170" width="200" height="150" rx="26" fill="${c}"/><rect x="110" y="150" width="180" height="30" rx="12" fill="${d}"/><rect x="190" y="120" width="20" height="34" rx="6" fill="#333"/><rect x="280" y="160" width="100" height="18" rx="9" fill="#333"/><ellipse cx="200" cy="250" rx="70" ry="16" fill="${l}" opacity=".5"/>`,
  kettle: (c, d, l) =>
    `<path d="M120 310 L135 160 Q200 120 265 160 L280 310 Z" fill="${c}"/><path d="M265 180 Q330 200 300 280" fill="none" stroke="${d}" stroke-width="18" stroke-linecap="round"/><path d="M135 200 L80 170" stroke="${c}" stroke-width="18" stroke-linecap="round"/><rect x="110" y="306" width="180" height="20" rx="8" fill="${d}"/><ellipse cx="200" cy="150" rx="30" ry="10" fill="${l}"/>`,
  tiffin: (c, d, l) =>
    `<rect x="130" y="120" width="140" height="60" rx="14" fill="${c}"/><rect x="130" y="185" width="140" height="60" rx="14" fill="${c}"/><rect x="130" y="250" width="140" height="60" rx="14" fill="${c}"/><path d="M120 120 V90 Q200 40 280 90 V120" fill="none" stroke="${d}" stroke-width="12"/><rect x="130" y="140" width="140" height="6" fill="${l}"/><rect x="130" y="205" width="140" height="6" fill="${l}"/><rect x="130" y="270" width="140" height="6" fill="${l}"/>`,
  mixer: (c, d, l) =>
    `<rect x="120" y="240" width="160" height="90" rx="20" fill="${c}"/><circle cx="200" cy="290" r="18" fill="${d}"/><path d="M140 240 L155 110 H245 L260 240 Z" fill="${l}" opacity=".85"/><rect x="150" y="96" width="100" height="20" rx="8" fill="${d}"/><line x1="175" y1="150" x2="225" y2="210" stroke="${d}" stroke-width="6"/>`,
  lamp: (c, d, l) =>
    `<path d="M130 170 L160 80 H240 L270 170 Z" fill="${c}"/><rect x="192" y="170" width="16" height="130" fill="${d}"/><ellipse cx="200" cy="310" rx="70" ry="18" fill="${d}"/><ellipse cx="200" cy="172" rx="70" ry="10" fill="${l}"/>`,
  vase: (c, d, l) =>
    `<path d="M170 100 H230 V130 Q290 180 270 270 Q255 330 200 330 Q145 330 130 270 Q110 180 170 130 Z" fill="${c}"/><path d="M140 220 Q200 250 262 220" fill="none" stroke="${l}" stroke-width="8"/><rect x="164" y="92" width="72" height="14" rx="6" fill="${d}"/><path d="M200 92 Q190 50 160 40 M200 92 Q215 45 250 50" stroke="#2e7d4f" stroke-width="6" fill="none"/>`,
  clock: (c, d) =>
    `<circle cx="200" cy="200" r="130" fill="${c}"/><circle cx="200" cy="200" r="108" fill="#fffdf7"/>${Array.from(
      { length: 12 },
      (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<rect x="196" y="100" width="8" height="${i % 3 ? 10 : 20}" fill="${d}" transform="rotate(${(a * 180) / Math.PI} 200 200)"/>`;
      },
    ).join(
      '',
    )}<line x1="200" y1="200" x2="200" y2="130" stroke="#222" stroke-width="8" stroke-linecap="round"/><line x1="200" y1="200" x2="250" y2="230" stroke="#222" stroke-width="6" stroke-linecap="round"/>`,
  cushion: (c, d, l) =>
    `<path d="M100 110 Q200 140 300 110 Q270 200 300 290 Q200 260 100 290 Q130 200 100 110 Z" fill="${c}"/><circle cx="200" cy="200" r="40" fill="none" stroke="${l}" stroke-width="8"/><circle cx="200" cy="200" r="12" fill="${d}"/>`,
  saree: (c, d, l) =>
    `<path d="M110 90 H290 V310 H110 Z" fill="${c}"/><path d="M110 90 L290 310" stroke="${l}" stroke-width="26" opacity=".6"/><rect x="110" y="280" width="180" height="30" fill="${d}"/><path d="M110 290 H290" stroke="#f2c230" stroke-width="6" stroke-dasharray="10 8"/><rect x="110" y="90" width="180" height="16" fill="#f2c230"/>`,
  shirt: (c, d, l) =>
    `<path d="M150 80 L100 110 L70 180 L115 200 L130 160 V320 H270 V160 L285 200 L330 180 L300 110 L250 80 Q200 110 150 80 Z" fill="${c}"/><path d="M170 84 L200 130 L230 84" fill="${l}"/><line x1="200" y1="130" x2="200" y2="320" stroke="${d}" stroke-width="4"/><circle cx="200" cy="170" r="5" fill="${d}"/><circle cx="200" cy="220" r="5" fill="${d}"/><circle cx="200" cy="270" r="5" fill="${d}"/>`,
  kurta: (c, d, l) =>
    `<path d="M155 70 L110 100 L85 200 L125 210 L135 170 V340 H265 V170 L275 210 L315 200 L290 100 L245 70 Q200 100 155 70 Z" fill="${c}"/><rect x="190" y="80" width="20" height="110" fill="${l}"/><path d="M135 300 H265" stroke="${d}" stroke-width="10"/>`,
  shoe: (c, d, l) =>
    `<path d="M70 270 Q80 200 110 190 L170 170 Q200 200 240 205 L310 225 Q340 240 335 280 Z" fill="${c}"/><rect x="65" y="270" width="275" height="28" rx="12" fill="${l}"/><path d="M150 185 L190 215 M165 178 L205 208 M180 174 L218 204" stroke="${d}" stroke-width="6"/>`,
  sandal: (c, d, l) =>
    `<path d="M90 260 Q90 220 140 215 L300 230 Q330 240 320 270 Z" fill="${d}"/><path d="M150 222 Q170 150 220 226" fill="none" stroke="${c}" stroke-width="22"/><path d="M230 228 Q250 170 280 232" fill="none" stroke="${c}" stroke-width="16"/><rect x="86" y="262" width="240" height="16" rx="8" fill="${l}"/>`,
  backpack: (c, d, l) =>
    `<path d="M160 90 Q200 50 240 90" fill="none" stroke="${d}" stroke-width="14"/><rect x="110" y="90" width="180" height="240" rx="50" fill="${c}"/><rect x="140" y="200" width="120" height="100" rx="20" fill="${d}"/><rect x="150" y="220" width="100" height="8" rx="4" fill="${l}"/><rect x="140" y="120" width="120" height="16" rx="8" fill="${l}" opacity=".6"/>`,
  handbag: (c, d, l) =>
    `<path d="M150 170 Q150 90 200 90 Q250 90 250 170" fill="none" stroke="${d}" stroke-width="14"/><path d="M90 170 H310 L290 320 H110 Z" fill="${c}"/><rect x="180" y="200" width="40" height="26" rx="6" fill="${l}"/><path d="M90 170 H310" stroke="${d}" stroke-width="8"/>`,
  suitcase: (c, d, l) =>
    `<rect x="170" y="60" width="60" height="40" rx="10" fill="none" stroke="${d}" stroke-width="12"/><rect x="120" y="100" width="160" height="230" rx="24" fill="${c}"/><line x1="160" y1="120" x2="160" y2="310" stroke="${l}" stroke-width="8"/><line x1="240" y1="120" x2="240" y2="310" stroke="${l}" stroke-width="8"/><circle cx="150" cy="340" r="12" fill="#333"/><circle cx="250" cy="340" r="12" fill="#333"/>`,
  laptop: (c, d) =>
    `<rect x="90" y="90" width="220" height="150" rx="12" fill="${d}"/><rect x="102" y="102" width="196" height="126" rx="4" fill="url(#screen)"/><path d="M60 250 H340 L320 290 H80 Z" fill="${c}"/><rect x="170" y="256" width="60" height="8" rx="4" fill="${d}"/>`,
  fan: (c, d, l) =>
    `<circle cx="200" cy="170" r="110" fill="none" stroke="${d}" stroke-width="10"/><ellipse cx="200" cy="110" rx="30" ry="55" fill="${c}"/><ellipse cx="148" cy="200" rx="30" ry="55" fill="${c}" transform="rotate(120 148 200)"/><ellipse cx="252" cy="200" rx="30" ry="55" fill="${c}" transform="rotate(240 252 200)"/><circle cx="200" cy="170" r="22" fill="${l}"/><rect x="190" y="280" width="20" height="50" fill="${d}"/><ellipse cx="200" cy="335" rx="70" ry="14" fill="${d}"/>`,
};

/** Crackers, by category. */
const crackerShapes: Record<string, Draw> = {
  Sparklers: (c, _d, l) =>
    `${[150, 200, 250].map((x, i) => `<line x1="${x}" y1="330" x2="${x + (i - 1) * 20}" y2="170" stroke="#777" stroke-width="6"/><rect x="${x + (i - 1) * 20 - 7}" y="150" width="14" height="70" rx="6" fill="${c}"/>`).join('')}${Array.from(
      { length: 14 },
      (_, i) => {
        const a = (i / 14) * Math.PI * 2;
        return `<line x1="${200 + Math.cos(a) * 30}" y1="${120 + Math.sin(a) * 30}" x2="${200 + Math.cos(a) * 75}" y2="${120 + Math.sin(a) * 75}" stroke="${l}" stroke-width="4" stroke-linecap="round"/>`;
      },
    ).join('')}`,
  'Flower Pots': (c, d, l) =>
    `<path d="M150 330 L170 220 H230 L250 330 Z" fill="${c}"/><rect x="165" y="210" width="70" height="16" rx="6" fill="${d}"/>${Array.from({ length: 9 }, (_, i) => `<path d="M200 205 Q${120 + i * 20} ${140 - (i % 2) * 30} ${110 + i * 22} ${70 + (i % 3) * 20}" fill="none" stroke="${i % 2 ? l : '#f2c230'}" stroke-width="5" stroke-linecap="round"/>`).join('')}`,
  'Ground Chakkars': (c, d, l) =>
    `<circle cx="200" cy="210" r="60" fill="none" stroke="${c}" stroke-width="22"/><circle cx="200" cy="210" r="20" fill="${d}"/>${Array.from(
      { length: 10 },
      (_, i) => {
        const a = (i / 10) * Math.PI * 2;
        return `<path d="M${200 + Math.cos(a) * 72} ${210 + Math.sin(a) * 72} q${Math.cos(a + 1.4) * 60} ${Math.sin(a + 1.4) * 60} ${Math.cos(a + 0.7) * 100} ${Math.sin(a + 0.7) * 100}" fill="none" stroke="${i % 2 ? l : '#f2c230'}" stroke-width="5" stroke-linecap="round"/>`;
      },
    ).join('')}`,
  Rockets: (c, d, l) =>
    `<line x1="200" y1="190" x2="200" y2="350" stroke="#8b5a3c" stroke-width="6"/><path d="M180 200 V110 L200 60 L220 110 V200 Z" fill="${c}"/><path d="M180 200 L160 230 L180 220 Z M220 200 L240 230 L220 220 Z" fill="${d}"/><path d="M190 205 Q200 260 210 205" fill="${l}"/>`,
  Bombs: (c, d, l) =>
    `<circle cx="200" cy="230" r="85" fill="${c}"/><rect x="180" y="128" width="40" height="30" rx="6" fill="${d}"/><path d="M200 128 Q210 90 240 80" fill="none" stroke="#8b5a3c" stroke-width="6"/>${Array.from(
      { length: 8 },
      (_, i) => {
        const a = (i / 8) * Math.PI * 2;
        return `<line x1="${244 + Math.cos(a) * 8}" y1="${76 + Math.sin(a) * 8}" x2="${244 + Math.cos(a) * 24}" y2="${76 + Math.sin(a) * 24}" stroke="#f2c230" stroke-width="4"/>`;
      },
    ).join('')}<ellipse cx="170" cy="200" rx="20" ry="30" fill="${l}" opacity=".5"/>`,
  'Aerial Shots': (c, _d, l) =>
    `<rect x="140" y="240" width="120" height="90" rx="10" fill="${c}"/>${[160, 200, 240].map((x) => `<circle cx="${x}" cy="260" r="10" fill="#333"/>`).join('')}${[
      [140, 120, l],
      [200, 90, '#f2c230'],
      [260, 130, '#e07aa5'],
    ]
      .map(([x, y, col]) =>
        Array.from({ length: 10 }, (_, i) => {
          const a = (i / 10) * Math.PI * 2;
          return `<line x1="${Number(x) + Math.cos(a) * 8}" y1="${Number(y) + Math.sin(a) * 8}" x2="${Number(x) + Math.cos(a) * 38}" y2="${Number(y) + Math.sin(a) * 38}" stroke="${String(col)}" stroke-width="4" stroke-linecap="round"/>`;
        }).join(''),
      )
      .join('')}`,
  'Gift Boxes': (c, d, l) =>
    `<rect x="100" y="170" width="200" height="160" rx="10" fill="${c}"/><rect x="90" y="140" width="220" height="40" rx="8" fill="${d}"/><rect x="188" y="140" width="24" height="190" fill="${l}"/><path d="M200 140 Q150 80 140 120 Q150 140 200 140 Q250 80 260 120 Q250 140 200 140" fill="${l}"/>`,
  'Kids Special': (c, d, l) =>
    `<rect x="120" y="140" width="160" height="180" rx="16" fill="${c}"/><circle cx="200" cy="230" r="50" fill="${l}"/><path d="M180 220 a6 6 0 1 0 0.1 0 M220 220 a6 6 0 1 0 0.1 0" fill="${d}"/><path d="M178 248 Q200 268 222 248" fill="none" stroke="${d}" stroke-width="6" stroke-linecap="round"/><path d="M150 140 L200 90 L250 140" fill="${d}"/>`,
};

const frame = (body: string, bg: string, label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="${label.replace(/[<&"]/g, '')}">` +
  `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(bg, 0.88)}"/><stop offset="1" stop-color="${shade(bg, 0.7)}"/></linearGradient>` +
  `<filter id="lift" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="4" stdDeviation="5" flood-color="#0b2f30" flood-opacity=".22"/></filter><linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f6f8b"/><stop offset=".6" stop-color="#2a9d8f"/><stop offset="1" stop-color="#e9c46a"/></linearGradient></defs>` +
  `<rect width="400" height="400" fill="url(#bg)"/><ellipse cx="200" cy="352" rx="130" ry="14" fill="#000" opacity=".08"/><g filter="url(#lift)">${body}</g></svg>\n`;

export const productSvg = (kind: string, colour: string, label: string): string => {
  const c = PRODUCT_COLOURS[colour] ?? '#17898a';
  const draw = shapes[kind];
  if (!draw) throw new Error(`No drawing for kind ${kind}`);
  return frame(draw(c, shade(c, -0.35), shade(c, 0.45)), colour === 'White' ? '#5f8f8c' : c, label);
};

export const crackerSvg = (category: string, colour: string, label: string): string => {
  const c = PRODUCT_COLOURS[colour] ?? '#d64541';
  const draw = crackerShapes[category];
  if (!draw) throw new Error(`No drawing for cracker category ${category}`);
  return frame(draw(c, shade(c, -0.35), shade(c, 0.45)), '#0f3d3e', label);
};

const defaultSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" role="img" aria-label="Image not available"><rect width="400" height="400" fill="#f0f7f6"/><rect x="110" y="120" width="180" height="150" rx="16" fill="none" stroke="#9bb8b6" stroke-width="10"/><circle cx="165" cy="170" r="18" fill="#9bb8b6"/><path d="M120 255 L180 200 L220 235 L250 210 L285 255 Z" fill="#9bb8b6"/><text x="200" y="320" font-family="Arial, sans-serif" font-size="22" fill="#5b6a6a" text-anchor="middle">Image not available</text></svg>\n`;

export const writeCatalogueImages = (root = resolve(import.meta.dirname, '../../web/public/products')): number => {
  mkdirSync(resolve(root, 'crackers'), { recursive: true });
  writeFileSync(resolve(root, 'default.svg'), defaultSvg);
  let n = 1;
  for (const p of catalogueProducts) {
    writeFileSync(resolve(root, `${p.product_code.toLowerCase()}.svg`), productSvg(p.kind, p.color, p.name));
    n++;
  }
  for (const k of crackersCatalogue) {
    writeFileSync(resolve(root, 'crackers', `${k.id}.svg`), crackerSvg(k.category, k.colour, k.name));
    n++;
  }
  return n;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`wrote ${writeCatalogueImages()} images`);
}
