/**
 * RFC 9162 (Certificate Transparency 2.0) Merkle trees over the log's global order: leaf and node
 * hashing, inclusion and consistency proofs, and their verification. Pure: the SHA-256 function
 * comes in (node:crypto on the server, a JS implementation in the browser), and so do the hashes
 * of complete subtrees, which the server keeps in a read model and a test computes from leaves.
 *
 * Hashes are 32-byte `Uint8Array`s. Leaf hash = SHA-256(0x00 ‖ leaf bytes); node hash =
 * SHA-256(0x01 ‖ left ‖ right); the root of the empty tree is SHA-256 of nothing.
 */
export type Sha256 = (data: Uint8Array) => Uint8Array;

/** Hash of the complete subtree at `level` (leaves are level 0) and `index` within that level. */
export type SubtreeHash = (level: number, index: number) => Uint8Array;

export const leafHash = (sha256: Sha256, leaf: Uint8Array): Uint8Array => {
  const input = new Uint8Array(1 + leaf.length);
  input.set(leaf, 1);
  return sha256(input);
};

/**
 * A node's input, 0x01 ‖ left ‖ right, written into one array kept for it: `sha256` reads its
 * input before it returns, and a tree's writes, roots and proofs hash nodes one after another.
 */
const nodeInput = new Uint8Array(65);
nodeInput[0] = 1;

export const nodeHash = (sha256: Sha256, left: Uint8Array, right: Uint8Array): Uint8Array => {
  if (left.length !== 32 || right.length !== 32) {
    // Not two hashes (a proof's entry may be anything): hashed as given, and then matches nothing.
    const input = new Uint8Array(1 + left.length + right.length);
    input[0] = 1;
    input.set(left, 1);
    input.set(right, 1 + left.length);
    return sha256(input);
  }
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return sha256(nodeInput);
};
export const emptyRoot = (sha256: Sha256): Uint8Array => sha256(new Uint8Array(0));

/** The largest power of two smaller than n (n ≥ 2). */
const split = (n: number): number => {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
};

const assertSize = (what: string, value: number, max = Number.MAX_SAFE_INTEGER) => {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) throw new RangeError(`${what} out of range: ${value}`);
};

/**
 * MTH(D[start:end]) for a range the RFC's recursion produces: `start` is a multiple of the range's
 * largest power-of-two part, so every complete piece is one stored subtree.
 */
export const rangeHash = (sha256: Sha256, subtree: SubtreeHash, start: number, end: number): Uint8Array => {
  const n = end - start;
  if (n === 0) return emptyRoot(sha256);
  if ((n & (n - 1)) === 0 && start % n === 0) return subtree(Math.log2(n), start / n);
  const k = split(n);
  return nodeHash(sha256, rangeHash(sha256, subtree, start, start + k), rangeHash(sha256, subtree, start + k, end));
};

/** The root of the tree of the first `size` leaves. */
export const rootHash = (sha256: Sha256, subtree: SubtreeHash, size: number): Uint8Array =>
  rangeHash(sha256, subtree, 0, size);

/** RFC 9162 §2.1.3.1: the audit path of leaf `index` in the tree of `size` leaves, leaf side first. */
export const inclusionProof = (sha256: Sha256, subtree: SubtreeHash, index: number, size: number): Uint8Array[] => {
  assertSize('size', size);
  if (index < 0 || index >= size) throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  const path = (m: number, start: number, end: number): Uint8Array[] => {
    const n = end - start;
    if (n <= 1) return [];
    const k = split(n);
    return m < k
      ? [...path(m, start, start + k), rangeHash(sha256, subtree, start + k, end)]
      : [...path(m - k, start + k, end), rangeHash(sha256, subtree, start, start + k)];
  };
  return path(index, 0, size);
};

/** RFC 9162 §2.1.4.1: proof that the tree of `oldSize` leaves is a prefix of the tree of `newSize`. */
export const consistencyProof = (
  sha256: Sha256,
  subtree: SubtreeHash,
  oldSize: number,
  newSize: number,
): Uint8Array[] => {
  assertSize('newSize', newSize);
  assertSize('oldSize', oldSize, newSize);
  if (oldSize === 0 || oldSize === newSize) return [];
  const subproof = (m: number, start: number, end: number, whole: boolean): Uint8Array[] => {
    const n = end - start;
    if (m === n) return whole ? [] : [rangeHash(sha256, subtree, start, end)];
    const k = split(n);
    return m <= k
      ? [...subproof(m, start, start + k, whole), rangeHash(sha256, subtree, start + k, end)]
      : [...subproof(m - k, start + k, end, false), rangeHash(sha256, subtree, start, start + k)];
  };
  return subproof(oldSize, 0, newSize, true);
};

