import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { withDataDirLockSync } from './dataDirLock.ts';

/**
 * A secret kept in `${dataDir}/secrets.json` (mode 600), created on first use, so every process on
 * the same data dir agrees on it and it survives restarts. An environment value always wins.
 * Processes starting together take turns (a lock in the data dir) and the file is replaced whole
 * (written beside it, then renamed), so none reads it half-written or overwrites another's secret.
 */
export const dataDirSecret = (
  dataDir: string,
  name: string,
  fromEnv?: string,
  /** How to make the secret the first time (32 random bytes by default). */
  create: () => string = () => randomBytes(32).toString('base64url'),
): string => {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  const read = () => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>) : {});
  const known = read()[name];
  if (known) return known;
  return withDataDirLockSync(dataDir, 'secrets', () => {
    const secrets = read();
    const kept = secrets[name];
    if (kept) return kept;
    const created = create();
    secrets[name] = created;
    const next = `${path}.${process.pid}.tmp`;
    writeFileSync(next, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    renameSync(next, path);
    return created;
  });
};
