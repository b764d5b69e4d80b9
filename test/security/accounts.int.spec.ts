import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { AplClientToServerEvents, AplServerToClientEvents } from '../../api/contract/index.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER } from '../helpers/http.ts';
import { verifyPassword } from '../../api/auth/passwords.ts';
import { userByEmail } from '../../projections/users.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/**
 * Issue 14, items 2 to 5, tried as an attacker would, with real parallel requests: the login
 * throttle holds under 25 guesses at once (through two processes on one data directory), the
 * code and registration answers do not tell who has an account, a verified email belongs to the
 * client that proved the code, and referral checks and league bids are limited.
 */
let server: TestServer;
let second: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  second = await startTestServer({ dataDir: server.dataDir });
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await second.stop();
  await server.stop();
});

const login = (s: TestServer, email: string, password: string) =>
  client(s).call<{ error?: { code: string } }>('POST', '/api/auth/login', { email, password });
const outboxCode = async (email: string) => {
  const { body } = await admin.call<{ mails: { to: string; text: string }[] }>('GET', '/api/admin/outbox');
  return /\b(\d{6})\b/.exec(body.mails.find((m) => m.to === email)!.text)![1]!;
};
const registration = (email: string, password: string) => ({
  name: 'Kavya',
  email,
  phone: '9840012345',
  dob: '1995-04-12',
  district: 'Chennai',
  password,
  confirmPassword: password,
  adult: true,
  referralCode: 'VETRI1',
});

describe('the login throttle under parallel guesses', () => {
  it('checks at most the free tries of 25 guesses sent at once, whichever process gets them', async () => {
    const email = 'member2@vetrideals.in';
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(i % 2 ? second : server, email, `Wrong#${i}`)),
    );
    const checked = guesses.filter((g) => g.status === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => g.status === 429).length).toBe(25 - checked);
    for (const g of guesses.filter((x) => x.status === 429)) expect(g.body.error?.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses the right password among 25 parallel tries once five wrong ones have failed', async () => {
    const email = 'member3@vetrideals.in';
    for (let i = 0; i < 5; i++) expect((await login(server, email, `Wrong#${i}`)).status).toBe(401);
    const tries = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        login(i % 2 ? second : server, email, i === 12 ? MEMBER.password : 'Nope#1'),
      ),
    );
    expect(tries.map((t) => t.status)).toEqual(Array(25).fill(429));
  });
});

describe('answers that do not tell who has an account', () => {
  it('answers a code request alike for an existing account and a new email', async () => {
    const existing = await client(server).call('POST', '/api/auth/otp', { email: 'member4@vetrideals.in' });
    const fresh = await client(server).call('POST', '/api/auth/otp', { email: 'brand.new@example.in' });
    expect(existing).toEqual(fresh);
    expect(existing).toEqual({ status: 200, body: { status: 'success', message: 'OTP sent to your email.' } });
  });

  it('answers a registration alike for an existing account and a new email, without hashing a password', async () => {
    const taken = await client(server).call(
      'POST',
      '/api/auth/register',
      registration('member1@vetrideals.in', 'Kavya@2026'),
    );
    const unknown = await client(server).call(
      'POST',
      '/api/auth/register',
      registration('nobody@example.in', 'Kavya@2026'),
    );
    expect(taken).toEqual(unknown);
    expect(taken.body).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: '⚠️ Verify your email first.' } });
  });

  it('sends at most 20 codes an hour to one address, however many requests come at once', async () => {
    const other = await startTestServer();
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          client(other).call('POST', '/api/auth/otp', { email: `burst${i}@example.in` }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
    } finally {
      await other.stop();
    }
  });

  it('limits registrations per address, counting each try before its work', async () => {
    const other = await startTestServer();
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          client(other).call('POST', '/api/auth/register', registration(`flood${i}@example.in`, 'Kavya@2026')),
        ),
      );
      // 20 an hour per address (generous: mobile carriers put many members behind one address).
      expect(answers.filter((a) => a.status === 429).length).toBe(10);
      const limited = answers.find((a) => a.status === 429)!.body as { error: { code: string; message: string } };
      expect(limited.error.code).toBe('TOO_MANY_REGISTRATIONS');
      expect(limited.error.message).toMatch(
        /^Too many registrations from here\. Please wait \d+ minutes? and try again\.$/,
      );
    } finally {
      await other.stop();
    }
  });
});

