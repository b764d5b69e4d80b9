import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatVerifierKey, keyHashOf, signCheckpoint, toBase64 } from '../../engine/checkpoint.ts';
import { memoryTree } from '../../engine/merkle.ts';
import type { KeptHead } from '../../engine/witness.ts';
import { witnessHead } from '../../engine/witness.ts';
import { ed25519Verify } from '../../api/transparency/logKey.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const NAME = 'witness.test/log';
const signer = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  return {
    vkey: formatVerifierKey(sha256, NAME, raw),
    key: {
      name: NAME,
      keyHash: keyHashOf(sha256, NAME, raw),
      sign: (m: Uint8Array) => new Uint8Array(sign(null, m, privateKey)),
    },
  };
};
const logOf = (n: number, changed = -1) => {
  const tree = memoryTree(sha256);
  for (let i = 0; i < n; i++) tree.append(new TextEncoder().encode(i === changed ? 'changed' : `event ${i}`));
  return tree;
};

describe('a witness of signed tree heads', () => {
  const { vkey, key } = signer();
  const headOf = (tree: ReturnType<typeof logOf>, size = tree.size) =>
    signCheckpoint({ origin: NAME, size, root: tree.root(size), time: 1_795_000_000_000 + size }, key);
  const keep = (tree: ReturnType<typeof logOf>, size: number): KeptHead => ({
    tree_size: size,
    root_hash: toBase64(tree.root(size)),
    time: 0,
    checkpoint: headOf(tree, size),
  });
  const witness = (
    checkpoint: string,
    last: KeptHead | undefined,
    served: ReturnType<typeof logOf>,
    servedKey = vkey,
  ) =>
    witnessHead({
      sha256,
      verify: ed25519Verify,
      pinnedKey: vkey,
      servedKey,
      checkpoint,
      last,
      consistency: (from, to) => Promise.resolve(served.consistency(from, to).map(toBase64)),
    });

  it('keeps its first head, and a grown log that extends it', async () => {
    const honest = logOf(30);
    expect((await witness(headOf(honest, 12), undefined, honest)).status).toBe('first');
    expect((await witness(headOf(honest), keep(honest, 12), honest)).status).toBe('grew');
    expect((await witness(headOf(honest), keep(honest, 30), honest)).status).toBe('same');
  });

  it('names a fork: history changed under a signed head, a shrunk log, another key, a forged signature', async () => {
    const honest = logOf(30);
    const rewritten = logOf(34, 5);
    expect(await witness(headOf(rewritten), keep(honest, 30), rewritten)).toMatchObject({
      status: 'fork',
      reason: 'The log of 34 events does not extend the one of 30 events signed before.',
    });
    expect(await witness(headOf(rewritten, 30), keep(honest, 30), rewritten)).toMatchObject({
      status: 'fork',
      reason: 'Two different logs of 30 events were signed.',
    });
    expect(await witness(headOf(honest, 20), keep(honest, 30), honest)).toMatchObject({
      status: 'fork',
      reason: 'The log shrank from 30 to 20 events.',
    });
    const other = signer();
    expect((await witness(headOf(honest), keep(honest, 12), honest, other.vkey)).status).toBe('fork');
    const forged = signCheckpoint({ origin: NAME, size: 30, root: honest.root(), time: 1 }, other.key);
    expect(await witness(forged, keep(honest, 12), honest)).toMatchObject({
      status: 'fork',
      reason: `The checkpoint carries no signature by ${NAME}.`,
    });
  });
});
