import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { ADMIN, AUDITOR_LOGIN, client, loggedIn, MEMBER, WAITLISTED } from '../helpers/http.ts';

const clock = createManualClock('2026-11-22T06:00:00.000Z');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true, clock });
});
afterAll(async () => {
  await server.stop();
});

const outboxCode = async (email: string): Promise<string> => {
  const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  const { body } = await admin.call<{ mails: { to: string; text: string }[] }>('GET', '/api/admin/outbox');
  const mail = body.mails.find((m) => m.to === email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
};

const registration = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Kavya Raman',
  email,
  phone: '9840099999',
  dob: '1996-05-20',
  district: 'Thanjavur',
  password: 'Kavya@2026',
  confirmPassword: 'Kavya@2026',
  referralCode: 'VETRI1',
  adult: true,
  ...extra,
});

describe('register → OTP from the outbox → login → session → logout', () => {
  it('walks the whole path', async () => {
    const visitor = client(server);
    const email = 'kavya@example.in';
    expect((await visitor.call('POST', '/api/auth/register', registration(email))).body).toMatchObject({
      error: { message: '⚠️ Verify your email first.' },
    });
    expect((await visitor.call('POST', '/api/auth/otp', { email })).body).toEqual({
      status: 'success',
      message: 'OTP sent to your email.',
    });
    const code = await outboxCode(email);
    expect((await visitor.call('POST', '/api/auth/otp/verify', { email, otp: code })).status).toBe(200);
    const registered = await visitor.call('POST', '/api/auth/register', registration(email));
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({
      status: 'success',
      message: 'Registration successful! Taking you to the deals…',
      logged_in: true,
      user: { name: 'Kavya Raman', email, access: 'granted' },
    });
    // Signed in by the registration itself: the session cookie works before any login.
    expect(visitor.cookie).toMatch(/^sid=/);
    expect((await visitor.call('GET', '/api/auth/session')).body).toMatchObject({ logged_in: true, user: { email } });

    const login = await visitor.call('POST', '/api/auth/login', { email, password: 'Kavya@2026' });
    expect(login.status).toBe(200);
    expect(visitor.cookie).toMatch(/^sid=/);
    const session = await visitor.call('GET', '/api/auth/session');
    expect(session.body).toMatchObject({
      logged_in: true,
      user: { name: 'Kavya Raman', email, role: 'member', access: 'granted' },
      wallet: { cash: 0, reward_cash: 0 },
    });

    const cookie = visitor.cookie;
    await visitor.call('POST', '/api/auth/logout');
    // The old cookie no longer works: the session ended on the server, not just in the browser.
    const replay = client(server);
    replay.cookie = cookie;
    expect((await replay.call('GET', '/api/auth/session')).body).toMatchObject({ logged_in: false, user: null });
  });

  it('sets an httpOnly, SameSite=Lax session cookie', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(MEMBER),
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('answers a code request for an existing account as for a new email, and tells the owner instead', async () => {
    // Before, this answered EMAIL_TAKEN: anyone could learn who has an account (issue 14, item 3).
    const res = await client(server).call('POST', '/api/auth/otp', { email: MEMBER.email });
    expect(res).toEqual({ status: 200, body: { status: 'success', message: 'OTP sent to your email.' } });
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const { body } = await admin.call<{ mails: { to: string; subject: string; text: string }[] }>(
      'GET',
      '/api/admin/outbox',
    );
    const notice = body.mails.find((m) => m.to === MEMBER.email)!;
    expect(notice.subject).toBe('Someone tried to register with your email');
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
  });

  it('puts a registration without a referral code on the waitlist', async () => {
    const visitor = client(server);
    const email = 'noref@example.in';
    await visitor.call('POST', '/api/auth/otp', { email });
    await visitor.call('POST', '/api/auth/otp/verify', { email, otp: await outboxCode(email) });
    const res = await visitor.call('POST', '/api/auth/register', registration(email, { referralCode: '' }));
    expect(res.body).toMatchObject({
      status: 'success',
      message:
        'Registration successful! Your account is on the waitlist until an admin grants full access. Taking you to your account…',
      user: { access: 'waitlisted' },
    });
    const member = await loggedIn(server, email, 'Kavya@2026');
    expect((await member.call('GET', '/api/auth/session')).body).toMatchObject({ user: { access: 'waitlisted' } });
  });

  it('checks the registration rules with the spec messages', async () => {
    const visitor = client(server);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, '⚠️ All fields are required.'],
      [{ confirmPassword: 'Other@2026' }, '⚠️ Password and Confirm Password do not match.'],
      [{ adult: false }, 'Please confirm that you are 18 or older: Vetri Deals is for members aged 18 and above.'],
      [
        { dob: '2010-01-01' },
        'Vetri Deals is for members aged 18 and above, so we cannot open an account with this date of birth.',
      ],
      [{ password: 'abcdef', confirmPassword: 'abcdef' }, '⚠️ Password strength must be at least medium.'],
      // Days that do not exist, and years no member was born in.
      ...['2000-02-30', '2001-02-29', '1999-04-31', '1990-13-01', '1990-00-10', '1899-12-31', '20-01-1990'].map(
        (dob): [Record<string, unknown>, string] => [{ dob }, 'Enter a valid date of birth.'],
      ),
    ];
    for (const [change, message] of cases) {
      const res = await visitor.call('POST', '/api/auth/register', registration('rules@example.in', change));
      expect(res.body, JSON.stringify(change)).toMatchObject({ error: { message } });
    }
    // 29 February of a leap year is a birthday like any other.
    const leapDay = await visitor.call<{ error: { code: string } }>(
      'POST',
      '/api/auth/register',
      registration('rules@example.in', { dob: '2000-02-29' }),
    );
    expect(leapDay.body.error.code).not.toBe('DOB_INVALID');
    // The referral code is checked once the email is verified by this client.
    await visitor.call('POST', '/api/auth/otp', { email: 'rules@example.in' });
    await visitor.call('POST', '/api/auth/otp/verify', {
      email: 'rules@example.in',
      otp: await outboxCode('rules@example.in'),
    });
    const res = await visitor.call(
      'POST',
      '/api/auth/register',
      registration('rules@example.in', { referralCode: 'NOPE12' }),
    );
    expect(res.body).toMatchObject({ error: { message: 'Referral code not found' } });
  });
});

