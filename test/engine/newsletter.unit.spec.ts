import { describe, it } from 'vitest';
import type { NewsletterEvent } from '../../engine/newsletter.ts';
import { NEWSLETTER_CONFIRM_TTL_MS, NEWSLETTER_MESSAGES, newsletterDecider } from '../../engine/newsletter.ts';
import { specFor } from '../helpers/decider.ts';

const given = specFor(newsletterDecider);
const now = Date.parse('2026-11-24T04:30:00Z');
const email = 'meena@example.in';
const requested: NewsletterEvent = { type: 'SubscriptionRequested', data: { email, tokenHash: 'h1', at: now } };
const confirmed: NewsletterEvent = { type: 'SubscriptionConfirmed', data: { email, at: now + 60_000 } };
const unsubscribed: NewsletterEvent = { type: 'Unsubscribed', data: { email, at: now + 120_000 } };

describe('newsletter: double opt-in', () => {
  it('asking records a pending request with the hash of the link token', () => {
    given()
      .when({ type: 'RequestSubscription', data: { email, tokenHash: 'h1', now } })
      .then([requested]);
  });

  it('asking from a page in Tamil keeps that language with the request', () => {
    given()
      .when({ type: 'RequestSubscription', data: { email, tokenHash: 'h1', now, lang: 'ta' } })
      .then([{ type: 'SubscriptionRequested', data: { email, tokenHash: 'h1', at: now, lang: 'ta' } }]);
  });

  it('asking again while pending replaces the link (the newest link is the one that works)', () => {
    given([requested])
      .when({ type: 'RequestSubscription', data: { email, tokenHash: 'h2', now: now + 5000 } })
      .then([{ type: 'SubscriptionRequested', data: { email, tokenHash: 'h2', at: now + 5000 } }]);
    given([requested, { type: 'SubscriptionRequested', data: { email, tokenHash: 'h2', at: now + 5000 } }])
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'h1', now: now + 6000 } })
      .thenThrows('NEWSLETTER_LINK_INVALID', NEWSLETTER_MESSAGES.linkInvalid);
  });

  it('asking while subscribed changes nothing', () => {
    given([requested, confirmed])
      .when({ type: 'RequestSubscription', data: { email, tokenHash: 'h3', now } })
      .thenNothing();
  });

  it('following the link subscribes, once', () => {
    given([requested])
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'h1', now: now + 60_000 } })
      .then([confirmed]);
    given([requested, confirmed])
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'h1', now: now + 90_000 } })
      .thenNothing();
  });

  it('a wrong token, or no request, does not subscribe', () => {
    given([requested])
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'other', now } })
      .thenThrows('NEWSLETTER_LINK_INVALID', NEWSLETTER_MESSAGES.linkInvalid);
    given()
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'h1', now } })
      .thenThrows('NEWSLETTER_LINK_INVALID');
    given([requested, confirmed, unsubscribed])
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'h1', now } })
      .thenThrows('NEWSLETTER_LINK_INVALID');
  });

  it('a link older than 7 days has expired; one at exactly 7 days still works', () => {
    given([requested])
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'h1', now: now + NEWSLETTER_CONFIRM_TTL_MS + 1 } })
      .thenThrows('NEWSLETTER_LINK_EXPIRED', NEWSLETTER_MESSAGES.linkExpired);
    given([requested])
      .when({ type: 'ConfirmSubscription', data: { tokenHash: 'h1', now: now + NEWSLETTER_CONFIRM_TTL_MS } })
      .then([{ type: 'SubscriptionConfirmed', data: { email, at: now + NEWSLETTER_CONFIRM_TTL_MS } }]);
  });

  it('unsubscribing ends a subscription or a pending request, and is quiet when there is none', () => {
    given([requested, confirmed])
      .when({ type: 'Unsubscribe', data: { now: now + 120_000 } })
      .then([unsubscribed]);
    given([requested])
      .when({ type: 'Unsubscribe', data: { now: now + 120_000 } })
      .then([unsubscribed]);
    given([requested, confirmed, unsubscribed])
      .when({ type: 'Unsubscribe', data: { now: now + 180_000 } })
      .thenNothing();
    given().when({ type: 'Unsubscribe', data: { now } }).thenNothing();
  });

  it('after unsubscribing, a member can subscribe again with a new link', () => {
    given([requested, confirmed, unsubscribed])
      .when({ type: 'RequestSubscription', data: { email, tokenHash: 'h9', now: now + 200_000 } })
      .then([{ type: 'SubscriptionRequested', data: { email, tokenHash: 'h9', at: now + 200_000 } }]);
  });
});
