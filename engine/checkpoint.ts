import type { Sha256 } from './merkle.ts';

/**
 * Signed tree heads as C2SP checkpoints in signed notes (the text format Go's checksum database,
 * Sigstore and public witnesses read):
 *
 *     <origin>\n<tree size>\n<base64 root>\ntime <unix ms>\n
 *     \n
 *     — <key name> <base64(key hash ‖ Ed25519 signature)>\n
 *
 * The signature covers the body (the lines before the blank line, with their newlines). The key
 * hash is the first 4 bytes of SHA-256(key name ‖ 0x0A ‖ 0x01 ‖ public key); a verifier key is
 * written `<name>+<hex key hash>+<base64(0x01 ‖ public key)>`. Pure: SHA-256 and Ed25519 come in.
 */
export interface TreeHead {
  origin: string;
  size: number;
  root: Uint8Array;
  /** When the head was signed (unix ms). */
  time: number;
}

export interface VerifierKey {
  name: string;
  keyHash: Uint8Array;
  publicKey: Uint8Array;
}

export type Ed25519Verify = (message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array) => boolean;

const ED25519 = 0x01;
const DASH = '\u2014';
const utf8 = (s: string) => new TextEncoder().encode(s);

export const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
export const fromBase64 = (text: string): Uint8Array => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new Error('not base64');
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
};
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
export const fromHex = (text: string): Uint8Array => {
  if (!/^([0-9a-f]{2})*$/.test(text)) throw new Error('not hex');
  return Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));
};

const validName = (name: string) => name.length > 0 && !/[\s+]/.test(name);

export const keyHashOf = (sha256: Sha256, name: string, publicKey: Uint8Array): Uint8Array =>
  sha256(new Uint8Array([...utf8(`${name}\n`), ED25519, ...publicKey])).slice(0, 4);

export const formatVerifierKey = (sha256: Sha256, name: string, publicKey: Uint8Array): string =>
  `${name}+${toHex(keyHashOf(sha256, name, publicKey))}+${toBase64(new Uint8Array([ED25519, ...publicKey]))}`;

export const parseVerifierKey = (sha256: Sha256, text: string): VerifierKey => {
  // name+hash+key: the base64 key may itself hold '+', so only the first two separate.
  const [name, hashHex, ...keyParts] = text.trim().split('+');
  const key = keyParts.join('+');
  if (!name || !validName(name) || !hashHex || !key) throw new Error('Malformed verifier key.');
  const raw = fromBase64(key);
  if (raw.length !== 33 || raw[0] !== ED25519) throw new Error('The verifier key is not an Ed25519 key.');
  const publicKey = raw.slice(1);
  const keyHash = fromHex(hashHex);
  if (toHex(keyHashOf(sha256, name, publicKey)) !== hashHex) throw new Error('The verifier key hash does not match.');
  return { name, keyHash, publicKey };
};

export const checkpointBody = (head: TreeHead): string => {
  if (!validName(head.origin)) throw new Error('An origin is one word.');
  if (!Number.isSafeInteger(head.size) || head.size < 0) throw new Error('Bad tree size.');
  return `${head.origin}\n${head.size}\n${toBase64(head.root)}\ntime ${Math.trunc(head.time)}\n`;
};

/** The signed note for a head: its body, a blank line, and one signature line. */
export const signCheckpoint = (
  head: TreeHead,
  key: { name: string; keyHash: Uint8Array; sign: (message: Uint8Array) => Uint8Array },
): string => {
  const body = checkpointBody(head);
  const signature = key.sign(utf8(body));
  return `${body}\n${DASH} ${key.name} ${toBase64(new Uint8Array([...key.keyHash, ...signature]))}\n`;
};

export type CheckpointVerdict = { ok: true; head: TreeHead } | { ok: false; reason: string };

/** Parses a signed checkpoint and checks its signature by `key`; says in words what is wrong. */
export const openCheckpoint = (note: string, key: VerifierKey, verify: Ed25519Verify): CheckpointVerdict => {
  const split = note.indexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) return { ok: false, reason: 'This is not a signed note.' };
  const body = note.slice(0, split + 1);
  const lines = body.slice(0, -1).split('\n');
  const [origin, sizeText, rootText, ...extra] = lines;
  if (!origin || !sizeText || !rootText) return { ok: false, reason: 'The checkpoint body is incomplete.' };
  if (!/^(0|[1-9]\d*)$/.test(sizeText)) return { ok: false, reason: 'The tree size is not a number.' };
  const time = extra.map((l) => /^time (\d+)$/.exec(l)?.[1]).find(Boolean);
  let root: Uint8Array;
  try {
    root = fromBase64(rootText);
  } catch {
    return { ok: false, reason: 'The root hash is not base64.' };
  }
  if (root.length !== 32) return { ok: false, reason: 'The root hash is not 32 bytes.' };
  const signatures = note.slice(split + 2, -1).split('\n');
  for (const line of signatures) {
    const match = new RegExp(`^${DASH} (\\S+) ([A-Za-z0-9+/=]+)$`).exec(line);
    if (!match || match[1] !== key.name) continue;
    let raw: Uint8Array;
    try {
      raw = fromBase64(match[2]!);
    } catch {
      continue;
    }
    if (raw.length !== 68 || toHex(raw.slice(0, 4)) !== toHex(key.keyHash)) continue;
    if (!verify(utf8(body), raw.slice(4), key.publicKey)) {
      return { ok: false, reason: `The signature by ${key.name} does not match this checkpoint.` };
    }
    return { ok: true, head: { origin, size: Number(sizeText), root, time: time ? Number(time) : 0 } };
  }
  return { ok: false, reason: `The checkpoint carries no signature by ${key.name}.` };
};
