import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatVerifierKey, keyHashOf } from '../../engine/checkpoint.ts';
import { sha256 } from '../../projections/merkle.ts';
import type { Config } from '../config.ts';
import { PRIVATE_FILE_MODE } from '../dataFiles.ts';

export interface LogKey {
  /** The signer's name in signature lines and in the verifier key (the log's origin). */
  name: string;
  publicKey: Uint8Array;
  keyHash: Uint8Array;
  /** `<name>+<hex key hash>+<base64(0x01 ‖ public key)>`: what witnesses and browsers pin. */
  verifierKey: string;
  sign(message: Uint8Array): Uint8Array;
}

const rawPublicKey = (key: KeyObject): Uint8Array =>
  new Uint8Array(Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url'));

export const ed25519Verify = (message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean => {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    });
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
};

/**
 * The deployment's Ed25519 log key: LOG_SIGNING_KEY (a PKCS#8 PEM) when set, otherwise
 * `${DATA_DIR}/log-signing-key.pem` (0600), made on first start. Written whole to a file of its
 * own, then linked into place (a link fails if the name exists), so processes starting together on
 * one data directory end up with the same key and none reads a key half written.
 */
export const loadLogKey = (dataDir: string, name: string, fromEnv?: string): LogKey => {
  let pem = fromEnv?.replace(/\\n/g, '\n');
  if (!pem) {
    const path = join(dataDir, 'log-signing-key.pem');
    try {
      pem = readFileSync(path, 'utf8');
    } catch {
      const fresh = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
      const mine = `${path}.${process.pid}.new`;
      writeFileSync(mine, fresh, { mode: PRIVATE_FILE_MODE });
      try {
        linkSync(mine, path);
      } catch (error) {
        // Another process made it first: use theirs.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      } finally {
        unlinkSync(mine);
      }
      pem = readFileSync(path, 'utf8');
    }
  }
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LOG_SIGNING_KEY must be an Ed25519 private key');
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  return {
    name,
    publicKey,
    keyHash: keyHashOf(sha256, name, publicKey),
    verifierKey: formatVerifierKey(sha256, name, publicKey),
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
  };
};

/** The log's origin line: LOG_ORIGIN, else PUBLIC_URL's host + /log, else vetrideals.in/log. */
export const logOrigin = (config: Config): string => {
  if (config.LOG_ORIGIN) return config.LOG_ORIGIN;
  try {
    if (config.PUBLIC_URL) return `${new URL(config.PUBLIC_URL).host}/log`;
  } catch {
    // An unparsable PUBLIC_URL is reported where it is used.
  }
  return 'vetrideals.in/log';
};

/** The deployment's log key, as the server and the command-line tools load it from the configuration. */
export const deploymentLogKey = (config: Config): LogKey =>
  loadLogKey(config.DATA_DIR, logOrigin(config), config.LOG_SIGNING_KEY);
