import { describe, it } from 'vitest';
import type { NewsletterEvent } from '../../engine/newsletter.ts';
import { newsletterCounts, subscribedAddresses } from '../../projections/newsletter.ts';
import { given, on } from '../helpers/readModel.ts';

const of = (key: string, e: NewsletterEvent) => on(`newsletter-${key}`, e);
const asked = (key: string, email: string, at: number, lang?: 'en' | 'ta') =>
  of(key, { type: 'SubscriptionRequested', data: { email, tokenHash: 'h', at, ...(lang ? { lang } : {}) } });
const confirmed = (key: string, email: string, at: number) =>
  of(key, { type: 'SubscriptionConfirmed', data: { email, at } });
const left = (key: string, email: string, at: number) => of(key, { type: 'Unsubscribed', data: { email, at } });

describe('newsletter read model', () => {
  it('counts each address once, by its latest word', () => {
    given(
      asked('a', 'a@example.in', 1),
      confirmed('a', 'a@example.in', 2),
      asked('b', 'b@example.in', 3),
      asked('c', 'c@example.in', 4),
      confirmed('c', 'c@example.in', 5),
      left('c', 'c@example.in', 6),
      asked('d', 'd@example.in', 7),
      asked('d', 'd@example.in', 8),
    ).thenRows((db) => newsletterCounts(db), { pending: 2, subscribed: 1, unsubscribed: 1 });
  });

  it('sends only to confirmed addresses, and again to one that came back', () => {
    given(
      asked('a', 'a@example.in', 1),
      confirmed('a', 'a@example.in', 2),
      asked('b', 'b@example.in', 3),
      left('a', 'a@example.in', 4),
      asked('a', 'a@example.in', 5),
      confirmed('a', 'a@example.in', 6),
      asked('z', 'z@example.in', 7),
      confirmed('z', 'z@example.in', 8),
    ).thenRows(
      (db) => subscribedAddresses(db),
      [
        { key: 'a', email: 'a@example.in', lang: null },
        { key: 'z', email: 'z@example.in', lang: null },
      ],
    );
  });

  it('keeps the language an address last asked in (none for asks from before it was kept)', () => {
    given(
      asked('a', 'a@example.in', 1, 'ta'),
      confirmed('a', 'a@example.in', 2),
      asked('b', 'b@example.in', 3),
      confirmed('b', 'b@example.in', 4),
      asked('c', 'c@example.in', 5, 'ta'),
      left('c', 'c@example.in', 6),
      asked('c', 'c@example.in', 7, 'en'),
      confirmed('c', 'c@example.in', 8),
    ).thenRows(
      (db) => subscribedAddresses(db),
      [
        { key: 'a', email: 'a@example.in', lang: 'ta' },
        { key: 'b', email: 'b@example.in', lang: null },
        { key: 'c', email: 'c@example.in', lang: 'en' },
      ],
    );
  });
});