describe('OTP limits', () => {
  it('allows a resend only after 60 s', async () => {
    const visitor = client(server);
    const email = 'resend@example.in';
    await visitor.call('POST', '/api/auth/otp', { email });
    const tooSoon = await visitor.call('POST', '/api/auth/otp', { email });
    expect(tooSoon.status).toBe(422);
    expect(tooSoon.body).toMatchObject({ error: { code: 'OTP_RESEND_TOO_SOON' } });
    clock.advance(60_000);
    expect((await visitor.call('POST', '/api/auth/otp', { email })).status).toBe(200);
  });

  it('locks the code after 5 wrong tries; the right code then fails until a new one is sent', async () => {
    const visitor = client(server);
    const email = 'wrong@example.in';
    await visitor.call('POST', '/api/auth/otp', { email });
    const code = await outboxCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await visitor.call('POST', '/api/auth/otp/verify', { email, otp: wrong })).body).toMatchObject({
        error: { message: 'Invalid OTP' },
      });
    }
    expect((await visitor.call('POST', '/api/auth/otp/verify', { email, otp: code })).body).toMatchObject({
      error: { code: 'OTP_LOCKED' },
    });
  });

  it('expires a code after 10 minutes', async () => {
    const visitor = client(server);
    const email = 'late@example.in';
    await visitor.call('POST', '/api/auth/otp', { email });
    const code = await outboxCode(email);
    clock.advance(10 * 60_000 + 1);
    expect((await visitor.call('POST', '/api/auth/otp/verify', { email, otp: code })).body).toMatchObject({
      error: { code: 'OTP_EXPIRED' },
    });
  });

  it('asks for the email and the OTP with the spec messages', async () => {
    const visitor = client(server);
    expect((await visitor.call('POST', '/api/auth/otp', { email: '' })).body).toMatchObject({
      error: { message: 'Enter an email first.' },
    });
    expect((await visitor.call('POST', '/api/auth/otp/verify', { email: 'x@y.in', otp: '' })).body).toMatchObject({
      error: { message: 'Enter OTP.' },
    });
  });
});

