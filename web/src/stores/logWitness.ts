import { create } from './create.ts';
import type { KeptHead } from '../../../engine/witness.ts';
import { api } from '../lib/api.ts';

/**
 * This browser as a witness of the deal log: it keeps every signed tree head it has seen (in
 * localStorage), pins the log's key on first sight, and checks each new head against the last
 * one with a consistency proof. A head that does not extend what it saw means the server changed
 * history that was already published: that is a fork, kept and shown until the member acts on it.
 */
export const LOG_STORAGE_KEY = 'vetri.log.v1';
const KEEP_HEADS = 20;

export interface LogFork {
  reason: string;
  /** The last head this browser had seen, and the one the server signed now: the evidence. */
  seen: KeptHead | null;
  served: string | null;
  detectedAt: string;
}

interface Saved {
  verifierKey: string;
  heads: KeptHead[];
  fork: LogFork | null;
}

export type LogWitnessState =
  | { status: 'checking' | 'unavailable'; size: number | null; fork: null }
  | { status: 'ok'; size: number; fork: null }
  | { status: 'fork'; size: number | null; fork: LogFork };

export const useLogWitness = create<LogWitnessState>()(() => ({ status: 'checking', size: null, fork: null }));

export type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/** What this browser keeps of the log, if anything. */
export const loadKept = (storage: Storage): Saved | null => {
  try {
    const raw = storage.getItem(LOG_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Saved) : null;
  } catch {
    return null;
  }
};

/** The log key this browser pinned on first sight, if any. */
export const pinnedVerifierKey = (storage: Storage = localStorage): string | null =>
  loadKept(storage)?.verifierKey ?? null;

let running: Promise<void> | null = null;

/**
 * Fetches the latest signed head (or takes one the server just handed over, e.g. on a receipt) and
 * checks it; updates the store and what this browser keeps.
 */
export const checkLog = (storage: Storage = localStorage, given?: string): Promise<void> =>
  (running = (running ?? Promise.resolve())
    .then(async () => {
      const saved = loadKept(storage);
      if (saved?.fork) {
        useLogWitness.setState({ status: 'fork', size: saved.heads.at(-1)?.tree_size ?? null, fork: saved.fork });
        return;
      }
      let served: { verifier_key: string };
      let head: { checkpoint: string };
      try {
        [served, head] = await Promise.all([
          api<{ verifier_key: string }>('/api/log/key'),
          given ? { checkpoint: given } : api<{ checkpoint: string }>('/api/log/head'),
        ]);
      } catch {
        useLogWitness.setState({ status: 'unavailable', size: null, fork: null });
        return;
      }
      const next: Saved = saved ?? { verifierKey: served.verifier_key, heads: [], fork: null };
      const last = next.heads.at(-1);
      // The signature and hash code (about 30 KB compressed) loads with the first check, not with the landing page.
      const [{ sha256, verify }, { witnessHead }] = await Promise.all([
        import('../lib/signatures.ts'),
        import('../../../engine/witness.ts'),
      ]);
      const verdict = await witnessHead({
        sha256,
        verify,
        pinnedKey: next.verifierKey,
        servedKey: served.verifier_key,
        checkpoint: head.checkpoint,
        last,
        consistency: async (from, to) =>
          (await api<{ proof: string[] }>(`/api/log/proof/consistency?from=${from}&to=${to}`)).proof,
      }).catch((error: unknown) => ({
        status: 'fork' as const,
        reason: `The log’s proof could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      }));
      if (verdict.status === 'fork') {
        next.fork = {
          reason: verdict.reason,
          seen: last ?? null,
          served: head.checkpoint,
          detectedAt: new Date().toISOString(),
        };
        useLogWitness.setState({ status: 'fork', size: last?.tree_size ?? null, fork: next.fork });
      } else {
        if (verdict.status !== 'same') next.heads = [...next.heads, verdict.kept].slice(-KEEP_HEADS);
        useLogWitness.setState({ status: 'ok', size: verdict.head.size, fork: null });
      }
      storage.setItem(LOG_STORAGE_KEY, JSON.stringify(next));
    })
    .catch(() => {
      // A full or blocked localStorage: this check is lost, the next one runs.
    }));

let started = false;

/**
 * Checks now and then every `intervalMs` (once a minute by default); a second call does nothing.
 * The app starts it once someone signs in: a visitor has no deals to protect, and the checks'
 * signature code (13 KB compressed) would not fit a phone's first visit.
 */
export const startLogWitness = (intervalMs = 60_000): void => {
  if (started) return;
  started = true;
  void checkLog();
  setInterval(() => void checkLog(), intervalMs);
};

/** Shows a fork this browser kept from before at once, signed in or not (no network, no crypto). */
export const showKeptFork = (storage: Storage = localStorage): void => {
  const saved = loadKept(storage);
  if (saved?.fork)
    useLogWitness.setState({ status: 'fork', size: saved.heads.at(-1)?.tree_size ?? null, fork: saved.fork });
};

/** The evidence as a file a member can send to support or an auditor. */
export const forkEvidence = (fork: LogFork): string =>
  JSON.stringify(
    {
      what: 'A Vetri Deals log head that does not extend the head this browser saw before',
      reason: fork.reason,
      detected_at: fork.detectedAt,
      seen_before: fork.seen,
      served_now: fork.served,
    },
    null,
    2,
  ) + '\n';
