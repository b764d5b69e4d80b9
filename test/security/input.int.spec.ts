import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import { DEMO_LEAGUE } from '../../scripts/seed/league.ts';
import { crackersCatalogue } from '../../scripts/seed/catalogueCrackers.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/**
 * Hostile input: numbers that are not money, strings that are too long, markup where text goes,
 * paths that climb out of folders, files that are not images. Each is refused in words (4xx) and
 * changes nothing, or is kept as plain text. Malformed JSON and random JSON bodies for every route:
 * test/security/routes.int.spec.ts; oversize bodies (413): test/api/server.int.spec.ts.
 */
const MIN = 60_000;
const clock = createManualClock('2026-11-22T06:00:00.000Z');
let server: TestServer;
let admin: Client;
let member: Client;
const productId = (code: string) => catalogueProducts.find((p) => p.product_code === code)!.id;
const head = () => server.deps.store.headPosition();

/** Sends a body as written (so it may hold JSON numbers JSON.stringify cannot make, like 1e999). */
const raw = async (who: Client, method: string, path: string, body: string) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: who.cookie!, origin: server.url },
    body,
  });
  return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
};

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock, env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' } });
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  member = await loggedIn(server, MEMBER.email, MEMBER.password);
});
afterAll(async () => {
  await server.stop();
});

describe('numbers: negative, zero, fractional, huge and not numbers at all', () => {
  const BAD = [
    '-100',
    '0',
    '0.5',
    '12.5',
    '1e999',
    '-1e999',
    '9007199254740993',
    '1e308',
    '"100"',
    'null',
    'true',
    '[1]',
  ];
  const room = (field: string, value: string) =>
    JSON.stringify({
      product_id: productId('VD1029'),
      base_price: 100_00,
      max_price: 300_00,
      bid_value: 10_00,
      bid_seconds: 30,
      max_participants: 2,
      scheduled_time: clock.now() + 60 * MIN,
    }).replace(/\}$/, `,"${field}":${value}}`);
  const cases: [string, () => Client, string, string, (v: string) => string, string[]][] = [
    ['deposit amount', () => member, 'POST', '/api/me/wallet/deposits', (v) => `{"amount":${v}}`, ['0', '-100']],
    [
      'cart quantity',
      () => member,
      'POST',
      '/api/cart/items',
      (v) => `{"product_id":"${productId('VD1029')}","quantity":${v}}`,
      [],
    ],
    [
      'applied reward cash',
      () => member,
      'POST',
      '/api/checkout',
      (v) => `{"appliedRewards":{"${productId('VD1029')}":${v}}}`,
      ['0'],
    ],
    ['room base price', () => admin, 'POST', '/api/admin/rooms', (v) => room('base_price', v), ['0']],
    ['room seats', () => admin, 'POST', '/api/admin/rooms', (v) => room('max_participants', v), []],
    ['room round seconds', () => admin, 'POST', '/api/admin/rooms', (v) => room('bid_seconds', v), []],
    ['room entry fee', () => admin, 'POST', '/api/admin/rooms', (v) => room('entry_fee', v), ['0']],
    [
      'league player base price',
      () => admin,
      'POST',
      `/api/admin/leagues/${DEMO_LEAGUE.code}/players`,
      (v) => `{"players":[{"name":"Test Player","role":"Batter","base_price":${v}}]}`,
      [],
    ],
  ];

  it.each(cases)('refuses a bad %s in words and stores nothing', async (_, who, method, path, body, allowed) => {
    if (path === '/api/checkout') {
      expect(
        (await member.call('POST', '/api/cart/items', { product_id: productId('VD1029'), quantity: 1 })).status,
      ).toBe(200);
    }
    for (const value of BAD.filter((v) => !allowed.includes(v))) {
      const before = await head();
      const res = await raw(who(), method, path, body(value));
      expect([400, 422], `${path} with ${value}: ${JSON.stringify(res.body)}`).toContain(res.status);
      expect(res.body.error?.message, `${path} with ${value}`).toBeTruthy();
      expect(await head(), `${path} with ${value} stored something`).toBe(before);
    }
  });

  it('refuses bad query numbers and never fails on any documented query parameter', async () => {
    for (const q of ['limit=-1', 'limit=1e9', 'limit=abc', 'offset=-5', 'limit=0.5']) {
      expect((await member.call('GET', `/api/me/wallet/transactions?${q}`)).status).toBe(400);
    }
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => method === 'get' && op.parameters?.length)
        .map(([, op]) => ({ path, parameters: op.parameters! })),
    );
    expect(routes.length).toBeGreaterThan(3);
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        '-1',
        '0',
        '1e999',
        'NaN',
        '9'.repeat(40),
        '../../etc/passwd',
        '%00',
        '<script>',
        'x'.repeat(3000),
      ),
      fc.integer().map(String),
      fc.double().map(String),
    );
    for (const { path, parameters } of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.record(Object.fromEntries(parameters.map((p) => [`${p.in}:${p.name}`, value]))),
          fc.constantFrom(admin, member),
          async (params, who) => {
            let url = path;
            const query = new URLSearchParams();
            for (const [key, v] of Object.entries(params)) {
              const [where, name] = key.split(':') as [string, string];
              if (where === 'path') url = url.replace(`{${name}}`, encodeURIComponent(v || 'x'));
              else query.set(name, v);
            }
            // Raw fetch: some documented GETs answer CSV, not JSON.
            const res = await fetch(`${server.url}${url.replace(/\{\w+\}/g, 'x')}?${query}`, {
              headers: who.cookie ? { cookie: who.cookie } : {},
            });
            await res.arrayBuffer();
            expect(res.status, `GET ${url}?${query}`).toBeLessThan(500);
          },
        ),
        { numRuns: 12 },
      );
    }
  }, 120_000);
});

