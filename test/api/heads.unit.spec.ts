import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createHeads } from '../../api/transparency/heads.ts';
import { loadLogKey } from '../../api/transparency/logKey.ts';
import { openReadDb } from '../../projections/db.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { leafHashAt, merkleProjector, treeSize } from '../../projections/merkle.ts';
import { testMetadata } from '../helpers/events.ts';
import { on, record } from '../helpers/readModel.ts';

const dir = mkdtempSync(join(tmpdir(), 'vetri-heads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('signed tree heads', () => {
  it('keep every leaf under each head beside it, across heads signed as the tree grows', () => {
    const log = record(
      Array.from({ length: 40 }, (_, i) => ({
        ...on(`room-R${i % 3}`, { type: 'Noted', data: { i } }),
        metadata: testMetadata(),
      })),
    );
    const readDb = openReadDb(':memory:');
    const runner = createProjectionRunner({ store: null as never, db: readDb, projectors: [merkleProjector] });
    const heads = createHeads({
      path: join(dir, 'heads.db'),
      readDb,
      key: loadLogKey(dir, 'test/log', undefined),
      now: () => 1,
      log: { error: () => {} },
    });
    const signed: number[] = [];
    for (const upTo of [1, 7, 8, 23, 40]) {
      runner.applyBatch(log.slice(treeSize(readDb), upTo));
      signed.push(heads.publish()!.size);
    }
    expect(signed).toEqual([1, 7, 8, 23, 40]);
    for (let i = 0; i < 40; i++) expect(heads.keptLeaf(i), `leaf ${i}`).toEqual(leafHashAt(readDb, i));
    expect(heads.keptLeaf(40)).toBeNull();
    heads.close();
  });
});
