import { basename, join, resolve } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { restoreSnapshot } from '../api/backup/restore.ts';
import { backupTarget, s3SettingsOf, splitSnapshotAddress } from '../api/backup/targets.ts';
import { loadConfig } from '../api/config.ts';
import { logOrigin } from '../api/transparency/logKey.ts';
import { createProgress } from './progress.ts';

const usage = `Usage:
  npm run restore -- <snapshot folder | s3://bucket/prefix/snapshot-…> [--data-dir <empty dir>]
      checks the snapshot (every file, every stream's hash chain and each room's rules, the log
      against its signed heads), rebuilds the read models with a progress bar, and only then puts
      it in place as DATA_DIR (or --data-dir), which must be empty; a snapshot that does not verify
      is refused and nothing is written`;

const optionValue = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};

export const runRestore = async (args: string[]): Promise<number> => {
  const dataDirArg = optionValue(args, '--data-dir');
  const snapshotArg = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--data-dir');
  if (!snapshotArg || args.includes('--help')) {
    console.log(usage);
    return args.includes('--help') ? 0 : 2;
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const config = loadConfig(dataDirArg ? { ...process.env, DATA_DIR: resolve(cwd, dataDirArg) } : process.env);
  let snapshot = resolve(cwd, snapshotArg);
  const scratch = mkdtempSync(join(tmpdir(), 'vetri-restore-'));
  try {
    if (snapshotArg.startsWith('s3://')) {
      const { where, name } = splitSnapshotAddress(snapshotArg);
      try {
        snapshot = await backupTarget(where, s3SettingsOf(config)).fetch(name, scratch);
      } catch (error) {
        console.log(`REFUSED   ${(error as Error).message}; nothing was written to ${config.DATA_DIR}`);
        return 1;
      }
    }
    return await restoreFrom(snapshot, config);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
};

const restoreFrom = async (snapshot: string, config: ReturnType<typeof loadConfig>): Promise<number> => {
  let progress: ReturnType<typeof createProgress> | null = null;
  const verdict = await restoreSnapshot(snapshot, config.DATA_DIR, {
    readModelFile: basename(config.readModelPath),
    logOrigin: logOrigin(config),
    logSigningKey: config.LOG_SIGNING_KEY,
    onProgress: (position, head) => {
      progress ??= createProgress('rebuild', head);
      progress.update(position);
    },
  });
  if (!verdict.ok) {
    console.log(`REFUSED   ${snapshot} does not verify; nothing was written to ${config.DATA_DIR}`);
    for (const p of verdict.problems) console.log(`PROBLEM   ${p}`);
    return 1;
  }
  console.log(
    `RESTORED  ${verdict.events.toLocaleString('en-IN')} events in ${verdict.streams} stream(s), every chain intact` +
      (verdict.heads ? `, the log as its ${verdict.heads} signed head(s) hold it` : '') +
      `; read models rebuilt; data directory ${config.DATA_DIR}`,
  );
  return 0;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runRestore(process.argv.slice(2));
}
