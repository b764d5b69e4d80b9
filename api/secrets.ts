import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * A secret kept in `${dataDir}/secrets.json` (mode 600), created on first use, so every process on
 * the same data dir agrees on it and it survives restarts. An environment value always wins.
 */
export const dataDirSecret = (dataDir: string, name: string, fromEnv?: string): string => {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  const secrets = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
};
