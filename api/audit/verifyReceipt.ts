import { readFileSync } from 'node:fs';
import { fromBase64, openCheckpoint, parseVerifierKey, toBase64 } from '../../engine/checkpoint.ts';
import { leafHash, verifyInclusion } from '../../engine/merkle.ts';
import { leafBytes, sha256 } from '../../projections/merkle.ts';
import { ed25519Verify } from '../transparency/logKey.ts';
import type { ExportLine } from './ndjson.ts';
import type { Receipt } from '../contract/audit.ts';

export interface ReceiptVerdict {
  ok: boolean;
  /** The signed head the receipt's proofs are against, when its signature holds. */
  treeSize: number | null;
  proved: number;
  problems: string[];
}

/**
 * Checks a room's history file against its fairness receipt and the log's key, offline: the
 * receipt's head is signed by the key; every event of the file, hashed again as a leaf, is the
 * leaf the receipt proves, and its audit path leads to the signed root; no event is missing on
 * either side. A history rewritten with fresh hashes fails here even though its chain is intact.
 */
export const verifyAgainstReceipt = (
  lines: readonly ExportLine[],
  receipt: Pick<Receipt, 'stream' | 'final_hash' | 'log'>,
  verifierKey: string,
): ReceiptVerdict => {
  const problems: string[] = [];
  let key;
  try {
    key = parseVerifierKey(sha256, verifierKey);
  } catch (error) {
    return { ok: false, treeSize: null, proved: 0, problems: [(error as Error).message] };
  }
  const opened = openCheckpoint(receipt.log.checkpoint, key, ed25519Verify);
  if (!opened.ok) return { ok: false, treeSize: null, proved: 0, problems: [opened.reason] };
  const head = opened.head;
  if (head.size !== receipt.log.tree_size || toBase64(head.root) !== receipt.log.root_hash)
    problems.push('the receipt’s tree size or root differs from its signed head');
  const proofs = new Map(receipt.log.events.map((p) => [p.revision, p]));
  const events = lines.filter((l) => l.stream === receipt.stream);
  let proved = 0;
  for (const e of events) {
    const proof = proofs.get(e.revision);
    proofs.delete(e.revision);
    const where = `event ${e.id} at revision ${e.revision}`;
    if (!proof) {
      problems.push(`${where} is not in the receipt: it was added after the log was signed`);
      continue;
    }
    const leaf = leafHash(sha256, leafBytes({ ...e, streamName: e.stream }));
    if (toBase64(leaf) !== proof.leaf_hash) {
      problems.push(`${where} differs from the event the signed log holds at that place (changed or renamed)`);
      continue;
    }
    if (!verifyInclusion(sha256, proof.leaf_index, head.size, leaf, proof.audit_path.map(fromBase64), head.root)) {
      problems.push(`${where}: its proof does not lead to the signed root`);
      continue;
    }
    proved++;
  }
  for (const p of proofs.values())
    problems.push(`event ${p.id} at revision ${p.revision} is in the signed log but missing from the file`);
  const last = events.at(-1)?.metadata.hash;
  if (last !== receipt.final_hash)
    problems.push(`the file ends in hash ${last ?? 'nothing'}, the receipt in ${receipt.final_hash}`);
  return { ok: problems.length === 0, treeSize: head.size, proved, problems };
};

/** Reads an export file's event lines (the manifest and blank lines are skipped). */
export const readExportLines = (path: string): ExportLine[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as ExportLine | { manifest: unknown })
    .filter((v): v is ExportLine => !('manifest' in v));
