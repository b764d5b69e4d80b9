import type { NewsletterEvent } from '../engine/newsletter.ts';
import type { Lang } from '../engine/user.ts';
import { isLang } from '../engine/user.ts';
import type { ReadDb } from './db.ts';
import { defineReadModel } from './readModel.ts';

export type NewsletterStatus = 'pending' | 'subscribed' | 'unsubscribed';

/**
 * The newsletter's addresses (`newsletter-{key}` streams), one row per address with its latest
 * word: pending (asked, not confirmed), subscribed, or unsubscribed. Guarantees: an address is
 * counted as subscribed exactly while its stream's last event is a confirmation.
 */
export const newsletterProjector = defineReadModel<NewsletterEvent>()({
  name: 'newsletter',
  // Version 2: each address keeps the language it asked in (`lang`, null for the asks before it).
  version: 2,
  stream: 'newsletter',
  tables: {
    rm_newsletter: `CREATE TABLE IF NOT EXISTS rm_newsletter (
      address_key TEXT PRIMARY KEY, email TEXT NOT NULL, status TEXT NOT NULL, updated_at INTEGER NOT NULL, lang TEXT)`,
  },
  indexes: {
    rm_newsletter_status: 'CREATE INDEX IF NOT EXISTS rm_newsletter_status ON rm_newsletter(status, email)',
  },
  statements: {
    set: `INSERT INTO rm_newsletter (address_key, email, status, updated_at) VALUES (?, ?, ?, ?)
      ON CONFLICT(address_key) DO UPDATE SET email = excluded.email, status = excluded.status, updated_at = excluded.updated_at`,
    asked: `INSERT INTO rm_newsletter (address_key, email, status, updated_at, lang) VALUES (?, ?, 'pending', ?, ?)
      ON CONFLICT(address_key) DO UPDATE SET email = excluded.email, status = excluded.status,
        updated_at = excluded.updated_at, lang = excluded.lang`,
  },
  on: {
    SubscriptionRequested: ({ data: d }, { sql }, key) => sql.asked.run(key, d.email, d.at, d.lang ?? null),
    SubscriptionConfirmed: ({ data: d }, { sql }, key) => sql.set.run(key, d.email, 'subscribed', d.at),
    Unsubscribed: ({ data: d }, { sql }, key) => sql.set.run(key, d.email, 'unsubscribed', d.at),
  },
});

/** How many addresses are in each state (the admin's count). */
export const newsletterCounts = ({ sqlite }: ReadDb): Record<NewsletterStatus, number> => {
  const counts: Record<NewsletterStatus, number> = { pending: 0, subscribed: 0, unsubscribed: 0 };
  const rows = sqlite
    .prepare<[], { status: NewsletterStatus; n: number }>(
      'SELECT status, COUNT(*) AS n FROM rm_newsletter GROUP BY status',
    )
    .all();
  for (const r of rows) counts[r.status] = r.n;
  return counts;
};

/** The subscribed addresses, in address order, with the language each asked in (the admin's send goes to these). */
export const subscribedAddresses = ({ sqlite }: ReadDb): { key: string; email: string; lang: Lang | null }[] =>
  sqlite
    .prepare<[], { key: string; email: string; lang: string | null }>(
      "SELECT address_key AS key, email, lang FROM rm_newsletter WHERE status = 'subscribed' ORDER BY email",
    )
    .all()
    .map((r) => ({ ...r, lang: isLang(r.lang) ? r.lang : null }));