describe('login', () => {
  it('says "Invalid email or password." and slows repeated failures for the account', async () => {
    const visitor = client(server);
    for (let i = 0; i < 5; i++) {
      const res = await visitor.call('POST', '/api/auth/login', { email: 'member6@vetrideals.in', password: 'wrong' });
      expect(res.body).toMatchObject({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } });
    }
    const slowed = await visitor.call('POST', '/api/auth/login', {
      email: 'member6@vetrideals.in',
      password: 'Member@123',
    });
    expect(slowed.status).toBe(429);
    expect((slowed.body as { error: { message: string } }).error.message).toMatch(
      /Too many failed logins\. Please wait \d+ seconds/,
    );
    clock.advance(3_000);
    expect(
      (await visitor.call('POST', '/api/auth/login', { email: 'member6@vetrideals.in', password: 'Member@123' }))
        .status,
    ).toBe(200);
  });
});

describe('referral check on the landing', () => {
  it('accepts a known code and refuses others with the spec messages', async () => {
    const visitor = client(server);
    expect((await visitor.call('POST', '/api/referrals/check', { referralCode: 'vetri1' })).body).toMatchObject({
      status: 'success',
    });
    expect((await visitor.call('POST', '/api/referrals/check', { referralCode: 'ZZZZZZ' })).body).toEqual({
      error: { code: 'REFERRAL_NOT_FOUND', message: 'Referral code not found' },
    });
    expect((await visitor.call('POST', '/api/referrals/check', { referralCode: '' })).body).toMatchObject({
      error: { message: '⚠️ Please enter a referral code' },
    });
  });
});

describe('profile', () => {
  it('saves the member’s own profile, whatever user_id the body claims', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const before = await member.call('GET', '/api/me/profile');
    expect(before.body).toMatchObject({ exists: false, profile: null });
    const profile = {
      first_name: 'Arun',
      last_name: 'Kumar',
      email: MEMBER.email,
      mobile: '9840012345',
      gender: 'Male',
      city: 'Chennai',
      user_id: 'SOMEONE_ELSE',
    };
    expect((await member.call('PUT', '/api/me/profile', profile)).body).toEqual({
      success: true,
      message: 'Profile saved successfully!',
    });
    expect((await member.call('GET', '/api/me/profile')).body).toMatchObject({
      exists: true,
      profile: { first_name: 'Arun', gender: 'Male', city: 'Chennai' },
    });
    expect((await member.call('PUT', '/api/me/profile', { ...profile, first_name: '' })).body).toMatchObject({
      error: { message: 'Failed to save profile' },
    });
  });

  it('refuses a date of birth that is no day of the calendar, or not yet come, as registration does', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const profile = { first_name: 'Arun', last_name: 'Kumar', email: MEMBER.email, mobile: '9840012345' };
    for (const date_of_birth of ['2000-02-30', '1999-04-31', '2001-02-29', '1899-12-31', '2999-01-01', '17/05/1990']) {
      const refused = await member.call('PUT', '/api/me/profile', { ...profile, date_of_birth });
      expect(refused.status, date_of_birth).toBe(400);
      expect(refused.body, date_of_birth).toMatchObject({
        error: { code: 'DOB_INVALID', message: 'Enter a valid date of birth.' },
      });
    }
    expect((await member.call('PUT', '/api/me/profile', { ...profile, date_of_birth: '2000-02-29' })).status).toBe(200);
    expect((await member.call('GET', '/api/me/profile')).body).toMatchObject({
      profile: { date_of_birth: '2000-02-29' },
    });
    // Left empty, it stays optional.
    expect((await member.call('PUT', '/api/me/profile', { ...profile, date_of_birth: '' })).status).toBe(200);
  });
});

