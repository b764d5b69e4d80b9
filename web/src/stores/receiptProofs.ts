import { fromBase64, openCheckpoint, parseVerifierKey } from '../../../engine/checkpoint.ts';
import { verifyInclusion } from '../../../engine/merkle.ts';
import { sha256, verify } from '../lib/signatures.ts';
import type { Storage } from './logWitness.ts';
import { loadKept } from './logWitness.ts';

/**
 * Checks a receipt's proofs in this browser: the head is signed by the key this browser pinned (or,
 * on a first visit, the receipt's own), and every event's leaf leads to the signed root.
 */
export const checkReceiptProofs = (
  log: {
    verifier_key: string;
    checkpoint: string;
    events: { leaf_index: number; leaf_hash: string; audit_path: string[] }[];
  },
  storage: Storage = localStorage,
): { ok: true; size: number } | { ok: false; reason: string } => {
  try {
    const pinned = loadKept(storage)?.verifierKey ?? log.verifier_key;
    const opened = openCheckpoint(log.checkpoint, parseVerifierKey(sha256, pinned), verify);
    if (!opened.ok) return { ok: false, reason: opened.reason };
    const { size, root } = opened.head;
    const bad = log.events.find(
      (e) => !verifyInclusion(sha256, e.leaf_index, size, fromBase64(e.leaf_hash), e.audit_path.map(fromBase64), root),
    );
    return bad ? { ok: false, reason: `Event ${bad.leaf_index + 1} of the log is not proved.` } : { ok: true, size };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
};
