import Database from 'better-sqlite3';
import type { TreeHead } from '../../engine/checkpoint.ts';
import { signCheckpoint } from '../../engine/checkpoint.ts';
import type { ReadDb } from '../../projections/db.ts';
import { enableWal } from '../../projections/db.ts';
import { verifyConsistency } from '../../engine/merkle.ts';
import { leafHashesBetween, sha256, treeConsistency, treeRoot, treeSize } from '../../projections/merkle.ts';
import { privateFile } from '../dataFiles.ts';
import type { Logger } from '../logger.ts';
import type { LogKey } from './logKey.ts';

/** Events after which a head is signed at once: a room's or a league auction's end. */
const END_TYPES: ReadonlySet<string> = new Set(['RoomEnded', 'RoomCancelled', 'AuctionFinished']);

export interface SignedHead extends TreeHead {
  /** The C2SP checkpoint text, signed. */
  checkpoint: string;
}

type Row = { size: number; root: Buffer; time: number; checkpoint: string; origin: string };
const toHead = (r: Row): SignedHead => ({
  origin: r.origin,
  size: r.size,
  root: new Uint8Array(r.root),
  time: r.time,
  checkpoint: r.checkpoint,
});

/**
 * Signed tree heads, kept in `${DATA_DIR}/heads.db` (shared by every process on the data dir, one
 * head per tree size: the first signed stays). A head is signed whenever the tree has grown, at
 * most every `intervalMs`, and on demand (a room's end); the API serves the latest and any past one.
 */
export const createHeads = (opts: {
  path: string;
  readDb: ReadDb;
  key: LogKey;
  now: () => number;
  log: Pick<Logger, 'error'>;
}) => {
  privateFile(opts.path);
  const db = new Database(opts.path);
  enableWal(db);
  db.pragma('busy_timeout = 5000');
  db.exec(`CREATE TABLE IF NOT EXISTS heads (
    size INTEGER PRIMARY KEY, origin TEXT NOT NULL, root BLOB NOT NULL, time INTEGER NOT NULL, checkpoint TEXT NOT NULL)`);
  // The leaf hashes under the signed heads, kept beside them: after a rewrite and a rebuild of the
  // read models, the event that differs from what was signed can still be named exactly.
  db.exec('CREATE TABLE IF NOT EXISTS leaves (idx INTEGER PRIMARY KEY, hash BLOB NOT NULL)');
  // Leaves are kept from index 0 without gaps: the next one is max + 1, found on the primary key
  // (count(*) would scan the whole table at every head).
  const keptLeaves = db.prepare<[], { n: number }>('SELECT coalesce(max(idx) + 1, 0) AS n FROM leaves');
  const keepLeaf = db.prepare('INSERT OR IGNORE INTO leaves (idx, hash) VALUES (?, ?)');
  const leafRow = db.prepare<[number], { hash: Buffer }>('SELECT hash FROM leaves WHERE idx = ?');
  const insert = db.prepare(
    'INSERT OR IGNORE INTO heads (size, origin, root, time, checkpoint) VALUES (?, ?, ?, ?, ?)',
  );
  const latestRow = db.prepare<[], Row>('SELECT * FROM heads ORDER BY size DESC LIMIT 1');
  const atRow = db.prepare<[number], Row>('SELECT * FROM heads WHERE size = ?');
  const list = db.prepare<[number, number], Row>('SELECT * FROM heads WHERE size <= ? ORDER BY size DESC LIMIT ?');

  const latest = (): SignedHead | null => {
    const row = latestRow.get();
    return row ? toHead(row) : null;
  };
  let forked: string | null = null;
  /**
   * Signs the tree as this process has projected it, if it is larger than the latest head and
   * extends it: a log changed under a head already signed is never signed again (the server says so
   * in its log and in `forked`); the last good head stays the latest.
   */
  const publish = (): SignedHead | null => {
    const size = treeSize(opts.readDb);
    const last = latest();
    if (last && last.size >= size) return last;
    const root = treeRoot(opts.readDb, size);
    if (last && last.size > 0) {
      const proof = treeConsistency(opts.readDb, last.size, size);
      if (!verifyConsistency(sha256, last.size, size, last.root, root, proof)) {
        if (!forked) {
          forked = `The log of ${size} events does not extend the head of ${last.size} events signed before: it was changed after it was signed.`;
          opts.log.error(`transparency log: ${forked} No further head is signed.`);
        }
        return last;
      }
    }
    const head: TreeHead = { origin: opts.key.name, size, root, time: opts.now() };
    const checkpoint = signCheckpoint(head, opts.key);
    // The tree extends every head signed before (checked above), so its leaves are the signed ones.
    // The leaves since the last head are read in one statement (one lookup each was most of a head's
    // time when a storm's rooms ended together: thousands of leaves since the interval's head).
    db.transaction(() => {
      let next = keptLeaves.get()!.n;
      for (const [i, leaf] of leafHashesBetween(opts.readDb, next, size)) {
        if (i !== next) break;
        keepLeaf.run(i, leaf);
        next++;
      }
      // Kept without gaps or not at all: a head is only signed over leaves all kept beside it.
      if (next < size) throw new RangeError(`the tree has no leaf ${next} below its size ${size}`);
      insert.run(size, head.origin, Buffer.from(head.root), head.time, checkpoint);
    }).immediate();
    return latest();
  };
  let timer: NodeJS.Timeout | null = null;
  return {
    latest,
    publish,
    /** Why this process refuses to sign, when the log no longer extends the signed heads. */
    forked: () => forked,
    at: (size: number): SignedHead | null => {
      const row = atRow.get(size);
      return row ? toHead(row) : null;
    },
    recent: (upTo: number, limit: number): SignedHead[] => list.all(upTo, limit).map(toHead),
    /** The leaf hash signed at `index`, if a head covers it. */
    keptLeaf: (index: number): Uint8Array | null => {
      const row = leafRow.get(index);
      return row ? new Uint8Array(row.hash) : null;
    },
    /**
     * Signs a head as soon as a deal room or a league auction ends (once the end is projected), so
     * every result is in a signed head without waiting for the interval. Returns the unsubscribe.
     */
    signAtEnds(projections: { onApplied(listener: (events: readonly { type: string }[]) => void): () => void }) {
      return projections.onApplied((events) => {
        if (!events.some((e) => END_TYPES.has(e.type))) return;
        try {
          publish();
        } catch (error) {
          opts.log.error('could not sign a tree head', { error });
        }
      });
    },
    /** Signs new heads every `intervalMs` while the log grows (0 = only on demand). */
    start(intervalMs: number) {
      if (intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        try {
          publish();
        } catch (error) {
          opts.log.error('could not sign a tree head', { error });
        }
      }, intervalMs);
      timer.unref();
    },
    close() {
      if (timer) clearInterval(timer);
      timer = null;
      db.close();
    },
  };
};

export type Heads = ReturnType<typeof createHeads>;
