import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../api/logger.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { streamingRoot, verifyInclusion } from '../../engine/merkle.ts';
import { rebuildMarkerOf } from '../../projections/db.ts';
import { leafHashOf, sha256 } from '../../projections/merkle.ts';
import { REBUILD_AT_START_FROM } from '../../projections/rebuild.ts';
import { fillLog } from '../../scripts/bench/log.ts';
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

  /** The last event's inclusion proof, as a member's phone would check it. */
  const lastEventProven = async (url: string, size: number, root: Uint8Array, leaf: Uint8Array) => {
    const res = await fetch(`${url}/api/log/proof/inclusion?position=${size}&tree_size=${size}`);
    expect(res.status).toBe(200);
    const proof = (await res.json()) as {
      leaf_index: number;
      tree_size: number;
      leaf_hash: string;
      audit_path: string[];
    };
    expect(proof).toMatchObject({
      leaf_index: size - 1,
      tree_size: size,
      leaf_hash: Buffer.from(leaf).toString('base64'),
    });
    const path = proof.audit_path.map((h) => new Uint8Array(Buffer.from(h, 'base64')));
    return verifyInclusion(sha256, size - 1, size, leaf, path, root);
  };

  it('rebuilds a new read-model file before serving, brings a changed read model up alone, and then starts as usual', async () => {
    const events = await fillLog(
      { quick: true, scratch: (name) => join(dataDir, name), log: () => {} },
      join(dataDir, 'events.db'),
      REBUILD_AT_START_FROM,
    );
    const log = openSqliteStore({ path: join(dataDir, 'events.db') });
    const tree = streamingRoot(sha256);
    let last: Uint8Array = new Uint8Array();
    for (let after = 0; ;) {
      const batch = await log.readAll({ after, limit: 5000 });
      if (batch.length === 0) break;
      for (const e of batch) tree.add((last = leafHashOf(e)));
      after = batch.at(-1)!.position;
    }
    await log.close();
    const root = tree.root();

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
