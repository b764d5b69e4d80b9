import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'api/realtime/protocol.ts', 'engine'];

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
};

/** True when web/dist is missing or older than any web source. */
export const webBuildIsStale = (): boolean => {
  const index = join(root, 'web/dist/index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > built);
};

/** Builds the web client with Vite when it is missing or stale. */
export const buildWebIfNeeded = async (log: (line: string) => void = console.log): Promise<void> => {
  if (!webBuildIsStale()) return;
  log('Building the web client (vite build)…');
  const { build } = await import('vite');
  await build({ configFile: join(root, 'web/vite.config.ts'), logLevel: 'warn' });
  log('Web client built.');
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildWebIfNeeded();
}
