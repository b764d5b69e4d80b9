import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { openCheckpoint, parseVerifierKey } from '../../engine/checkpoint.ts';
import type { EventStore } from '../../engine/eventStore.ts';
import { equalBytes, leafHash, streamingRoot } from '../../engine/merkle.ts';
import { leafBytes, sha256 } from '../../projections/merkle.ts';
import { ed25519Verify } from './logKey.ts';

export interface KeptHead {
  size: number;
  root: Uint8Array;
  time: number;
}

export type LogCheckVerdict =
  | { ok: true; events: number; heads: number; latest: KeptHead | null }
  | {
      ok: false;
      events: number;
      heads: number;
      /** Where the first change lies: after the last head that still holds, up to the first that does not. */
      from: number;
      to: number;
      first: { stream: string; revision: number; id: string } | null;
      reason: string;
    };

/**
 * The signed heads this deployment kept in `heads.db`, each checked against the log key (a head
 * whose signature does not hold is reported, not trusted), and the leaf hashes kept under them.
 */
export const openKeptHeads = (path: string, verifierKey: string) => {
  if (!existsSync(path)) return { heads: [] as KeptHead[], unsigned: 0, keptLeaf: () => null, close: () => {} };
  const db = new Database(path, { readonly: true, fileMustExist: true });
  const key = parseVerifierKey(sha256, verifierKey);
  const rows = db
    .prepare<[], { size: number; checkpoint: string }>('SELECT size, checkpoint FROM heads ORDER BY size')
    .all();
  const heads: KeptHead[] = [];
  let unsigned = 0;
  for (const row of rows) {
    const opened = openCheckpoint(row.checkpoint, key, ed25519Verify);
    if (opened.ok && opened.head.size === row.size) heads.push(opened.head);
    else unsigned++;
  }
  const hasLeaves = !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'leaves'").get();
  const leafRow = hasLeaves ? db.prepare<[number], { hash: Buffer }>('SELECT hash FROM leaves WHERE idx = ?') : null;
  return {
    heads,
    unsigned,
    keptLeaf: (index: number): Uint8Array | null => {
      const row = leafRow?.get(index);
      return row ? new Uint8Array(row.hash) : null;
    },
    close: () => db.close(),
  };
};

/**
 * Recomputes the Merkle tree over the whole store, in global order, and compares it with every
 * signed head at its size: a rewrite of any stream with fresh hashes, a removed or inserted event,
 * or a reordering, shows as the first head whose root no longer matches, even after a rebuild.
 * Memory stays flat (only the tree's left edge is kept).
 */
export const checkLogAgainstHeads = async (
  store: EventStore,
  heads: readonly KeptHead[],
  keptLeaf: (index: number) => Uint8Array | null = () => null,
): Promise<LogCheckVerdict> => {
  const sorted = [...heads].sort((a, b) => a.size - b.size);
  const tree = streamingRoot(sha256);
  let count = 0;
  let next = 0;
  let lastGood = 0;
  let firstOfRange: { stream: string; revision: number; id: string } | null = null;
  const failAt = (head: KeptHead, reason: string): LogCheckVerdict => ({
    ok: false,
    events: count,
    heads: sorted.length,
    from: lastGood,
    to: head.size,
    first: firstOfRange,
    reason,
  });
  while (next < sorted.length && sorted[next]!.size === 0) next++;
  for (let after = 0; next < sorted.length;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) break;
    for (const event of page) {
      if (count === lastGood) firstOfRange = { stream: event.streamName, revision: event.revision, id: event.id };
      const leaf = leafHash(sha256, leafBytes(event));
      const kept = count < (sorted.at(-1)?.size ?? 0) ? keptLeaf(count) : null;
      if (kept && !equalBytes(kept, leaf)) {
        // The leaf signed at this place is kept: this is exactly the first event not as signed.
        const head = sorted[next]!;
        firstOfRange = { stream: event.streamName, revision: event.revision, id: event.id };
        lastGood = count;
        return failAt(
          head,
          `event ${count + 1} of the log is not the one signed there at ${new Date(head.time).toISOString()}: it was changed, added, removed or moved after it was signed`,
        );
      }
      tree.add(leaf);
      count++;
      while (next < sorted.length && sorted[next]!.size === count) {
        const head = sorted[next]!;
        if (!equalBytes(tree.root(), head.root))
          return failAt(
            head,
            `the log's first ${head.size} events are not the ones signed at ${new Date(head.time).toISOString()}: an event among numbers ${lastGood + 1} to ${head.size} was changed, added, removed or moved after it was signed`,
          );
        lastGood = head.size;
        next++;
      }
      if (next >= sorted.length) break;
    }
    after = page[page.length - 1]!.position;
  }
  if (next < sorted.length) {
    const head = sorted[sorted.length - 1]!;
    return failAt(
      head,
      `the log holds ${count} events, fewer than the ${head.size} signed at ${new Date(head.time).toISOString()}: events were removed after they were signed`,
    );
  }
  return { ok: true, events: count, heads: sorted.length, latest: sorted.at(-1) ?? null };
};

/** The store against the heads kept at `headsPath` (each head's signature checked by `verifierKey`). */
export const checkStoreAgainstKeptHeads = async (
  store: EventStore,
  headsPath: string,
  verifierKey: string,
): Promise<{ unsigned: number; verdict: LogCheckVerdict }> => {
  const kept = openKeptHeads(headsPath, verifierKey);
  try {
    return { unsigned: kept.unsigned, verdict: await checkLogAgainstHeads(store, kept.heads, kept.keptLeaf) };
  } finally {
    kept.close();
  }
};
