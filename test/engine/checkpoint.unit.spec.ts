import { createHash, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  formatVerifierKey,
  keyHashOf,
  openCheckpoint,
  parseVerifierKey,
  toBase64,
  toHex,
} from '../../engine/checkpoint.ts';
import { ed25519Verify } from '../../api/transparency/logKey.ts';

const sha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const keyFromSeed = (seed: Uint8Array) => {
  const privateKey = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = new Uint8Array(Buffer.from(privateKey.export({ format: 'jwk' }).x!, 'base64url'));
  return { publicKey, sign: (m: Uint8Array) => new Uint8Array(sign(null, m, privateKey)) };
};

const vector = JSON.parse(readFileSync(new URL('../vectors/checkpoint.json', import.meta.url), 'utf8')) as {
  verifier_key: string;
  tree_size: number;
  root_hex: string;
  time: number;
  checkpoint: string;
};

describe('signed notes', () => {
  it('writes keys and signatures byte for byte as the signed-note format’s own published example', () => {
    // The example key and note of Go's golang.org/x/mod/sumdb/note documentation.
    const seed = new Uint8Array(Buffer.from('AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz', 'base64')).slice(1);
    const key = keyFromSeed(seed);
    expect(formatVerifierKey(sha256, 'PeterNeumann', key.publicKey)).toBe(
      'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW',
    );
    const text =
      "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
    const signature = key.sign(new TextEncoder().encode(text));
    expect(toBase64(new Uint8Array([...keyHashOf(sha256, 'PeterNeumann', key.publicKey), ...signature]))).toBe(
      'x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=',
    );
  });
});

describe('checkpoints', () => {
  const key = parseVerifierKey(sha256, vector.verifier_key);

  it('opens the vector checkpoint with its verifier key', () => {
    const opened = openCheckpoint(vector.checkpoint, key, ed25519Verify);
    if (!opened.ok) throw new Error(opened.reason);
    expect([opened.head.size, toHex(opened.head.root), opened.head.time]).toEqual([
      vector.tree_size,
      vector.root_hex,
      vector.time,
    ]);
  });

  it('names what is wrong with a changed, truncated or foreign checkpoint', () => {
    const body = vector.checkpoint.split('\n\n')[0]!;
    const cases: [string, string][] = [
      [
        vector.checkpoint.replace('\n8\n', '\n9\n'),
        'The signature by example.vetrideals.in/log does not match this checkpoint.',
      ],
      [
        vector.checkpoint.replace('time 1795512600000', 'time 1795512600001'),
        'The signature by example.vetrideals.in/log does not match this checkpoint.',
      ],
      [`${body}\n`, 'This is not a signed note.'],
      [
        vector.checkpoint.replace(/— example\.vetrideals\.in\/log /, '— someone-else '),
        'The checkpoint carries no signature by example.vetrideals.in/log.',
      ],
      [vector.checkpoint.replace('\n8\n', '\neight\n'), 'The tree size is not a number.'],
    ];
    for (const [note, reason] of cases) expect(openCheckpoint(note, key, ed25519Verify)).toEqual({ ok: false, reason });
  });

  it('reads a verifier key whose base64 holds a +, as the format allows', () => {
    // The key from the 32-byte seed 0x08… has a + in its base64.
    const key = keyFromSeed(new Uint8Array(32).fill(8));
    const vkey = formatVerifierKey(sha256, 'plus.test/log', key.publicKey);
    expect(vkey.split('+').length).toBeGreaterThan(3);
    expect(toHex(parseVerifierKey(sha256, vkey).publicKey)).toBe(toHex(key.publicKey));
  });

  it('refuses a verifier key whose hash does not match its name and key', () => {
    expect(() => parseVerifierKey(sha256, vector.verifier_key.replace(/\+[0-9a-f]{8}\+/, '+00000000+'))).toThrow(
      'The verifier key hash does not match.',
    );
  });
});
