import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { ReadDb } from '../../projections/db.ts';
import { openReadDb } from '../../projections/db.ts';
import { allProjectors } from '../../projections/index.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { rebuildInto } from '../../scripts/rebuild.ts';
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

describe('rebuildInto', () => {
  it('gives the same rows and the same indexes as following the log live, deferred indexes included', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    const { createdAt: _, ...roomRules } = rules({ maxPrice: 600_00 });
    const history = runHistory(roomRules, [
      { kind: 'book', user: 0 },
      { kind: 'book', user: 1 },
      { kind: 'book', user: 2 },
      { kind: 'start' },
      ...Array.from({ length: 12 }, (_, i) => ({
        kind: 'bid' as const,
        user: i % 3,
        gap: 100,
        who: 'member' as const,
      })),
      { kind: 'close', gap: 2000 },
      { kind: 'order' },
    ]);
    for (const e of history.recorded) await store.append(e.streamName, [e]);

    const live = openReadDb(':memory:');
    const runner = createProjectionRunner({ store, db: live, projectors: allProjectors });
    await runner.start();
    await runner.stop();

    const rebuilt = openReadDb(':memory:');
    const applied = await rebuildInto(store, rebuilt, { batchSize: 7 });
    expect(applied).toBe(history.recorded.length);
    const indexes = (dump(rebuilt).schema as { name: string }[]).map((r) => r.name);
    for (const name of allProjectors.flatMap((p) => p.deferredIndexes ?? [])) expect(indexes).toContain(name);
    expect(dump(live).rows.rm_bids!.length).toBeGreaterThan(5);
    expect(dump(rebuilt)).toEqual(dump(live));
    await store.close();
  });
});
