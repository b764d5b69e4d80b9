import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { passwordRoutes } from '../../../api/auth/passwordRoutes.ts';
import { hashPassword } from '../../../api/auth/passwords.ts';
import { profileRoutes } from '../../../api/auth/profileRoutes.ts';
import { referralRoutes } from '../../../api/auth/referralRoutes.ts';
import { authRoutes, isAdultOn } from '../../../api/auth/routes.ts';
import { adminIdentityRoutes } from '../../../api/admin/identityRoutes.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string } };

describe('authRoutes', () => {
  it('registers a member after the emailed code, logs them in and shows the session', async () => {
    const app = mount(deps, '/api/auth', authRoutes(deps));
    const email = 'priya@route.test';

    const bad = await call<Failure>(app, 'POST', '/api/auth/otp', { json: { email: 'not an email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('EMAIL_INVALID');

    expect((await call(app, 'POST', '/api/auth/otp', { json: { email } })).status).toBe(200);
    const code = /code is (\d{6})/.exec(deps.mail.sent.at(-1)!.text)![1]!;
    const wrong = await call<Failure>(app, 'POST', '/api/auth/otp/verify', {
      json: { email, otp: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.body.error.code).toBe('OTP_INVALID');
    const verified = await call<{ verification_token: string }>(app, 'POST', '/api/auth/otp/verify', {
      json: { email, otp: code },
    });
    expect(verified.status).toBe(200);

    const registered = await call<{ status: string; user_id: string; logged_in: boolean }>(
      app,
      'POST',
      '/api/auth/register',
      {
        json: {
          name: 'Priya S',
          email,
          phone: '9876543210',
          dob: '1995-04-01',
          district: 'Chennai',
          password: 'Sunrise@2026',
          confirmPassword: 'Sunrise@2026',
          adult: true,
          verificationToken: verified.body.verification_token,
        },
      },
    );
    expect(registered.status).toBe(200);
    expect(registered.body.status).toBe('success');
    // Registering signs the member in: the answer carries the session and sets its cookie.
    expect(registered.body).toMatchObject({
      logged_in: true,
      user: { id: registered.body.user_id, access: 'waitlisted' },
    });
    const registeredCookie = registered.headers
      .getSetCookie()
      .map((h) => h.split(';')[0]!)
      .find((pair) => pair.startsWith('sid='))!;
    expect(registeredCookie).toMatch(/^sid=/);
    const signedInAtOnce = await call<{ logged_in: boolean; user: { email: string } }>(
      app,
      'GET',
      '/api/auth/session',
      {
        cookie: registeredCookie,
      },
    );
    expect(signedInAtOnce.body).toMatchObject({ logged_in: true, user: { email } });

    const login = await call<{ logged_in: boolean; user: { id: string; access: string } }>(
      app,
      'POST',
      '/api/auth/login',
      { json: { email, password: 'Sunrise@2026' } },
    );
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: registered.body.user_id, access: 'waitlisted' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const session = await call<{ logged_in: boolean; wallet: unknown }>(app, 'GET', '/api/auth/session', { cookie });
    expect(session.body).toMatchObject({ logged_in: true, wallet: { cash: 0, reward_cash: 0 } });

    const wrongPassword = await call<Failure>(app, 'POST', '/api/auth/login', {
      json: { email, password: 'Sunrise@2027' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.error.code).toBe('INVALID_CREDENTIALS');
  });
});

describe('passwordRoutes', () => {
  it('mails a reset link to a known email and answers an unknown one alike', async () => {
    const app = mount(deps, '/api/auth/password', passwordRoutes(deps));
    const { user } = await signedIn(deps);
    const known = await call<{ status: string; message: string }>(app, 'POST', '/api/auth/password/forgot', {
      json: { email: user.email },
    });
    const unknown = await call<{ status: string; message: string }>(app, 'POST', '/api/auth/password/forgot', {
      json: { email: 'nobody@route.test' },
    });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(deps.mail.sent.map((m) => m.to)).toEqual([user.email]);
    expect(deps.mail.sent[0]!.text).toContain('/reset-password?token=');
  });

  it('changes my password only with the current one', async () => {
    const app = mount(deps, '/api/auth/password', passwordRoutes(deps));
    const { cookie } = await signedIn(deps, { passwordHash: await hashPassword('Sunrise@2026') });
    const body = (current: string) => ({
      currentPassword: current,
      password: 'Moonrise@2027',
      confirmPassword: 'Moonrise@2027',
    });
    expect((await call(app, 'POST', '/api/auth/password/change', { json: body('Sunrise@2026') })).status).toBe(401);
    const wrong = await call<Failure>(app, 'POST', '/api/auth/password/change', { json: body('nope'), cookie });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('CURRENT_PASSWORD_WRONG');
    const done = await call(app, 'POST', '/api/auth/password/change', { json: body('Sunrise@2026'), cookie });
    expect(done.status).toBe(200);
  });
});

describe('a login racing a password change or reset', () => {
  /**
   * The login's password is checked, then — before its session is recorded — the owner changes
   * (or resets) the password: the store's first read of the account's stream after `race()` runs
   * `meanwhile` first, which is exactly that interleaving, every time.
   */
  const racing = () => {
    const store = deps.commands.store;
    let meanwhile: (() => Promise<unknown>) | null = null;
    deps.commands = {
      ...deps.commands,
      store: {
        ...store,
        kind: store.kind,
        readStream: async (...args: Parameters<typeof store.readStream>) => {
          const run = meanwhile;
          meanwhile = null;
          if (run) await run();
          return store.readStream(...args);
        },
      },
    };
    return { race: (step: () => Promise<unknown>) => (meanwhile = step) };
  };
  const app = () => {
    const app = mount(deps, '/api/auth', authRoutes(deps));
    app.route('/api/auth/password', passwordRoutes(deps));
    return app;
  };
  const login = (a: ReturnType<typeof app>, email: string, password: string) =>
    call<Failure & { logged_in?: boolean }>(a, 'POST', '/api/auth/login', { json: { email, password } });
  const loggedIn = async (a: ReturnType<typeof app>, cookie: string) =>
    (await call<{ logged_in: boolean }>(a, 'GET', '/api/auth/session', { cookie })).body.logged_in;

  it('the old password’s login is refused once the change is recorded; the owner stays in', async () => {
    const { race } = racing();
    const a = app();
    const { user, cookie } = await signedIn(deps, { passwordHash: await hashPassword('Sunrise@2026') });
    let changed = 0;
    race(async () => {
      changed = (
        await call(a, 'POST', '/api/auth/password/change', {
          cookie,
          json: { currentPassword: 'Sunrise@2026', password: 'Moonrise@2027', confirmPassword: 'Moonrise@2027' },
        })
      ).status;
    });
    const thief = await login(a, user.email, 'Sunrise@2026');
    expect(changed).toBe(200);
    expect(thief.status).toBe(401);
    expect(thief.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    expect(thief.headers.getSetCookie().some((h) => h.startsWith('sid='))).toBe(false);
    expect(await loggedIn(a, cookie)).toBe(true);
    expect((await login(a, user.email, 'Moonrise@2027')).status).toBe(200);
  });

  it('the old password’s login is refused once a reset is recorded', async () => {
    const { race } = racing();
    const a = app();
    const { user } = await signedIn(deps, { passwordHash: await hashPassword('Sunrise@2026') });
    await call(a, 'POST', '/api/auth/password/forgot', { json: { email: user.email } });
    const token = /token=(\S+)/.exec(deps.mail.sent.at(-1)!.text)![1]!;
    let reset = 0;
    race(async () => {
      reset = (
        await call(a, 'POST', '/api/auth/password/reset', {
          json: { token: decodeURIComponent(token), password: 'Moonrise@2027', confirmPassword: 'Moonrise@2027' },
        })
      ).status;
    });
    const thief = await login(a, user.email, 'Sunrise@2026');
    expect(reset).toBe(200);
    expect(thief.status).toBe(401);
    expect(thief.body.error?.code).toBe('INVALID_CREDENTIALS');
    expect((await login(a, user.email, 'Moonrise@2027')).status).toBe(200);
  });
});

describe('referralRoutes', () => {
  it('says whether a referral code exists', async () => {
    const admin = await signedIn(deps, { role: 'admin' });
    const adminApp = mount(deps, '/api/admin', adminIdentityRoutes(deps));
    await call(adminApp, 'POST', '/api/admin/referrals', {
      json: { name: 'Anbu Stores', referralCode: 'anbu01' },
      cookie: admin.cookie,
    });
    const app = mount(deps, '/api/referrals', referralRoutes(deps));
    const known = await call<{ referralCode: string }>(app, 'POST', '/api/referrals/check', {
      json: { referralCode: 'anbu01' },
    });
    expect(known.status).toBe(200);
    expect(known.body.referralCode).toBe('ANBU01');
    const unknown = await call<Failure>(app, 'POST', '/api/referrals/check', { json: { referralCode: 'ZZZZ99' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('REFERRAL_NOT_FOUND');
    const empty = await call<Failure>(app, 'POST', '/api/referrals/check', { json: { referralCode: ' ' } });
    expect(empty.body.error.code).toBe('REFERRAL_REQUIRED');
  });
});

describe('profileRoutes', () => {
  it('saves and reads back my own profile, and asks a visitor to log in', async () => {
    const app = mount(deps, '/api/me/profile', profileRoutes(deps));
    expect((await call(app, 'GET', '/api/me/profile')).status).toBe(401);
    const { user, cookie } = await signedIn(deps);
    const before = await call<{ exists: boolean }>(app, 'GET', '/api/me/profile', { cookie });
    expect(before.body.exists).toBe(false);
    const profile = { first_name: 'Kavya', last_name: 'R', email: user.email, mobile: '9876543210', city: 'Madurai' };
    const missing = await call<Failure>(app, 'PUT', '/api/me/profile', { cookie, json: { ...profile, mobile: '' } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('PROFILE_INVALID');
    const saved = await call(app, 'PUT', '/api/me/profile', {
      cookie,
      json: { ...profile, gender: 'Female', user_id: 'someone-else' },
    });
    expect(saved.status).toBe(200);
    const after = await call<{ exists: boolean; profile: { first_name: string; city: string }; user: { id: string } }>(
      app,
      'GET',
      '/api/me/profile',
      { cookie },
    );
    expect(after.body).toMatchObject({ exists: true, profile: { first_name: 'Kavya', city: 'Madurai' } });
    expect(after.body.user.id).toBe(user.id);
    const bad = await call<Failure>(app, 'PUT', '/api/me/profile', { cookie, json: { gender: 'Robot' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION');
  });
});

describe('isAdultOn', () => {
  it('turns 18 on the 18th birthday in India, not a day before (29 Feb birthdays on 1 Mar)', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(isAdultOn('2008-11-25', at('2026-11-24T18:30:00Z'))).toBe(true); // 00:00 on 25 Nov in India
    expect(isAdultOn('2008-11-25', at('2026-11-24T18:29:59Z'))).toBe(false);
    expect(isAdultOn('2008-02-29', at('2026-02-28T12:00:00Z'))).toBe(false);
    expect(isAdultOn('2008-02-29', at('2026-03-01T12:00:00Z'))).toBe(true);
  });
});
