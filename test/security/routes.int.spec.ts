import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER } from '../helpers/http.ts';

interface Operation {
  method: string;
  path: string;
  access: string;
  bodyKeys: string[] | null;
}

let server: TestServer;
let operations: Operation[];
let member: Client;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { 'x-access'?: string; requestBody?: { content?: Record<string, { schema?: { properties?: object } }> } }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'code' ? 'ZZZ999' : `x${name}`)),
      access: op['x-access'] ?? 'public',
      bodyKeys: op.requestBody?.content?.['application/json']
        ? Object.keys(op.requestBody.content['application/json'].schema?.properties ?? {})
        : null,
    })),
  );
  member = await loggedIn(server, MEMBER.email, MEMBER.password);
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await server.stop();
});

describe('privilege: every documented route checks the role on the server', () => {
  it('documents enough routes for the check to mean something', () => {
    expect(operations.filter((o) => o.access === 'admin').length).toBeGreaterThanOrEqual(3);
  });

  it('refuses admin and auditor routes to visitors (401) and members (403), giving no data', async () => {
    const visitor = client(server);
    for (const op of operations.filter((o) => o.access === 'admin' || o.access === 'auditor')) {
      const body = op.bodyKeys ? {} : undefined;
      const asVisitor = await visitor.call(op.method, op.path, body);
      expect(asVisitor.status, `${op.method} ${op.path} as visitor`).toBe(401);
      expect(Object.keys(asVisitor.body), `${op.method} ${op.path}`).toEqual(['error']);
      const asMember = await member.call(op.method, op.path, body);
      expect(asMember.status, `${op.method} ${op.path} as member`).toBe(403);
      expect(Object.keys(asMember.body), `${op.method} ${op.path}`).toEqual(['error']);
    }
  });

  it('refuses member routes to visitors with 401', async () => {
    const visitor = client(server);
    for (const op of operations.filter((o) => o.access === 'member')) {
      const res = await visitor.call(op.method, op.path, op.bodyKeys ? {} : undefined);
      expect(res.status, `${op.method} ${op.path} as visitor`).toBe(401);
    }
  });
});

describe('input: no request makes the server fail', () => {
  it('answers malformed JSON on every JSON route with 400 or an auth refusal, never 500', async () => {
    for (const op of operations.filter((o) => o.bodyKeys)) {
      const res = await fetch(`${server.url}${op.path}`, {
        method: op.method,
        headers: { 'content-type': 'application/json', cookie: admin.cookie! },
        body: '{"broken": ',
      });
      expect(res.status, `${op.method} ${op.path}`).toBeLessThan(500);
      expect(await res.json()).toHaveProperty('error');
    }
  });

  it('fuzzes every JSON body schema with random values: never a 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', '<script>alert(1)</script>', '../../etc/passwd', '𝓤𝓷𝓲𝓬𝓸𝓭𝓮', 'x'.repeat(5000)),
      fc.integer(),
      fc.double(),
      fc.constantFrom(-1, 0, 0.5, 1e308, Number.MAX_SAFE_INTEGER + 2),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
    );
    for (const op of operations.filter((o) => o.bodyKeys)) {
      const keys = op.bodyKeys!;
      const body = keys.length
        ? fc.record(Object.fromEntries([...keys, 'userId', 'role', 'amount'].map((k) => [k, value])), {
            requiredKeys: [],
          })
        : fc.jsonValue();
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom(admin, member), async (payload, who) => {
          const res = await who.call(op.method, op.path, payload);
          expect(res.status, `${op.method} ${op.path} ${JSON.stringify(payload).slice(0, 200)}`).toBeLessThan(500);
        }),
        { numRuns: 15 },
      );
    }
  }, 120_000);
});

describe('sessions and the browser', () => {
  it('refuses a state-changing request sent from another site, even with a valid session', async () => {
    const res = await fetch(`${server.url}/api/me/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: member.cookie!, origin: 'https://evil.example' },
      body: JSON.stringify({ first_name: 'Evil', last_name: 'Site', email: 'e@e.in', mobile: '9000000000' }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'CROSS_ORIGIN' } });
    const fetchMetadata = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: member.cookie!, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchMetadata.status).toBe(403);
    expect((await member.call('GET', '/api/auth/session')).body).toMatchObject({ logged_in: true });
  });

  it('accepts the same request from our own origin', async () => {
    const res = await fetch(`${server.url}/api/me/profile`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: member.cookie!, origin: server.url },
      body: JSON.stringify({ first_name: 'Arun', last_name: 'Kumar', email: MEMBER.email, mobile: '9840012345' }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses a socket.io handshake from another site', async () => {
    const res = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    const ours = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: server.url } });
    expect(ours.status).toBe(200);
  });
});
