import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Below this, compressing saves less than the headers cost. */
const MIN_BYTES = 1024;

/** An `Accept-*` header's names (lower case) with their weights: `br;q=0.8, gzip` → br 0.8, gzip 1. */
export const weightedNames = (header: string | undefined): Map<string, number> => {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  return weights;
};

/** The encoding to answer with: Brotli when the client takes it, else gzip, else none. */
export const pickEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | null => {
  const accepted = weightedNames(acceptEncoding);
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
};

/** A whole answer compressed per request: Brotli at quality 5 (a fast level) or gzip level 6. */
export const compressBody = (body: Buffer, encoding: 'br' | 'gzip'): Buffer =>
  encoding === 'br'
    ? brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, { level: 6 });

/**
 * Compresses whole JSON answers of 1 KB or more (room lists, the shop, wallets): Brotli at
 * quality 5 (a fast level, about 4× smaller on our JSON) or gzip. Streams (NDJSON exports, CSV)
 * and anything already encoded pass through untouched.
 */
export const compressJson = (): MiddlewareHandler => async (c, next) => {
  await next();
  const res = c.res;
  if (!res.body || res.headers.has('content-encoding')) return;
  if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) return;
  const encoding = pickEncoding(c.req.header('accept-encoding'));
  res.headers.append('Vary', 'Accept-Encoding');
  if (!encoding) return;
  const body = Buffer.from(await res.clone().arrayBuffer());
  if (body.length < MIN_BYTES) return;
  const packed = compressBody(body, encoding);
  const headers = new Headers(res.headers);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(packed.length));
  c.res = new Response(new Uint8Array(packed), { status: res.status, statusText: res.statusText, headers });
};