describe('admin routes', () => {
  const adminCalls: [string, string, unknown?][] = [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/referrals'],
    ['GET', '/api/admin/outbox'],
    ['POST', '/api/admin/referrals', { name: 'X', referralCode: 'XYZ123' }],
    ['POST', '/api/admin/users/ANY/grant-access'],
  ];

  it('refuses visitors with 401 and members with 403, giving no data', async () => {
    const visitor = client(server);
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    for (const [method, path, body] of adminCalls) {
      const asVisitor = await visitor.call(method, path, body);
      expect(asVisitor.status, `${method} ${path}`).toBe(401);
      expect(Object.keys(asVisitor.body)).toEqual(['error']);
      const asMember = await member.call(method, path, body);
      expect(asMember.status, `${method} ${path}`).toBe(403);
      expect(Object.keys(asMember.body)).toEqual(['error']);
    }
  });

  it('lets the auditor read the user list but change nothing', async () => {
    const auditor = await loggedIn(server, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
    expect((await auditor.call('GET', '/api/admin/users')).status).toBe(200);
    expect((await auditor.call('POST', '/api/admin/referrals', { name: 'X', referralCode: 'AUD123' })).status).toBe(
      403,
    );
    expect(
      (
        await auditor.call('PUT', '/api/me/profile', {
          first_name: 'A',
          last_name: 'B',
          email: 'a@b.in',
          mobile: '9840000000',
        })
      ).body,
    ).toMatchObject({ error: { code: 'READ_ONLY' } });
  });

  it('lists users with search, and grants a waitlisted member access', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const found = await admin.call<{ users: { id: string; email: string; access: string }[]; total_users: number }>(
      'GET',
      '/api/admin/users?search=waitlist',
    );
    expect(found.body.users).toHaveLength(1);
    const [user] = found.body.users;
    expect(user).toMatchObject({ email: WAITLISTED.email, access: 'waitlisted' });
    expect(found.body.total_users).toBeGreaterThanOrEqual(9);
    // Signed in before the grant: the same session shows the new access at once, not at its next login.
    const member = await loggedIn(server, WAITLISTED.email, WAITLISTED.password);
    expect((await member.call('GET', '/api/auth/session')).body).toMatchObject({ user: { access: 'waitlisted' } });
    expect((await admin.call('POST', `/api/admin/users/${user!.id}/grant-access`)).status).toBe(200);
    expect((await member.call('GET', '/api/auth/session')).body).toMatchObject({ user: { access: 'granted' } });
  });

  it('adds a referral code once and refuses a duplicate', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    expect(
      (await admin.call('POST', '/api/admin/referrals', { name: 'Madurai Meenakshi Stores', referralCode: 'mdu001' }))
        .body,
    ).toMatchObject({ status: 'success' });
    expect(
      (await admin.call('POST', '/api/admin/referrals', { name: 'Again', referralCode: 'MDU001' })).body,
    ).toMatchObject({ error: { code: 'REFERRAL_EXISTS' } });
    expect((await admin.call('POST', '/api/admin/referrals', { name: '', referralCode: 'MDU002' })).body).toMatchObject(
      { error: { code: 'FIELDS_REQUIRED' } },
    );
    expect((await client(server).call('POST', '/api/referrals/check', { referralCode: 'MDU001' })).body).toMatchObject({
      status: 'success',
    });
  });
});
