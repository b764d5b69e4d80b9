import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { openReadDb, rebuildMarkerOf } from '../../projections/db.ts';
import type { Projector } from '../../projections/projector.ts';
import { defineProjector } from '../../projections/projector.ts';
import { createProjectionRunner, IDLE_CHECKPOINT_EVENTS, ProjectionTimeoutError } from '../../projections/runner.ts';
import { queryStreams, streamCategories, streamsProjector } from '../../projections/streams.ts';
import { testEvent, waitUntil } from '../helpers/events.ts';

const counter = (version = 1, failOn?: string): Projector =>
  defineProjector({
    name: 'counter',
    version,
    handles: ['Counted', 'Boom'],
    schema: ['CREATE TABLE IF NOT EXISTS t_counter (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL)'],
    tables: ['t_counter'],
    apply: ({ sqlite }, event) => {
      if (event.type === failOn) throw new Error('projector failure');
      sqlite.prepare('INSERT INTO t_counter (id, n) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET n = n + 1').run();
    },
  });

const countOf = (db: ReturnType<typeof openReadDb>) =>
  (db.sqlite.prepare('SELECT n FROM t_counter').get() as { n: number } | undefined)?.n ?? 0;

describe('projection runner', () => {
  it('catches up on start, follows live appends, and only applies the types a projector handles', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    await store.append('c-1', [testEvent('Counted'), testEvent('Ignored'), testEvent('Counted')]);
    const db = openReadDb(':memory:');
    const runner = createProjectionRunner({ store, db, projectors: [counter()] });
    await runner.start();
    expect(countOf(db)).toBe(2);
    const { position } = await store.append('c-1', [testEvent('Counted')]);
    await runner.waitFor(position);
    expect(countOf(db)).toBe(3);
    await runner.stop();
    await store.close();
  });

  it('resumes from its checkpoint without applying an event twice', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    await store.append('c-1', [testEvent('Counted'), testEvent('Counted')]);
    const first = createProjectionRunner({ store, db, projectors: [counter()] });
    await first.start();
    await first.stop();
    await store.append('c-1', [testEvent('Counted')]);
    const second = createProjectionRunner({ store, db, projectors: [counter()] });
    await second.start();
    expect(countOf(db)).toBe(3);
    await second.stop();
    await store.close();
  });

  it('writes rows and checkpoint in one transaction: a failing batch leaves both untouched', () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = createProjectionRunner({ store, db, projectors: [counter(1, 'Boom')] });
    const ok = { ...testEvent('Counted'), streamName: 'c-1', revision: 0, position: 1 };
    runner.applyBatch([ok as never]);
    const boom = [
      { ...testEvent('Counted'), streamName: 'c-1', revision: 1, position: 2 },
      { ...testEvent('Boom'), streamName: 'c-1', revision: 2, position: 3 },
    ];
    expect(() => runner.applyBatch(boom as never)).toThrow('projector failure');
    expect(countOf(db)).toBe(1);
    expect(runner.position()).toBe(1);
    expect(db.sqlite.prepare("SELECT position FROM rm_checkpoints WHERE name = 'counter'").get()).toEqual({
      position: 1,
    });
  });

  it('rebuilds a read model whose version changed', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    await store.append('c-1', [testEvent('Counted'), testEvent('Counted')]);
    const v1 = createProjectionRunner({ store, db, projectors: [counter(1)] });
    await v1.start();
    await v1.stop();
    db.sqlite.prepare('UPDATE t_counter SET n = 100').run();
    const v2 = createProjectionRunner({ store, db, projectors: [counter(2)] });
    await v2.start();
    expect(countOf(db)).toBe(2);
    await v2.stop();
    await store.close();
  });

  it('waitFor gives a clear timeout error when the read models do not catch up', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = createProjectionRunner({ store, db, projectors: [counter()] });
    const error = await runner.waitFor(999, 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProjectionTimeoutError);
    expect((error as Error).message).toMatch(/did not catch up in 50 ms/);
    await store.close();
  });

  it('tells listeners about each applied batch', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = createProjectionRunner({ store, db, projectors: [counter()] });
    const seen: string[] = [];
    runner.onApplied((events) => seen.push(...events.map((e) => e.type)));
    await runner.start();
    await store.append('c-1', [testEvent('Counted'), testEvent('Other')]);
    await waitUntil(() => seen.length === 2);
    expect(seen).toEqual(['Counted', 'Other']);
    await runner.stop();
    await store.close();
  });
});

