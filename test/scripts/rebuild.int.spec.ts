import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEsdbStore } from '../../api/store/esdb.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import type { ReadDb } from '../../projections/db.ts';
import { openReadDb, rebuildMarkerOf, rebuildSideOf, startBulkRebuild } from '../../projections/db.ts';
import { allProjectors } from '../../projections/index.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { rebuildIfEmpty, rebuildInto } from '../../projections/rebuild.ts';
import { runHistory } from '../engine/roomHistory.ts';
import { rules } from '../engine/roomFixtures.ts';
import { startEsdbStandIn } from '../store/esdbServer.ts';
import { testEvent } from '../helpers/events.ts';

const dump = (db: ReadDb) => ({
  schema: db.sqlite.prepare("SELECT type, name, sql FROM sqlite_master WHERE name LIKE 'rm_%' ORDER BY name").all(),
  rows: Object.fromEntries(
    allProjectors
      .flatMap((p) => p.tables)
      .map((t) => [
        t,
        db.sqlite
          .prepare(`SELECT * FROM "${t}"`)
          .all()
          .map((r) => JSON.stringify(r))
          .sort(),
      ]),
  ),
});

/** A finished room's log: three members, twelve deals, a close and a purchase order. */
const roomLog = async <S extends EventStore>(store: S) => {
  const { createdAt: _, ...roomRules } = rules({ maxPrice: 600_00 });
  const history = runHistory(roomRules, [
    { kind: 'book', user: 0 },
    { kind: 'book', user: 1 },
    { kind: 'book', user: 2 },
    { kind: 'start' },
    ...Array.from({ length: 12 }, (_, i) => ({ kind: 'bid' as const, user: i % 3, gap: 100, who: 'member' as const })),
    { kind: 'close', gap: 2000 },
    { kind: 'order' },
  ]);
  for (const e of history.recorded) await store.append(e.streamName, [e]);
  return { store, events: history.recorded.length };
};

const roomLogAt = (path = ':memory:') => roomLog(openSqliteStore({ path }));

/** The read models as following the log live makes them (no read model brought up in bulk at start). */
const followed = async (store: EventStore) => {
  const live = openReadDb(':memory:');
  const runner = createProjectionRunner({
    store,
    db: live,
    projectors: allProjectors,
    catchUpInBulkFrom: Number.MAX_SAFE_INTEGER,
  });
  await runner.start();
  await runner.stop();
  return live;
};

describe('rebuildInto', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vetri-rebuild-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves a rebuilt file in WAL mode with its marker gone, holding what the live read models hold', async () => {
    const { store, events } = await roomLogAt();
    const path = join(dir, 'read.db');
    const db = openReadDb(path);
    expect(await rebuildInto(store, db)).toBe(events);
    expect(existsSync(rebuildMarkerOf(path))).toBe(false);
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    db.sqlite.close();
    const reopened = openReadDb(path);
    expect(dump(reopened).rows).toEqual(dump(await followed(store)).rows);
    reopened.sqlite.close();
    await store.close();
  });

  it('throws away a file whose rebuild died half-way, and the runner builds it again from the log', async () => {
    const { store } = await roomLogAt();
    const path = join(dir, 'died.db');
    const db = openReadDb(path);
    await rebuildInto(store, db);
    // A rebuild starts again and the process dies before it finishes: the marker stays.
    startBulkRebuild(db);
    db.sqlite.exec('DELETE FROM rm_bids');
    db.sqlite.close();
    writeFileSync(rebuildSideOf(path), 'what the second thread had written');
    expect(existsSync(rebuildMarkerOf(path))).toBe(true);

    const reopened = openReadDb(path);
    expect(existsSync(rebuildMarkerOf(path))).toBe(false);
    expect(existsSync(rebuildSideOf(path))).toBe(false);
    expect(reopened.sqlite.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'rm_%'").all()).toEqual([]);
    const runner = createProjectionRunner({ store, db: reopened, projectors: allProjectors });
    await runner.start();
    await runner.stop();
    expect(dump(reopened).rows).toEqual(dump(await followed(store)).rows);
    expect(dump(reopened).rows.rm_bids).toHaveLength(12);
    reopened.sqlite.close();
    await store.close();
  });

  it('gives the same rows and the same indexes as following the log live, deferred indexes included', async () => {
    const { store, events } = await roomLogAt();
    const live = await followed(store);

    const rebuilt = openReadDb(':memory:');
    // On two threads (a log this short takes one unless told), the second posted each batch.
    const applied = await rebuildInto(store, rebuilt, { batchSize: 7, secondThreadFrom: 0 });
    expect(applied).toBe(events);
    const indexes = (dump(rebuilt).schema as { name: string }[]).map((r) => r.name);
    for (const name of allProjectors.flatMap((p) => p.deferredIndexes ?? [])) expect(indexes).toContain(name);
    expect(dump(live).rows.rm_bids!.length).toBeGreaterThan(5);
    expect(dump(rebuilt)).toEqual(dump(live));
    await store.close();
  });

  it('reads the log again on a second thread from the store’s file, and leaves only the read-model file', async () => {
    const { store, events } = await roomLogAt(join(dir, 'log.db'));
    expect(store.reopen).toBeDefined();
    const path = join(dir, 'two.db');
    const db = openReadDb(path);
    const progress: number[] = [];
    expect(
      await rebuildInto(store, db, { batchSize: 5, secondThreadFrom: 0, onProgress: (p) => progress.push(p) }),
    ).toBe(events);
    expect(dump(db)).toEqual(dump(await followed(store)));
    const head = await store.headPosition();
    const checkpoints = db.sqlite
      .prepare<[], { name: string; position: number }>('SELECT name, position FROM rm_checkpoints')
      .all();
    expect(checkpoints.map((c) => c.name).sort()).toEqual(allProjectors.map((p) => p.name).sort());
    expect(checkpoints.filter((c) => c.position !== head)).toEqual([]);
    // Where the thread that lags stands: never back, and the head at the end.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(head);
    expect(readdirSync(dir).filter((f) => f.startsWith('two.db'))).toEqual(['two.db', 'two.db-shm', 'two.db-wal']);
    db.sqlite.close();
    await store.close();
  });

  it('gives the same read models whichever of them the second thread takes', async () => {
    const { store } = await roomLogAt(join(dir, 'split.db'));
    const one = openReadDb(':memory:');
    await rebuildInto(store, one, { secondThread: [] });
    for (const secondThread of [['rooms', 'integrity', 'users'], ['event-index']]) {
      const two = openReadDb(':memory:');
      await rebuildInto(store, two, { secondThread, batchSize: 3, secondThreadFrom: 0 });
      expect(dump(two)).toEqual(dump(one));
    }
    expect(dump(one).rows.rm_bids).toHaveLength(12);
    await expect(rebuildInto(store, openReadDb(':memory:'), { secondThread: ['rooms', 'nope'] })).rejects.toThrow(
      'No read model is called nope',
    );
    await store.close();
  });

  it('fails when the second thread fails: its error, the file thrown away at the next open, no file beside it', async () => {
    const { store } = await roomLogAt(join(dir, 'good-log.db'));
    const garbage = join(dir, 'garbage.db');
    writeFileSync(garbage, 'not a database, but long enough to be read as one by SQLite. '.repeat(100));
    // The same store, but the second thread is pointed at a file that is not a log.
    const broken = Object.assign(Object.create(store) as typeof store, {
      reopen: { ...store.reopen!, options: { path: garbage } },
    });
    const path = join(dir, 'failed.db');
    const db = openReadDb(path);
    await expect(rebuildInto(broken, db, { secondThreadFrom: 0 })).rejects.toThrow(/not a database/);
    expect(existsSync(rebuildMarkerOf(path))).toBe(true);
    expect(existsSync(rebuildSideOf(path))).toBe(false);
    db.sqlite.close();
    const reopened = openReadDb(path);
    expect(reopened.sqlite.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'rm_%'").all()).toEqual([]);
    reopened.sqlite.close();
    // A log this short is rebuilt on one thread (the second's start would cost more than it saves).
    const small = openReadDb(':memory:');
    await rebuildInto(broken, small);
    expect(dump(small).rows.rm_bids).toHaveLength(12);
    await store.close();
  });

  it('rebuilds from EventStoreDB through its client (the stand-in), each batch posted to the second thread', async () => {
    const server = await startEsdbStandIn();
    try {
      const { store, events } = await roomLog(
        openEsdbStore({ connectionString: server.connectionString(), pageSize: 4 }),
      );
      expect(store.reopen).toBeUndefined();
      const rebuilt = openReadDb(':memory:');
      expect(await rebuildInto(store, rebuilt, { batchSize: 3, secondThreadFrom: 0 })).toBe(events);
      expect(dump(rebuilt)).toEqual(dump(await followed(store)));
      expect(dump(rebuilt).rows.rm_bids).toHaveLength(12);
      expect(dump(rebuilt).rows.rm_event_index).toHaveLength(events);
      await store.close();
    } finally {
      await server.close();
    }
  });
});

