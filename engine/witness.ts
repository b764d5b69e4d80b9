import type { Ed25519Verify, TreeHead } from './checkpoint.ts';
import { fromBase64, openCheckpoint, parseVerifierKey, toBase64 } from './checkpoint.ts';
import type { Sha256 } from './merkle.ts';
import { verifyConsistency } from './merkle.ts';

/** A signed head as a witness keeps it. */
export interface KeptHead {
  tree_size: number;
  root_hash: string;
  time: number;
  checkpoint: string;
}

export type WitnessVerdict =
  | { status: 'first' | 'same' | 'grew'; head: TreeHead; kept: KeptHead }
  | { status: 'fork'; reason: string; head?: TreeHead };

/**
 * What a witness (the `npm run witness` CLI, a member's browser) concludes from a log's latest
 * signed head, given the last head it kept: the signature must be by the pinned key; a head of
 * the same size must have the same root; a larger one must come with a consistency proof that
 * verifies; a smaller one means the log shrank. Anything else is a fork, said in words.
 */
export const witnessHead = async (opts: {
  sha256: Sha256;
  verify: Ed25519Verify;
  /** The key this witness trusts (pinned on first sight) and the one the log serves now. */
  pinnedKey: string;
  servedKey: string;
  checkpoint: string;
  last: KeptHead | undefined;
  consistency: (from: number, to: number) => Promise<string[]>;
}): Promise<WitnessVerdict> => {
  if (opts.servedKey !== opts.pinnedKey) {
    return { status: 'fork', reason: `The log now signs with another key (${opts.servedKey}).` };
  }
  const opened = openCheckpoint(opts.checkpoint, parseVerifierKey(opts.sha256, opts.pinnedKey), opts.verify);
  if (!opened.ok) return { status: 'fork', reason: opened.reason };
  const head = opened.head;
  const kept: KeptHead = {
    tree_size: head.size,
    root_hash: toBase64(head.root),
    time: head.time,
    checkpoint: opts.checkpoint,
  };
  const last = opts.last;
  if (!last) return { status: 'first', head, kept };
  if (head.size < last.tree_size) {
    return { status: 'fork', head, reason: `The log shrank from ${last.tree_size} to ${head.size} events.` };
  }
  if (head.size === last.tree_size) {
    return kept.root_hash === last.root_hash
      ? { status: 'same', head, kept }
      : { status: 'fork', head, reason: `Two different logs of ${head.size} events were signed.` };
  }
  const proof = await opts.consistency(last.tree_size, head.size);
  const extends_ = verifyConsistency(
    opts.sha256,
    last.tree_size,
    head.size,
    fromBase64(last.root_hash),
    head.root,
    proof.map(fromBase64),
  );
  return extends_
    ? { status: 'grew', head, kept }
    : {
        status: 'fork',
        head,
        reason: `The log of ${head.size} events does not extend the one of ${last.tree_size} events signed before.`,
      };
};
