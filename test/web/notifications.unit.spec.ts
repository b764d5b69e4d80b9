import { describe, expect, it } from 'vitest';
import type { Notification } from '../../api/contract/notifications.ts';
import { initialNotifications, withArrived, withRead } from '../../web/src/stores/notifications.ts';
import { formatAgo } from '../../web/src/lib/format.ts';

const note = (id: string, read = false): Notification => ({
  id,
  kind: 'outbid',
  title: `Title ${id}`,
  body: 'Body',
  url: '/deals',
  created_at: '2026-11-24T04:30:00.000Z',
  read,
});

describe('the bell’s store', () => {
  it('puts an arriving notification on top once, with the server’s unread count', () => {
    const one = withArrived({ ...initialNotifications, status: 'ready' }, note('a'), 1);
    const again = withArrived(withArrived(one, note('b'), 2), note('a'), 2);
    expect(again.items.map((n) => n.id)).toEqual(['a', 'b']);
    expect(again.unread).toBe(2);
  });

  it('marks read at once, counting only the ones that were unread', () => {
    const state = { status: 'ready' as const, items: [note('a'), note('b', true), note('c')], unread: 2 };
    expect(withRead(state, ['a', 'b']).unread).toBe(1);
    expect(withRead(state, ['a']).items.map((n) => n.read)).toEqual([true, true, false]);
    expect(withRead(state, 'all')).toMatchObject({ unread: 0 });
  });

  it('says when, as people say it, in India time', () => {
    const now = Date.parse('2026-11-24T05:00:00.000Z');
    expect(formatAgo('2026-11-24T04:59:40.000Z', now)).toBe('just now');
    expect(formatAgo('2026-11-24T04:30:00.000Z', now)).toBe('30 minutes ago');
    expect(formatAgo('2026-11-23T05:00:00.000Z', now)).toBe('yesterday');
    expect(formatAgo('2026-11-01T05:00:00.000Z', now)).toBe('1 Nov 2026');
  });
});
