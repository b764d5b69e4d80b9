import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { clientAddress } from '../http/security.ts';
import { z } from 'zod';
import { DomainError } from '../../engine/decider.ts';
import { RESET_LINK_INVALID, userDecider } from '../../engine/user.ts';
import { langOf, userByEmail, userById } from '../../projections/users.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { say } from '../i18n/messages.ts';
import { describe, jsonBody } from '../http/openapi.ts';
import { normalizeEmail, userStream } from './identity.ts';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords.ts';
import { EMAIL } from './routes.ts';
import type { AuthEnv } from './session.ts';
import { actorOf, currentUser, requireUser } from './session.ts';
import { createLoginLimits, createThrottle, tooManyLogins, waitMinutes } from './throttle.ts';

/** A reset link is good for 30 minutes and one change. */
export const RESET_TTL_MS = 30 * 60_000;
export const FORGOT_ANSWER = 'If an account exists for this email, we have sent it a link to reset the password.';
export const RESET_DONE = 'Your password has been changed. Log in with your new password.';
export const CHANGE_DONE = 'Your password has been changed. Other devices have been logged out.';

const text = (max: number) => z.string().max(max).default('');
const NewPassword = { password: text(200), confirmPassword: text(200) };

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** `<userId>.<random>`: the user id finds the stream; only the hash of the whole token is stored. */
const newResetToken = (userId: string) => `${userId}.${randomBytes(32).toString('base64url')}`;

/**
 * Getting back into an account: a reset link by mail (the same answer for every email, limited,
 * single-use, expiring, every session ended), and a password change for the signed-in member (the
 * current password required, every other session ended). Both are events on `user-{id}`.
 */
export const passwordRoutes = (
  deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'mail' | 'hits' | 'origin' | 'config'>,
) => {
  const { perAccount } = createLoginLimits(deps.hits);
  const resetsPerEmail = createThrottle(
    { name: 'reset-email', free: 3, windowMs: 60 * 60_000, baseDelayMs: 10 * 60_000, maxDelayMs: 60 * 60_000 },
    deps.hits,
  );
  const resetsPerAddress = createThrottle(
    { name: 'reset-address', free: 10, windowMs: 15 * 60_000, baseDelayMs: 10_000, maxDelayMs: 15 * 60_000 },
    deps.hits,
  );
  const tooMany = (wait: number) => waitMinutes('TOO_MANY_RESETS', 'Too many reset requests', wait);

  return new Hono<AuthEnv>()
    .post(
      '/forgot',
      describe({ summary: 'Mail a password reset link (the same answer for every email)', tags: ['auth'] }),
      jsonBody(z.object({ email: text(254) })),
      async (c) => {
        const email = normalizeEmail(c.req.valid('json').email);
        if (!email) throw new ApiError(400, 'EMAIL_REQUIRED', 'Enter an email first.');
        if (!EMAIL.test(email)) throw new ApiError(400, 'EMAIL_INVALID', 'Enter a valid email address.');
        const now = deps.clock.now();
        // Counted before any work, for known and unknown emails alike.
        const place = resetsPerAddress.attempt(clientAddress(c, deps.config), now);
        if (place.wait > 0) throw tooMany(place.wait);
        const mine = resetsPerEmail.attempt(email, now);
        if (mine.wait > 0) throw tooMany(mine.wait);
        const user = userByEmail(deps.readDb, email);
        if (user) {
          const token = newResetToken(user.id);
          await handleCommand(
            deps.commands,
            userStream(user.id),
            userDecider,
            { type: 'RequestPasswordReset', data: { tokenHash: tokenHash(token), expiresAt: now + RESET_TTL_MS, now } },
            { actor: 'system', now },
          );
          await deps.mail.send({
            to: email,
            subject: say(langOf(user), 'reset.subject'),
            text: say(langOf(user), 'reset.text', {
              link: `${deps.origin()}/reset-password?token=${encodeURIComponent(token)}`,
            }),
          });
        }
        return c.json({ status: 'success', message: FORGOT_ANSWER });
      },
    )
    .post(
      '/reset',
      describe({ summary: 'Set a new password with a mailed reset link; ends every session', tags: ['auth'] }),
      jsonBody(z.object({ token: text(200), ...NewPassword })),
      async (c) => {
        const b = c.req.valid('json');
        checkNewPassword(b);
        const now = deps.clock.now();
        const place = resetsPerAddress.attempt(clientAddress(c, deps.config), now);
        if (place.wait > 0) throw tooMany(place.wait);
        const userId = b.token.split('.')[0] ?? '';
        if (!/^[0-9A-Z]{10}$/.test(userId)) throw new DomainError('RESET_LINK_INVALID', RESET_LINK_INVALID);
        const passwordHash = await hashPassword(b.password);
        await handleCommand(
          deps.commands,
          userStream(userId),
          userDecider,
          { type: 'ResetPassword', data: { tokenHash: tokenHash(b.token), passwordHash, now } },
          { actor: 'system', now },
        ).catch((error: unknown) => {
          if (error instanceof DomainError && error.code === 'USER_NOT_FOUND')
            throw new DomainError('RESET_LINK_INVALID', RESET_LINK_INVALID);
          throw error;
        });
        resetsPerAddress.forgive(place.ticket);
        const user = userById(deps.readDb, userId);
        if (user) {
          await deps.mail.send({
            to: user.email,
            subject: say(langOf(user), 'passwordChanged.subject'),
            text: say(langOf(user), 'passwordReset.text'),
          });
        }
        return c.json({ status: 'success', message: RESET_DONE });
      },
    )
    .post(
      '/change',
      describe({
        summary: 'Change my password (current one required); ends my other sessions',
        tags: ['auth'],
        access: 'member',
      }),
      requireUser,
      jsonBody(z.object({ currentPassword: text(200), ...NewPassword })),
      async (c) => {
        const user = currentUser(c);
        const b = c.req.valid('json');
        if (!b.currentPassword) throw new ApiError(400, 'FIELDS_REQUIRED', '⚠️ All fields are required.');
        checkNewPassword(b);
        const now = deps.clock.now();
        // A wrong current password counts as a failed login for the account.
        const tries = perAccount.attempt(user.email, now);
        if (tries.wait > 0) throw tooManyLogins(tries.wait);
        const row = userByEmail(deps.readDb, user.email);
        if (!row || !(await verifyPassword(b.currentPassword, row.passwordHash)))
          throw new ApiError(401, 'CURRENT_PASSWORD_WRONG', 'Your current password is not right.');
        perAccount.clear(user.email);
        await handleCommand(
          deps.commands,
          userStream(user.id),
          userDecider,
          {
            type: 'ChangePassword',
            data: { passwordHash: await hashPassword(b.password), keepSessionHash: c.get('sessionHash'), now },
          },
          { actor: actorOf(user), now },
        );
        await deps.mail.send({
          to: user.email,
          subject: say(langOf(row), 'passwordChanged.subject'),
          text: say(langOf(row), 'passwordChanged.text'),
        });
        return c.json({ status: 'success', message: CHANGE_DONE });
      },
    );
};