describe('streams read model', () => {
  it('lists streams with event counts, last hash and categories', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = createProjectionRunner({ store, db, projectors: [streamsProjector] });
    await runner.start();
    await store.append('room-ABC123', [testEvent('RoomCreated'), testEvent('RoomPrebooked')]);
    const { position } = await store.append('wallet-u1', [testEvent('Deposited')]);
    await runner.waitFor(position);
    const rooms = queryStreams(db, { category: 'room' });
    expect(rooms.total).toBe(1);
    const last = (await store.readStream('room-ABC123')).at(-1)!;
    expect(rooms.rows[0]).toMatchObject({
      stream: 'room-ABC123',
      eventCount: 2,
      lastHash: last.metadata.hash,
      lastType: 'RoomPrebooked',
    });
    expect(queryStreams(db, { search: 'ABC' }).rows.map((r) => r.stream)).toEqual(['room-ABC123']);
    expect(streamCategories(db)).toEqual([
      expect.objectContaining({ category: 'room', streams: 1, events: 2 }),
      expect.objectContaining({ category: 'wallet', streams: 1, events: 1 }),
    ]);
    await runner.stop();
    await store.close();
  });
});

/** The position written in a read model's checkpoint row. */
const checkpointRow = (db: ReturnType<typeof openReadDb>, name: string) =>
  (db.sqlite.prepare('SELECT position FROM rm_checkpoints WHERE name = ?').get(name) as { position: number }).position;

describe('checkpoints of idle read models', () => {
  it("writes an idle read model's checkpoint only now and then and at stop, and a restart applies nothing twice", async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const row = (name: string) => checkpointRow(db, name);
    const runner = createProjectionRunner({ store, db, projectors: [counter(), streamsProjector] });
    await runner.start();
    const counted = await store.append('c-1', [testEvent('Counted')]);
    await runner.waitFor(counted.position);
    expect(row('counter')).toBe(counted.position);
    // Events the counter ignores: its row stays, the streams read model's follows every batch.
    let last = counted.position;
    for (let i = 0; i < 5; i++) last = (await store.append('o-1', [testEvent('Ignored')])).position;
    await runner.waitFor(last);
    expect(row('streams')).toBe(last);
    expect(row('counter')).toBe(counted.position);
    expect(runner.position()).toBe(last);
    await runner.stop();
    expect(row('counter')).toBe(last);

    // A restart from a lagging row (as after a crash) hands the counter only events it ignores.
    db.sqlite.prepare('UPDATE rm_checkpoints SET position = ? WHERE name = ?').run(counted.position, 'counter');
    const again = createProjectionRunner({ store, db, projectors: [counter(), streamsProjector] });
    await again.start();
    expect(countOf(db)).toBe(1);
    const more = await store.append('c-1', [testEvent('Counted')]);
    await again.waitFor(more.position);
    expect(countOf(db)).toBe(2);
    expect(row('counter')).toBe(more.position);
    await again.stop();
    await store.close();
  });

  it('writes a lagging idle checkpoint once it trails by IDLE_CHECKPOINT_EVENTS', () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = createProjectionRunner({ store, db, projectors: [counter(), streamsProjector] });
    const ignored = (position: number): RecordedEvent => {
      const e = testEvent('Ignored');
      const metadata = { ...e.metadata, prevHash: '0'.repeat(64), hash: `${position}`.padStart(64, '0') };
      return { ...e, metadata, streamName: 'o-1', revision: position - 1, position };
    };
    const row = () => checkpointRow(db, 'counter');
    runner.applyBatch([ignored(1)]);
    expect(row()).toBe(0);
    runner.applyBatch([ignored(IDLE_CHECKPOINT_EVENTS - 1)]);
    expect(row()).toBe(0);
    runner.applyBatch([ignored(IDLE_CHECKPOINT_EVENTS)]);
    expect(row()).toBe(IDLE_CHECKPOINT_EVENTS);
    void store.close();
  });
});

