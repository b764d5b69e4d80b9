import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { CHANGE_DONE, FORGOT_ANSWER, RESET_DONE } from '../../api/auth/passwordRoutes.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER, postWithHost } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/** Issue 14, item 9: a way back into an account, and a way to change its password, both safe. */
const clock = createManualClock('2026-11-24T06:00:00.000Z');
let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock });
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
});
afterAll(() => server.stop());

type Mail = { to: string; subject: string; text: string };
const mailsTo = async (email: string) =>
  (await admin.call<{ mails: Mail[] }>('GET', '/api/admin/outbox')).body.mails.filter((m) => m.to === email);
const resetLink = async (email: string) => {
  const mail = (await mailsTo(email)).find((m) => m.subject === 'Reset your Vetri Deals password')!;
  return new URL(/(http\S+reset-password\?token=\S+)/.exec(mail.text)![1]!);
};
const forgot = (email: string) => client(server).call('POST', '/api/auth/password/forgot', { email });
const reset = (token: string, password: string, confirmPassword = password) =>
  client(server).call<{ message?: string; error?: { code: string; message: string } }>(
    'POST',
    '/api/auth/password/reset',
    { token, password, confirmPassword },
  );
const session = async (c: Client) => (await c.call<{ logged_in: boolean }>('GET', '/api/auth/session')).body.logged_in;

describe('password reset by mail', () => {
  it('answers alike for an account and an unknown email, and mails only the account', async () => {
    const known = await forgot('member4@vetrideals.in');
    const unknown = await forgot('nobody.here@example.in');
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 200, body: { status: 'success', message: FORGOT_ANSWER } });
    expect(await mailsTo('nobody.here@example.in')).toEqual([]);
    const link = await resetLink('member4@vetrideals.in');
    expect(link.pathname).toBe('/reset-password');
  });

  it('mails a link to this site whatever Host the request named, and the link works', async () => {
    // Anyone may ask for someone else's reset, naming their own site as the Host.
    const email = 'member4@vetrideals.in';
    expect(await postWithHost(server, 'evil.example', '/api/auth/password/forgot', { email })).toBe(200);
    const link = await resetLink(email);
    expect(link.origin).toBe(server.url);
    expect((await reset(link.searchParams.get('token')!, 'Mine@2026')).status).toBe(200);
    expect((await client(server).call('POST', '/api/auth/login', { email, password: 'Mine@2026' })).status).toBe(200);
  });

  it('sets a new password once, ends every session, and the old password stops working', async () => {
    const email = 'member5@vetrideals.in';
    const before = await loggedIn(server, email, MEMBER.password);
    await forgot(email);
    const token = (await resetLink(email)).searchParams.get('token')!;
    expect((await reset(token, 'abcdef')).body.error).toEqual({
      code: 'PASSWORD_WEAK',
      message: '⚠️ Password strength must be at least medium.',
    });
    expect((await reset(token, 'Fresh@2026', 'Other@2026')).body.error?.code).toBe('PASSWORD_MISMATCH');
    expect(await reset(token, 'Fresh@2026')).toEqual({ status: 200, body: { status: 'success', message: RESET_DONE } });

    expect(await session(before)).toBe(false);
    expect((await client(server).call('POST', '/api/auth/login', { email, password: MEMBER.password })).status).toBe(
      401,
    );
    expect(await session(await loggedIn(server, email, 'Fresh@2026'))).toBe(true);
    // The link worked once.
    expect((await reset(token, 'Again@2026')).body.error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'This reset link is not valid any more. Ask for a new one.',
    });
    expect((await mailsTo(email)).some((m) => m.subject === 'Your Vetri Deals password was changed')).toBe(true);
    // The event holds the token's hash only; the auditor's screens mask it.
    const events = await server.deps.store.readAll();
    const requested = events.filter((e) => e.type === 'PasswordResetRequested');
    expect(JSON.stringify(requested)).not.toContain(token.split('.')[1]!);
  });

  it('refuses an unknown, forged or expired link in words; a newer request replaces an older one', async () => {
    expect((await reset('NOTAUSERID.abc', 'Fresh@2026')).body.error?.code).toBe('RESET_LINK_INVALID');
    expect((await reset('garbage', 'Fresh@2026')).body.error?.code).toBe('RESET_LINK_INVALID');
    const email = 'member6@vetrideals.in';
    await forgot(email);
    const first = (await resetLink(email)).searchParams.get('token')!;
    clock.advance(61_000);
    await forgot(email);
    const second = (await resetLink(email)).searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await reset(first, 'Fresh@2026')).body.error?.code).toBe('RESET_LINK_INVALID');
    clock.advance(31 * 60_000);
    expect((await reset(second, 'Fresh@2026')).body.error).toEqual({
      code: 'RESET_LINK_EXPIRED',
      message: 'This reset link has expired. Ask for a new one.',
    });
    expect((await client(server).call('POST', '/api/auth/login', { email, password: MEMBER.password })).status).toBe(
      200,
    );
  });

  it('limits reset requests, for known and unknown emails alike', async () => {
    const email = 'member1@vetrideals.in';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await forgot(email));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3]).toMatchObject({ status: 429, body: { error: { code: 'TOO_MANY_RESETS' } } });
    const unknown = [];
    for (let i = 0; i < 4; i++) unknown.push(await forgot('ghost@example.in'));
    expect(unknown.map((a) => a.status)).toEqual([200, 200, 200, 429]);
  });
});

describe('password change on the profile', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const email = 'member2@vetrideals.in';
    const here = await loggedIn(server, email, MEMBER.password);
    const phone = await loggedIn(server, email, MEMBER.password);
    const wrong = await here.call('POST', '/api/auth/password/change', {
      currentPassword: 'Guess@123',
      password: 'Newer@2026',
      confirmPassword: 'Newer@2026',
    });
    expect(wrong).toEqual({
      status: 401,
      body: { error: { code: 'CURRENT_PASSWORD_WRONG', message: 'Your current password is not right.' } },
    });
    const ok = await here.call('POST', '/api/auth/password/change', {
      currentPassword: MEMBER.password,
      password: 'Newer@2026',
      confirmPassword: 'Newer@2026',
    });
    expect(ok).toEqual({ status: 200, body: { status: 'success', message: CHANGE_DONE } });
    expect(await session(here)).toBe(true);
    expect(await session(phone)).toBe(false);
    expect((await client(server).call('POST', '/api/auth/login', { email, password: 'Newer@2026' })).status).toBe(200);
    expect((await client(server).call('POST', '/api/auth/password/change', {})).status).toBe(401);
  });
});
