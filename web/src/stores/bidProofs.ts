import { sha256 } from '@noble/hashes/sha2.js';
import type { SignedAck } from '../../../engine/ack.ts';
import { checkAck } from '../../../engine/ack.ts';
import { fromBase64, openCheckpoint, parseVerifierKey } from '../../../engine/checkpoint.ts';
import { verifyInclusion } from '../../../engine/merkle.ts';
import { t } from '../i18n/index.ts';
import { api, ApiError } from '../lib/api.ts';
import { checkLog, pinnedVerifierKey } from './logWitness.ts';
import { verify } from '../lib/signatures.ts';

/**
 * The signed acknowledgements this browser received for the member's deals and league bids, kept
 * in IndexedDB: the member's own proof that the server accepted each one at a place in the log.
 * My Deals lists them, checks each against the signed log, and downloads them as one file.
 */
export interface KeptProof {
  /** The event id of the deal or bid. */
  id: string;
  userId: string;
  kind: 'deal' | 'league';
  /** Room code or league code. */
  where: string;
  /** Deal number in the room, or null for a league bid. */
  seq: number | null;
  /** Paise for a deal, points for a league bid. */
  amount: number;
  at: number;
  ack: SignedAck;
  keptAt: number;
}

const DB_NAME = 'vetri-deals';
const STORE = 'acks';

const openDb = (): Promise<IDBDatabase> =>
  new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('userId', 'userId');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is not available'));
  });

const done = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Keeps an acknowledgement; a browser without storage (private mode) only loses this copy. */
export const keepProof = async (proof: Omit<KeptProof, 'keptAt'>): Promise<void> => {
  try {
    const db = await openDb();
    try {
      await done(
        db
          .transaction(STORE, 'readwrite')
          .objectStore(STORE)
          .put({ ...proof, keptAt: Date.now() }),
      );
    } finally {
      db.close();
    }
  } catch {
    // Nothing to do: the deal itself stands; only this browser's copy of the proof is missing.
  }
};

/** The member's kept acknowledgements, newest first. */
export const proofsOf = async (userId: string): Promise<KeptProof[]> => {
  const db = await openDb();
  try {
    const rows = await done(
      db.transaction(STORE, 'readonly').objectStore(STORE).index('userId').getAll(userId) as IDBRequest<KeptProof[]>,
    );
    return rows.sort((a, b) => b.at - a.at || b.ack.leaf_index - a.ack.leaf_index);
  } finally {
    db.close();
  }
};

export type ProofCheck =
  { state: 'in-log'; size: number } | { state: 'pending'; reason: string } | { state: 'bad'; reason: string };

/**
 * Checks one acknowledgement (its reasons are said in the language shown when it runs): signed by the log key this browser pinned, and the event is in the
 * latest signed tree head at exactly the acknowledged place with the acknowledged leaf hash (the
 * head itself is witnessed against the heads this browser kept).
 */
export const checkProof = async (proof: KeptProof): Promise<ProofCheck> => {
  const pinned = pinnedVerifierKey();
  let key;
  try {
    key = parseVerifierKey(sha256, pinned ?? (await api<{ verifier_key: string }>('/api/log/key')).verifier_key);
  } catch (error) {
    return { state: 'bad', reason: t('The log key cannot be read: {error}', { error: (error as Error).message }) };
  }
  if (!checkAck(proof.ack, key, verify))
    return { state: 'bad', reason: t('This acknowledgement is not signed by the log’s key.') };
  let inclusion: { leaf_index: number; tree_size: number; leaf_hash: string; audit_path: string[] };
  try {
    inclusion = await api(`/api/log/proof/inclusion?id=${encodeURIComponent(proof.id)}`);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'EVENT_NOT_IN_TREE')
      return {
        state: 'pending',
        reason: t('Signed by the server; the next signed record of the log will include it.'),
      };
    if (error instanceof ApiError && error.code === 'EVENT_NOT_FOUND')
      return { state: 'bad', reason: t('The log no longer holds this event, though the server acknowledged it.') };
    return { state: 'pending', reason: t('The log could not be reached. Try again later.') };
  }
  if (inclusion.leaf_index !== proof.ack.leaf_index || inclusion.leaf_hash !== proof.ack.leaf_hash)
    return {
      state: 'bad',
      reason: t(
        'The log now holds this event at place {now}, not at place {acked} where the server acknowledged it, or holds it changed.',
        { now: inclusion.leaf_index + 1, acked: proof.ack.leaf_index + 1 },
      ),
    };
  const head = await api<{ checkpoint: string }>(`/api/log/heads/${inclusion.tree_size}`);
  const opened = openCheckpoint(head.checkpoint, key, verify);
  if (!opened.ok) return { state: 'bad', reason: t(opened.reason) };
  const path = inclusion.audit_path.map(fromBase64);
  if (
    !verifyInclusion(
      sha256,
      proof.ack.leaf_index,
      opened.head.size,
      fromBase64(proof.ack.leaf_hash),
      path,
      opened.head.root,
    )
  )
    return { state: 'bad', reason: t('The log’s proof for this event does not lead to its signed root.') };
  void checkLog(localStorage, head.checkpoint);
  return { state: 'in-log', size: opened.head.size };
};

/** The kept acknowledgements as one file a member can keep or hand to an auditor. */
export const proofsFile = (proofs: readonly KeptProof[]): string =>
  JSON.stringify(
    {
      what: 'Signed acknowledgements of my Vetri Deals deals and bids (docs/log-format.md §9)',
      verifier_key: pinnedVerifierKey(),
      acknowledgements: proofs.map((p) => ({
        kind: p.kind,
        where: p.where,
        seq: p.seq,
        amount: p.amount,
        at: new Date(p.at).toISOString(),
        ...p.ack,
      })),
    },
    null,
    2,
  ) + '\n';