/** A read model that keeps every position it is handed (the runner's tests watch what it is fed). */
const fedPositions: number[] = [];
const tally: Projector = defineProjector({
  name: 'tally',
  version: 1,
  handles: ['Counted', 'Ignored'],
  schema: ['CREATE TABLE IF NOT EXISTS t_tally (position INTEGER PRIMARY KEY)'],
  tables: ['t_tally'],
  apply: ({ sqlite }, event) => {
    fedPositions.push(event.position);
    sqlite.prepare('INSERT INTO t_tally (position) VALUES (?)').run(event.position);
  },
});

describe('read models far behind the log at start', () => {
  it('brings them up in bulk before following the log, handing the others and the listeners nothing of it', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    for (let i = 0; i < 4; i++)
      await store.append('c-1', [testEvent('Counted'), testEvent('Ignored'), testEvent('Counted')]);
    const first = createProjectionRunner({ store, db, projectors: [counter(1), tally] });
    await first.start();
    await first.stop();
    const before = await store.append('c-1', [testEvent('Counted'), testEvent('Ignored')]);

    // The counter's version changed (twelve events behind, and two more), the tally is two behind.
    fedPositions.length = 0;
    const caughtUp: unknown[] = [];
    const applied: number[] = [];
    const runner = createProjectionRunner({
      store,
      db,
      projectors: [counter(2), tally],
      catchUpInBulkFrom: 5,
      onCatchUp: (...args) => caughtUp.push(['start', ...args]),
      onCatchUpProgress: (...args) => caughtUp.push(['progress', ...args]),
    });
    runner.onApplied((events) => applied.push(...events.map((e) => e.position)));
    await runner.start();
    // Told before the log is read for it (its checkpoint), then after each batch (where it stands).
    expect(caughtUp).toEqual([
      ['start', ['counter'], 0, before.position],
      ['progress', before.position, before.position],
    ]);
    expect(countOf(db)).toBe(9);
    expect(checkpointRow(db, 'counter')).toBe(before.position);
    // The tally and the listeners get only what followed the tally's checkpoint, once each.
    expect(fedPositions).toEqual([before.position - 1, before.position]);
    expect(applied).toEqual([before.position - 1, before.position]);
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM t_tally').get()).toEqual({ n: 14 });

    const live = await store.append('c-1', [testEvent('Counted')]);
    await runner.waitFor(live.position);
    expect(countOf(db)).toBe(10);
    expect(runner.position()).toBe(live.position);
    await runner.stop();
    await store.close();
  });

  it('fails the start when a batch cannot be written, leaving that batch out whole and the file as it was', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const dir = mkdtempSync(join(tmpdir(), 'vetri-catch-up-'));
    const path = join(dir, 'read.db');
    const db = openReadDb(path);
    await store.append('c-1', [testEvent('Counted'), testEvent('Counted'), testEvent('Boom'), testEvent('Counted')]);
    const errors: unknown[] = [];
    const failing = createProjectionRunner({
      store,
      db,
      projectors: [counter(1, 'Boom')],
      catchUpInBulkFrom: 2,
      bulkCatchUp: true,
      onError: (error) => errors.push(error),
    });
    await expect(failing.start()).rejects.toThrow('projector failure');
    expect(countOf(db)).toBe(0);
    expect(checkpointRow(db, 'counter')).toBe(0);
    // Written in bulk, then back to the write-ahead file, the marker gone: the next open keeps the file.
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(existsSync(rebuildMarkerOf(path))).toBe(false);

    const mended = createProjectionRunner({
      store,
      db,
      projectors: [counter(1)],
      catchUpInBulkFrom: 2,
      bulkCatchUp: true,
    });
    await mended.start();
    expect(countOf(db)).toBe(4);
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(existsSync(rebuildMarkerOf(path))).toBe(false);
    await mended.stop();
    db.sqlite.close();
    rmSync(dir, { recursive: true, force: true });
    await store.close();
  });
});

