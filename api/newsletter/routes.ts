import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { NewsletterCommand } from '../../engine/newsletter.ts';
import { newsletterDecider, newsletterStream } from '../../engine/newsletter.ts';
import { newsletterCounts, subscribedAddresses } from '../../projections/newsletter.ts';
import type { AuthEnv } from '../auth/session.ts';
import { requireRole } from '../auth/session.ts';
import { normalizeEmail } from '../auth/identity.ts';
import { EMAIL } from '../auth/routes.ts';
import { createThrottle, waitMinutes } from '../auth/throttle.ts';
import { handleCommand } from '../commandHandler.ts';
import { say } from '../i18n/messages.ts';
import { langOf, userByEmail } from '../../projections/users.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { clientAddress } from '../http/security.ts';
import { describe, jsonBody } from '../http/openapi.ts';
import {
  NewsletterAnswer,
  NewsletterCounts,
  NewsletterIssueBody,
  NewsletterLinkBody,
  NewsletterSent,
  NewsletterSubscribeBody,
} from '../contract/newsletter.ts';

/** An address's stream key: the SHA-256 of the normalised address (the log names no address in a stream name). */
export const newsletterKey = (email: string): string =>
  createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 32);
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The unsubscribe token of an address: an HMAC under the data dir's OTP secret with its own label,
 * so every newsletter mail's link works for ever without a token kept anywhere, and no one can
 * unsubscribe an address they have no mail for.
 */
export const unsubscribeToken = (secret: string, email: string): string =>
  createHmac('sha256', secret)
    .update(`newsletter-unsubscribe:${newsletterKey(email)}`)
    .digest('base64url');

const CHECK_INBOX = 'Check your inbox: we sent you a link to confirm your subscription.';
const SUBSCRIBED = 'You are subscribed to the Vetri Deals newsletter. Thank you!';
const UNSUBSCRIBED = 'You are unsubscribed. You will get no more newsletters from us.';

const emailOf = (raw: string): string => {
  const email = normalizeEmail(raw);
  if (!email) throw new ApiError(400, 'EMAIL_REQUIRED', 'Enter an email first.');
  if (!EMAIL.test(email)) throw new ApiError(400, 'EMAIL_INVALID', 'Enter a valid email address.');
  return email;
};

