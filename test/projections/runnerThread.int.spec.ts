import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { openReadDb } from '../../projections/db.ts';
import type { ReadDb } from '../../projections/db.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { ReadModelWriteError, startWriterThread } from '../../projections/runnerThread.ts';
import { queryStreams } from '../../projections/streams.ts';
import { testEvent, waitUntil } from '../helpers/events.ts';
import { refuseMarker, threadProjectors } from './fixtures/threadProjectors.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A runner whose batches a worker thread writes, over a log and a read-model file of their own. */
const threaded = (batchDelayMs = 0) => {
  const dir = mkdtempSync(join(tmpdir(), 'vetri-writer-'));
  dirs.push(dir);
  const path = join(dir, 'read.db');
  const store = openSqliteStore({ path: join(dir, 'events.db') });
  const db = openReadDb(path);
  const errors: unknown[] = [];
  const runner = createProjectionRunner({
    store,
    db,
    projectors: threadProjectors,
    batchDelayMs,
    onError: (error) => errors.push(error),
    writer: () =>
      startWriterThread({
        path,
        module: new URL('./fixtures/threadProjectors.ts', import.meta.url).href,
        exportName: 'threadProjectors',
      }),
  });
  return { path, store, db, runner, errors };
};

const countOf = (db: ReadDb) =>
  (db.sqlite.prepare('SELECT n FROM t_counter').get() as { n: number } | undefined)?.n ?? 0;
const checkpointRow = (db: ReadDb, name: string) =>
  (db.sqlite.prepare('SELECT position FROM rm_checkpoints WHERE name = ?').get(name) as { position: number }).position;
const streamEvents = (db: ReadDb, stream: string) =>
  queryStreams(db, { search: stream }).rows.find((r) => r.stream === stream)?.eventCount ?? 0;

describe('read models written on a worker thread', () => {
  it('catches up, follows live appends and tells listeners, with rows this thread reads', async () => {
    const { store, db, runner } = threaded();
    await store.append('c-1', [testEvent('Counted'), testEvent('Ignored'), testEvent('Counted')]);
    const batches: string[][] = [];
    runner.onApplied((events) => batches.push(events.map((e) => e.type)));
    await runner.start();
    expect(countOf(db)).toBe(2);
    expect(streamEvents(db, 'c-1')).toBe(3);

    const live = await store.append('c-1', [testEvent('Counted')]);
    await runner.waitFor(live.position);
    expect(countOf(db)).toBe(3);
    expect(checkpointRow(db, 'counter')).toBe(live.position);
    expect(batches.flat()).toEqual(['Counted', 'Ignored', 'Counted', 'Counted']);
    // The thread is the one writer: this thread's own way in is closed.
    expect(() => runner.applyBatch([])).toThrow('written by the runner’s writer thread');
    expect(() => runner.writeIdleCheckpoints()).toThrow('written by the runner’s writer thread');
    await runner.stop();

    // A restart resumes from the checkpoints the thread wrote: nothing applied twice.
    const more = await store.append('c-1', [testEvent('Counted')]);
    const again = createProjectionRunner({ store, db, projectors: threadProjectors });
    await again.start();
    await again.waitFor(more.position);
    expect(countOf(db)).toBe(4);
    expect(streamEvents(db, 'c-1')).toBe(5);
    await again.stop();
    await store.close();
  });

  it('tries a refused batch again until it goes in, and counts it as held meanwhile', async () => {
    const { path, store, db, runner, errors } = threaded();
    await runner.start();
    writeFileSync(refuseMarker(path), '');
    const before = runner.position();
    const first = await store.append('c-1', [testEvent('Counted'), testEvent('Boom')]);
    const second = await store.append('c-1', [testEvent('Counted')]);
    await waitUntil(() => errors.length >= 2, 5000, 'the batch refused twice');
    expect(errors[0]).toBeInstanceOf(ReadModelWriteError);
    expect((errors[0] as Error).message).toBe('projector failure');
    // Nothing of the refused batch is written: rows and checkpoints stand where they were.
    expect(countOf(db)).toBe(0);
    expect(checkpointRow(db, 'streams')).toBe(before);
    // The refused events are still on their way: counted from where the rows say the model stands.
    expect(runner.heldBefore('streams', first.position - 1, checkpointRow(db, 'streams'))).toBe(0);
    expect(runner.heldBefore('streams', first.position, checkpointRow(db, 'streams'))).toBe(1);
    // The log waits for the read models: what came after is not read yet.
    expect(runner.heldBefore('streams', second.position, checkpointRow(db, 'streams'))).toBeNull();

    rmSync(refuseMarker(path));
    await runner.waitFor(second.position, 10_000);
    expect(countOf(db)).toBe(3);
    expect(streamEvents(db, 'c-1')).toBe(3);
    // Written: no longer held, wherever it is counted from.
    expect(runner.heldBefore('streams', second.position, checkpointRow(db, 'streams'))).toBeNull();
    await runner.stop();
    await store.close();
  });

  it('starts a new thread when one dies mid-batch, and the batch is written once', async () => {
    const { store, db, runner, errors } = threaded();
    await runner.start();
    const crash = await store.append('c-1', [testEvent('Counted'), testEvent('Crash'), testEvent('Counted')]);
    await runner.waitFor(crash.position, 10_000);
    expect(errors.map((e) => (e as Error).message)).toEqual(["the read-model writer's thread stopped (exit code 1)"]);
    expect(countOf(db)).toBe(3);
    expect(streamEvents(db, 'c-1')).toBe(3);
    const after = await store.append('c-1', [testEvent('Counted')]);
    await runner.waitFor(after.position);
    expect(countOf(db)).toBe(4);
    await runner.stop();
    await store.close();
  });

  it('holds live events for one batch and writes what is held at stop', async () => {
    const { store, db, runner } = threaded(60_000);
    await runner.start();
    const batches: number[] = [];
    runner.onApplied((events) => batches.push(events.length));
    await store.append('c-1', [testEvent('Counted')]);
    const second = await store.append('c-1', [testEvent('Counted')]);
    await waitUntil(() => runner.heldBefore('counter', second.position) !== null, 2000, 'the events held');
    expect(countOf(db)).toBe(0);
    expect(runner.awaited(second.position)).toBe(false);
    // One read model asked for ahead of the others: the thread writes them all, in one batch. Until
    // it is written, whoever looks can see that the batch is being brought forward.
    const ahead = runner.waitFor(second.position, 5000, 'counter');
    const all = runner.waitFor(second.position - 1, 5000);
    expect(runner.awaited(second.position - 1)).toBe(true);
    expect(runner.awaited(second.position)).toBe(false);
    await Promise.all([ahead, all]);
    expect(runner.awaited(second.position - 1)).toBe(false);
    expect(countOf(db)).toBe(2);
    expect(batches).toEqual([2]);
    const third = await store.append('c-1', [testEvent('Counted')]);
    await waitUntil(() => runner.heldBefore('counter', third.position) !== null, 2000, 'the third held');
    await runner.stop();
    expect(countOf(db)).toBe(3);
    expect(checkpointRow(db, 'counter')).toBe(third.position);
    await store.close();
  });
});
