import { closeSync, existsSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { rebuildMarkerOf, rebuildSideOf } from '../../projections/db.ts';
import { REBUILD_AT_START_FROM, SECOND_THREAD_FROM } from '../../projections/rebuild.ts';
import { fillLog } from '../../scripts/bench/log.ts';
import { lastEventProven, logRootOf } from '../helpers/logRoot.ts';
import type { ChildServer } from './childServer.ts';
import { childServer, freePort } from './childServer.ts';
import { againstRebuild } from './invariants.ts';
import { eventually, sleep } from './retry.ts';

const REBUILDING = 'rebuilding every read model before serving';
const CATCHING_UP = 'brought up in bulk before serving';

/**
 * A start-up that writes the read-model file in bulk (its journal in memory, no syncs: a file
 * rebuilt whole, or read models far behind brought up from the log) and is killed half-way. The
 * next start must throw the torn file away and serve read models that match the log exactly.
 */
describe('crash: the server is killed (SIGKILL) while it writes its read models in bulk at start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vetri-startcrash-'));
  let server: ChildServer | null = null;
  afterAll(async () => {
    await server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Starts the server and, once it says `text` and its bulk writes have begun (`file` on disk: the
   * marker, or the second thread's file), kills it a moment into them, before it serves.
   */
  const killDuring = async (text: string, file: string) => {
    const heard = server!.says(text);
    const starting = server!.start().then(
      () => 'served',
      () => 'died',
    );
    const first = await Promise.race([heard.then(() => 'heard'), starting]);
    expect(first, `the server never said "${text}":\n${server!.output()}`).toBe('heard');
    await eventually(() => existsSync(file), 'the bulk writes under way', 10_000);
    await sleep(100);
    await server!.kill();
    return starting;
  };
  /** Starts the server and tells whether it said `text` before it served. */
  const startSaying = async (text: string) => {
    let heard = false;
    void server!.says(text).then(() => (heard = true));
    await server!.start();
    return heard;
  };

  it('throws the torn file away at the next start and rebuilds it to match the log, proofs and all', async () => {
    const logPath = join(dataDir, 'events.db');
    // Long enough for the rebuild's second thread (its own file beside the read models), and for
    // the bulk writes to last long enough to be cut half-way.
    const events = await fillLog(
      { quick: true, scratch: (name) => join(dataDir, name), log: () => {} },
      logPath,
      SECOND_THREAD_FROM + REBUILD_AT_START_FROM,
    );
    const { root, last, size } = await logRootOf(logPath);
    expect(size).toBe(events);
    server = childServer({
      dataDir,
      port: await freePort(),
      env: { LOG_LEVEL: 'info', SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' },
    });
    const readPath = server.readModelPath();

    // 1. A new read-model file, killed while it is rebuilt on two threads: the marker is still
    // there, and the second thread's file beside it.
    expect(await killDuring(REBUILDING, rebuildSideOf(readPath))).toBe('died');
    expect(existsSync(rebuildMarkerOf(readPath)), server.output()).toBe(true);
    expect(existsSync(rebuildSideOf(readPath))).toBe(true);

    // The next start throws it away and rebuilds it whole before serving.
    expect(await startSaying(REBUILDING)).toBe(true);
    expect(existsSync(rebuildSideOf(readPath))).toBe(false);
    expect(await lastEventProven(server.url, size, root, last)).toBe(true);
    await server.stop();

    // 2. Every read model's version changed (a deployment): all of them far behind, brought up from
    // the log in bulk, killed half-way.
    const file = new Database(readPath);
    file.prepare('UPDATE rm_checkpoints SET version = version - 1').run();
    file.close();
    expect(await killDuring(CATCHING_UP, rebuildMarkerOf(readPath))).toBe('died');
    expect(existsSync(rebuildMarkerOf(readPath)), server.output()).toBe(true);
    // A kill between two of the catch-up's commits leaves whole pages (the OS keeps what was
    // written); a power cut, or a kill inside a commit's page writes, leaves some half-written, and
    // with the journal in memory nothing can put them back. Stand in for that: scribble over the
    // middle of the file.
    const torn = openSync(readPath, 'r+');
    writeSync(torn, Buffer.alloc(64 * 1024, 0xa5), 0, 64 * 1024, Math.floor(statSync(readPath).size / 2));
    closeSync(torn);

    // The next start throws the half-written file away and rebuilds it whole.
    expect(await startSaying(REBUILDING)).toBe(true);
    expect(existsSync(rebuildMarkerOf(readPath))).toBe(false);
    expect(await lastEventProven(server.url, size, root, last)).toBe(true);
    // The start's round closes settle the log's rooms for a few seconds after it serves: compare
    // once the log has stood still for a second with the read models at its head.
    const health = async () =>
      (await (await fetch(`${server!.url}/api/health`)).json()) as { projectedPosition: number; headPosition: number };
    await eventually(
      async () => {
        const before = await health();
        await sleep(1000);
        const after = await health();
        return after.headPosition === before.headPosition && after.projectedPosition === after.headPosition;
      },
      'the log standing still with the read models at its head',
      60_000,
    );
    await server.stop();

    // Row for row and index for index what a rebuild of the same log gives, every checkpoint at the log's head.
    const store = openSqliteStore({ path: logPath });
    const mine = new Database(readPath, { readonly: true });
    expect(await againstRebuild(store, mine, join(dataDir, 'reference.db'), await store.headPosition())).toEqual([]);
    mine.close();
    await store.close();
  });
});
