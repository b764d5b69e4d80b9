import { resolve } from 'node:path';
import { pruneSnapshots, takeSnapshot } from '../api/backup/snapshot.ts';
import { loadConfig } from '../api/config.ts';

const usage = `Usage:
  npm run backup -- --out <dir> [--keep N]
      writes an online, consistent snapshot of DATA_DIR (event store, signed heads, payment orders,
      log key and secrets, uploads) into <dir>/snapshot-<time>, while the server runs;
      --keep N removes all but the newest N snapshots in <dir>
Restore with: npm run restore -- <dir>/snapshot-<time>`;

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
  const dir = resolve(process.env.INIT_CWD ?? process.cwd(), out);
  try {
    const { path, manifest } = await takeSnapshot(config.DATA_DIR, dir, Date.now());
    console.log(
      `Snapshot of ${manifest.events.toLocaleString('en-IN')} events (last position ${manifest.last_position}) and ${Object.keys(manifest.files).length} file(s) written to ${path}`,
    );
    if (keep) for (const name of pruneSnapshots(dir, Number(keep))) console.log(`Removed the older snapshot ${name}`);
    return 0;
  } catch (error) {
    console.log(`Backup failed: ${(error as Error).message}`);
    return 1;
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runBackup(process.argv.slice(2));
}