describe('live events projected together', () => {
  /** A runner of the counter and the streams read model that holds live events for `batchDelayMs`. */
  const batching = (
    store: ReturnType<typeof openSqliteStore>,
    db: ReturnType<typeof openReadDb>,
    batchDelayMs: number,
  ) => createProjectionRunner({ store, db, projectors: [counter(), streamsProjector], batchDelayMs });
  /** The rows the streams read model holds for a stream (0 when it has not seen it). */
  const streamEvents = (db: ReturnType<typeof openReadDb>, stream: string) =>
    queryStreams(db, { search: stream }).rows.find((r) => r.stream === stream)?.eventCount ?? 0;

  it('holds live commits for one batch, and gives whoever waits on them their read models at once', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    // A delay no test would sit through: anything that lands early was asked for.
    const runner = batching(store, db, 60_000);
    const batches: string[][] = [];
    runner.onApplied((events) => batches.push(events.map((e) => e.type)));
    await runner.start();
    await store.append('c-1', [testEvent('Counted')]);
    const second = await store.append('c-1', [testEvent('Counted')]);
    await new Promise((r) => setTimeout(r, 50));
    expect(countOf(db)).toBe(0);
    expect(runner.position()).toBeLessThan(second.position);

    // The tree-like case: one read model brought up to a position ahead of the others.
    await runner.waitFor(second.position, 1000, 'counter');
    expect(countOf(db)).toBe(2);
    expect(streamEvents(db, 'c-1')).toBe(0);
    expect(checkpointRow(db, 'counter')).toBe(second.position);
    expect(batches).toEqual([]);

    // Every read model: the rest of them, and the two commits reach listeners as one batch.
    await runner.waitFor(second.position, 1000);
    expect(streamEvents(db, 'c-1')).toBe(2);
    expect(countOf(db)).toBe(2);
    expect(batches).toEqual([['Counted', 'Counted']]);
    await runner.stop();
    await store.close();
  });

  it('applies held events once the delay passes, and at stop: none is lost or applied twice', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = batching(store, db, 20);
    await runner.start();
    await store.append('c-1', [testEvent('Counted')]);
    await waitUntil(() => countOf(db) === 1, 2000, 'the held event after the delay');
    await runner.stop();

    const holding = batching(store, db, 60_000);
    await holding.start();
    const ahead = await store.append('c-1', [testEvent('Counted')]);
    await holding.waitFor(ahead.position, 1000, 'counter');
    await store.append('c-1', [testEvent('Counted')]);
    // Read from the log and held, not yet applied: stopping applies it.
    await new Promise((r) => setTimeout(r, 50));
    expect(countOf(db)).toBe(2);
    await holding.stop();
    expect(countOf(db)).toBe(3);
    expect(streamEvents(db, 'c-1')).toBe(3);

    const again = batching(store, db, 20);
    await again.start();
    expect(countOf(db)).toBe(3);
    expect(streamEvents(db, 'c-1')).toBe(3);
    await again.stop();
    await store.close();
  });

  it('applies at stop what was appended just before it, not yet handed on: the checkpoints stand at the head', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = batching(store, db, 20);
    await runner.start();
    await store.append('c-1', [testEvent('Counted')]);
    // The shutdown begins in the turn the last append is answered (a settlement finishing).
    const last = await store.append('c-1', [testEvent('Counted')]);
    await runner.stop();
    expect(countOf(db)).toBe(2);
    expect(streamEvents(db, 'c-1')).toBe(2);
    expect(checkpointRow(db, 'counter')).toBe(last.position);
    expect(checkpointRow(db, streamsProjector.name)).toBe(last.position);
    await store.close();
  });

  it('says how many events wait before a held one, counted from where a read model stands', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const db = openReadDb(':memory:');
    const runner = batching(store, db, 60_000);
    await runner.start();
    const first = await store.append('c-1', [testEvent('Counted'), testEvent('Ignored')]);
    const second = await store.append('o-1', [testEvent('Counted')]);
    await waitUntil(() => runner.heldBefore('streams', second.position) !== null, 2000, 'the events held');
    expect(runner.heldBefore('streams', first.position - 1)).toBe(0);
    expect(runner.heldBefore('streams', second.position)).toBe(2);
    // Brought ahead of the others, the counter has taken every held event; the streams model has not.
    await runner.waitFor(first.position, 1000, 'counter');
    expect(runner.heldBefore('counter', second.position)).toBeNull();
    expect(runner.heldBefore('streams', second.position)).toBe(2);
    await runner.waitFor(second.position);
    expect(runner.heldBefore('streams', second.position)).toBeNull();
    await runner.stop();
    await store.close();
  });
});
