import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { SANDBOX_WARNING } from '../../api/payments/index.ts';
import type { Client } from '../helpers/http.ts';
import { client, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/**
 * Issue 14, items 6 (payment replays), 7 (the sandbox takes no money) and 8 (HSTS, codes in logs,
 * data file modes): what a deployment promises beyond each route's own rules.
 */
type Wallet = { cash: number };
type Order = { order_id: string; checkout_url: string };
const returned = (res: Response) =>
  Object.fromEntries(new URL(res.headers.get('location') ?? '/', 'http://x').searchParams) as Record<string, string>;

describe('the sandbox checkout takes payment only from the payer', () => {
  let server: TestServer;
  let member: Client;
  let other: Client;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    member = await loggedIn(server, MEMBER.email, MEMBER.password);
    other = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
  });
  afterAll(() => server.stop());
  const cash = async (c: Client) => (await c.call<Wallet>('GET', '/api/me/wallet')).body.cash;

  it('refuses Pay and Cancel without a session and from another member, and credits nothing', async () => {
    const before = await cash(member);
    const { body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 50_000_00 });

    const anonymousPage = await fetch(`${server.url}${order.checkout_url}`, { headers: { accept: 'text/html' } });
    expect(anonymousPage.status).toBe(401);
    expect(await anonymousPage.text()).toContain('Please log in to pay.');
    for (const action of ['pay', 'cancel'] as const) {
      const anonymous = await sandboxCheckout(server, null, order.checkout_url, action);
      expect([anonymous.status, await anonymous.json()]).toEqual([
        401,
        { error: { code: 'UNAUTHENTICATED', message: 'Please log in to pay.' } },
      ]);
      const stranger = await sandboxCheckout(server, other, order.checkout_url, action);
      expect(stranger.status).toBe(404);
    }
    expect((await fetch(`${server.url}${order.checkout_url}`, { headers: { cookie: other.cookie! } })).status).toBe(
      404,
    );
    expect(server.deps.payments.book.get(order.order_id)?.status).toBe('created');
    expect(await cash(member)).toBe(before);

    const paid = await sandboxCheckout(server, member, order.checkout_url);
    expect(paid.status).toBe(303);
    expect(returned(paid).payment_success).toBe('1');
  });

  it('answers twenty racing replays of one payment with one "applied", and credits it once', async () => {
    const before = await cash(member);
    const { body: order } = await member.call<Order>('POST', '/api/me/wallet/deposits', { amount: 100_00 });
    const back = returned(await sandboxCheckout(server, member, order.checkout_url));
    const callback = {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    };
    // Half of them through a second process on the same data directory, as behind a load balancer.
    const second = await startTestServer({ dataDir: server.dataDir });
    try {
      const there = client(second);
      there.cookie = member.cookie;
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          (i % 2 ? there : member).call<{ applied: boolean }>('POST', '/api/me/wallet/deposits/verify', callback),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
      expect(answers.filter((a) => a.body.applied)).toHaveLength(1);
    } finally {
      await second.stop();
    }
    expect(await cash(member)).toBe(before + 100_00);
  });
});

describe('a public deployment on the sandbox', () => {
  const publicEnv = { PUBLIC_URL: 'https://deals.example.in', PAYMENT_PROVIDER: 'sandbox' };

  it('refuses to start on an https PUBLIC_URL, before writing anything', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetri-public-'));
    const dataDir = join(dir, 'data');
    try {
      await expect(startTestServer({ dataDir, env: publicEnv })).rejects.toThrow(
        /Refusing to start: PUBLIC_URL is https:\/\/deals\.example\.in but PAYMENT_PROVIDER=sandbox takes no money/,
      );
      expect(existsSync(join(dataDir, 'events.db'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts with ALLOW_SANDBOX_PAYMENTS=true, warns that no money is taken, and sends HSTS', async () => {
    const lines: string[] = [];
    const server = await startTestServer({
      env: { ...publicEnv, ALLOW_SANDBOX_PAYMENTS: 'true' },
      log: createLogger('info', (line) => lines.push(line)),
    });
    try {
      expect(
        lines.some((l) => {
          const line = JSON.parse(l) as { level: string; msg: string };
          return line.level === 'warn' && line.msg.includes(SANDBOX_WARNING);
        }),
      ).toBe(true);
      const res = await fetch(`${server.url}/api/time`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await server.stop();
    }
  });

  it('sends no HSTS on plain http, where browsers ignore it anyway', async () => {
    const server = await startTestServer();
    try {
      expect((await fetch(`${server.url}/api/time`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await server.stop();
    }
  });
});

describe('what the server leaves on disk and in its log', () => {
  let server: TestServer;
  let dir: string;
  let dataDir: string;
  const lines: string[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-files-'));
    dataDir = join(dir, 'data');
    const umask = process.umask(0o022);
    try {
      server = await startTestServer({ dataDir, log: createLogger('info', (line) => lines.push(line)) });
    } finally {
      process.umask(umask);
    }
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('never writes a one-time code to the log at info', async () => {
    const email = 'new.member@example.in';
    const res = await client(server).call('POST', '/api/auth/otp', { email });
    expect(res.status).toBe(200);
    const mails = readFileSync(join(dataDir, 'outbox.ndjson'), 'utf8').trim().split('\n');
    const mail = JSON.parse(mails.at(-1)!) as { to: string; text: string };
    expect(mail.to).toBe(email);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.includes(code))).toEqual([]);
  });

  it('keeps the data folder 0700 and every file in it 0600, whatever the umask', () => {
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(dataDir)).toBe('700');
    const files = ['events.db', 'events.db-wal', 'limits.db', 'payments.db', 'outbox.ndjson', 'secrets.json'];
    for (const name of files) expect([name, mode(join(dataDir, name))]).toEqual([name, '600']);
    expect(mode(server.deps.config.readModelPath)).toBe('600');
  });
});
