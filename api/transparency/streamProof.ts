import type { RecordedEvent } from '../../engine/eventStore.ts';
import { equalBytes, leafHash, verifyInclusion } from '../../engine/merkle.ts';
import type { ReadDb } from '../../projections/db.ts';
import { leafBytes, leafIndexOf, sha256, treeInclusion, treeRoot, treeSize } from '../../projections/merkle.ts';
import type { SignedHead } from './heads.ts';

export type SignedLogVerdict = (
  | { ok: true; signed: number; head: number | null }
  | { ok: false; signed: number; head: number; bad: { id: string; revision: number; reason: string } }
) & {
  /** Whether the log's first `head` events, as the tree holds them now, still have the signed root. */
  logIntact: boolean;
};

/**
 * Checks a stream's events, as the store holds them now, against the latest signed tree head:
 * each event already signed must hash to the leaf the head commits to at its place. A stream
 * rewritten with fresh hashes, or an event removed or renamed after it was signed, fails here even
 * after `npm run rebuild` (the signed root does not change with the read models).
 */
export const checkStreamInSignedLog = (
  readDb: ReadDb,
  head: SignedHead | null,
  events: readonly RecordedEvent[],
): SignedLogVerdict => {
  if (!head || head.size === 0) return { ok: true, signed: 0, head: null, logIntact: true };
  const size = Math.min(head.size, treeSize(readDb));
  const logIntact = size === head.size && equalBytes(treeRoot(readDb, head.size), head.root);
  if (!logIntact) {
    // The tree was rebuilt from a changed log: its proofs cannot single out an event, so none is blamed.
    return {
      ok: false,
      logIntact,
      signed: 0,
      head: head.size,
      bad: {
        id: '(log)',
        revision: -1,
        reason: `the log as the store holds it now does not have the root signed in the head of ${head.size} events: events were changed after they were signed (npm run verify -- --all names the first)`,
      },
    };
  }
  let signed = 0;
  for (const e of events) {
    const index = leafIndexOf(readDb, e.position);
    if (index === null) continue;
    if (index >= head.size) continue;
    const leaf = leafHash(sha256, leafBytes(e));
    const path = index < size ? treeInclusion(readDb, index, head.size) : [];
    if (size < head.size || !verifyInclusion(sha256, index, head.size, leaf, path, head.root)) {
      return {
        ok: false,
        logIntact,
        signed,
        head: head.size,
        bad: {
          id: e.id,
          revision: e.revision,
          reason: `not the event the log signed at its place (leaf ${index} of the head of ${head.size} events): changed after it was signed`,
        },
      };
    }
    signed++;
  }
  // An event removed from the end of the stream after it was signed leaves the tree smaller or different.
  if (treeSize(readDb) < head.size) {
    const last = events.at(-1);
    return {
      ok: false,
      logIntact,
      signed,
      head: head.size,
      bad: {
        id: last?.id ?? '(none)',
        revision: last?.revision ?? -1,
        reason: `the log now holds ${treeSize(readDb)} events, fewer than the ${head.size} it signed: events were removed`,
      },
    };
  }
  return { ok: true, signed, head: head.size, logIntact };
};
