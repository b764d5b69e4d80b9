import Database from 'better-sqlite3';
import { enableWal } from '../../projections/db.ts';
import type { Notification, NotificationKind, PushSubscriptionBody } from '../contract/notifications.ts';

/**
 * The notifier's shared state, one SQLite file in the data dir (every process on it shares it):
 * each notification once (its id is derived from what caused it, so `INSERT OR IGNORE` is the
 * claim: the process whose insert lands sends the mail and the push, a second process or a restart
 * finds the row and sends nothing), the deliveries per channel, timed notifications waiting for
 * their moment, the browsers subscribed to push, and how far in the log the notifier has read.
 */
export interface NotifyRow {
  rowid: number;
  id: string;
  user_id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  created_at: number;
  read_at: number | null;
}

export interface Intent {
  id: string;
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  url: string;
  at: number;
}

/** A notification to claim: listed in the bell or not; with its mail recorded as off at `mailOffAt`, if given. */
export interface Claim {
  intent: Intent;
  inApp: boolean;
  mailOffAt?: number | undefined;
}

export interface Scheduled extends Intent {
  /** Cancels a group of timed notifications (e.g. every reminder of one room). */
  group: string;
}

/** Claimed ids a notify store remembers (then it starts again: a forgotten one is read once more). */
const SEEN_CLAIMED = 20_000;

