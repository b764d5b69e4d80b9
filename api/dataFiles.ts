import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data directory holds every record of members' money, their sessions and the deployment's
 * secrets, so no other local user may read it: the folder is 0700 and each file 0600, whatever
 * the process's umask.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (0700) or narrows an existing one to 0700. */
export const privateDir = (dir: string): void => {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
};

/**
 * Creates an empty file with mode 0600 (or narrows an existing one) before SQLite or an append
 * opens it: SQLite then gives its -wal and -shm files the database file's own mode.
 */
export const privateFile = (path: string): void => {
  if (path === ':memory:' || path === '') return;
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
};

/** At start-up: the data folder 0700 and every file directly in it 0600 (files left by older versions too). */
export const privateDataDir = (dir: string): void => {
  privateDir(dir);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    try {
      if (lstatSync(path).isFile()) chmodSync(path, PRIVATE_FILE_MODE);
    } catch (error) {
      // Another process on the same folder may remove its SQLite journal between the listing and here.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
};
