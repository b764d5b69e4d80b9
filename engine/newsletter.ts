import type { Decider } from './decider.ts';
import { assertNever, DomainError } from './decider.ts';
import type { Lang } from './user.ts';

/**
 * The newsletter, one stream per address (`newsletter-{key}`): double opt-in. Asking sends a
 * confirmation link; only following it subscribes. Every newsletter mail carries a link that
 * unsubscribes at once. The link's token is never in the log: commands carry its SHA-256.
 */

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;

export const NEWSLETTER_MESSAGES = {
  linkInvalid: 'This confirmation link is not valid. Please subscribe again from the bottom of any page.',
  linkExpired: 'This confirmation link has expired (links work for 7 days). Please subscribe again.',
} as const;

export type NewsletterCommand =
  | { type: 'RequestSubscription'; data: { email: string; tokenHash: string; now: number; lang?: Lang } }
  | { type: 'ConfirmSubscription'; data: { tokenHash: string; now: number } }
  | { type: 'Unsubscribe'; data: { now: number } };

export type NewsletterEvent =
  /** `lang`: the language of the page the address was given on (the newsletter's footer is in it); absent before it was kept. */
  | { type: 'SubscriptionRequested'; data: { email: string; tokenHash: string; at: number; lang?: Lang } }
  | { type: 'SubscriptionConfirmed'; data: { email: string; at: number } }
  | { type: 'Unsubscribed'; data: { email: string; at: number } };

export type NewsletterState =
  | { status: 'none' }
  | { status: 'pending'; email: string; tokenHash: string; requestedAt: number }
  | { status: 'subscribed'; email: string }
  | { status: 'unsubscribed'; email: string };

export const newsletterStream = (key: string): string => `newsletter-${key}`;

export const initialState: NewsletterState = { status: 'none' };

export const decide = (command: NewsletterCommand, state: NewsletterState): NewsletterEvent[] => {
  switch (command.type) {
    case 'RequestSubscription': {
      // Asking again while subscribed changes nothing (and says nothing about who is subscribed).
      if (state.status === 'subscribed') return [];
      const { email, tokenHash, now, lang } = command.data;
      return [{ type: 'SubscriptionRequested', data: { email, tokenHash, at: now, ...(lang ? { lang } : {}) } }];
    }
    case 'ConfirmSubscription': {
      if (state.status === 'subscribed') return [];
      if (state.status !== 'pending' || state.tokenHash !== command.data.tokenHash)
        throw new DomainError('NEWSLETTER_LINK_INVALID', NEWSLETTER_MESSAGES.linkInvalid);
      if (command.data.now - state.requestedAt > NEWSLETTER_CONFIRM_TTL_MS)
        throw new DomainError('NEWSLETTER_LINK_EXPIRED', NEWSLETTER_MESSAGES.linkExpired);
      return [{ type: 'SubscriptionConfirmed', data: { email: state.email, at: command.data.now } }];
    }
    case 'Unsubscribe':
      // Unsubscribing is always allowed and always succeeds: a pending request is withdrawn too.
      if (state.status === 'pending' || state.status === 'subscribed')
        return [{ type: 'Unsubscribed', data: { email: state.email, at: command.data.now } }];
      return [];
    default:
      return assertNever(command);
  }
};

export const evolve = (state: NewsletterState, event: NewsletterEvent): NewsletterState => {
  switch (event.type) {
    case 'SubscriptionRequested':
      return {
        status: 'pending',
        email: event.data.email,
        tokenHash: event.data.tokenHash,
        requestedAt: event.data.at,
      };
    case 'SubscriptionConfirmed':
      return { status: 'subscribed', email: event.data.email };
    case 'Unsubscribed':
      return { status: 'unsubscribed', email: event.data.email };
    default:
      return assertNever(event);
  }
};

export const newsletterDecider: Decider<NewsletterCommand, NewsletterEvent, NewsletterState> = {
  initialState,
  decide,
  evolve,
};