describe('email verification belongs to the client that proved the code', () => {
  it('refuses a stranger the email someone else just verified', async () => {
    const email = 'owner.one@example.in';
    const owner = client(server);
    await owner.call('POST', '/api/auth/otp', { email });
    expect((await owner.call('POST', '/api/auth/otp/verify', { email, otp: await outboxCode(email) })).status).toBe(
      200,
    );
    const stranger = await client(second).call('POST', '/api/auth/register', registration(email, 'Stranger@2026'));
    expect(stranger.body).toEqual({ error: { code: 'EMAIL_NOT_VERIFIED', message: '⚠️ Verify your email first.' } });
    expect((await owner.call('POST', '/api/auth/register', registration(email, 'Owner@2026'))).status).toBe(200);
    expect((await login(server, email, 'Owner@2026')).status).toBe(200);
  });

  it('lets one of ten racing registrations with one proof win, and tells the others the truth', async () => {
    const email = 'racer@example.in';
    const verifier = client(server);
    await verifier.call('POST', '/api/auth/otp', { email });
    const verified = await verifier.call<{ verification_token: string }>('POST', '/api/auth/otp/verify', {
      email,
      otp: await outboxCode(email),
    });
    const token = verified.body.verification_token;
    const passwords = Array.from({ length: 10 }, (_, i) => `Racer@${2026 + i}`);
    const answers = await Promise.all(
      passwords.map((password, i) =>
        client(i % 2 ? second : server).call<{ status?: string; error?: { message: string } }>(
          'POST',
          '/api/auth/register',
          { ...registration(email, password), verificationToken: token },
        ),
      ),
    );
    const won = answers.map((a, i) => [a, passwords[i]!] as const).filter(([a]) => a.status === 200);
    expect(won).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.body.error?.message).toBe('An account with this email already exists.');
    }
    // The one told "Registration successful" can log in; every other password is not the account's.
    await server.deps.projections.waitFor(await server.deps.store.headPosition());
    expect((await login(server, email, won[0]![1])).status).toBe(200);
    const stored = userByEmail(server.deps.readDb, email)!.passwordHash;
    for (const password of passwords)
      expect(await verifyPassword(password, stored), password).toBe(password === won[0]![1]);
  });
});

describe('referral codes and league bids are limited', () => {
  it('answers 60 referral code guesses from one address with 429 after the first ten', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        client(server).call<{ error?: { code: string; message: string } }>('POST', '/api/referrals/check', {
          referralCode: `ZZ${String(i).padStart(4, '0')}`,
        }),
      ),
    );
    expect(guesses.filter((g) => g.status === 404)).toHaveLength(10);
    const limited = guesses.filter((g) => g.status === 429);
    expect(limited).toHaveLength(50);
    expect(limited[0]!.body.error?.message).toMatch(
      /^Too many referral code checks\. Please wait \d+ seconds and try again\.$/,
    );
    // The crackers status check draws on the same allowance: a valid code is no way around it.
    const crackers = await client(server).call('POST', '/api/crackers/status', { referralCode: 'VETRI1' });
    expect(crackers.status).toBe(429);
  });

  it('refuses most of 40 league bids sent at once by one owner', async () => {
    const owner = await loggedIn(server, 'member1@vetrideals.in', MEMBER.password);
    const socket: Socket<AplServerToClientEvents, AplClientToServerEvents> = connect(`${server.url}/apl`, {
      transports: ['websocket'],
      extraHeaders: { cookie: owner.cookie! },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    try {
      const ask = (event: keyof AplClientToServerEvents, payload: unknown) =>
        new Promise<{ ok: boolean; error?: { code: string; message: string } }>((resolve) =>
          (socket.emit as (...a: unknown[]) => void)(event, payload, resolve),
        );
      expect((await ask('apl_join_auction', { roomCode: 'CDPL26' })).ok).toBe(true);
      const bids = await Promise.all(Array.from({ length: 40 }, () => ask('apl_place_bid', { bidAmount: 35 })));
      const limited = bids.filter((b) => b.error?.code === 'RATE_LIMITED');
      expect(limited.length).toBeGreaterThanOrEqual(29);
      expect(limited[0]!.error!.message).toBe('You are bidding too fast. Please wait a moment and try again.');
    } finally {
      socket.disconnect();
    }
  });
});
