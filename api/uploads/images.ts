import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { describe } from '../http/openapi.ts';

/**
 * Uploaded images (product pictures, member avatars): checked by their bytes, stored under
 * DATA_DIR/uploads as `<uuid>.<ext>`, and served from /api/uploads with the type we found.
 */
export type ImageKind = { ext: 'png' | 'jpg' | 'gif' | 'webp'; mime: string };

/** Image types we accept, recognised by their first bytes (never by name or declared type). */
export const imageTypeOf = (bytes: Uint8Array): ImageKind | null => {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { ext: 'png', mime: 'image/png' };
  if (at(0, 0xff, 0xd8, 0xff)) return { ext: 'jpg', mime: 'image/jpeg' };
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return { ext: 'gif', mime: 'image/gif' };
  }
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return { ext: 'webp', mime: 'image/webp' };
  return null;
};

const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);

/**
 * Width and height read from a PNG, JPEG or WebP header, or null when the header is not there (a
 * file that only starts like an image). Only the header is read: no image is decoded.
 */
export const imageSizeOf = (bytes: Uint8Array): { width: number; height: number } | null => {
  const kind = imageTypeOf(bytes);
  if (kind?.ext === 'png') {
    // The first chunk must be IHDR: length 13, then width and height.
    if (bytes.length < 24 || u32be(bytes, 8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') {
      return null;
    }
    return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  }
  if (kind?.ext === 'jpg') {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return null;
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: u16be(bytes, i + 5), width: u16be(bytes, i + 7) };
      }
      i += 2 + u16be(bytes, i + 2);
    }
    return null;
  }
  if (kind?.ext === 'webp' && bytes.length >= 30) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) {
      return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    }
    if (chunk === 'VP8L' && bytes[20] === 0x2f) {
      const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  }
  return null;
};

export const uploadsDir = (deps: Pick<Deps, 'config'>) => join(deps.config.DATA_DIR, 'uploads');

/** Stores checked image bytes under a new random name; returns that name (the upload id). */
export const storeUpload = (deps: Pick<Deps, 'config'>, bytes: Uint8Array, kind: ImageKind): string => {
  mkdirSync(uploadsDir(deps), { recursive: true });
  const name = `${randomUUID()}.${kind.ext}`;
  writeFileSync(join(uploadsDir(deps), name), bytes, { mode: 0o644 });
  return name;
};

export const uploadUrl = (uploadId: string) => `/api/uploads/${uploadId}`;

/** Uploaded images, served with their checked type. */
export const uploadsRoutes = (deps: Pick<Deps, 'config'>) =>
  new Hono().get('/:name', describe({ summary: 'An uploaded image (product or avatar)', tags: ['shop'] }), (c) => {
    const name = c.req.param('name');
    const match = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.exec(name);
    if (!match) throw new ApiError(404, 'NOT_FOUND', 'No such image.');
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(uploadsDir(deps), name));
    } catch {
      throw new ApiError(404, 'NOT_FOUND', 'No such image.');
    }
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': MIME[match[1]!]!,
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });
