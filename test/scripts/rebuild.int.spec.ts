import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { ReadDb } from '../../projections/db.ts';
import { openReadDb, rebuildMarkerOf, startBulkRebuild } from '../../projections/db.ts';
import { allProjectors } from '../../projections/index.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { rebuildInto } from '../../projections/rebuild.ts';
import { runHistory } from '../engine/roomHistory.ts';
import { rules } from '../engine/roomFixtures.ts';

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
const roomLog = async () => {
  const store = openSqliteStore({ path: ':memory:' });
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

/** The read models as following the log live makes them. */
const followed = async (store: Awaited<ReturnType<typeof roomLog>>['store']) => {
  const live = openReadDb(':memory:');
  const runner = createProjectionRunner({ store, db: live, projectors: allProjectors });
  await runner.start();
  await runner.stop();
  return live;
};

describe('rebuildInto', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vetri-rebuild-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves a rebuilt file in WAL mode with its marker gone, holding what the live read models hold', async () => {
    const { store, events } = await roomLog();
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
    const { store } = await roomLog();
    const path = join(dir, 'died.db');
    const db = openReadDb(path);
    await rebuildInto(store, db);
    // A rebuild starts again and the process dies before it finishes: the marker stays.
    startBulkRebuild(db);
    db.sqlite.exec('DELETE FROM rm_bids');
    db.sqlite.close();
    expect(existsSync(rebuildMarkerOf(path))).toBe(true);

    const reopened = openReadDb(path);
    expect(existsSync(rebuildMarkerOf(path))).toBe(false);
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
    const { store, events } = await roomLog();
    const live = await followed(store);

    const rebuilt = openReadDb(':memory:');
    const applied = await rebuildInto(store, rebuilt, { batchSize: 7 });
    expect(applied).toBe(events);
    const indexes = (dump(rebuilt).schema as { name: string }[]).map((r) => r.name);
    for (const name of allProjectors.flatMap((p) => p.deferredIndexes ?? [])) expect(indexes).toContain(name);
    expect(dump(live).rows.rm_bids!.length).toBeGreaterThan(5);
    expect(dump(rebuilt)).toEqual(dump(live));
    await store.close();
  });
});
