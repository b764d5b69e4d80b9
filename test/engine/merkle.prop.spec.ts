import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyRoot,
  leafHash,
  memoryTree,
  streamingRoot,
  verifyConsistency,
  verifyInclusion,
} from '../../engine/merkle.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));

const treeOf = (leaves: readonly Uint8Array[]) => {
  const tree = memoryTree(sha256);
  for (const leaf of leaves) tree.append(leaf);
  return tree;
};
const leavesOf = (n: number) => Array.from({ length: n }, (_, i) => new TextEncoder().encode(`event ${i}`));

interface Vectors {
  leaves: string[];
  roots: string[];
  inclusion: { index: number; size: number; path: string[] }[];
  consistency: { oldSize: number; newSize: number; proof: string[] }[];
}
const vectors = JSON.parse(readFileSync(new URL('../vectors/merkle.json', import.meta.url), 'utf8')) as Vectors;

describe('an RFC 9162 Merkle tree', () => {
  it('gives the reference roots for the RFC 6962 test leaves, at every size', () => {
    const tree = memoryTree(sha256);
    expect(hex(tree.root())).toBe(hex(emptyRoot(sha256)));
    vectors.leaves.forEach((leaf) => tree.append(bytes(leaf)));
    expect(vectors.roots.map((_, size) => hex(tree.root(size)))).toEqual(vectors.roots);
    // The published root of the eight-leaf tree, as every RFC 6962 implementation computes it.
    expect(vectors.roots[8]).toBe('5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328');
  });

  it('gives the same roots when leaves stream by and only the left edge is kept (the export and its verifier)', () => {
    const stream = streamingRoot(sha256);
    const roots = [hex(stream.root())];
    for (const leaf of vectors.leaves) {
      stream.add(leafHash(sha256, bytes(leaf)));
      roots.push(hex(stream.root()));
    }
    expect(roots).toEqual(vectors.roots);
    const leaves = leavesOf(300);
    const tree = treeOf(leaves);
    const again = streamingRoot(sha256);
    leaves.forEach((leaf, i) => {
      again.add(leafHash(sha256, leaf));
      expect(hex(again.root())).toBe(hex(tree.root(i + 1)));
    });
  });

  it('reproduces the inclusion and consistency vectors, and they verify', () => {
    const tree = treeOf(vectors.leaves.map(bytes));
    for (const v of vectors.inclusion) {
      expect(tree.inclusion(v.index, v.size).map(hex)).toEqual(v.path);
      const leaf = sha256(new Uint8Array([0, ...bytes(vectors.leaves[v.index]!)]));
      expect(verifyInclusion(sha256, v.index, v.size, leaf, v.path.map(bytes), bytes(vectors.roots[v.size]!))).toBe(
        true,
      );
    }
    for (const v of vectors.consistency) {
      expect(tree.consistency(v.oldSize, v.newSize).map(hex)).toEqual(v.proof);
      const [oldRoot, newRoot] = [bytes(vectors.roots[v.oldSize]!), bytes(vectors.roots[v.newSize]!)];
      expect(verifyConsistency(sha256, v.oldSize, v.newSize, oldRoot, newRoot, v.proof.map(bytes))).toBe(true);
    }
  });

  it('proves every leaf of every tree up to 70 leaves, and no leaf at another place', () => {
    const leaves = leavesOf(70);
    const tree = treeOf(leaves);
    for (let size = 1; size <= 70; size++) {
      const root = tree.root(size);
      for (let index = 0; index < size; index++) {
        const leaf = sha256(new Uint8Array([0, ...leaves[index]!]));
        const proof = tree.inclusion(index, size);
        expect(verifyInclusion(sha256, index, size, leaf, proof, root)).toBe(true);
        if (size > 1) expect(verifyInclusion(sha256, (index + 1) % size, size, leaf, proof, root)).toBe(false);
      }
    }
  });

  it('proves every tree up to 70 leaves consistent with each of its prefixes', () => {
    const tree = treeOf(leavesOf(70));
    for (let newSize = 1; newSize <= 70; newSize++) {
      for (let oldSize = 1; oldSize <= newSize; oldSize++) {
        const proof = tree.consistency(oldSize, newSize);
        expect(verifyConsistency(sha256, oldSize, newSize, tree.root(oldSize), tree.root(newSize), proof)).toBe(true);
      }
    }
  });

  it('refuses any changed proof hash, root or leaf, a shortened proof and an entry that is not a hash', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 300 }).chain((size) =>
          fc.record({
            size: fc.constant(size),
            index: fc.integer({ min: 0, max: size - 1 }),
            oldSize: fc.integer({ min: 1, max: size - 1 }),
            flip: fc.nat(),
            bit: fc.integer({ min: 0, max: 7 }),
          }),
        ),
        ({ size, index, oldSize, flip, bit }) => {
          const leaves = leavesOf(size);
          const tree = treeOf(leaves);
          const root = tree.root();
          const leaf = sha256(new Uint8Array([0, ...leaves[index]!]));
          const changed = (h: Uint8Array) => h.map((b, i) => (i === flip % 32 ? b ^ (1 << bit) : b));

          const proof = tree.inclusion(index);
          expect(verifyInclusion(sha256, index, size, leaf, proof, root)).toBe(true);
          expect(verifyInclusion(sha256, index, size, changed(leaf), proof, root)).toBe(false);
          expect(verifyInclusion(sha256, index, size, leaf, proof, changed(root))).toBe(false);
          if (proof.length > 0) {
            const at = flip % proof.length;
            const tampered = proof.map((p, i) => (i === at ? changed(p) : p));
            expect(verifyInclusion(sha256, index, size, leaf, tampered, root)).toBe(false);
            expect(verifyInclusion(sha256, index, size, leaf, proof.slice(0, -1), root)).toBe(false);
            // An entry that is not a hash (one byte short) is refused like a wrong one.
            const short = proof.map((p, i) => (i === at ? p.subarray(1) : p));
            expect(verifyInclusion(sha256, index, size, leaf, short, root)).toBe(false);
          }

          const oldRoot = tree.root(oldSize);
          const cproof = tree.consistency(oldSize);
          expect(verifyConsistency(sha256, oldSize, size, oldRoot, root, cproof)).toBe(true);
          expect(verifyConsistency(sha256, oldSize, size, changed(oldRoot), root, cproof)).toBe(false);
          expect(verifyConsistency(sha256, oldSize, size, oldRoot, changed(root), cproof)).toBe(false);
          if (cproof.length > 0) {
            const at = flip % cproof.length;
            const tampered = cproof.map((p, i) => (i === at ? changed(p) : p));
            expect(verifyConsistency(sha256, oldSize, size, oldRoot, root, tampered)).toBe(false);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds no consistency between a tree and a rewritten history of the same size or longer', () => {
    const honest = treeOf(leavesOf(40));
    const forked = treeOf(leavesOf(40).map((leaf, i) => (i === 17 ? new TextEncoder().encode('rewritten') : leaf)));
    for (const [oldSize, newSize] of [
      [18, 40],
      [20, 33],
      [32, 40],
    ] as const) {
      const proof = forked.consistency(oldSize, newSize);
      expect(verifyConsistency(sha256, oldSize, newSize, honest.root(oldSize), forked.root(newSize), proof)).toBe(
        false,
      );
    }
  });
});
