import { ed25519 } from '@noble/curves/ed25519.js';

/** SHA-256 as the log's Merkle tree and key fingerprints use it. */
export { sha256 } from '@noble/hashes/sha2.js';

/** Ed25519 verification as the log's checks need it (strict RFC 8032, no ZIP-215 leniency). */
export const verify = (message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean => {
  try {
    return ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
};
