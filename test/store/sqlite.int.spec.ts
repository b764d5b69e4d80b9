import { fdatasync, fdatasyncSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { StoreUnavailableError, WrongExpectedRevisionError } from '../../engine/eventStore.ts';
import { verifyStream } from '../../api/store/verify.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { eventStoreConformance } from './conformance.ts';
import { testEvent, uniqueStream, waitUntil } from '../helpers/events.ts';

const dir = mkdtempSync(join(tmpdir(), 'store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded SQLite event store: conformance', () => {
  eventStoreConformance(() => Promise.resolve(openSqliteStore({ path: join(dir, 'conformance.db') })));
});

describe('embedded SQLite event store: files and processes', () => {
  it('runs in WAL mode: by default syncing its write-ahead file after commits, or inside each commit when asked', async () => {
    const synced: string[] = [];
    const file = (fd: number) => readlinkSync(`/proc/self/fd/${fd}`);
    const store = openSqliteStore({
      path: join(dir, 'wal.db'),
      disk: {
        later: (fd, done) => {
          synced.push(`later ${file(fd)}`);
          fdatasync(fd, done);
        },
        now: (fd) => {
          synced.push(`now ${file(fd)}`);
          fdatasyncSync(fd);
        },
      },
    });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(1);
    const wal = join(dir, 'wal.db-wal');
    // One writer at a time: each lone append syncs on the spot.
    await store.append(uniqueStream(), [testEvent('Kept')]);
    expect(synced).toEqual([`now ${wal}`]);
    // Appends that come together sync on the pool, and so does the next lone one after them.
    await Promise.all([
      store.append(uniqueStream(), [testEvent('One')]),
      store.append(uniqueStream(), [testEvent('Two')]),
    ]);
    await store.append(uniqueStream(), [testEvent('Three')]);
    await store.append(uniqueStream(), [testEvent('Four')]);
    expect(synced).toEqual([`now ${wal}`, `later ${wal}`, `later ${wal}`, `now ${wal}`]);
    await store.close();
    const inline = openSqliteStore({ path: join(dir, 'wal-inline.db'), sync: 'commit' });
    expect(inline.db.pragma('synchronous', { simple: true })).toBe(2);
    await inline.close();
  });

  it('keeps appended events after the store is closed and reopened', async () => {
    const path = join(dir, 'reopen.db');
    const stream = uniqueStream();
    const first = openSqliteStore({ path });
    await first.append(stream, [testEvent('Kept')]);
    await first.close();
    const second = openSqliteStore({ path });
    expect((await second.readStream(stream)).map((e) => e.type)).toEqual(['Kept']);
    await second.close();
  });

  it('commits and answers what waits when closed, once however many callers close it', async () => {
    const path = join(dir, 'close-twice.db');
    const stream = uniqueStream();
    const store = openSqliteStore({ path });
    const appends = [store.append(stream, [testEvent('First')]), store.append(stream, [testEvent('Second')])];
    await Promise.all([store.close(), store.close()]);
    await expect(Promise.all(appends)).resolves.toHaveLength(2);
    await expect(store.append(stream, [testEvent('Late')])).rejects.toBeInstanceOf(StoreUnavailableError);
    const again = openSqliteStore({ path });
    expect((await again.readStream(stream)).map((e) => e.type)).toEqual(['First', 'Second']);
    await again.close();
  });

  it("a live subscription sees another process's appends within a second", async () => {
    const path = join(dir, 'shared.db');
    const store = openSqliteStore({ path });
    const stream = uniqueStream('notes');
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({
      onEvents: (events) => {
        seen.push(...events.filter((e) => e.streamName === stream));
      },
    });
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'fixtures/appendFromChild.ts'), path, stream],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let appendedAt = 0;
    child.stdout.on('data', () => {
      appendedAt = Date.now();
    });
    await new Promise<void>((resolve, reject) => {
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`child exited ${code}`))));
    });
    await waitUntil(() => seen.length === 2, 1000, "the other process's events");
    expect(Date.now() - appendedAt).toBeLessThan(1000);
    expect(seen.map((e) => e.type)).toEqual(['FromChild1', 'FromChild2']);
    // The other process appended through the same chain: it verifies.
    expect(await verifyStream(store, stream)).toMatchObject({ ok: true, events: 2 });
    await subscription.close();
    await store.close();
  });

  it('verify names an event altered directly in the database file', async () => {
    const path = join(dir, 'tamper.db');
    const store = openSqliteStore({ path });
    const stream = uniqueStream('wallet');
    await store.append(stream, [testEvent('Deposited', { amount: 5000 }), testEvent('Deposited', { amount: 10000 })]);
    await store.append(stream, [testEvent('Withdrawn', { amount: 2000 })]);
    const victim = (await store.readStream(stream))[1]!;
    const raw = new Database(path);
    raw.prepare('UPDATE events SET data = ? WHERE id = ?').run(JSON.stringify({ amount: 99999999 }), victim.id);
    raw.close();
    const verdict = await verifyStream(store, stream);
    expect(verdict).toMatchObject({ ok: false, badRevision: 1, badEventId: victim.id });
    await store.close();
  });

  it('verify names the gap where an event was deleted from the database file', async () => {
    const path = join(dir, 'delete.db');
    const store = openSqliteStore({ path });
    const stream = uniqueStream('room');
    await store.append(stream, [testEvent('A'), testEvent('B'), testEvent('C')]);
    const [, middle, last] = await store.readStream(stream);
    const raw = new Database(path);
    raw.prepare('DELETE FROM events WHERE id = ?').run(middle!.id);
    raw.close();
    expect(await verifyStream(store, stream)).toMatchObject({ ok: false, badEventId: last!.id });
    await store.close();
  });
});

