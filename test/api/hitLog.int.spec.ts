import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteHitLog } from '../../api/auth/hitLog.ts';
import { createThrottle } from '../../api/auth/throttle.ts';

const dir = mkdtempSync(join(tmpdir(), 'vetri-hits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60_000;

describe('rate-limit hits on disk', () => {
  it('two handles on one file see each other’s hits, and a success clears them', () => {
    const path = join(dir, 'shared.db');
    const [a, b] = [sqliteHitLog(path), sqliteHitLog(path)];
    const options = { name: 'login', free: 2, windowMs: 60_000, baseDelayMs: 1_000, maxDelayMs: 8_000 };
    const [ta, tb] = [createThrottle(options, a), createThrottle(options, b)];
    ta.fail('arun@example.in', 1_000);
    tb.fail('arun@example.in', 2_000);
    expect(ta.waitMs('arun@example.in', 2_500)).toBe(500);
    expect(tb.waitMs('priya@example.in', 2_500)).toBe(0);
    tb.clear('arun@example.in');
    expect(ta.waitMs('arun@example.in', 2_500)).toBe(0);
    a.close();
    b.close();
  });

  it('forgets hits older than a day even for keys that are never hit again', () => {
    const log = sqliteHitLog(join(dir, 'prune.db'));
    log.add('otp', 'once@example.in', 0, 0);
    expect(log.recent('otp', 'once@example.in', 0)).toEqual([0]);
    for (let i = 1; i < 500; i++) log.add('otp', `busy${i}@example.in`, 2 * DAY + i, 0);
    expect(log.recent('otp', 'once@example.in', 0)).toEqual([]);
    expect(log.recent('otp', 'busy499@example.in', 0)).toEqual([2 * DAY + 499]);
    log.close();
  });
});
