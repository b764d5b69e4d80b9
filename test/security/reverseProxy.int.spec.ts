import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factHash } from '../../api/auth/signInFacts.ts';
import { dataDirSecret } from '../../api/secrets.ts';
import { MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/**
 * Behind the documented reverse proxy (docs/deploy.md: nginx in front of every app server,
 * TRUST_PROXY=true) every request comes from the proxy's address: the limits per address and the
 * sign-in's network address must be the client's, as the proxy reports it in X-Forwarded-For.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => server.stop());

/** A login as nginx passes it on: `forwardedFor` is the X-Forwarded-For it sends ($proxy_add_x_forwarded_for). */
const loginVia = async (forwardedFor: string, email: string, password: string) => {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': forwardedFor },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
};

describe('limits per address behind the reverse proxy', () => {
  it('a stranger’s failed logins slow the stranger, not a member at another address', async () => {
    // 203.0.113.9 guesses 20 passwords; half the time it writes an address of its own choosing
    // first in X-Forwarded-For, which the proxy keeps and appends the real one to.
    for (let i = 0; i < 20; i++) {
      const forwarded = i % 2 ? `10.0.0.${i}, 203.0.113.9` : '203.0.113.9';
      expect((await loginVia(forwarded, `guess${i}@example.in`, 'Guess@123')).status).toBe(401);
    }
    const stranger = await loginVia('192.0.2.1, 203.0.113.9', 'member2@vetrideals.in', MEMBER.password);
    expect(stranger.status).toBe(429);
    expect(stranger.body.error?.code).toBe('TOO_MANY_ATTEMPTS');

    const member = await loginVia('198.51.100.7', MEMBER.email, MEMBER.password);
    expect(member.body.error?.code ?? 'OK').toBe('OK');
    expect(member.status).toBe(200);
  });

  it('records the address the proxy reports for the sign-in, not the proxy’s', async () => {
    expect((await loginVia('198.51.100.23', 'member3@vetrideals.in', MEMBER.password)).status).toBe(200);
    const salt = dataDirSecret(server.deps.config.DATA_DIR, 'integrity');
    const signIns = (await server.deps.store.readAll()).filter((e) => e.type === 'SessionStarted' && e.metadata.signIn);
    expect((signIns.at(-1)!.metadata.signIn as { address: string }).address).toBe(
      factHash(salt, 'address', '198.51.100.23'),
    );
  });
});
