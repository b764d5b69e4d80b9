import { resolve } from 'node:path';
import { backupInto, backupTarget, pruneTarget, s3SettingsOf } from '../api/backup/targets.ts';
import { loadConfig } from '../api/config.ts';

const usage = `Usage:
  npm run backup -- --out <dir | s3://bucket/prefix> [--keep N]
      writes an online, consistent snapshot of DATA_DIR (event store, signed heads, payment orders,
      log key and secrets, uploads) into <out>/snapshot-<time>, while the server runs; an s3://
      address uses BACKUP_S3_ENDPOINT, _REGION, _ACCESS_KEY_ID and _SECRET_ACCESS_KEY;
      --keep N removes all but the newest N snapshots there
Restore with: npm run restore -- <out>/snapshot-<time>`;

const optionValue = (args: string[], name: string): string | undefined => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};

export const runBackup = async (args: string[]): Promise<number> => {
  const out = optionValue(args, '--out');
  const keep = optionValue(args, '--keep');
  if (!out || args.includes('--help') || (keep !== undefined && !/^[1-9]\d*$/.test(keep))) {
    console.log(usage);
    return args.includes('--help') ? 0 : 2;
  }
  const config = loadConfig();
  // npm runs scripts from the package root; a relative path means the caller's own directory.
  const where = out.startsWith('s3://') ? out : resolve(process.env.INIT_CWD ?? process.cwd(), out);
  try {
    const target = backupTarget(where, s3SettingsOf(config));
    const { name, manifest } = await backupInto(config.DATA_DIR, target, Date.now());
    console.log(
      `Snapshot of ${manifest.events.toLocaleString('en-IN')} events (last position ${manifest.last_position}) and ${Object.keys(manifest.files).length} file(s) written to ${target.where.replace(/\/$/, '')}/${name}`,
    );
    if (keep)
      for (const old of await pruneTarget(target, Number(keep))) console.log(`Removed the older snapshot ${old}`);
    return 0;
  } catch (error) {
    console.log(`Backup failed: ${(error as Error).message}`);
    return 1;
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runBackup(process.argv.slice(2));
}
