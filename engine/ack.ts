import type { Ed25519Verify, VerifierKey } from './checkpoint.ts';
import { fromBase64 } from './checkpoint.ts';

/**
 * A signed acknowledgement: the server's word that it accepted an event (a deal, a league bid) at
 * a place in the log — its stream and revision, its id, and its leaf in the Merkle tree (index and
 * hash). The bidder keeps it; if the log ever leaves that event out, moves it or changes it, the
 * acknowledgement proves what the server had accepted.
 *
 * Signed bytes (docs/log-format.md §9), Ed25519 by the log key, each line ending in `\n`:
 *
 *     vetri-deals acknowledgement v1
 *     origin <log origin>
 *     stream <stream>
 *     revision <revision>
 *     id <event id>
 *     leaf <leaf index> <base64 leaf hash>
 *     time <unix ms>
 *
 * The first line has spaces, so the text can never be read as a checkpoint (whose first line is
 * an origin without spaces): a signed acknowledgement cannot pass for a signed tree head.
 */
export interface SignedAck {
  v: 1;
  origin: string;
  stream: string;
  revision: number;
  id: string;
  leaf_index: number;
  /** Base64 of the RFC 9162 leaf hash (docs/log-format.md §3). */
  leaf_hash: string;
  /** When the server recorded the event (its `metadata.at`, unix ms): signing again gives the same acknowledgement. */
  time: number;
  /** Base64 Ed25519 signature of `ackBody`. */
  signature: string;
}

export const ACK_FIRST_LINE = 'vetri-deals acknowledgement v1';

export const ackBody = (a: Omit<SignedAck, 'signature' | 'v'>): string =>
  `${ACK_FIRST_LINE}\norigin ${a.origin}\nstream ${a.stream}\nrevision ${a.revision}\nid ${a.id}\nleaf ${a.leaf_index} ${a.leaf_hash}\ntime ${a.time}\n`;

/** Whether `ack` is signed by `key` (and names that key's log). */
export const checkAck = (ack: SignedAck, key: VerifierKey, verify: Ed25519Verify): boolean => {
  if (ack.v !== 1 || ack.origin !== key.name) return false;
  try {
    return verify(new TextEncoder().encode(ackBody(ack)), fromBase64(ack.signature), key.publicKey);
  } catch {
    return false;
  }
};
