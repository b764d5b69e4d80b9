import { expect } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { streamingRoot, verifyInclusion } from '../../engine/merkle.ts';
import { leafHashOf, sha256 } from '../../projections/merkle.ts';

/**
 * The log's tree root worked out here, from the log file itself, and its last leaf: what the
 * server's proofs must hold against. It reads the log with its own loop (not the product's batch
 * reader), so the root stays independent of the code under test.
 */
export const logRootOf = async (path: string): Promise<{ root: Uint8Array; last: Uint8Array; size: number }> => {
  const log = openSqliteStore({ path });
  const tree = streamingRoot(sha256);
  let last: Uint8Array = new Uint8Array();
  let size = 0;
  try {
    for (let after = 0; ;) {
      const batch = await log.readAll({ after, limit: 5000 });
      if (batch.length === 0) break;
      for (const e of batch) tree.add((last = leafHashOf(e)));
      size += batch.length;
      after = batch.at(-1)!.position;
    }
  } finally {
    await log.close();
  }
  return { root: tree.root(), last, size };
};

/** The inclusion proof of the event at `size` (the log's last, then) in the tree of that size, as a member's phone checks it. */
export const lastEventProven = async (
  url: string,
  size: number,
  root: Uint8Array,
  leaf: Uint8Array,
): Promise<boolean> => {
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
