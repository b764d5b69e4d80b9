import { hash } from 'node:crypto';
import { canonicalJson } from '../engine/canonicalJson.ts';
import type { RecordedEvent } from '../engine/eventStore.ts';
import type { SubtreeHash } from '../engine/merkle.ts';
import { appendLeaf, consistencyProof, inclusionProof, rootHash } from '../engine/merkle.ts';
import type { BulkInsert } from './bulkInsert.ts';
import type { ReadDb } from './db.ts';
import type { AnyEvent, ReadModelContext } from './readModel.ts';
import { defineReadModel } from './readModel.ts';
import { prepared } from './statements.ts';

export const sha256 = (data: Uint8Array): Uint8Array => new Uint8Array(hash('sha256', data, 'buffer'));

/** SHA-256 in one call, its Buffer kept as it is: the tree's own writes hash two inputs per event. */
const sha256Buffer = (data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer');

/** Leaf format version: the bytes below; docs/log-format.md §3. */
export const LEAF_VERSION = 1;

/**
 * The bytes of an event's leaf: canonical JSON of its place (stream, revision), its id, its type
 * and its chain hash (which covers its data, metadata and the stream's previous hash). The global
 * position is the leaf's index in the tree, not part of the leaf, so both store adapters (whose
 * position numbers differ) build the same tree from the same log.
 */
export const leafBytes = (e: LeafEvent) => encoder.encode(leafTextOf(e));

/** What of an event its leaf holds. */
type LeafEvent = Pick<RecordedEvent, 'streamName' | 'revision' | 'id' | 'type' | 'metadata'>;

const leafTextOf = (e: LeafEvent) => leafText(e.streamName, e.revision, e.id, e.type, e.metadata.hash ?? null);

const encoder = new TextEncoder();

/**
 * An event's leaf hash, RFC 9162's SHA-256(0x00 ‖ leaf bytes), hashed from the leaf's text with a
 * NUL in front (whose UTF-8 is the byte 0x00): the same bytes as `leafHash(sha256, leafBytes(e))`
 * without encoding them into an array and copying it behind the prefix, for every event the tree takes.
 */
export const leafHashOf = (e: LeafEvent): Uint8Array => hash('sha256', `\0${leafTextOf(e)}`, 'buffer');

/**
 * The leaf's canonical JSON, written out with its keys in canonical order (hash, id, revision,
 * stream, type, v): every event of a rebuild hashes a leaf, and sorting six keys through the
 * general encoder was most of it. Anything unusual goes through `canonicalJson`, which refuses it.
 */
const leafText = (stream: string, revision: number, id: string, type: string, hash: unknown): string => {
  if (
    typeof stream !== 'string' ||
    typeof id !== 'string' ||
    typeof type !== 'string' ||
    !Number.isSafeInteger(revision) ||
    Object.is(revision, -0) ||
    (hash !== null && typeof hash !== 'string')
  )
    return canonicalJson({ v: LEAF_VERSION, stream, revision, id, type, hash });
  return `{"hash":${hash === null ? 'null' : JSON.stringify(hash)},"id":${JSON.stringify(id)},"revision":${revision},"stream":${JSON.stringify(stream)},"type":${JSON.stringify(type)},"v":${LEAF_VERSION}}`;
};

/**
 * The tree is kept as tiles (as Go's checksum database keeps its log): a tile holds four levels of
 * the tree under one node four levels up — 16 hashes at its bottom level, then the 8, 4 and 2
 * above them, at fixed places in its 960 bytes — so a row per 16 leaves (and one more per 256, per
 * 4,096, …) holds every complete subtree, where a row per leaf and per node did: a root or a proof
 * reads as many rows as before and hashes nothing. A tile's `count` is how many of its bottom
 * hashes are in; each level above holds as many as that count completes (a part-filled tile at the
 * log's right edge, its places beyond them zero).
 */
const TILE_HEIGHT = 4;
const TILE_WIDTH = 1 << TILE_HEIGHT;
const HASH_BYTES = 32;
/** Where each of a tile's levels begins, in hashes: 16 at the bottom, then 8, 4 and 2. */
const PART_AT = [0, 16, 24, 28];
const TILE_BYTES = 30 * HASH_BYTES;

const PUT_TILE = 'INSERT OR REPLACE INTO rm_merkle_tiles (level, idx, count, hashes)';
const GET_TILE = 'SELECT count, hashes FROM rm_merkle_tiles WHERE level = ? AND idx = ?';
const PUT_RUN = 'INSERT OR REPLACE INTO rm_merkle_runs (position, idx, count)';
/** A run: `count` events at consecutive log positions from `position`, leaves `idx` onwards. */
interface Run {
  position: number;
  idx: number;
  count: number;
}
const LAST_RUN = 'SELECT position, idx, count FROM rm_merkle_runs ORDER BY position DESC LIMIT 1';
const RUN_AT = 'SELECT position, idx, count FROM rm_merkle_runs WHERE position <= ? ORDER BY position DESC LIMIT 1';
/** The tree's size: the last run's end (runs go in in log order, so the last position's run is the last). */
const SIZE_OF_TREE = 'COALESCE((SELECT idx + count FROM rm_merkle_runs ORDER BY position DESC LIMIT 1), 0)';
const SIZE = `SELECT ${SIZE_OF_TREE} AS size`;

/**
 * Where the complete subtree at (`level`, `index`) is kept: its tile's level and index, the
 * tile's level it is on (`part`, 0 at the bottom) and its place there (`slot`).
 */
const tileOf = (level: number, index: number) => {
  const part = level % TILE_HEIGHT;
  const width = TILE_WIDTH >> part;
  return { tileLevel: (level - part) / TILE_HEIGHT, part, tile: Math.floor(index / width), slot: index % width };
};

/** Does a tile with `count` bottom hashes hold the one at `slot` of its level `part`? */
const holds = (count: number, part: number, slot: number) => slot < count >> part;

/** The hash at `slot` of level `part` of a tile's bytes, in an array of its own (not a view of the row's Buffer). */
const hashAt = (bytes: Uint8Array, part: number, slot: number): Uint8Array => {
  const at = (PART_AT[part]! + slot) * HASH_BYTES;
  const hash = new Uint8Array(HASH_BYTES);
  hash.set(bytes.subarray(at, at + HASH_BYTES));
  return hash;
};

type TileRow = { count: number; hashes: Buffer };

const tileRow = (sqlite: ReadDb['sqlite'], tileLevel: number, tile: number): TileRow | undefined =>
  prepared<[number, number], TileRow>(sqlite, GET_TILE).get(tileLevel, tile);

const nodeReader =
  (sqlite: ReadDb['sqlite']): SubtreeHash =>
  (level, index) => {
    const { tileLevel, part, tile, slot } = tileOf(level, index);
    const row = tileRow(sqlite, tileLevel, tile);
    if (!row || !holds(row.count, part, slot))
      throw new RangeError(`the tree has no complete subtree at level ${level}, index ${index}`);
    return hashAt(row.hashes, part, slot);
  };

/**
 * The tiles a batch writes to: per tile level, the one being filled (a tile fills left to right,
 * as leaves arrive in order, each level after the one below it). A tile is written when its top
 * pair is in and, if still filling, at the end of the batch; a tile left part-filled by an earlier
 * batch is read back once, when the batch reaches it.
 */
const tileWriter = (sqlite: ReadDb['sqlite'], rows: BulkInsert) => {
  /** A tile being filled: its bytes, and how many hashes each of its levels holds. */
  type Filling = { tile: number; bytes: Uint8Array; held: number[] };
  const filling: (Filling | undefined)[] = [];
  const write = (tileLevel: number, t: Filling) => {
    rows.push(tileLevel);
    rows.push(t.tile);
    rows.push(t.held[0]);
    rows.push(t.bytes);
  };
  /** A tile an earlier batch left part-filled with `count` bottom hashes. */
  const kept = (tileLevel: number, tile: number, count: number): Filling => {
    const row = tileRow(sqlite, tileLevel, tile);
    if (!row || row.count !== count || row.hashes.length !== TILE_BYTES)
      throw new RangeError(`the tree's tile ${tile} at tile level ${tileLevel} does not hold ${count} hashes`);
    const bytes = new Uint8Array(TILE_BYTES);
    bytes.set(row.hashes);
    return { tile, bytes, held: PART_AT.map((_, part) => count >> part) };
  };
  return {
    /** A subtree's hash from the tile being filled at its level, if that tile holds it. */
    get(level: number, index: number): Uint8Array | null {
      const { tileLevel, part, tile, slot } = tileOf(level, index);
      const t = filling[tileLevel];
      return t && t.tile === tile && slot < t.held[part]! ? hashAt(t.bytes, part, slot) : null;
    },
    put(level: number, index: number, hash: Uint8Array) {
      const { tileLevel, part, tile, slot } = tileOf(level, index);
      let t = filling[tileLevel];
      if (!t || t.tile !== tile) {
        // A tile is begun by its bottom level: a fresh one at its first slot, or one kept part-filled.
        if (part !== 0) throw new RangeError(`the tree's node ${index} at level ${level} came before its children`);
        t = slot === 0 ? { tile, bytes: new Uint8Array(TILE_BYTES), held: [0, 0, 0, 0] } : kept(tileLevel, tile, slot);
        filling[tileLevel] = t;
      }
      if (t.held[part] !== slot) throw new RangeError(`the tree's hash ${index} at level ${level} is out of order`);
      t.bytes.set(hash, (PART_AT[part]! + slot) * HASH_BYTES);
      t.held[part]++;
      if (part === TILE_HEIGHT - 1 && slot === 1) {
        write(tileLevel, t);
        filling[tileLevel] = undefined;
      }
    },
    /** Writes the tiles still filling, and every row held. */
    end() {
      filling.forEach((t, tileLevel) => {
        if (t) write(tileLevel, t);
      });
      rows.flush();
    },
  };
};

/**
 * Appends the batch's events as leaves. A new node's left sibling is the node written at its level
 * just before it (leaves arrive in order), so the last two are kept in memory per level; a sibling
 * from an earlier batch comes from the tile being filled or, failing that, from its stored tile.
 * Leaf indexes are kept as runs of consecutive log positions (the embedded store numbers its events
 * one by one, so a whole log is one run; EventStoreDB's positions make a run of each event).
 */
const appendLeaves = (events: readonly AnyEvent[], { db, bulk }: ReadModelContext<Record<string, never>>) => {
  const { sqlite } = db;
  const stored = prepared<[], Run>(sqlite, LAST_RUN).get();
  let run = stored;
  let size = run ? run.idx + run.count : 0;
  // The run the batch began in, if the batch extends it, and every run it begins.
  const runs: Run[] = stored ? [stored] : [];
  const storedCount = stored?.count;
  const read = nodeReader(sqlite);
  const tiles = tileWriter(sqlite, bulk(PUT_TILE, 4));
  // Per level, the last two nodes written (a node is written before its left sibling is asked for).
  const lastIndex: number[] = [];
  const lastHash: Uint8Array[] = [];
  const beforeIndex: number[] = [];
  const beforeHash: Uint8Array[] = [];
  const nodes = {
    get: (level: number, index: number) =>
      lastIndex[level] === index
        ? lastHash[level]!
        : beforeIndex[level] === index
          ? beforeHash[level]!
          : (tiles.get(level, index) ?? read(level, index)),
    put: (level: number, index: number, hash: Uint8Array) => {
      beforeIndex[level] = lastIndex[level]!;
      beforeHash[level] = lastHash[level]!;
      lastIndex[level] = index;
      lastHash[level] = hash;
      tiles.put(level, index, hash);
    },
  };
  for (const event of events) {
    appendLeaf(sha256Buffer, nodes, size, leafHashOf(event));
    if (run && event.position === run.position + run.count) run.count++;
    else {
      run = { position: event.position, idx: size, count: 1 };
      runs.push(run);
    }
    size++;
  }
  tiles.end();
  const runRows = bulk(PUT_RUN, 3);
  for (const r of runs) {
    if (r === stored && r.count === storedCount) continue;
    runRows.push(r.position);
    runRows.push(r.idx);
    runRows.push(r.count);
  }
  runRows.flush();
};

/**
 * The log's Merkle tree (RFC 9162) over the global order of events: leaf i is the i-th event of
 * the log. Keeps what gives the hash of every complete subtree (its tiles), so a root, an inclusion
 * proof or a consistency proof for any tree size is O(log n) lookups. A rebuild from a rewritten
 * log gives a different tree, which no consistency proof can join to the heads signed before.
 * Version 3 keeps tiles of four levels and runs of leaf positions, where version 1 kept a row per
 * node and per leaf (version 2's tiles kept only their bottom level).
 */
export const merkleProjector = defineReadModel()({
  name: 'merkle',
  version: 3,
  tables: {
    rm_merkle_tiles: `CREATE TABLE IF NOT EXISTS rm_merkle_tiles (level INTEGER NOT NULL, idx INTEGER NOT NULL,
      count INTEGER NOT NULL, hashes BLOB NOT NULL, PRIMARY KEY (level, idx)) WITHOUT ROWID`,
    rm_merkle_runs:
      'CREATE TABLE IF NOT EXISTS rm_merkle_runs (position INTEGER PRIMARY KEY, idx INTEGER NOT NULL, count INTEGER NOT NULL)',
  },
  retiredTables: ['rm_merkle_nodes', 'rm_merkle_leaves'],
  statements: {},
  on: { '*': (event, ctx) => appendLeaves([event], ctx) },
  batch: appendLeaves,
});

/** Number of leaves (events) in the tree this process has projected. */
export const treeSize = ({ sqlite }: ReadDb): number => prepared<[], { size: number }>(sqlite, SIZE).get()!.size;

export const treeRoot = ({ sqlite }: ReadDb, size: number): Uint8Array => rootHash(sha256, nodeReader(sqlite), size);

/**
 * The tree's size and the log position it stands at, read together (one statement, one snapshot):
 * the read models may be written by another thread between two reads.
 */
export const treeAt = ({ sqlite }: ReadDb): { size: number; at: number } =>
  prepared<[], { size: number; at: number }>(
    sqlite,
    `SELECT ${SIZE_OF_TREE} AS size, COALESCE((SELECT position FROM rm_checkpoints WHERE name = 'merkle'), 0) AS at`,
  ).get()!;

/** The leaf index of the event at a log position, or null when it is not (yet) in the tree. */
export const leafIndexOf = ({ sqlite }: ReadDb, position: number): number | null => {
  const run = prepared<[number], Run>(sqlite, RUN_AT).get(position);
  return run && position < run.position + run.count ? run.idx + (position - run.position) : null;
};

export const leafHashAt = ({ sqlite }: ReadDb, index: number): Uint8Array => nodeReader(sqlite)(0, index);

/** The leaf hashes from index `from` up to (not including) `to`, in order, as [index, hash] pairs read in one statement. */
export function* leafHashesBetween({ sqlite }: ReadDb, from: number, to: number): Generator<[number, Buffer]> {
  if (to <= from) return;
  const tiles = prepared<[number, number], [number, number, Buffer]>(
    sqlite,
    'SELECT idx, count, hashes FROM rm_merkle_tiles WHERE level = 0 AND idx >= ? AND idx <= ? ORDER BY idx',
  )
    .raw(true)
    .iterate(Math.floor(from / TILE_WIDTH), Math.floor((to - 1) / TILE_WIDTH));
  for (const [tile, count, hashes] of tiles)
    for (let slot = 0; slot < count; slot++) {
      const index = tile * TILE_WIDTH + slot;
      if (index >= from && index < to) yield [index, hashes.subarray(slot * HASH_BYTES, (slot + 1) * HASH_BYTES)];
    }
}

export const treeInclusion = ({ sqlite }: ReadDb, index: number, size: number): Uint8Array[] =>
  inclusionProof(sha256, nodeReader(sqlite), index, size);

export const treeConsistency = ({ sqlite }: ReadDb, oldSize: number, newSize: number): Uint8Array[] =>
  consistencyProof(sha256, nodeReader(sqlite), oldSize, newSize);
