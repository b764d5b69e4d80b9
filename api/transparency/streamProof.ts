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
 * each event already signed must hash to the leaf signed at its place (the leaves kept beside the
 * heads; for heads signed before leaves were kept, the tree's inclusion proof). A stream rewritten
 * with fresh hashes, or an event removed, moved or renamed after it was signed, is named here even
 * after `npm run rebuild`, because neither the kept leaves nor the signed root change with the
 * read models.
 */
export const checkStreamInSignedLog = (
  readDb: ReadDb,
  head: SignedHead | null,
  keptLeaf: (index: number) => Uint8Array | null,
  events: readonly RecordedEvent[],
): SignedLogVerdict => {
  if (!head || head.size === 0) return { ok: true, signed: 0, head: null, logIntact: true };
  const projected = treeSize(readDb);
  const logIntact = projected >= head.size && equalBytes(treeRoot(readDb, head.size), head.root);
  const notAsSigned = (e: { id: string; revision: number }, reason: string, signed: number): SignedLogVerdict => ({
    ok: false,
    logIntact,
    signed,
    head: head.size,
    bad: { id: e.id, revision: e.revision, reason },
  });
  let signed = 0;
  for (const e of events) {
    const index = leafIndexOf(readDb, e.position);
    if (index === null || index >= head.size) continue;
    const leaf = leafHash(sha256, leafBytes(e));
    const kept = keptLeaf(index);
    const held = kept
      ? equalBytes(kept, leaf)
      : logIntact &&
        verifyInclusion(sha256, index, head.size, leaf, treeInclusion(readDb, index, head.size), head.root);
    if (!held) {
      if (!kept && !logIntact)
        // No kept leaf, and a tree rebuilt from a changed log cannot single out an event.
        return notAsSigned(
          { id: '(log)', revision: -1 },
          `the log as the store holds it now does not have the root signed in the head of ${head.size} events: events were changed after they were signed (npm run verify -- --all names the first)`,
          signed,
        );
      return notAsSigned(
        e,
        `not the event the log signed at its place (event ${index + 1} of the head of ${head.size}): changed, moved or renamed after it was signed`,
        signed,
      );
    }
    signed++;
  }
  // Events removed after they were signed leave the tree smaller than the head.
  if (projected < head.size) {
    const last = events.at(-1);
    return notAsSigned(
      { id: last?.id ?? '(none)', revision: last?.revision ?? -1 },
      `the log now holds ${projected} events, fewer than the ${head.size} it signed: events were removed`,
      signed,
    );
  }
  return { ok: true, signed, head: head.size, logIntact };
};