export const openNotifyStore = (path: string) => {
  const db = new Database(path);
  enableWal(db);
  // Notifications, deliveries, timed notices and the checkpoint all follow from the log, so a commit
  // is not synced on its own (a storm's outbid notices were a claim and an fsync each on the event
  // loop). A process crash loses nothing; a power cut may lose the last commits, checkpoint
  // included, and the notifier then reads those events again and claims them once more (a mail or
  // push sent just before the cut may go twice; none is lost).
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  // The schema and its migration in one write transaction: servers opening a new data directory
  // together (a deploy that starts two) take turns, so the column below is never added twice.
  db.transaction(() => {
    db.exec(`
    CREATE TABLE IF NOT EXISTS notifications (
      rowid INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, user_id TEXT NOT NULL, kind TEXT NOT NULL,
      title TEXT NOT NULL, body TEXT NOT NULL, url TEXT NOT NULL, created_at INTEGER NOT NULL, read_at INTEGER,
      in_app INTEGER NOT NULL DEFAULT 1);
    CREATE INDEX IF NOT EXISTS notifications_user ON notifications(user_id, rowid DESC);
    CREATE INDEX IF NOT EXISTS notifications_kind ON notifications(user_id, kind, created_at);
    CREATE TABLE IF NOT EXISTS deliveries (
      notification_id TEXT NOT NULL, channel TEXT NOT NULL, status TEXT NOT NULL, detail TEXT, at INTEGER NOT NULL,
      PRIMARY KEY (notification_id, channel));
    CREATE TABLE IF NOT EXISTS scheduled (
      id TEXT PRIMARY KEY, grp TEXT NOT NULL, user_id TEXT NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL,
      body TEXT NOT NULL, url TEXT NOT NULL, due_at INTEGER NOT NULL, cancelled INTEGER NOT NULL DEFAULT 0,
      by_position INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX IF NOT EXISTS scheduled_due ON scheduled(cancelled, due_at);
    CREATE TABLE IF NOT EXISTS push_subscriptions (
      endpoint TEXT PRIMARY KEY, user_id TEXT NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL, created_at INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS checkpoint (name TEXT PRIMARY KEY, position INTEGER NOT NULL);
  `);
    // The log position of the event that scheduled a timed notice: a cancel takes only what events
    // before its own scheduled, so an event handled again (a retried batch, events read again after a
    // restart) never cancels what it or a later event scheduled. A file from before the column gets it,
    // its rows at 0.
    if (!(db.pragma('table_info(scheduled)') as { name: string }[]).some((c) => c.name === 'by_position'))
      db.exec('ALTER TABLE scheduled ADD COLUMN by_position INTEGER NOT NULL DEFAULT 0');
  }).immediate();
  const st = {
    claimed: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM notifications WHERE id = ?'),
    claim: db.prepare(
      `INSERT OR IGNORE INTO notifications (id, user_id, kind, title, body, url, created_at, in_app)
       VALUES (@id, @userId, @kind, @title, @body, @url, @at, @inApp)`,
    ),
    lastOfKind: db.prepare<[string, string, string], { created_at: number }>(
      `SELECT created_at FROM notifications WHERE user_id = ? AND kind = ? AND url = ? ORDER BY created_at DESC LIMIT 1`,
    ),
    delivered: db.prepare(
      `INSERT OR REPLACE INTO deliveries (notification_id, channel, status, detail, at) VALUES (?, ?, ?, ?, ?)`,
    ),
    schedule: db.prepare(
      `INSERT OR IGNORE INTO scheduled (id, grp, user_id, kind, title, body, url, due_at, by_position)
       VALUES (@id, @group, @userId, @kind, @title, @body, @url, @at, @position)`,
    ),
    cancel: db.prepare('UPDATE scheduled SET cancelled = 1 WHERE grp = ? AND by_position < ?'),
    due: db.prepare<[number], Omit<Scheduled, 'at'> & { at: number }>(
      `SELECT id, grp AS "group", user_id AS userId, kind, title, body, url, due_at AS at
       FROM scheduled WHERE cancelled = 0 AND due_at <= ? ORDER BY due_at LIMIT 100`,
    ),
    done: db.prepare('DELETE FROM scheduled WHERE id = ?'),
    list: db.prepare<[string, number], NotifyRow>(
      'SELECT * FROM notifications WHERE user_id = ? AND in_app = 1 ORDER BY rowid DESC LIMIT ?',
    ),
    unread: db.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND in_app = 1 AND read_at IS NULL',
    ),
    readOne: db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND id = ? AND read_at IS NULL'),
    readAll: db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND read_at IS NULL'),
    after: db.prepare<[number], NotifyRow>(
      'SELECT * FROM notifications WHERE rowid > ? AND in_app = 1 ORDER BY rowid LIMIT 500',
    ),
    maxRow: db.prepare<[], { n: number | null }>('SELECT MAX(rowid) AS n FROM notifications'),
    subscribe: db.prepare(
      `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
    ),
    unsubscribe: db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?'),
    drop: db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?'),
    subscriptions: db.prepare<[string], { endpoint: string; p256dh: string; auth: string }>(
      'SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ?',
    ),
    checkpoint: db.prepare<[string], { position: number }>('SELECT position FROM checkpoint WHERE name = ?'),
    moveCheckpoint: db.prepare(
      `INSERT INTO checkpoint (name, position) VALUES (?, ?)
       ON CONFLICT(name) DO UPDATE SET position = MAX(position, excluded.position)`,
    ),
  };
  // A claim is never taken back (no notification row is deleted), so an id seen claimed stays
  // claimed: this process answers it again from memory. Every deal asks about each earlier bidder
  // of its room, nearly all claimed, so that was a read per member per deal.
  const seenClaimed = new Set<string>();
  const sawClaimed = (id: string) => {
    if (seenClaimed.size >= SEEN_CLAIMED) seenClaimed.clear();
    seenClaimed.add(id);
  };
  const claimOne = ({ intent, inApp, mailOffAt }: Claim): boolean => {
    if (st.claim.run({ ...intent, inApp: inApp ? 1 : 0 }).changes !== 1) return false;
    if (mailOffAt !== undefined) st.delivered.run(intent.id, 'mail', 'off', null, mailOffAt);
    return true;
  };
  const claimAllTx = db.transaction((claims: readonly Claim[]): boolean[] => claims.map(claimOne));
  /** A member's own choice (a browser subscribed to push, or not) is in no log: synced before it is answered. */
  const durably = (write: () => unknown): void => {
    db.pragma('synchronous = FULL');
    try {
      write();
    } finally {
      db.pragma('synchronous = NORMAL');
    }
  };
  const store = {
    /** Whether some process has already claimed this notification (a read: no write lock taken). */
    claimed: (id: string): boolean => {
      if (seenClaimed.has(id)) return true;
      const claimed = st.claimed.get(id) !== undefined;
      if (claimed) sawClaimed(id);
      return claimed;
    },
    /**
     * True when this call created the notification (and so must send it). A notification the member
     * turned off in the bell is still claimed (so its mail or push goes once), but never listed.
     * `mailOffAt`: it sends no mail, and its mail delivery is recorded as off in the same commit
     * (a deal's outbid notice, most often).
     */
    claim: (intent: Intent, inApp: boolean, mailOffAt?: number): boolean =>
      store.claimAll([{ intent, inApp, mailOffAt }])[0]!,
    /**
     * `claim` for many notifications in one write (a projected batch of deals tells many members
     * at once: one transaction each was most of the notifier's time when a storm's rooms began).
     * Each answer is whether that claim created its notification.
     */
    claimAll: (claims: readonly Claim[]): boolean[] => {
      const won = claimAllTx(claims);
      for (const c of claims) sawClaimed(c.intent.id);
      return won;
    },
    lastSent: (userId: string, kind: NotificationKind, url: string): number | null =>
      st.lastOfKind.get(userId, kind, url)?.created_at ?? null,
    delivered: (id: string, channel: string, status: 'sent' | 'failed' | 'off', detail: string | null, at: number) =>
      void st.delivered.run(id, channel, status, detail, at),
    /** A timed notice, scheduled by the event at `position` in the log. */
    schedule: (item: Scheduled, position: number) => void st.schedule.run({ ...item, position }),
    /** Cancels a group's timed notices that events before `position` scheduled. */
    cancel: (group: string, position: number) => void st.cancel.run(group, position),
    due: (now: number): Scheduled[] => st.due.all(now),
    done: (id: string) => void st.done.run(id),
    list: (userId: string, limit: number): NotifyRow[] => st.list.all(userId, limit),
    unread: (userId: string): number => st.unread.get(userId)?.n ?? 0,
    markRead: (userId: string, ids: readonly string[] | 'all', at: number) => {
      if (ids === 'all') st.readAll.run(at, userId);
      else db.transaction(() => ids.forEach((id) => st.readOne.run(at, userId, id)))();
    },
    after: (rowid: number): NotifyRow[] => st.after.all(rowid),
    lastRowid: (): number => st.maxRow.get()?.n ?? 0,
    subscribe: (userId: string, s: PushSubscriptionBody, at: number) =>
      durably(() => st.subscribe.run(s.endpoint, userId, s.keys.p256dh, s.keys.auth, at)),
    unsubscribe: (userId: string, endpoint: string) => durably(() => st.unsubscribe.run(endpoint, userId)),
    dropSubscription: (endpoint: string) => void st.drop.run(endpoint),
    subscriptions: (userId: string) => st.subscriptions.all(userId),
    checkpoint: (name: string): number => st.checkpoint.get(name)?.position ?? 0,
    moveCheckpoint: (name: string, position: number) => void st.moveCheckpoint.run(name, position),
    close: () => db.close(),
  };
  return store;
};
export type NotifyStore = ReturnType<typeof openNotifyStore>;

export const toNotification = (r: NotifyRow): Notification => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  url: r.url,
  created_at: new Date(r.created_at).toISOString(),
  read: r.read_at !== null,
});
