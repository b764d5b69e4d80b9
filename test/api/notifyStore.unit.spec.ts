import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openNotifyStore } from '../../api/notify/store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'notify-store-'));
  dirs.push(dir);
  return join(dir, 'notify.db');
};

const intent = {
  id: 'outbid:room-ABC123:U1:4',
  userId: 'U1',
  kind: 'outbid' as const,
  title: 'You were outbid',
  body: 'Someone placed a higher deal in room ABC123.',
  url: '/deals/ABC123',
  at: 1_800_000_000_000,
};

describe('notify store: a claim with its mail off', () => {
  it('lands once, in the bell, with its mail delivery recorded as off in the same write', () => {
    const path = scratch();
    const store = openNotifyStore(path);
    const other = openNotifyStore(path); // a second process on the same data dir
    try {
      expect(store.claim(intent, true, intent.at)).toBe(true);
      expect(other.claim(intent, true, intent.at)).toBe(false);
      expect(other.claimed(intent.id)).toBe(true);
      expect(store.list('U1', 10).map((n) => n.id)).toEqual([intent.id]);
      expect(store.unread('U1')).toBe(1);
    } finally {
      store.close();
      other.close();
    }
    const db = new Database(path, { readonly: true });
    try {
      expect(db.prepare('SELECT notification_id, channel, status FROM deliveries').all()).toEqual([
        { notification_id: intent.id, channel: 'mail', status: 'off' },
      ]);
    } finally {
      db.close();
    }
  });

  it('keeps a notification turned off in the bell out of the list, but claimed', () => {
    const store = openNotifyStore(scratch());
    try {
      expect(store.claim(intent, false, intent.at)).toBe(true);
      expect(store.list('U1', 10)).toEqual([]);
      expect(store.claim(intent, true, intent.at)).toBe(false);
    } finally {
      store.close();
    }
  });
});

describe('notify store: a batch of claims in one write', () => {
  it('answers each claim (another process holds one already) and records the mail-off ones', () => {
    const path = scratch();
    const store = openNotifyStore(path);
    const other = openNotifyStore(path);
    const outbid = (userId: string) => ({ ...intent, id: `outbid:room-ABC123:${userId}:4`, userId });
    try {
      expect(other.claim(outbid('U2'), true, intent.at)).toBe(true);
      expect(
        store.claimAll([
          { intent: outbid('U1'), inApp: true, mailOffAt: intent.at },
          { intent: outbid('U2'), inApp: true, mailOffAt: intent.at },
          { intent: outbid('U3'), inApp: false, mailOffAt: intent.at },
          { intent: outbid('U4'), inApp: true },
        ]),
      ).toEqual([true, false, true, true]);
      expect(['U1', 'U2', 'U3', 'U4'].map((u) => other.claimed(outbid(u).id))).toEqual([true, true, true, true]);
      expect(store.list('U1', 10).map((n) => n.id)).toEqual([outbid('U1').id]);
      expect(store.list('U3', 10)).toEqual([]);
      expect(store.claimAll([])).toEqual([]);
    } finally {
      store.close();
      other.close();
    }
    const db = new Database(path, { readonly: true });
    try {
      expect(
        db
          .prepare("SELECT notification_id FROM deliveries WHERE status = 'off' ORDER BY notification_id")
          .pluck()
          .all(),
      ).toEqual(['outbid:room-ABC123:U1:4', 'outbid:room-ABC123:U2:4', 'outbid:room-ABC123:U3:4']);
    } finally {
      db.close();
    }
  });
});

describe('notify store: timed notices and their cancels', () => {
  const notice = (id: string, at: number) => ({
    ...intent,
    id,
    kind: 'payment_reminder' as const,
    group: 'purchase:room-ABC123',
    at,
  });

  it('a cancel takes only what events before it scheduled, however often an event is handled', () => {
    const store = openNotifyStore(scratch());
    try {
      store.schedule(notice('winner-15', 1_000), 5); // the room's end (log position 5): the winner's reminder
      // The offer passed on (position 9) cancels the winner's and schedules the runner-up's; then the
      // same event is handled again (a retried batch, or read again after a restart).
      for (let i = 0; i < 2; i++) {
        store.cancel('purchase:room-ABC123', 9);
        store.schedule(notice('runner-up-15', 2_000), 9);
      }
      expect(store.due(3_000).map((n) => n.id)).toEqual(['runner-up-15']);
      store.cancel('purchase:room-ABC123', 12); // bought (position 12)
      expect(store.due(3_000)).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('keeps the notices a file from before positions holds, and any later cancel takes them', () => {
    const path = scratch();
    const old = new Database(path);
    old.exec(`CREATE TABLE scheduled (
      id TEXT PRIMARY KEY, grp TEXT NOT NULL, user_id TEXT NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL,
      body TEXT NOT NULL, url TEXT NOT NULL, due_at INTEGER NOT NULL, cancelled INTEGER NOT NULL DEFAULT 0)`);
    old
      .prepare(
        'INSERT INTO scheduled (id, grp, user_id, kind, title, body, url, due_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run('winner-15', 'purchase:room-ABC123', 'U1', 'payment_reminder', 't', 'b', '/purchase/ABC123', 1_000);
    old.close();
    const store = openNotifyStore(path);
    try {
      expect(store.due(3_000).map((n) => n.id)).toEqual(['winner-15']);
      store.cancel('purchase:room-ABC123', 1);
      expect(store.due(3_000)).toEqual([]);
    } finally {
      store.close();
    }
  });
});
