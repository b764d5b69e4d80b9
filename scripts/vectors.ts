/**
 * Writes test/vectors/merkle.json: the RFC 6962 test leaves, the root of every prefix, and
 * inclusion and consistency proofs, from this project's own tree (`engine/merkle.ts`). A verifier
 * in another language can run them; `test/engine/merkle.prop.spec.ts` checks this code against them.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { memoryTree } from '../engine/merkle.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const leaves = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'];

const tree = memoryTree(sha256);
for (const leaf of leaves) tree.append(new Uint8Array(Buffer.from(leaf, 'hex')));
const inclusion = [];
const consistency = [];
for (let size = 1; size <= leaves.length; size++) {
  for (let index = 0; index < size; index++)
    inclusion.push({ index, size, path: tree.inclusion(index, size).map(hex) });
  for (let oldSize = 1; oldSize <= size; oldSize++)
    consistency.push({ oldSize, newSize: size, proof: tree.consistency(oldSize, size).map(hex) });
}
const vectors = {
  description:
    'RFC 9162 Merkle tree vectors: leaf = SHA-256(0x00 ‖ leaf bytes), node = SHA-256(0x01 ‖ left ‖ right); leaves and hashes in hex; roots[n] is the root of the first n leaves; see docs/log-format.md',
  leaves,
  roots: Array.from({ length: leaves.length + 1 }, (_, size) => hex(tree.root(size))),
  inclusion,
  consistency,
};
writeFileSync(new URL('../test/vectors/merkle.json', import.meta.url), JSON.stringify(vectors, null, 2) + '\n');
console.log(`wrote ${inclusion.length} inclusion and ${consistency.length} consistency vectors`);
