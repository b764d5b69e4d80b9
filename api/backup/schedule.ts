import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.ts';
import { withDataDirLock } from '../dataDirLock.ts';
import type { Logger } from '../logger.ts';
import { listSnapshots, pruneSnapshots, takeSnapshot } from './snapshot.ts';

/**
 * Takes a snapshot every BACKUP_INTERVAL_MINUTES into BACKUP_DIR and keeps the newest BACKUP_KEEP.
 * Processes on one data directory take turns (a lock), and one that finds a fresh snapshot from
 * another skips its turn. Returns the stop function.
 */
export const scheduleBackups = (
  config: Pick<Config, 'BACKUP_INTERVAL_MINUTES' | 'BACKUP_DIR' | 'BACKUP_KEEP' | 'DATA_DIR'>,
  log: Pick<Logger, 'info' | 'error'>,
): (() => void) => {
  if (config.BACKUP_INTERVAL_MINUTES <= 0) return () => {};
  const dir = resolve(config.BACKUP_DIR);
  const intervalMs = config.BACKUP_INTERVAL_MINUTES * 60_000;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await withDataDirLock(config.DATA_DIR, 'backup', async () => {
        const latest = listSnapshots(dir).at(-1);
        if (latest && Date.now() - statSync(join(dir, latest)).mtimeMs < intervalMs / 2) return;
        const { path, manifest } = await takeSnapshot(config.DATA_DIR, dir, Date.now());
        const removed = pruneSnapshots(dir, config.BACKUP_KEEP);
        log.info(
          `backup: ${manifest.events} events to ${path}${removed.length ? `; removed ${removed.length} older` : ''}`,
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
