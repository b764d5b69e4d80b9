/**
 * Draws the app icons the web app manifest names (web/public/icons/*.png) from the shapes of
 * web/public/logo.svg: the teal tile, the gold V and the sparkle. Only node built-ins (zlib), so
 * the icons can be redrawn anywhere: `npx tsx scripts/icons.ts`. The PNGs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
type Point = readonly [number, number];

const hex = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as unknown as Rgb;

// The logo's colours and shapes, in its 64×64 viewBox.
const TILE_FROM = hex('#17595a');
const TILE_TO = hex('#0b2f30');
const GOLD_TOP = hex('#ffc629');
const GOLD_BOTTOM = hex('#f2a900');
const SPARKLE = hex('#fff4d6');
const V: Point[] = [
  [13, 17],
  [23.5, 17],
  [32, 40.5],
  [40.5, 17],
  [51, 17],
  [37.5, 50],
  [26.5, 50],
];
const STAR: Point[] = [
  [45.5, 7.5],
  [47.1, 11.4],
  [51, 13],
  [47.1, 14.6],
  [45.5, 18.5],
  [43.9, 14.6],
  [40, 13],
  [43.9, 11.4],
];

const inside = (poly: Point[], x: number, y: number): boolean => {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
};

const inRoundedSquare = (x: number, y: number, size: number, radius: number): boolean => {
  const cx = Math.min(Math.max(x, radius), size - radius);
  const cy = Math.min(Math.max(y, radius), size - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2 && x >= 0 && y >= 0 && x <= size && y <= size;
};

/**
 * One icon, RGBA. `maskable`: the tile fills the square (the platform cuts its own shape) and the
 * logo keeps inside the middle 80 % safe zone; otherwise the tile has the logo's rounded corners.
 */
const draw = (
  size: number,
  { maskable = false, rounded = !maskable }: { maskable?: boolean; rounded?: boolean } = {},
): Buffer => {
  const SS = 4; // samples per pixel, per axis
  const logoScale = maskable ? 0.72 : 1; // the V and the sparkle within the tile
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          // The sample in viewBox units (0…64).
          const x = ((px + (sx + 0.5) / SS) / size) * 64;
          const y = ((py + (sy + 0.5) / SS) / size) * 64;
          if (rounded && !inRoundedSquare(x, y, 64, 16)) continue;
          const lx = (x - 32) / logoScale + 32;
          const ly = (y - 32) / logoScale + 32;
          let c: Rgb = mix(TILE_FROM, TILE_TO, (x + y) / 128);
          if (inside(STAR, lx, ly)) c = SPARKLE;
          else if (inside(V, lx, ly)) c = mix(GOLD_TOP, GOLD_BOTTOM, (ly - 17) / 33);
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const o = (py * size + px) * 4;
      if (a > 0) {
        pixels[o] = Math.round(r / a);
        pixels[o + 1] = Math.round(g / a);
        pixels[o + 2] = Math.round(b / a);
      }
      pixels[o + 3] = Math.round((a / (SS * SS)) * 255);
    }
  }
  return png(size, size, pixels);
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer): Buffer => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** An 8-bit RGBA PNG: each row with filter 0 (none), deflated. */
const png = (width: number, height: number, rgba: Buffer): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) rgba.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const out = resolve(import.meta.dirname, '../web/public/icons');
mkdirSync(out, { recursive: true });
const icons: [string, Buffer][] = [
  ['icon-192.png', draw(192)],
  ['icon-512.png', draw(512)],
  ['icon-maskable-512.png', draw(512, { maskable: true })],
  // iOS rounds the corners itself and shows transparency as black: a full square tile.
  ['apple-touch-icon.png', draw(180, { rounded: false })],
];
for (const [name, body] of icons) {
  writeFileSync(join(out, name), body);
  console.log(`web/public/icons/${name} ${body.length} bytes`);
}