describe('strings: too long, and markup where text goes', () => {
  it('refuses very long text fields in words and keeps nothing', async () => {
    const long = 'ம'.repeat(20_000);
    const before = await head();
    const tries = [
      await member.call('PUT', '/api/me/profile', {
        first_name: long,
        last_name: 'K',
        email: MEMBER.email,
        mobile: '9840012345',
      }),
      await client(server).call('POST', '/api/auth/register', { name: long, email: 'x@example.in' }),
      await client(server).call('POST', '/api/referrals/check', { referralCode: long }),
      await member.call('POST', '/api/cart/items', { product_id: long, quantity: 1 }),
      await client(server).call('POST', '/api/crackers/orders', { name: long, items: [] }),
      await admin.call('POST', '/api/admin/leagues', { code: 'LONG1', name: long }),
    ];
    for (const res of tries) {
      expect([400, 404, 422], JSON.stringify(res.body).slice(0, 200)).toContain(res.status);
      expect((res.body as { error: { message: string } }).error.message).toBeTruthy();
    }
    expect(await head()).toBe(before);
  });

  it('keeps markup typed into text fields as the same text, served as JSON, for everyone who reads it', async () => {
    const xss = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: xss,
      slug: 'markup-test',
      description: xss,
      price: '9900',
      stock: '5',
      reward_points: '0',
      brand: xss.slice(0, 60),
      product_code: 'XSS-1',
    }))
      form.set(k, v);
    const created = await fetch(`${server.url}/api/admin/products`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookie!, origin: server.url },
    });
    expect(created.status).toBe(200);
    const shown = await fetch(`${server.url}/api/products/XSS-1`);
    expect(shown.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await shown.json()) as { product: { name: string; description: string } }).product).toMatchObject({
      name: xss,
      description: xss,
    });

    const short = '<img src=x onerror=alert(1)>';
    const teams = await admin.call('POST', '/api/admin/leagues', { code: 'XSS01', name: short });
    expect(teams.status, JSON.stringify(teams.body)).toBe(200);
    const players = await admin.call('POST', '/api/admin/leagues/XSS01/players', {
      players: [{ name: short, role: 'Batter', base_price: 30 }],
    });
    expect(players.status, JSON.stringify(players.body)).toBe(200);
    const listed = await member.call<{ players: { name: string; role: string }[] }>(
      'GET',
      '/api/leagues/XSS01/players',
    );
    expect(listed.body.players[0]).toMatchObject({ name: short });

    expect(
      (await admin.call('POST', '/api/admin/referrals', { name: xss.slice(0, 100), referralCode: 'XSS001' })).status,
    ).toBe(200);
    const garland = crackersCatalogue.find((k) => k.name === '5000 Wala Garland')!;
    const order = await client(server).call<{ order_id: string }>('POST', '/api/crackers/orders', {
      items: [{ id: garland.id, quantity: 1 }],
      name: xss.slice(0, 120),
      phone: '9840012345',
      address1: xss.slice(0, 200),
      district: 'Thanjavur',
      referral_code: 'XSS001',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const status = await client(server).call<{ orders: { customer_name: string }[] }>('POST', '/api/crackers/status', {
      referralCode: 'XSS001',
    });
    expect(status.body.orders[0]!.customer_name).toBe(xss.slice(0, 120));
  });
});

