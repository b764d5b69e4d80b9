import { Hono } from 'hono';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createHash, randomBytes } from 'node:crypto';
import { clientAddress } from '../http/security.ts';
import {
  LoginBody,
  OtpBody,
  RegisterAnswer,
  RegisterBody,
  SessionResponse,
  VerifyOtpBody,
} from '../contract/account.ts';
import { DomainError } from '../../engine/decider.ts';
import { emailDecider, OTP_RESEND_MS, VERIFIED_TTL_MS } from '../../engine/emailVerification.ts';
import { normalizeReferralCode } from '../../engine/referral.ts';
import { INVALID_CREDENTIALS, TN_DISTRICTS, userDecider } from '../../engine/user.ts';
import { referralByCode } from '../../projections/referrals.ts';
import { langOf, userByEmail } from '../../projections/users.ts';
import { handleCommand, loadState } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { say } from '../i18n/messages.ts';
import { describe, jsonBody } from '../http/openapi.ts';
import { emailStream, newOtpCode, normalizeEmail, otpHash, registerMember, userStream } from './identity.ts';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import { deviceIdOf, rememberDevice, signInFacts } from './signInFacts.ts';
import type { AuthEnv, SessionUser } from './session.ts';
import { actorOf, hashSessionToken, newSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from './session.ts';
import { createLoginLimits, createOtpLimits, createThrottle, tooManyLogins, waitMinutes } from './throttle.ts';

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^(\+91[\s-]?)?[6-9]\d{9}$/;

const fail = (status: 400 | 401 | 404 | 429, code: string, message: string, details?: Record<string, unknown>) =>
  new ApiError(status, code, message, details);

export const sessionPayload = (deps: Pick<Deps, 'walletOf'>, user: SessionUser | null) => ({
  logged_in: user !== null,
  user: user && {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    access: user.access,
    created_at: user.createdAt,
    avatar: user.avatar ?? null,
    lang: user.lang ?? 'en',
  },
  wallet: user && (deps.walletOf?.(user.id) ?? { cash: 0, reward_cash: 0, held: 0, revision: -1 }),
});

/** Registration with email OTP, login, session and logout (DESIGN.md §5 identity calls). */
export const authRoutes = (
  deps: Pick<
    Deps,
    'clock' | 'store' | 'readDb' | 'commands' | 'sessions' | 'mail' | 'secrets' | 'hits' | 'config' | 'walletOf'
  >,
) => {
  const { clock } = deps;
  const otpSecret = deps.secrets.otp;
  const { perAccount, perAddress } = createLoginLimits(deps.hits);
  const { codesPerEmail, codesPerAddress, wrongCodesPerAddress } = createOtpLimits(deps.hits);
  const registrationsPerAddress = createThrottle(
    { name: 'register-address', free: 20, windowMs: 60 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 },
    deps.hits,
  );
  const resendTooSoon = (wait: number) =>
    new DomainError('OTP_RESEND_TOO_SOON', `Please wait ${wait}s before asking for a new code.`, {
      retryInSeconds: wait,
    });

  return new Hono<AuthEnv>()
    .post(
      '/otp',
      describe({ summary: 'Send a 6-digit code to verify an email', tags: ['auth'] }),
      jsonBody(OtpBody),
      async (c) => {
        const { email: raw, lang = 'en' } = c.req.valid('json');
        const email = normalizeEmail(raw);
        if (!email) throw fail(400, 'EMAIL_REQUIRED', 'Enter an email first.');
        if (!EMAIL.test(email)) throw fail(400, 'EMAIL_INVALID', 'Enter a valid email address.');
        const now = clock.now();
        const ip = clientAddress(c, deps.config);
        const tooManyCodes = (wait: number) => waitMinutes('TOO_MANY_CODES', 'Too many codes were asked for', wait);
        const perEmailWait = codesPerEmail.waitMs(email, now);
        if (perEmailWait > 0) throw tooManyCodes(perEmailWait);
        // The address's count is taken before the work, so parallel requests cannot all pass it.
        const place = codesPerAddress.attempt(ip, now);
        if (place.wait > 0) throw tooManyCodes(place.wait);
        const sent = c.json({ status: 'success', message: 'OTP sent to your email.' });
        const { state } = await loadState(deps.store, emailStream(email), emailDecider);
        const owner = userByEmail(deps.readDb, email);
        if (state.claimedBy || owner) {
          // The same answer as for a new email (so nobody learns who has an account); the owner is told instead.
          const last = deps.hits.recent('otp-notice', email, now - OTP_RESEND_MS + 1).at(-1);
          if (last !== undefined) throw resendTooSoon(Math.ceil((OTP_RESEND_MS - (now - last)) / 1000));
          deps.hits.add('otp-notice', email, now, now - OTP_RESEND_MS + 1);
          codesPerEmail.fail(email, now);
          // The owner is told in their own language (the visitor's, while the account is being made).
          const ownerLang = owner ? langOf(owner) : lang;
          await deps.mail.send({
            to: email,
            subject: say(ownerLang, 'otpTaken.subject'),
            text: say(ownerLang, 'otpTaken.text'),
          });
          return sent;
        }
        const code = newOtpCode();
        await handleCommand(
          deps.commands,
          emailStream(email),
          emailDecider,
          { type: 'IssueOtp', data: { email, codeHash: otpHash(otpSecret, email, code), now } },
          { actor: 'system', now },
        );
        codesPerEmail.fail(email, now);
        await deps.mail.send({
          to: email,
          subject: say(lang, 'otp.subject', { code }),
          text: say(lang, 'otp.text', { code }),
        });
        return sent;
      },
    )
    .post(
      '/otp/verify',
      describe({ summary: 'Check the emailed code', tags: ['auth'] }),
      jsonBody(VerifyOtpBody),
      async (c) => {
        const body = c.req.valid('json');
        const email = normalizeEmail(body.email);
        if (!email) throw fail(400, 'EMAIL_REQUIRED', 'Enter an email first.');
        if (!body.otp.trim()) throw fail(400, 'OTP_REQUIRED', 'Enter OTP.');
        const now = clock.now();
        const ip = clientAddress(c, deps.config);
        const wait = wrongCodesPerAddress.waitMs(ip, now);
        if (wait > 0) {
          throw fail(
            429,
            'TOO_MANY_ATTEMPTS',
            `Too many wrong codes. Please wait ${Math.ceil(wait / 1000)} seconds and try again.`,
            { retryInSeconds: Math.ceil(wait / 1000) },
          );
        }
        // The client that proves the code gets a token only it holds; registration needs it.
        const proof = randomBytes(24).toString('base64url');
        const result = await handleCommand(
          deps.commands,
          emailStream(email),
          emailDecider,
          {
            type: 'VerifyOtp',
            data: { codeHash: otpHash(otpSecret, email, body.otp), proofHash: proofHashOf(proof), now },
          },
          { actor: 'system', now },
        );
        const rejected = result.events.find((e) => e.type === 'OtpRejected');
        if (rejected) {
          wrongCodesPerAddress.fail(ip, now);
          const left = Math.max(0, 5 - rejected.data.wrongTries);
          throw new DomainError('OTP_INVALID', 'Invalid OTP', { triesLeft: left });
        }
        setCookie(c, PROOF_COOKIE, proof, {
          httpOnly: true,
          sameSite: 'Strict',
          secure: isHttps(c, deps),
          path: '/api/auth',
          maxAge: VERIFIED_TTL_MS / 1000,
        });
        return c.json({ status: 'success', message: 'Email verified.', verification_token: proof });
      },
    )
    .post(
      '/register',
      describe({
        summary: 'Register a member (email verified first); signs them in',
        tags: ['auth'],
        response: RegisterAnswer,
      }),
      jsonBody(RegisterBody),
      async (c) => {
        const b = c.req.valid('json');
        const required = [b.name, b.email, b.phone, b.dob, b.district, b.password, b.confirmPassword];
        if (required.some((f) => !f.trim())) throw fail(400, 'FIELDS_REQUIRED', '⚠️ All fields are required.');
        checkNewPassword(b);
        if (!EMAIL.test(normalizeEmail(b.email))) throw fail(400, 'EMAIL_INVALID', 'Enter a valid email address.');
        if (!PHONE.test(b.phone.replace(/\s/g, '')))
          throw fail(400, 'PHONE_INVALID', 'Enter a valid 10-digit mobile number.');
        if (!(TN_DISTRICTS as readonly string[]).includes(b.district))
          throw fail(400, 'DISTRICT_INVALID', 'Choose your district from the list.');
        if (!isDateOfBirth(b.dob)) throw fail(400, 'DOB_INVALID', 'Enter a valid date of birth.');
        if (b.adult !== true) throw fail(400, 'ADULT_REQUIRED', REGISTER_MESSAGES.confirmAdult);
        if (!isAdultOn(b.dob, clock.now())) throw fail(400, 'UNDER_18', REGISTER_MESSAGES.under18);
        // Counted before any work (the password hash is the slow part), in every process.
        const now = clock.now();
        const tries = registrationsPerAddress.attempt(clientAddress(c, deps.config), now);
        if (tries.wait > 0) throw waitMinutes('TOO_MANY_REGISTRATIONS', 'Too many registrations from here', tries.wait);
        const proof = b.verificationToken ?? getCookie(c, PROOF_COOKIE);
        const proofHash = proof ? proofHashOf(proof) : null;
        // Checked before hashing the password: every email without this client's proof answers alike.
        const { state: emailState } = await loadState(deps.store, emailStream(b.email), emailDecider);
        emailDecider.decide(
          { type: 'ClaimEmail', data: { userId: emailState.claimedBy ?? '', now, proofHash } },
          emailState,
        );
        const referralCode = b.referralCode?.trim() ? normalizeReferralCode(b.referralCode) : null;
        if (referralCode && !referralByCode(deps.readDb, referralCode))
          throw fail(404, 'REFERRAL_NOT_FOUND', 'Referral code not found');
        const passwordHash = await hashPassword(b.password);
        const userId = await registerMember(
          deps,
          {
            name: b.name.trim(),
            email: b.email,
            phone: b.phone.replace(/\s/g, ''),
            dob: b.dob,
            district: b.district,
            passwordHash,
            referralCode,
            role: 'member',
            ...(b.lang ? { lang: b.lang } : {}),
          },
          { actor: 'system', proofHash },
        );
        deleteCookie(c, PROOF_COOKIE, { path: '/api/auth' });
        // The new member is signed in at once: no second trip through the login form.
        const user = await openSession(c, deps, { id: userId, role: 'member' }, passwordHash, now);
        return c.json({
          status: 'success',
          message: referralCode ? REGISTER_MESSAGES.granted : REGISTER_MESSAGES.waitlisted,
          user_id: userId,
          ...sessionPayload(deps, user),
        });
      },
    )
    .post(
      '/login',
      describe({ summary: 'Log in; sets the httpOnly session cookie', tags: ['auth'], response: SessionResponse }),
      jsonBody(LoginBody),
      async (c) => {
        const b = c.req.valid('json');
        const email = normalizeEmail(b.email);
        if (!email || !b.password) throw fail(400, 'FIELDS_REQUIRED', 'Email and password are required.');
        const now = clock.now();
        const ip = clientAddress(c, deps.config);
        // Each try is counted before the slow password check, so parallel guesses queue on the count:
        // past the free tries they are refused unchecked, in every process on the data directory.
        const account = perAccount.attempt(email, now);
        if (account.wait > 0) throw tooManyLogins(account.wait);
        const place = perAddress.attempt(ip, now);
        if (place.wait > 0) {
          perAccount.forgive(account.ticket);
          throw tooManyLogins(place.wait);
        }
        const row = userByEmail(deps.readDb, email);
        const ok = row
          ? await verifyPassword(b.password, row.passwordHash)
          : await verifyPassword(b.password, DUMMY_HASH);
        if (!row || !ok) throw fail(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
        perAccount.clear(email);
        perAddress.forgive(place.ticket);
        // Refused (as a wrong password) if the password changed since `row` was read.
        const user = await openSession(c, deps, row, row.passwordHash, now);
        return c.json({ status: 'success', message: 'Login successful', ...sessionPayload(deps, user) });
      },
    )
    .post(
      '/logout',
      describe({ summary: 'End this session on the server and clear the cookie', tags: ['auth'] }),
      async (c) => {
        const user = c.get('user');
        const sessionHash = c.get('sessionHash');
        if (user && sessionHash) {
          const now = clock.now();
          await handleCommand(
            deps.commands,
            userStream(user.id),
            userDecider,
            { type: 'EndSession', data: { sessionHash, now } },
            { actor: actorOf(user), now },
          );
        }
        deleteCookie(c, SESSION_COOKIE, { path: '/' });
        return c.json({ status: 'success' });
      },
    )
    .get(
      '/session',
      describe({
        summary: 'The signed-in user and wallet, or logged_in false',
        tags: ['auth'],
        response: SessionResponse,
      }),
      (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(sessionPayload(deps, c.get('user')));
      },
    );
};

/**
 * A date of birth as YYYY-MM-DD that is a day of the calendar (not 30 February, 31 April or 29
 * February of a common year, which `Date.parse` lets through) and no earlier than 1900.
 */
export const isDateOfBirth = (dob: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dob) || dob < '1900-01-01') return false;
  const day = new Date(`${dob}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === dob;
};

/** Whether someone born on `dob` (YYYY-MM-DD) has turned 18 by the India date of `now`. */
export const isAdultOn = (dob: string, now: number): boolean => {
  const today = new Date(now + 330 * 60_000).toISOString().slice(0, 10);
  const eighteenth = `${String(Number(dob.slice(0, 4)) + 18).padStart(4, '0')}${dob.slice(4)}`;
  return eighteenth <= today;
};

/** What a new member reads after registering, by whether a referral code gave them full access. */
export const REGISTER_MESSAGES = {
  confirmAdult: 'Please confirm that you are 18 or older: Vetri Deals is for members aged 18 and above.',
  under18: 'Vetri Deals is for members aged 18 and above, so we cannot open an account with this date of birth.',
  granted: 'Registration successful! Taking you to the deals…',
  waitlisted:
    'Registration successful! Your account is on the waitlist until an admin grants full access. Taking you to your account…',
} as const;

/**
 * Starts a session for the user (a StartSession event) and sets its httpOnly cookie; returns the
 * signed-in user. `passwordHash` is the hash the password was checked against: a password changed
 * since refuses the session (INVALID_CREDENTIALS), whichever process changed it.
 */
const openSession = async (
  c: Context,
  deps: Pick<Deps, 'commands' | 'sessions' | 'config' | 'secrets'>,
  user: { id: string; role: string },
  passwordHash: string,
  now: number,
) => {
  const token = newSessionToken();
  const deviceId = deviceIdOf(c);
  await handleCommand(
    deps.commands,
    userStream(user.id),
    userDecider,
    {
      type: 'StartSession',
      data: { sessionHash: hashSessionToken(token), expiresAt: now + SESSION_TTL_MS, passwordHash, now },
    },
    {
      actor: { userId: user.id, role: user.role },
      now,
      metadata: { signIn: signInFacts(c, deps.config, deps.secrets.integrity, deviceId) },
    },
  );
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, deps),
    path: '/',
    maxAge: SESSION_TTL_MS / 1000,
  });
  rememberDevice(c, deviceId, isHttps(c, deps));
  return deps.sessions.userFromToken(token);
};

/** The cookie that carries a verified email's proof from /otp/verify to /register. */
const PROOF_COOKIE = 'vd_email_proof';
const proofHashOf = (proof: string) => createHash('sha256').update(proof).digest('hex');

export const isHttps = (c: Context, deps: Pick<Deps, 'config'>) =>
  new URL(c.req.url).protocol === 'https:' ||
  (deps.config.TRUST_PROXY && c.req.header('x-forwarded-proto') === 'https') ||
  (deps.config.PUBLIC_URL?.startsWith('https:') ?? false);

/** Compared against when the email is unknown, so a wrong email takes as long as a wrong password. */
const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$' + 'A'.repeat(86);
