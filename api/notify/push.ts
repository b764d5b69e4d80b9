import webpush from 'web-push';
import type { PushPayload } from '../contract/notifications.ts';
import { PUSH_SERVICE } from '../config.ts';
import { dataDirSecret } from '../secrets.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys: configured (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`, `VAPID_SUBJECT`), or made
 * once per data dir and kept in its secrets file, so every process signs with the same key and a
 * browser's subscription survives restarts.
 */
export const vapidKeys = (config: {
  DATA_DIR: string;
  VAPID_PUBLIC_KEY?: string;
  VAPID_PRIVATE_KEY?: string;
  VAPID_SUBJECT: string;
}): VapidKeys => {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT };
  const pair = dataDirSecret(config.DATA_DIR, 'vapid', undefined, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(pair) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: config.VAPID_SUBJECT };
};

/**
 * Whether `endpoint` is at one of the push services (`PUSH_SERVICES`): the same scheme, the same
 * port (none for the scheme's own), and the host itself or, for a `*.` entry, one of its subdomains.
 */
export const pushServiceAllowed = (services: readonly string[], endpoint: string): boolean => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return services.some((service) => {
    const [, scheme, wildcard, domain, port] = PUSH_SERVICE.exec(service) ?? [];
    if (!scheme || !domain || url.protocol !== `${scheme.toLowerCase()}:`) return false;
    const ownPort = scheme.toLowerCase() === 'https' ? '443' : '80';
    if (url.port !== (port === undefined || port === ownPort ? '' : port)) return false;
    const name = domain.toLowerCase();
    return wildcard ? host.endsWith(`.${name}`) : host === name;
  });
};

export type PushResult = { ok: true } | { ok: false; gone: boolean; detail: string };

/**
 * Sends one push: web-push builds the RFC 8291 encrypted body and the VAPID headers, and we send
 * them ourselves, so any push service (a browser vendor's, or a test's on 127.0.0.1) is reached
 * the same way. 404 and 410 mean the browser dropped the subscription.
 */
export const sendPush = async (
  keys: VapidKeys,
  subscription: { endpoint: string; p256dh: string; auth: string },
  payload: PushPayload,
): Promise<PushResult> => {
  let request: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      { vapidDetails: keys, TTL: 3600 },
    );
  } catch (error) {
    // Keys no message can be encrypted to (kept before they were checked): never deliverable.
    return { ok: false, gone: true, detail: error instanceof Error ? error.message : String(error) };
  }
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    if (res.ok) return { ok: true };
    return { ok: false, gone: res.status === 404 || res.status === 410, detail: `push service answered ${res.status}` };
  } catch (error) {
    return { ok: false, gone: false, detail: error instanceof Error ? error.message : String(error) };
  }
};
