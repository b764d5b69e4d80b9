import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { openReadDb } from '../../projections/db.ts';
import type { Projector } from '../../projections/projector.ts';
import { defineProjector } from '../../projections/projector.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { testEvent } from '../helpers/events.ts';

const notes = (version: number): Projector =>
  defineProjector({
    name: 'notes',
    version,
    handles: ['Noted'],
    schema: [
      'CREATE TABLE IF NOT EXISTS t_notes (position INTEGER PRIMARY KEY, text TEXT NOT NULL)',
      'CREATE INDEX IF NOT EXISTS t_notes_text ON t_notes(text)',
    ],
    tables: ['t_notes'],
    deferredIndexes: ['t_notes_text'],
    apply: ({ sqlite }, e) => {
      // The index is gone while the read model is built from nothing.
      seen.push(Boolean(sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 't_notes_text'").get()));
      sqlite
        .prepare('INSERT INTO t_notes (position, text) VALUES (?, ?)')
        .run(e.position, (e.data as { text: string }).text);
    },
  });
let seen: boolean[] = [];

describe('a read model built from nothing at start', () => {
  it('gets its deferred indexes once it has caught up, and keeps them while following the log', async () => {
    const store = openSqliteStore({ path: ':memory:' });
    await store.append('n-1', [testEvent('Noted', { text: 'a' }), testEvent('Noted', { text: 'b' })]);
    const db = openReadDb(':memory:');
    seen = [];
    const runner = createProjectionRunner({ store, db, projectors: [notes(1)] });
    await runner.start();
    expect(seen).toEqual([false, false]);
    const index = () => db.sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = 't_notes_text'").get();
    expect(index()).toBeTruthy();
    const { position } = await store.append('n-1', [testEvent('Noted', { text: 'c' })]);
    await runner.waitFor(position);
    expect(seen).toEqual([false, false, true]);
    await runner.stop();

    // Same version again: caught up already, nothing is dropped.
    seen = [];
    const again = createProjectionRunner({ store, db, projectors: [notes(1)] });
    await again.start();
    expect(index()).toBeTruthy();
    await again.stop();

    // A new version rebuilds without the index, then has it.
    const v2 = createProjectionRunner({ store, db, projectors: [notes(2)] });
    await v2.start();
    expect(seen).toEqual([false, false, false]);
    expect(index()).toBeTruthy();
    expect(db.sqlite.prepare('SELECT count(*) AS n FROM t_notes').get()).toEqual({ n: 3 });
    await v2.stop();
    await store.close();
  });
});