describe('embedded SQLite event store: live subscription of its own appends', () => {
  it('delivers exactly what the log holds, in log order, with another writer interleaving and a refused append in a group', async () => {
    const path = join(dir, 'own.db');
    const store = openSqliteStore({ path });
    const other = openSqliteStore({ path });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ onEvents: (events) => void seen.push(...events) });
    const mine = uniqueStream('room');
    await store.append(mine, [testEvent('Created', { price: 100_00 }), testEvent('Booked', { seat: 1 })]);
    await other.append(uniqueStream('wallet'), [testEvent('Deposited', { amount: 50_00 })]);
    const group = await Promise.allSettled([
      store.append(mine, [testEvent('Bid', { amount: 101_00 })], { expectedRevision: 1 }),
      store.append(mine, [testEvent('Stale', { amount: 1 })], { expectedRevision: 0 }),
      store.append(uniqueStream('wallet'), [testEvent('Held', { amount: 10_00, note: 'தமிழ் ₹' })]),
    ]);
    expect(group.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await other.append(uniqueStream('wallet'), [testEvent('Deposited', { amount: 20_00 })]);
    await store.append(mine, [testEvent('Ended', { winner: null, at: 1 })]);
    const log = await store.readAll();
    await waitUntil(() => seen.length === log.length, 2000, 'every event of the log');
    expect(seen).toEqual(log);
    expect(seen.map((e) => e.type)).not.toContain('Stale');
    await subscription.close();
    await other.close();
    await store.close();
  });
  it('hands on its own answered appends when it is closed right after them: a graceful stop leaves nothing of its own behind', async () => {
    const store = openSqliteStore({ path: join(dir, 'closing.db') });
    const seen: string[] = [];
    const subscription = store.subscribeToAll({ onEvents: (events) => void seen.push(...events.map((e) => e.type)) });
    const stream = uniqueStream('wallet');
    await store.append(stream, [testEvent('Deposited', { amount: 50_00 })]);
    await waitUntil(() => seen.length === 1, 2000, 'the first event');
    // A settlement answered in the same turn as the shutdown that follows it.
    await store.append(stream, [testEvent('RewardCredited', { amount: 10_00 })]);
    await subscription.close();
    expect(seen).toEqual(['Deposited', 'RewardCredited']);
    await store.close();
  });
});

