import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { privateDir } from '../dataFiles.ts';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import type { SnapshotManifest } from './snapshot.ts';
import { listFiles, listSnapshots, takeSnapshot } from './snapshot.ts';

/**
 * Where snapshots are kept, behind one port: a folder (the default; a second disk or a mounted
 * remote) or an S3-compatible bucket (`s3://bucket/prefix`, for production). A snapshot is made in
 * a local folder first and then handed to the target whole.
 */
export interface BackupTarget {
  /** For messages: the folder or the s3:// address. */
  readonly where: string;
  /** The folder, for a folder target: snapshots are written straight into it. */
  readonly folder?: string;
  /** Stores the local snapshot folder `localDir` under `name`. */
  put(name: string, localDir: string): Promise<void>;
  /** Snapshot names, oldest first. */
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  /** A local folder holding the snapshot `name` (downloaded into `scratch` when the target is remote). */
  fetch(name: string, scratch: string): Promise<string>;
}

export const folderTarget = (folder: string): BackupTarget => {
  const dir = resolve(folder);
  return {
    where: dir,
    folder: dir,
    put: (name, localDir) => {
      privateDir(dir);
      if (resolve(localDir) !== join(dir, name)) cpSync(localDir, join(dir, name), { recursive: true });
      return Promise.resolve();
    },
    list: () => Promise.resolve(listSnapshots(dir)),
    remove: (name) => {
      rmSync(join(dir, name), { recursive: true, force: true });
      return Promise.resolve();
    },
    fetch: (name) => Promise.resolve(join(dir, name)),
  };
};

export interface S3Settings {
  /** For S3-compatible stores (MinIO, R2, …); unset means AWS. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * An S3-compatible bucket: each snapshot is the objects `<prefix><name>/<file>`, its
 * `manifest.json` written last, so a snapshot whose upload was cut off is never listed.
 */
export const s3Target = (url: string, settings: S3Settings, client?: S3Client): BackupTarget => {
  const parsed = /^s3:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!parsed) throw new Error(`Not an s3:// address: ${url}`);
  const bucket = parsed[1]!;
  const prefix = parsed[2] ? parsed[2].replace(/\/?$/, '/') : '';
  const s3 =
    client ??
    new S3Client({
      region: settings.region ?? 'us-east-1',
      // Checksums only where S3 requires them: S3-compatible stores do not all take the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    });
  const keysUnder = async (under: string): Promise<string[]> => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: under, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };
  return {
    where: `s3://${bucket}/${prefix}`,
    async put(name, localDir) {
      const files = listFiles(localDir).sort((a, b) => (a === 'manifest.json' ? 1 : b === 'manifest.json' ? -1 : 0));
      for (const file of files) {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${prefix}${name}/${file}`,
            Body: readFileSync(join(localDir, file)),
          }),
        );
      }
    },
    async list() {
      const names = new Set<string>();
      for (const key of await keysUnder(prefix)) {
        const m = /^(snapshot-[^/]+)\/manifest\.json$/.exec(key.slice(prefix.length));
        if (m) names.add(m[1]!);
      }
      return [...names].sort();
    },
    async remove(name) {
      const keys = await keysUnder(`${prefix}${name}/`);
      for (let i = 0; i < keys.length; i += 1000) {
        await s3.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) },
          }),
        );
      }
    },
    async fetch(name, scratch) {
      const into = join(scratch, name);
      for (const key of await keysUnder(`${prefix}${name}/`)) {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const path = join(into, key.slice(`${prefix}${name}/`.length));
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, await object.Body!.transformToByteArray());
      }
      if (!existsSync(join(into, 'manifest.json'))) throw new Error(`No snapshot ${name} at s3://${bucket}/${prefix}`);
      return into;
    },
  };
};

/** The target a BACKUP_DIR (or --out) names: an s3:// address, or a folder. */
export const backupTarget = (where: string, settings: S3Settings = {}): BackupTarget =>
  where.startsWith('s3://') ? s3Target(where, settings) : folderTarget(where);

/** Takes a snapshot of `dataDir` into `target` (through a local scratch folder for a remote target). */
export const backupInto = async (
  dataDir: string,
  target: BackupTarget,
  now: number,
): Promise<{ name: string; manifest: SnapshotManifest }> => {
  if (target.folder) {
    const { path, manifest } = await takeSnapshot(dataDir, target.folder, now);
    return { name: basename(path), manifest };
  }
  const scratch = mkdtempSync(join(tmpdir(), 'vetri-snapshot-'));
  try {
    const { path, manifest } = await takeSnapshot(dataDir, scratch, now);
    await target.put(basename(path), path);
    return { name: basename(path), manifest };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

/** Removes all but the newest `keep` snapshots of `target`; returns the names removed. */
export const pruneTarget = async (target: BackupTarget, keep: number): Promise<string[]> => {
  const all = await target.list();
  const removed = all.slice(0, Math.max(0, all.length - keep));
  for (const name of removed) await target.remove(name);
  return removed;
};

/** Splits `<folder or s3://bucket/prefix>/<snapshot name>` into the target's address and the name. */
export const splitSnapshotAddress = (address: string): { where: string; name: string } => {
  const trimmed = address.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return { where: trimmed.slice(0, cut), name: trimmed.slice(cut + 1) };
};

/** The S3 settings of the configuration (used when BACKUP_DIR or an --out is an s3:// address). */
export const s3SettingsOf = (config: {
  BACKUP_S3_ENDPOINT?: string;
  BACKUP_S3_REGION?: string;
  BACKUP_S3_ACCESS_KEY_ID?: string;
  BACKUP_S3_SECRET_ACCESS_KEY?: string;
}): S3Settings => ({
  endpoint: config.BACKUP_S3_ENDPOINT,
  region: config.BACKUP_S3_REGION,
  accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
  secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
});
