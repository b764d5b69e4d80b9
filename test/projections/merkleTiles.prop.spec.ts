import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { leafHash, streamingRoot, verifyConsistency, verifyInclusion, equalBytes } from '../../engine/merkle.ts';
import { openReadDb } from '../../projections/db.ts';
import {
  leafBytes,
  leafHashAt,
  leafHashesBetween,
  leafIndexOf,
  merkleProjector,
  sha256,
  treeConsistency,
  treeInclusion,
  treeRoot,
  treeSize,
} from '../../projections/merkle.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { on, record } from '../helpers/readModel.ts';

/** A log of `n` events whose positions skip where `gaps` says (EventStoreDB's positions are not consecutive). */
const logOf = (n: number, gaps: readonly number[]): RecordedEvent[] => {
  let position = 0;
  return record(
    Array.from({ length: n }, (_, i) =>
      on(`wallet-u${i % 3}`, { type: 'DepositOrderCreated', data: { orderId: `d${i}`, amount: 100, at: i } }),
    ),
  ).map((e, i) => {
    position += 1 + (gaps[i % Math.max(gaps.length, 1)] ?? 0);
    return { ...e, position };
  });
};

const rootOf = (leaves: readonly Uint8Array[]) => {
  const s = streamingRoot(sha256);
  for (const leaf of leaves) s.add(leaf);
  return s.root();
};

/** The tree read model fed `log` in batches ending at `cuts`. */
const treeOf = (log: readonly RecordedEvent[], cuts: readonly number[]) => {
  const db = openReadDb(':memory:');
  const runner = createProjectionRunner({ store: null as never, db, projectors: [merkleProjector] });
  let from = 0;
  for (const end of [...[...new Set(cuts.map((c) => c % (log.length + 1)))].sort((a, b) => a - b), log.length]) {
    if (end > from) runner.applyBatch(log.slice(from, end));
    from = Math.max(from, end);
  }
  return db;
};

describe('the Merkle tree kept as tiles', () => {
  it('gives every root, leaf, leaf index and proof the leaves give, for any batches and any positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(fc.constantFrom(0, 0, 0, 1, 5), { maxLength: 10 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (n, cuts, gaps, picks) => {
          const log = logOf(n, gaps);
          const leaves = log.map((e) => leafHash(sha256, leafBytes(e)));
          const db = treeOf(log, cuts);
          try {
            expect(treeSize(db)).toBe(n);
            log.forEach((e, i) => expect(leafIndexOf(db, e.position)).toBe(i));
            // Positions between and after the events are in no leaf.
            const taken = new Set(log.map((e) => e.position));
            const last = log.at(-1)?.position ?? 0;
            for (let p = 1; p <= last + 2; p++) if (!taken.has(p)) expect(leafIndexOf(db, p)).toBeNull();
            for (let size = 0; size <= n; size += size < 40 ? 1 : 37)
              expect(equalBytes(treeRoot(db, size), rootOf(leaves.slice(0, size)))).toBe(true);
            for (const [a, b] of picks) {
              if (n === 0) break;
              const size = 1 + (b % n);
              const index = a % size;
              expect([...leafHashAt(db, index)]).toEqual([...leaves[index]!]);
              const root = rootOf(leaves.slice(0, size));
              expect(verifyInclusion(sha256, index, size, leaves[index]!, treeInclusion(db, index, size), root)).toBe(
                true,
              );
              const older = 1 + (a % size);
              const proof = treeConsistency(db, older, size);
              expect(verifyConsistency(sha256, older, size, rootOf(leaves.slice(0, older)), root, proof)).toBe(true);
              const from = Math.min(index, size - 1);
              expect([...leafHashesBetween(db, from, size)].map(([i, h]) => [i, [...h]])).toEqual(
                leaves.slice(from, size).map((h, k) => [from + k, [...h]]),
              );
            }
          } finally {
            db.sqlite.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('writes a row per 16 leaves (and per 256), and one run for a log numbered one by one', () => {
    const db = treeOf(logOf(600, []), [100, 101, 333]);
    const rows = (table: string) => db.sqlite.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n;
    // Level 0: 600 leaves, 37 full tiles and one of 8; level 4: 37 nodes, two full tiles and one of 5;
    // level 8: two nodes, one tile.
    expect(rows('rm_merkle_tiles')).toBe(38 + 3 + 1);
    expect(rows('rm_merkle_runs')).toBe(1);
    db.sqlite.close();
  });

  it('refuses a node the tree does not hold yet', () => {
    const db = treeOf(logOf(20, []), []);
    expect(() => treeInclusion(db, 3, 21)).toThrow(RangeError);
    db.sqlite.close();
  });

  it('drops the tables of version 1 and starts again when a read database still has them', () => {
    const db = openReadDb(':memory:');
    db.sqlite
      .exec(`CREATE TABLE rm_checkpoints (name TEXT PRIMARY KEY, position INTEGER NOT NULL, version INTEGER NOT NULL);
      INSERT INTO rm_checkpoints VALUES ('merkle', 40, 1);
      CREATE TABLE rm_merkle_nodes (level INTEGER NOT NULL, idx INTEGER NOT NULL, hash BLOB NOT NULL, PRIMARY KEY (level, idx)) WITHOUT ROWID;
      CREATE TABLE rm_merkle_leaves (position INTEGER PRIMARY KEY, idx INTEGER NOT NULL);`);
    createProjectionRunner({ store: null as never, db, projectors: [merkleProjector] });
    const tables = db.sqlite
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'rm_merkle%'")
      .all()
      .map((r) => r.name)
      .sort();
    expect(tables).toEqual(['rm_merkle_runs', 'rm_merkle_tiles']);
    expect(db.sqlite.prepare("SELECT position, version FROM rm_checkpoints WHERE name = 'merkle'").get()).toEqual({
      position: 0,
      version: 3,
    });
    db.sqlite.close();
  });
});