describe('embedded SQLite event store: one event read back after its append', () => {
  it('is the event the log holds (as another connection reads it), never a refused append', async () => {
    const path = join(dir, 'readback.db');
    const store = openSqliteStore({ path });
    const reader = openSqliteStore({ path });
    const mine = uniqueStream('room');
    await store.append(mine, [testEvent('Created', { price: 100_00 }), testEvent('Booked', { seat: 1 })]);
    const group = await Promise.allSettled([
      store.append(mine, [testEvent('Bid', { amount: 101_00, note: 'தமிழ் ₹' })], { expectedRevision: 1 }),
      store.append(mine, [testEvent('Stale', { amount: 1 })], { expectedRevision: 1 }),
    ]);
    expect(group.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    for (const from of [0, 1, 2, 3])
      expect(await store.readStream(mine, { from, limit: 1 })).toEqual(
        await reader.readStream(mine, { from, limit: 1 }),
      );
    expect((await store.readStream(mine, { from: 2, limit: 1 })).map((e) => e.type)).toEqual(['Bid']);
    await reader.close();
    await store.close();
  });
});

describe("embedded SQLite event store: reads past what it wrote last, and another connection's commits", () => {
  it("answers a read past a stream's end from what it wrote, and reads another connection's commit to it", async () => {
    const path = join(dir, 'heads.db');
    const store = openSqliteStore({ path });
    const other = openSqliteStore({ path });
    const room = uniqueStream('room');
    await store.append(room, [testEvent('Created', { price: 100_00 }), testEvent('Booked', { seat: 1 })]);
    const refused = store.append(room, [testEvent('Stale', { amount: 1 })], { expectedRevision: 0 });
    await expect(refused).rejects.toThrow();
    expect(await store.readStream(room, { from: 2 })).toEqual([]);
    // Another process bids in the same room: this store's next read past its own last write finds it.
    await other.append(room, [testEvent('Bid', { amount: 101_00 })], { expectedRevision: 1 });
    expect((await store.readStream(room, { from: 2 })).map((e) => e.type)).toEqual(['Bid']);
    await store.append(room, [testEvent('Bid', { amount: 102_00 })], { expectedRevision: 2 });
    expect(await store.readStream(room, { from: 4 })).toEqual([]);
    expect((await store.readStream(room, { from: 2 })).map((e) => e.data)).toEqual([
      { amount: 101_00 },
      { amount: 102_00 },
    ]);
    // And again after this store has written elsewhere since (its own commits leave nothing to miss).
    await store.append(uniqueStream('wallet'), [testEvent('Deposited', { amount: 5_00 })]);
    await other.append(room, [testEvent('Ended', { winner: null })], { expectedRevision: 3 });
    expect((await store.readStream(room, { from: 4 })).map((e) => e.type)).toEqual(['Ended']);
    expect(await store.readStream(room)).toEqual(await other.readStream(room));
    await other.close();
    await store.close();
  });

  it("hands a live subscriber another connection's commit made after its own last one", async () => {
    const path = join(dir, 'tail.db');
    const store = openSqliteStore({ path });
    const other = openSqliteStore({ path });
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ onEvents: (events) => void seen.push(...events) });
    for (let i = 0; i < 3; i++) await store.append(uniqueStream('room'), [testEvent('Bid', { amount: i })]);
    await waitUntil(() => seen.length === 3, 2000, "this store's own events");
    await other.append(uniqueStream('wallet'), [testEvent('Deposited', { amount: 20_00 })]);
    await waitUntil(() => seen.length === 4, 1000, "the other connection's event");
    expect(seen).toEqual(await store.readAll());
    await subscription.close();
    await other.close();
    await store.close();
  });
});

