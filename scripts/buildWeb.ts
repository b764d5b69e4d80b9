import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'web/dist');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'api/realtime/protocol.ts', 'engine'];

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
};

/** True when web/dist is missing or older than any web source. */
export const webBuildIsStale = (): boolean => {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > built);
};

/**
 * Builds the web client with Vite into a fresh folder, then swaps it in with renames, so a
 * server (or another build) never sees half of one build and half of another.
 */
export const buildWeb = async (): Promise<void> => {
  const { build } = await import('vite');
  const tmp = `${dist}.build-${process.pid}-${Date.now()}`;
  await build({
    configFile: join(root, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: tmp, emptyOutDir: true },
  });
  // Keep the previous build's hashed chunks: an open page may still load them lazily.
  if (existsSync(join(dist, 'assets')))
    cpSync(join(dist, 'assets'), join(tmp, 'assets'), { force: false, errorOnExist: false, recursive: true });
  const old = `${dist}.old-${process.pid}-${Date.now()}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(tmp, dist);
  rmSync(old, { recursive: true, force: true });
};

/** Builds the web client when it is missing or stale. */
export const buildWebIfNeeded = async (log: (line: string) => void = console.log): Promise<void> => {
  if (!webBuildIsStale()) return;
  log('Building the web client (vite build)…');
  await buildWeb();
  log('Web client built.');
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWeb();
  console.log('Web client built into web/dist.');
}