describe('markup in billing details reaches the admin as the same text', () => {
  it('a paid shop order with markup in its name and address lists verbatim on the admin orders screen', async () => {
    const xss = '<svg onload="window.__xss=1">';
    const buyer = await loggedIn(server, 'member4@vetrideals.in', MEMBER.password);
    expect((await buyer.call('POST', '/api/cart/items', { product_id: productId('VD1027'), quantity: 1 })).status).toBe(
      200,
    );
    const order = await buyer.call<{ checkout_url: string; order_id: string }>('POST', '/api/checkout', {
      name: xss,
      address: `${xss}, Anna Salai`,
      phone: '9840012345',
      email: 'member4@vetrideals.in',
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const paid = await sandboxCheckout(server, buyer, order.body.checkout_url);
    const back = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
    expect((await buyer.call('POST', '/api/checkout/verify', back)).status).toBe(200);
    const listed = await admin.call<{ orders: { id: string; full_name: string }[] }>('GET', '/api/admin/orders');
    expect(listed.body.orders.find((o) => o.id === order.body.order_id)?.full_name).toBe(xss);
  });
});

describe('files and paths', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const upload = (name: string, bytes: Uint8Array, type: string, slug: string) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'File test', slug, price: '100', stock: '1', reward_points: '0' }))
      form.set(k, v);
    form.set('image', new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${server.url}/api/admin/products`, {
      method: 'POST',
      body: form,
      headers: { cookie: admin.cookie!, origin: server.url },
    });
  };

  it('stores an upload under a name of its own, whatever path the file name climbs', async () => {
    const res = await upload('../../../../etc/cron.d/evil.png', PNG, 'image/png', 'climb-test');
    expect(res.status).toBe(200);
    const image = ((await res.json()) as { product: { image: string } }).product.image;
    expect(image).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}\.png$/);
  });

  it('refuses files that are not images, whatever their name or declared type', async () => {
    const cases: [string, string, string][] = [
      ['page.png', '<html><script>alert(1)</script></html>', 'image/png'],
      ['logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['run.jpg', '#!/bin/sh\nrm -rf /', 'image/jpeg'],
    ];
    for (const [i, [name, body, type]] of cases.entries()) {
      const res = await upload(name, new TextEncoder().encode(body), type, `not-image-${i}`);
      expect(res.status, name).toBe(415);
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_AN_IMAGE' } });
    }
  });

  it('serves an image that hides markup after its header as an image, never as a page', async () => {
    const polyglot = Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await upload('poly.png', polyglot, 'text/html', 'polyglot-test');
    const image = ((await res.json()) as { product: { image: string } }).product.image;
    const served = await fetch(`${server.url}${image}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves a file outside the uploads and the web build, however the path is written', async () => {
    const paths = [
      '/api/uploads/..%2Fevents.db',
      '/api/uploads/..%2F..%2Fsecrets.json',
      '/api/uploads/%2e%2e%2fpayments.db',
      '/api/uploads/....//....//events.db',
      '/..%2F..%2Fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/assets/..%2F..%2F..%2Fapi%2Fmain.ts',
      '/..%5c..%5cpackage.json',
      '/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    ];
    for (const path of paths) {
      const res = await fetch(`${server.url}${path}`);
      const text = await res.text();
      expect(text, path).not.toMatch(/SQLite format 3|"name": "vetri-deals"|root:x:0:0|"otp":|startServer/);
    }
  });
});
