import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { rebuildMarkerOf } from '../../projections/db.ts';
import { REBUILD_AT_START_FROM } from '../../projections/rebuild.ts';
import { fillLog } from '../../scripts/bench/log.ts';
import { lastEventProven, logRootOf } from '../helpers/logRoot.ts';
import { startTestServer } from '../helpers/server.ts';

type Line = { msg: string } & Record<string, unknown>;

/**
 * A server opening a long log with read models that hold little or nothing of it: the whole file
 * rebuilt in bulk, or the one read model far behind brought up alone, before it serves. The log's
 * tree is what a member checks: its proofs must hold against the root worked out from the log here.
 */
describe('a start on a long log with read models far behind it', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vetri-startup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const readPath = join(dataDir, 'read.db');

  const start = async () => {
    const lines: Line[] = [];
    const server = await startTestServer({
      dataDir,
      env: { READ_MODEL_PATH: readPath, SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0' },
      log: createLogger('info', (line) => lines.push(JSON.parse(line) as Line)),
    });
    return { server, lines };
  };
  const said = (lines: Line[], text: string) => lines.filter((l) => l.msg.includes(text));

  it('rebuilds a new read-model file before serving, brings a changed read model up alone, and then starts as usual', async () => {
    const events = await fillLog(
      { quick: true, scratch: (name) => join(dataDir, name), log: () => {} },
      join(dataDir, 'events.db'),
      REBUILD_AT_START_FROM,
    );
    const { root, last, size } = await logRootOf(join(dataDir, 'events.db'));
    expect(size).toBe(events);

    // A new file: every read model rebuilt in bulk, then the server serves the log's tree.
    const first = await start();
    expect(said(first.lines, 'rebuilding every read model before serving')).toEqual([
      expect.objectContaining({ head: events, path: readPath }),
    ]);
    expect(said(first.lines, 'read models rebuilt')).toEqual([expect.objectContaining({ events })]);
    expect(await lastEventProven(first.server.url, events, root, last)).toBe(true);
    await first.server.stop();

    // A deployment changes the tree's version: that read model alone is brought up from the log.
    const file = new Database(readPath);
    file.prepare("UPDATE rm_checkpoints SET version = version - 1 WHERE name = 'merkle'").run();
    file.close();
    const second = await start();
    expect(said(second.lines, 'rebuilding every read model')).toEqual([]);
    // (The first start wrote events of its own: the admin, the sweepers' settlements.)
    const caughtUp = said(second.lines, 'brought up in bulk');
    expect(caughtUp).toEqual([expect.objectContaining({ readModels: ['merkle'], from: 0 })]);
    expect(caughtUp[0]!.head).toBeGreaterThan(events);
    expect(await lastEventProven(second.server.url, events, root, last)).toBe(true);
    await second.server.stop();
    // Brought up in bulk (no write-ahead file meanwhile), the file is back to its write-ahead file, marker gone.
    expect(existsSync(rebuildMarkerOf(readPath))).toBe(false);
    const reopened = new Database(readPath);
    expect(reopened.pragma('journal_mode', { simple: true })).toBe('wal');
    reopened.close();

    // Nothing behind: neither.
    const third = await start();
    expect(said(third.lines, 'rebuilding every read model')).toEqual([]);
    expect(said(third.lines, 'brought up in bulk')).toEqual([]);
    expect(await lastEventProven(third.server.url, events, root, last)).toBe(true);
    await third.server.stop();
  }, 120_000);
});
