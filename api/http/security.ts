import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../config.ts';
import { ApiError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by a browser from another site (CSRF): the `Origin`
 * header, when present, must be this server's own origin (or PUBLIC_URL), and the browser's
 * `Sec-Fetch-Site` must not say `cross-site`. Servers calling us (payment webhooks, scripts)
 * send neither header and are judged by their own checks (signatures, sessions).
 */
export const sameOriginWrites =
  (publicUrl?: string): MiddlewareHandler =>
  async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const own = new URL(c.req.url).origin;
      const host = c.req.header('host');
      const allowed = new Set([
        own,
        publicUrl ? new URL(publicUrl).origin : null,
        host ? `http://${host}` : null,
        host ? `https://${host}` : null,
      ]);
      if ((origin && origin !== 'null' && !allowed.has(origin)) || origin === 'null' || site === 'cross-site') {
        throw new ApiError(403, 'CROSS_ORIGIN', 'This request came from another site and was refused.');
      }
    }
    await next();
  };

/** For socket.io's `allowRequest`: a browser handshake must come from our own origin. */
export const sameOriginHandshake = (
  originHeader: string | undefined,
  hostHeader: string | undefined,
  publicUrl?: string,
): boolean => {
  if (!originHeader) return true;
  const allowed = [
    publicUrl ? new URL(publicUrl).origin : null,
    hostHeader ? `http://${hostHeader}` : null,
    hostHeader ? `https://${hostHeader}` : null,
  ];
  return allowed.includes(originHeader);
};

/**
 * The caller's address, for limits per address and the sign-in's network-address fact ('unknown'
 * when the connection does not say). With TRUST_PROXY, the last `X-Forwarded-For` entry: the
 * address our reverse proxy saw and appended (earlier entries are whatever the client sent, so
 * they are never believed); without it the header is ignored and the connection's peer counts.
 */
export const clientAddress = (c: Parameters<typeof getConnInfo>[0], config: Pick<Config, 'TRUST_PROXY'>): string => {
  if (config.TRUST_PROXY) {
    const last = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (last && isIP(last)) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
};
