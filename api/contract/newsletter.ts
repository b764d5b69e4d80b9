import { z } from 'zod';
import { RequestLang } from './account.ts';

/** The newsletter: double opt-in by mail, one-link unsubscribe, and the admin's count and send. */

/** `lang`: the site's language when asking; the confirmation mail is written in it. */
export const NewsletterSubscribeBody = z.object({ email: z.string().max(254), lang: RequestLang });
/** The confirmation and unsubscribe links carry the address and a token; the pages post them back. */
export const NewsletterLinkBody = z.object({
  email: z.string().max(254),
  token: z.string().min(1).max(200),
});
export const NewsletterAnswer = z.object({ success: z.boolean(), message: z.string() });
export type NewsletterAnswer = z.infer<typeof NewsletterAnswer>;

/** `GET /api/admin/newsletter`: addresses by state. */
export const NewsletterCounts = z.object({
  subscribed: z.number().int().min(0),
  pending: z.number().int().min(0).describe('Asked, not yet confirmed'),
  unsubscribed: z.number().int().min(0),
});
export type NewsletterCounts = z.infer<typeof NewsletterCounts>;

/** `POST /api/admin/newsletter/send`: a plain-text newsletter to every subscribed address. */
export const NewsletterIssueBody = z.object({
  subject: z.string().max(2_000).default(''),
  body: z.string().max(50_000).default(''),
});
export const NewsletterSent = z.object({ success: z.boolean(), message: z.string(), sent: z.number().int().min(0) });
export type NewsletterSent = z.infer<typeof NewsletterSent>;
