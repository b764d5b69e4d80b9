import { createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { SignInMetadata } from '../../projections/integrity.ts';
import type { Config } from '../config.ts';
import { clientAddress } from '../http/security.ts';

/**
 * What a sign-in records for the fairness insights (issue 21.7): the device (a random id in a
 * long-lived httpOnly cookie), the network address (`clientAddress`: with TRUST_PROXY, the one the
 * reverse proxy saw) and the browser's user agent — each only as HMAC-SHA256 under the integrity
 * salt, in the `SessionStarted` event's metadata. The raw id, address and agent are never stored.
 */

export const DEVICE_COOKIE = 'vd_device';
/** The longest a browser keeps a cookie (400 days); every sign-in renews it. */
const DEVICE_TTL_S = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** HMAC-SHA256 of a fact under the salt; `kind` keeps a device id from ever matching an address. */
export const factHash = (salt: string, kind: 'device' | 'address' | 'agent', value: string): string =>
  createHmac('sha256', salt).update(`${kind}\n${value}`).digest('hex');

/** The browser's device id: the cookie's, or a new one on the first sign-in from this browser. */
export const deviceIdOf = (c: Context): string => {
  const known = getCookie(c, DEVICE_COOKIE);
  return known && DEVICE_ID.test(known) ? known : randomBytes(18).toString('base64url');
};

/** Sets (or renews) the device id cookie: httpOnly, for 400 days. */
export const rememberDevice = (c: Context, deviceId: string, secure: boolean) =>
  setCookie(c, DEVICE_COOKIE, deviceId, { httpOnly: true, sameSite: 'Lax', secure, path: '/', maxAge: DEVICE_TTL_S });

/** The sign-in's salted facts, for the `signIn` field of its event's metadata. */
export const signInFacts = (
  c: Context,
  config: Pick<Config, 'TRUST_PROXY'>,
  salt: string,
  deviceId: string,
): SignInMetadata => {
  const facts: SignInMetadata = {
    device: factHash(salt, 'device', deviceId),
    address: factHash(salt, 'address', clientAddress(c, config)),
  };
  const agent = c.req.header('user-agent');
  if (agent) facts.agent = factHash(salt, 'agent', agent);
  return facts;
};