export const equalBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/** RFC 9162 §2.1.3.2: does `proof` put `leaf` (a leaf hash) at `index` of the tree with `root`? */
export const verifyInclusion = (
  sha256: Sha256,
  index: number,
  size: number,
  leaf: Uint8Array,
  proof: readonly Uint8Array[],
  root: Uint8Array,
): boolean => {
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(sha256, p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(sha256, r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(r, root);
};

/** RFC 9162 §2.1.4.2: is the tree (`oldSize`, `oldRoot`) a prefix of (`newSize`, `newRoot`)? */
export const verifyConsistency = (
  sha256: Sha256,
  oldSize: number,
  newSize: number,
  oldRoot: Uint8Array,
  newRoot: Uint8Array,
  proof: readonly Uint8Array[],
): boolean => {
  if (!Number.isSafeInteger(oldSize) || !Number.isSafeInteger(newSize) || oldSize < 0 || oldSize > newSize)
    return false;
  if (oldSize === newSize) return proof.length === 0 && equalBytes(oldRoot, newRoot);
  if (oldSize === 0) return proof.length === 0;
  const path = [...proof];
  if ((oldSize & (oldSize - 1)) === 0) path.unshift(oldRoot);
  if (path.length === 0) return false;
  let fn = oldSize - 1;
  let sn = newSize - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(sha256, c, fr);
      sr = nodeHash(sha256, c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sha256, sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(fr, oldRoot) && equalBytes(sr, newRoot);
};

/**
 * Complete-subtree hashes kept as leaves arrive: appending leaf i adds its hash at level 0 and every
 * subtree it completes above it. `nodes` is where they go (a read model, or a Map in a test).
 */
export const appendLeaf = (
  sha256: Sha256,
  nodes: { get: SubtreeHash; put(level: number, index: number, hash: Uint8Array): void },
  index: number,
  hash: Uint8Array,
): void => {
  nodes.put(0, index, hash);
  let level = 0;
  let at = index;
  let current = hash;
  while (at % 2 === 1) {
    current = nodeHash(sha256, nodes.get(level, at - 1), current);
    level++;
    at = (at - 1) / 2;
    nodes.put(level, at, current);
  }
};

/**
 * The root of a tree whose leaf hashes arrive one at a time, keeping only one hash per set bit of
 * the count (the complete subtrees on its left edge): a whole-log export or its verifier holds
 * O(log n) hashes however long the log is.
 */
export const streamingRoot = (sha256: Sha256) => {
  const stack: { size: number; hash: Uint8Array }[] = [];
  return {
    add(leafHashValue: Uint8Array): void {
      let top = { size: 1, hash: leafHashValue };
      while (stack.length > 0 && stack[stack.length - 1]!.size === top.size) {
        const left = stack.pop()!;
        top = { size: left.size * 2, hash: nodeHash(sha256, left.hash, top.hash) };
      }
      stack.push(top);
    },
    root(): Uint8Array {
      if (stack.length === 0) return emptyRoot(sha256);
      let acc = stack[stack.length - 1]!.hash;
      for (let i = stack.length - 2; i >= 0; i--) acc = nodeHash(sha256, stack[i]!.hash, acc);
      return acc;
    },
  };
};

/** An in-memory tree (tests, the browser, offline verification of an export). */
export const memoryTree = (sha256: Sha256) => {
  const levels: Uint8Array[][] = [];
  const nodes = {
    get: (level: number, index: number): Uint8Array => {
      const hash = levels[level]?.[index];
      if (!hash) throw new RangeError(`no complete subtree at level ${level}, index ${index}`);
      return hash;
    },
    put: (level: number, index: number, hash: Uint8Array) => {
      (levels[level] ??= [])[index] = hash;
    },
  };
  let size = 0;
  return {
    get size() {
      return size;
    },
    subtree: nodes.get,
    /** Appends a leaf's bytes (hashed here); returns its leaf hash. */
    append(leaf: Uint8Array): Uint8Array {
      const hash = leafHash(sha256, leaf);
      appendLeaf(sha256, nodes, size++, hash);
      return hash;
    },
    root: (at = size) => rootHash(sha256, nodes.get, at),
    inclusion: (index: number, at = size) => inclusionProof(sha256, nodes.get, index, at),
    consistency: (oldSize: number, newSize = size) => consistencyProof(sha256, nodes.get, oldSize, newSize),
  };
};
