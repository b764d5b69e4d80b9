import type { Config } from '../config.ts';
import { withDataDirLock } from '../dataDirLock.ts';
import type { Logger } from '../logger.ts';
import { snapshotTime } from './snapshot.ts';
import { backupInto, backupTarget, pruneTarget, s3SettingsOf } from './targets.ts';

/**
 * Takes a snapshot every BACKUP_INTERVAL_MINUTES into BACKUP_DIR (a folder or an s3:// bucket) and
 * keeps the newest BACKUP_KEEP. Processes on one data directory take turns (a lock), and one that
 * finds a fresh snapshot from another skips its turn. Returns the stop function.
 */
export const scheduleBackups = (
  config: Pick<
    Config,
    | 'BACKUP_INTERVAL_MINUTES'
    | 'BACKUP_DIR'
    | 'BACKUP_KEEP'
    | 'DATA_DIR'
    | 'BACKUP_S3_ENDPOINT'
    | 'BACKUP_S3_REGION'
    | 'BACKUP_S3_ACCESS_KEY_ID'
    | 'BACKUP_S3_SECRET_ACCESS_KEY'
  >,
  log: Pick<Logger, 'info' | 'error'>,
): (() => void) => {
  if (config.BACKUP_INTERVAL_MINUTES <= 0) return () => {};
  const target = backupTarget(config.BACKUP_DIR, s3SettingsOf(config));
  const intervalMs = config.BACKUP_INTERVAL_MINUTES * 60_000;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await withDataDirLock(config.DATA_DIR, 'backup', async () => {
        const latest = (await target.list()).at(-1);
        if (latest && Date.now() - snapshotTime(latest) < intervalMs / 2) return;
        const { name, manifest } = await backupInto(config.DATA_DIR, target, Date.now());
        const removed = await pruneTarget(target, config.BACKUP_KEEP);
        log.info(
          `backup: ${manifest.events} events to ${target.where}${target.where.endsWith('/') ? '' : '/'}${name}${removed.length ? `; removed ${removed.length} older` : ''}`,
        );
      });
    } catch (error) {
      log.error('backup failed', { error });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
