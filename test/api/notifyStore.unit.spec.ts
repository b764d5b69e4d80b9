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
