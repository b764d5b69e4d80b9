import { request } from 'node:http';
import type { TestServer } from './server.ts';

export interface Client {
  cookie: string | null;
  /** JSON request with this client's session cookie; returns status and parsed body. */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/** A client that keeps its session cookie between calls, like a browser. */
export const client = (server: Pick<TestServer, 'url'>): Client => {
  const jar = new Map<string, string>();
  const self: Client = {
    cookie: null,
    async call(method, path, body) {
      // `cookie` may have been set by hand (a copied session): the jar starts from it.
      jar.clear();
      for (const pair of self.cookie?.split('; ') ?? []) {
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(self.cookie ? { cookie: self.cookie } : {}),
          origin: server.url,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      // A cookie jar, as a browser keeps one: each Set-Cookie sets or (empty) clears its own name.
      for (const header of res.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const at = pair!.indexOf('=');
        const name = pair!.slice(0, at);
        const value = pair!.slice(at + 1);
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      self.cookie = jar.size ? [...jar].map(([n, v]) => `${n}=${v}`).join('; ') : null;
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : {}) as never };
    },
  };
  return self;
};

/**
 * A JSON POST with a `Host` header of the sender's choosing, as curl or any script can send it
 * (fetch keeps its own Host). Answers the status.
 */
export const postWithHost = (server: Pick<TestServer, 'url'>, host: string, path: string, body: unknown) =>
  new Promise<number>((resolve, reject) => {
    const url = new URL(server.url);
    const data = JSON.stringify(body);
    const headers = { host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) };
    const req = request({ host: url.hostname, port: url.port, path, method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(data);
  });

/** Logs in and returns the client holding the session. */
export const loggedIn = async (server: Pick<TestServer, 'url'>, email: string, password: string): Promise<Client> => {
  const c = client(server);
  const res = await c.call('POST', '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login as ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return c;
};

export const ADMIN = { email: 'admin@vetrideals.in', password: 'Admin@12345' };
export const MEMBER = { email: 'member1@vetrideals.in', password: 'Member@123' };
export const AUDITOR_LOGIN = { email: 'auditor@vetrideals.in', password: 'Auditor@123' };
export const WAITLISTED = { email: 'waitlist@vetrideals.in', password: 'Member@123' };

/**
 * Presses Pay (or Cancel) on the sandbox's hosted checkout page as `payer`'s browser would: with
 * their session cookie, from the product's own origin. The sandbox refuses anyone else.
 */
export const sandboxCheckout = (
  server: Pick<TestServer, 'url'>,
  payer: Client | null,
  checkoutUrl: string,
  action: 'pay' | 'cancel' = 'pay',
): Promise<Response> =>
  fetch(`${server.url}${checkoutUrl}/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url, ...(payer?.cookie ? { cookie: payer.cookie } : {}) },
  });