describe('embedded SQLite event store: group commit and write failures', () => {
  it('commits appends racing in one turn together; a conflict refuses only its own append', async () => {
    const store = openSqliteStore({ path: join(dir, 'group.db') });
    const contested = uniqueStream('room');
    await store.append(contested, [testEvent('Created')]);
    const others = Array.from({ length: 20 }, () => uniqueStream('wallet'));
    const results = await Promise.allSettled([
      ...others.map((s) => store.append(s, [testEvent('Deposited')], { expectedRevision: 'no_stream' })),
      store.append(contested, [testEvent('Stale')], { expectedRevision: 5 }),
    ]);
    expect(results.slice(0, 20).every((r) => r.status === 'fulfilled')).toBe(true);
    expect((results[20] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    for (const s of others) expect(await store.readStream(s)).toHaveLength(1);
    expect((await store.readStream(contested)).map((e) => e.type)).toEqual(['Created']);
    await store.close();
  });

  it('refuses every append of a batch when the disk is full, acknowledges none, and recovers when space returns', async () => {
    const store = openSqliteStore({ path: join(dir, 'full.db') });
    const stream = uniqueStream('room');
    await store.append(stream, [testEvent('Created')]);
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pages}`);
    const big = { blob: 'x'.repeat(200_000) };
    const attempts = await Promise.allSettled([
      store.append(stream, [testEvent('Big', big)]),
      store.append(uniqueStream('wallet'), [testEvent('Big', big)]),
    ]);
    for (const a of attempts) {
      expect(a.status).toBe('rejected');
      expect((a as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
    }
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Created']);
    store.db.pragma('max_page_count = 1073741823');
    await expect(store.append(stream, [testEvent('Big', big)])).resolves.toMatchObject({ nextRevision: 1 });
    await store.close();
  });
});

/** A disk whose syncs on the thread pool wait until the test lets each go (the disk, slowed down at will). */
const heldSyncs = () => {
  const waiting: Array<(error: Error | null) => void> = [];
  let calls = 0;
  return {
    disk: {
      later: (fd: number, done: (error: Error | null) => void) => {
        calls++;
        waiting.push((error) => (error ? done(error) : fdatasync(fd, done)));
      },
      now: fdatasyncSync,
    },
    get calls() {
      return calls;
    },
    get held() {
      return waiting.length;
    },
    release(error: Error | null = null) {
      waiting.shift()!(error);
    },
  };
};

describe('embedded SQLite event store: an append is answered only once its commit is on disk', () => {
  it('keeps answers, commit listeners and live subscribers waiting for the sync; appends made meanwhile are committed together after it', async () => {
    const path = join(dir, 'held.db');
    const disk = heldSyncs();
    const store = openSqliteStore({ path, disk: disk.disk });
    const reader = openSqliteStore({ path });
    const told: string[] = [];
    store.onCommitted!((events) => told.push(...events.map((e) => `heard ${e.type}`)));
    const subscription = store.subscribeToAll({
      onEvents: (events) => void told.push(...events.map((e) => `delivered ${e.type}`)),
    });
    const stream = uniqueStream('room');
    const first = Promise.all([
      store.append(stream, [testEvent('Created')]).then(() => told.push('answered Created')),
      store.append(uniqueStream('wallet'), [testEvent('Deposited')]).then(() => told.push('answered Deposited')),
    ]);
    await waitUntil(() => disk.held === 1, 2000, 'the first sync');
    // Committed (another connection reads it) but not yet synced: nobody in this process is told.
    expect((await reader.readAll()).map((e) => e.type)).toEqual(['Created', 'Deposited']);
    const later = [
      store.append(stream, [testEvent('Bid')], { expectedRevision: 0 }).then(() => told.push('answered Bid')),
      store.append(uniqueStream('wallet'), [testEvent('Held')]).then(() => told.push('answered Held')),
    ];
    await new Promise((r) => setTimeout(r, 50));
    expect(told).toEqual([]);
    expect(disk.calls).toBe(1);
    expect((await reader.readAll()).map((e) => e.type)).toEqual(['Created', 'Deposited']);
    disk.release();
    await first;
    expect(told).toEqual(['heard Created', 'heard Deposited', 'answered Created', 'answered Deposited']);
    // Both later appends gathered while the first sync was on its way: one commit and one sync.
    await waitUntil(() => disk.held === 1, 2000, 'the second sync');
    expect(disk.calls).toBe(2);
    expect((await reader.readStream(stream)).map((e) => e.type)).toEqual(['Created', 'Bid']);
    disk.release();
    await Promise.all(later);
    await waitUntil(() => told.filter((t) => t.startsWith('delivered')).length === 4, 2000, 'the deliveries');
    expect(told.filter((t) => !t.startsWith('delivered'))).toEqual([
      'heard Created',
      'heard Deposited',
      'answered Created',
      'answered Deposited',
      'heard Bid',
      'heard Held',
      'answered Bid',
      'answered Held',
    ]);
    expect(told.filter((t) => t.startsWith('delivered'))).toEqual([
      'delivered Created',
      'delivered Deposited',
      'delivered Bid',
      'delivered Held',
    ]);
    const closing = store.close();
    while (disk.held > 0) disk.release();
    await subscription.close();
    await closing;
    await reader.close();
  });

  it("hands on another writer's commit read from the log only after syncing it itself", async () => {
    const path = join(dir, 'held-other.db');
    const readerDisk = heldSyncs();
    const writer = openSqliteStore({ path });
    const store = openSqliteStore({ path, disk: readerDisk.disk, pollIntervalMs: 5 });
    const seen: string[] = [];
    const subscription = store.subscribeToAll({ onEvents: (events) => void seen.push(...events.map((e) => e.type)) });
    await writer.append(uniqueStream('room'), [testEvent('Created')]);
    await waitUntil(() => readerDisk.held === 1, 2000, "the reader's sync");
    await new Promise((r) => setTimeout(r, 30));
    expect(seen).toEqual([]);
    readerDisk.release();
    await waitUntil(() => seen.length === 1, 2000, 'the delivery');
    expect(seen).toEqual(['Created']);
    await subscription.close();
    await writer.close();
    const closing = store.close();
    while (readerDisk.held > 0) readerDisk.release();
    await closing;
  });

  it('refuses the appends of a failed sync and every append after it, tells no listener, and fails a subscription waiting on it', async () => {
    const disk = heldSyncs();
    const store = openSqliteStore({ path: join(dir, 'sync-fails.db'), disk: disk.disk, pollIntervalMs: 5 });
    const heard: string[] = [];
    store.onCommitted!((events) => heard.push(...events.map((e) => e.type)));
    const seen: string[] = [];
    const failures: unknown[] = [];
    const subscription = store.subscribeToAll({
      onEvents: (events) => void seen.push(...events.map((e) => e.type)),
      onError: (error) => void failures.push(error),
    });
    const attempts = [
      store.append(uniqueStream('room'), [testEvent('Created')]),
      store.append(uniqueStream('wallet'), [testEvent('Deposited')]),
    ];
    await waitUntil(() => disk.held === 1, 2000, 'the sync');
    // The subscription polls, reads the two committed rows and waits for a sync of its own.
    await new Promise((r) => setTimeout(r, 30));
    disk.release(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    for (const attempt of attempts) await expect(attempt).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.append(uniqueStream('room'), [testEvent('Again')])).rejects.toThrow(/could not sync its log/);
    await waitUntil(() => failures.length > 0, 2000, "the subscription's failure");
    expect(failures[0]).toBeInstanceOf(StoreUnavailableError);
    expect(heard).toEqual([]);
    expect(seen).toEqual([]);
    expect(disk.calls).toBe(1);
    await subscription.close();
    await store.close();
  });
});
