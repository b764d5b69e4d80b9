import { describe, it } from 'vitest';
import { leafHash, streamingRoot, verifyInclusion } from '../../engine/merkle.ts';
import {
  leafBytes,
  leafHashAt,
  leafIndexOf,
  sha256,
  treeInclusion,
  treeRoot,
  treeSize,
} from '../../projections/merkle.ts';
import { given, on } from '../helpers/readModel.ts';

const events = Array.from({ length: 5 }, (_, i) =>
  on(`wallet-u${i % 2}`, { type: 'DepositOrderCreated', data: { orderId: `d${i}`, amount: 100, at: i } }),
);

describe('Merkle tree read model', () => {
  it('holds one leaf per event, in log order, hashed from the event', () => {
    const g = given(...events);
    g.thenRows(treeSize, 5)
      .thenRows((db) => leafIndexOf(db, 3), 2)
      .thenRows((db) => leafIndexOf(db, 6), null)
      .thenRows((db) => [...leafHashAt(db, 4)], [...leafHash(sha256, leafBytes(g.log[4]!))]);
  });

  it('gives the RFC 9162 root of the leaves, and inclusion proofs that check against it', () => {
    const g = given(...events);
    const leaves = g.log.map((e) => leafHash(sha256, leafBytes(e)));
    const streaming = streamingRoot(sha256);
    for (const leaf of leaves) streaming.add(leaf);
    const root = streaming.root();
    g.thenRows((db) => [...treeRoot(db, 5)], [...root]).thenRows(
      (db) => verifyInclusion(sha256, 3, 5, leaves[3]!, treeInclusion(db, 3, 5), root),
      true,
    );
  });
});
