import { mkdtempSync, rmSync } from 'node:fs';
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
  it('runs in WAL mode with full synchronous writes', async () => {
    const store = openSqliteStore({ path: join(dir, 'wal.db') });
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    await store.close();
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