describe('read models far behind at start, on EventStoreDB', () => {
  it('are brought up in bulk through its client (the stand-in), as following the log makes them, then follow it', async () => {
    const server = await startEsdbStandIn();
    try {
      const { store } = await roomLog(openEsdbStore({ connectionString: server.connectionString(), pageSize: 4 }));
      const db = openReadDb(':memory:');
      const caughtUp: number[] = [];
      const runner = createProjectionRunner({
        store,
        db,
        projectors: allProjectors,
        catchUpInBulkFrom: 1,
        onCatchUp: (names, from) => {
          expect(names).toHaveLength(allProjectors.length);
          caughtUp.push(from);
        },
        onCatchUpProgress: (position) => caughtUp.push(position),
      });
      await runner.start();
      // Told at the start of the log, then at each batch's end: the head, in this store's positions.
      const head = await store.headPosition();
      expect(caughtUp).toEqual([0, head]);
      expect(runner.position()).toBe(head);
      expect(dump(db)).toEqual(dump(await followed(store)));
      // The subscription takes over from where the catch-up stopped.
      const { position } = await store.append('note-1', [testEvent('Noted')]);
      await runner.waitFor(position);
      expect(runner.position()).toBe(position);
      await runner.stop();
      await store.close();
    } finally {
      await server.close();
    }
  });
});

describe('rebuildIfEmpty (a server opening a read-model file with nothing in it)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vetri-rebuild-empty-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tableCount = (db: ReadDb) =>
    (db.sqlite.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name LIKE 'rm_%'").get() as { n: number }).n;

  it('rebuilds the file in bulk from a long enough log, as following the log makes it, and then leaves it alone', async () => {
    const { store, events } = await roomLogAt();
    const path = join(dir, 'new.db');
    const db = openReadDb(path);
    const started: number[] = [];
    expect(await rebuildIfEmpty(store, db, { from: events, onStart: (head) => started.push(head) })).toBe(events);
    expect(started).toEqual([await store.headPosition()]);
    expect(existsSync(rebuildMarkerOf(path))).toBe(false);
    expect(db.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(dump(db)).toEqual(dump(await followed(store)));
    // It holds read models now: another start leaves them to the runner.
    expect(await rebuildIfEmpty(store, db, { from: 1 })).toBeNull();
    db.sqlite.close();
    await store.close();
  });

  it('rebuilds a file whose read models all stand at the log’s start (a start that died before its first batch)', async () => {
    const { store, events } = await roomLogAt();
    const db = openReadDb(':memory:');
    createProjectionRunner({ store, db, projectors: allProjectors });
    expect(tableCount(db)).toBeGreaterThan(0);
    expect(await rebuildIfEmpty(store, db, { from: events })).toBe(events);
    expect(dump(db)).toEqual(dump(await followed(store)));
    await store.close();
  });

  it('leaves an empty file to the runner when the log is shorter than the threshold', async () => {
    const { store, events } = await roomLogAt();
    const db = openReadDb(':memory:');
    const started: number[] = [];
    expect(await rebuildIfEmpty(store, db, { from: events + 1, onStart: (head) => started.push(head) })).toBeNull();
    expect(started).toEqual([]);
    expect(tableCount(db)).toBe(0);
    await store.close();
  });
});