/** The newsletter: anyone asks and confirms by mail; every newsletter mail unsubscribes in one step. */
export const newsletterRoutes = (
  deps: Pick<Deps, 'clock' | 'readDb' | 'commands' | 'mail' | 'secrets' | 'hits' | 'origin' | 'config'>,
) => {
  const perAddress = createThrottle(
    { name: 'newsletter-address', free: 10, windowMs: 60 * 60_000, baseDelayMs: 60_000, maxDelayMs: 60 * 60_000 },
    deps.hits,
  );
  const perEmail = createThrottle(
    { name: 'newsletter-email', free: 3, windowMs: 60 * 60_000, baseDelayMs: 10 * 60_000, maxDelayMs: 60 * 60_000 },
    deps.hits,
  );
  const link = (page: 'confirm' | 'unsubscribe', email: string, token: string) =>
    `${deps.origin()}/newsletter/${page}?${new URLSearchParams({ email, token }).toString()}`;
  const run = (email: string, command: NewsletterCommand, actor: Parameters<typeof handleCommand>[4]['actor']) =>
    handleCommand(deps.commands, newsletterStream(newsletterKey(email)), newsletterDecider, command, {
      actor,
      now: command.data.now,
    });
  const tooMany = (wait: number) => waitMinutes('TOO_MANY_NEWSLETTER_REQUESTS', 'Too many subscription requests', wait);

  return new Hono<AuthEnv>()
    .post(
      '/newsletter/subscribe',
      describe({
        summary: 'Ask for the newsletter: mails a confirmation link (the same answer for every address)',
        tags: ['newsletter'],
        response: NewsletterAnswer,
      }),
      jsonBody(NewsletterSubscribeBody),
      async (c) => {
        const { email: raw, lang } = c.req.valid('json');
        const email = emailOf(raw);
        const now = deps.clock.now();
        const place = perAddress.attempt(clientAddress(c, deps.config), now);
        if (place.wait > 0) throw tooMany(place.wait);
        const mine = perEmail.attempt(email, now);
        if (mine.wait > 0) throw tooMany(mine.wait);
        const token = randomBytes(24).toString('base64url');
        const { events } = await run(
          email,
          { type: 'RequestSubscription', data: { email, tokenHash: sha256(token), now, lang } },
          'system',
        );
        // Already subscribed: nothing is mailed, and the answer is the same, so it tells no one who reads us.
        if (events.length > 0)
          await deps.mail.send({
            to: email,
            subject: say(lang ?? 'en', 'newsletter.subject'),
            text: say(lang ?? 'en', 'newsletter.text', { link: link('confirm', email, token) }),
          });
        return c.json({ success: true, message: CHECK_INBOX });
      },
    )
    .post(
      '/newsletter/confirm',
      describe({
        summary: 'Confirm a subscription with the link from the mail',
        tags: ['newsletter'],
        response: NewsletterAnswer,
      }),
      jsonBody(NewsletterLinkBody),
      async (c) => {
        const { email: raw, token } = c.req.valid('json');
        const email = emailOf(raw);
        const now = deps.clock.now();
        await run(email, { type: 'ConfirmSubscription', data: { tokenHash: sha256(token), now } }, 'system');
        return c.json({ success: true, message: SUBSCRIBED });
      },
    )
    .post(
      '/newsletter/unsubscribe',
      describe({
        summary: 'Unsubscribe with the link from any newsletter mail',
        tags: ['newsletter'],
        response: NewsletterAnswer,
      }),
      jsonBody(NewsletterLinkBody),
      async (c) => {
        const { email: raw, token } = c.req.valid('json');
        const email = emailOf(raw);
        const expected = Buffer.from(unsubscribeToken(deps.secrets.otp, email));
        const given = Buffer.from(token);
        if (expected.length !== given.length || !timingSafeEqual(expected, given))
          throw new ApiError(
            400,
            'NEWSLETTER_LINK_INVALID',
            'This unsubscribe link is not valid. Please use the link from the newsletter mail.',
          );
        await run(email, { type: 'Unsubscribe', data: { now: deps.clock.now() } }, 'system');
        return c.json({ success: true, message: UNSUBSCRIBED });
      },
    )
    .get(
      '/admin/newsletter',
      describe({
        summary: 'Newsletter addresses by state',
        tags: ['newsletter', 'admin'],
        access: 'auditor',
        response: NewsletterCounts,
      }),
      requireRole('admin', 'auditor'),
      (c) => c.json(newsletterCounts(deps.readDb)),
    )
    .post(
      '/admin/newsletter/send',
      describe({
        summary: 'Mail a plain-text newsletter to every subscribed address (each with its unsubscribe link)',
        tags: ['newsletter', 'admin'],
        access: 'admin',
        response: NewsletterSent,
      }),
      requireRole('admin'),
      jsonBody(NewsletterIssueBody),
      async (c) => {
        const subject = c.req.valid('json').subject.trim();
        const body = c.req.valid('json').body.trim();
        if (!subject) throw new ApiError(400, 'NEWSLETTER_SUBJECT_REQUIRED', 'Please give the newsletter a subject.');
        if (!body) throw new ApiError(400, 'NEWSLETTER_BODY_REQUIRED', 'Please write the text of the newsletter.');
        const addresses = subscribedAddresses(deps.readDb);
        for (const { email, lang } of addresses) {
          const unsubscribe = link('unsubscribe', email, unsubscribeToken(deps.secrets.otp, email));
          // A member's own language; for an address that is no member's, the one its owner asked in.
          const member = userByEmail(deps.readDb, email);
          await deps.mail.send({
            to: email,
            subject,
            // The admin's words go as written; only the footer is ours to put in the reader's language.
            text: say(member ? langOf(member) : (lang ?? 'en'), 'newsletter.footer', { body, link: unsubscribe }),
            headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
          });
        }
        const sent = addresses.length;
        return c.json({
          success: true,
          sent,
          message: `Newsletter sent to ${sent.toLocaleString('en-IN')} subscriber${sent === 1 ? '' : 's'}.`,
        });
      },
    );
};
