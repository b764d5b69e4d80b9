/**
 * Writes test/vectors/merkle.json: the RFC 6962 test leaves, the root of every prefix, and
 * inclusion and consistency proofs, from this project's own tree (`engine/merkle.ts`). A verifier
 * in another language can run them; `test/engine/merkle.prop.spec.ts` checks this code against them.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createPrivateKey, sign } from 'node:crypto';
import { formatVerifierKey, keyHashOf, signCheckpoint } from '../engine/checkpoint.ts';
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

// A signed checkpoint by a test key made from a fixed seed (a test vector, not a deployment's key).
const seed = Buffer.alloc(32, 7);
const privateKey = createPrivateKey({
  key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
  format: 'der',
  type: 'pkcs8',
});
const publicKey = new Uint8Array(Buffer.from(privateKey.export({ format: 'jwk' }).x!, 'base64url'));
const name = 'example.vetrideals.in/log';
const head = { origin: name, size: leaves.length, root: tree.root(), time: Date.UTC(2026, 10, 24, 9, 30) };
const checkpoint = signCheckpoint(head, {
  name,
  keyHash: keyHashOf(sha256, name, publicKey),
  sign: (message) => new Uint8Array(sign(null, message, privateKey)),
});
writeFileSync(
  new URL('../test/vectors/checkpoint.json', import.meta.url),
  JSON.stringify(
    {
      description:
        'A C2SP checkpoint (signed note, Ed25519) over the tree of merkle.json; the private key is the 32-byte seed 0x07… (test only); see docs/log-format.md',
      seed_hex: seed.toString('hex'),
      verifier_key: formatVerifierKey(sha256, name, publicKey),
      tree_size: head.size,
      root_hex: hex(head.root),
      time: head.time,
      checkpoint,
    },
    null,
    2,
  ) + '\n',
);
