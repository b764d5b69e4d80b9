/**
 * Writes test/vectors/merkle.json: the RFC 6962 test leaves, the root of every prefix, and
 * inclusion and consistency proofs, from this project's own tree (`engine/merkle.ts`). A verifier
 * in another language can run them; `test/engine/merkle.prop.spec.ts` checks this code against them.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createPrivateKey, sign } from 'node:crypto';
import { formatVerifierKey, keyHashOf, signCheckpoint } from '../engine/checkpoint.ts';
import { canonicalJson } from '../engine/canonicalJson.ts';
import { leafHash, memoryTree } from '../engine/merkle.ts';
import { committedData, eventHashV1, GENESIS_HASH, sealEvents, withholdSecrets } from '../api/store/hashChain.ts';
import type { NewEvent } from '../engine/eventStore.ts';
import { leafBytes } from '../projections/merkle.ts';

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

// Events of one stream as the store seals them, and their leaves (docs/log-format.md §2–3).
const stream = 'room-VEC001';
const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 9, 0, s)).toISOString();
const roomEvents: NewEvent[] = [
  {
    id: '0b7c2f0e-3c1e-4b8e-9a57-5b7e7a1f0001',
    type: 'RoomCreated',
    data: { code: 'VEC001', basePrice: 500_00, bidValue: 10_00, product: { name: 'Boat Rockerz 450 – ₹' } },
    metadata: {
      at: at(0),
      actor: { userId: 'u-admin', role: 'admin' },
      correlationId: 'c-1',
      causationId: null,
      schema: 1,
    },
  },
  {
    id: '0b7c2f0e-3c1e-4b8e-9a57-5b7e7a1f0002',
    type: 'SeatBooked',
    data: { reservationId: 'r-1', userId: 'u-kavya', userName: 'கவியா R', fee: 0, bookedAt: 1795510800000 },
    metadata: {
      at: at(5),
      actor: { userId: 'u-kavya', role: 'member' },
      correlationId: 'c-2',
      causationId: null,
      schema: 1,
    },
  },
  {
    id: '0b7c2f0e-3c1e-4b8e-9a57-5b7e7a1f0003',
    type: 'BidPlaced',
    data: {
      seq: 1,
      userId: 'u-kavya',
      userName: 'கவியா R',
      amount: 510_00,
      at: 1795510810000,
      deadline: 1795510870000,
    },
    metadata: {
      at: at(10),
      actor: { userId: 'u-kavya', role: 'member' },
      correlationId: 'c-3',
      causationId: 'c-2',
      schema: 1,
    },
  },
];

// Version 1, frozen: events written before version 2 keep verifying under this rule.
let prevV1 = GENESIS_HASH;
const version1 = roomEvents.map((e, revision) => {
  const withoutHash = { ...e.metadata, prevHash: prevV1 };
  const hash = eventHashV1(e.type, e.data, withoutHash);
  prevV1 = hash;
  const metadata = { ...withoutHash, hash };
  const leaf = leafBytes({ streamName: stream, revision, id: e.id, type: e.type, metadata });
  return {
    stream,
    revision,
    id: e.id,
    type: e.type,
    data: e.data,
    metadata,
    hashed_text: `${withoutHash.prevHash}${e.type}${canonicalJson({ data: e.data, metadata: withoutHash })}`,
    hash,
    leaf_text: new TextDecoder().decode(leaf),
    leaf_hash: hex(leafHash(sha256, leaf)),
  };
});

// Version 2, what the store writes now: the place (stream, revision, id) is hashed too, and
// credential fields only through a commitment, so an export that withholds them still verifies.
const userStream = 'user-u-kavya';
const userEvents: NewEvent[] = [
  {
    id: '0b7c2f0e-3c1e-4b8e-9a57-5b7e7a1f0101',
    type: 'PasswordChanged',
    data: { passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA', at: 1795510900000, reason: 'change' },
    metadata: {
      at: at(40),
      actor: { userId: 'u-kavya', role: 'member' },
      correlationId: 'c-4',
      causationId: null,
      schema: 1,
    },
  },
  {
    id: '0b7c2f0e-3c1e-4b8e-9a57-5b7e7a1f0102',
    type: 'SessionEnded',
    data: { sessionHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', at: 1795510900000 },
    metadata: {
      at: at(40),
      actor: { userId: 'u-kavya', role: 'member' },
      correlationId: 'c-4',
      causationId: 'c-4',
      schema: 1,
    },
  },
];
const version2 = [
  ...sealEvents(stream, -1, null, roomEvents).map((e, revision) => ({ ...e, stream, revision })),
  ...sealEvents(userStream, -1, null, userEvents).map((e, revision) => ({ ...e, stream: userStream, revision })),
].map((e) => {
  const { hash, ...withoutHash } = e.metadata;
  const leaf = leafBytes({ streamName: e.stream, revision: e.revision, id: e.id, type: e.type, metadata: e.metadata });
  return {
    stream: e.stream,
    revision: e.revision,
    id: e.id,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    exported_data: withholdSecrets(e.data).data,
    hashed_text: canonicalJson({
      v: 2,
      stream: e.stream,
      revision: e.revision,
      id: e.id,
      type: e.type,
      data: committedData(e.data),
      metadata: withoutHash,
    }),
    hash,
    leaf_text: new TextDecoder().decode(leaf),
    leaf_hash: hex(leafHash(sha256, leaf)),
  };
});
writeFileSync(
  new URL('../test/vectors/events.json', import.meta.url),
  JSON.stringify(
    {
      description:
        'Events and their hashes (docs/log-format.md §2-3). hash = SHA-256(UTF-8 of hashed_text); leaf_hash = SHA-256(0x00 ‖ UTF-8 of leaf_text); the first prevHash of a stream is 64 zeros.',
      genesis_prev_hash: GENESIS_HASH,
      version_1: {
        description:
          'Events without metadata.hashVersion: hashed_text = prevHash ‖ type ‖ canonical JSON of {data, metadata without hash}.',
        events: version1,
      },
      version_2: {
        description:
          'Events with metadata.hashVersion 2: hashed_text = canonical JSON of {v: 2, stream, revision, id, type, data with every credential field replaced by "sha256:" + hex SHA-256 of its canonical JSON, metadata without hash}. exported_data is the data as an export carries it (credentials withheld); it hashes the same.',
        events: version2,
      },
    },
    null,
    2,
  ) + '\n',
);
