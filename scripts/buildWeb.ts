import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'web/dist');
/**
 * The server's half of the prerendered screens (web/src/entry-server.tsx), never served as a file.
 * Each build has its own folder, named in `current.json`: a running server imports a new build by
 * its own paths (Node keeps a module once loaded, by path), never a mix of two.
 */
export const SSR_DIR = join(root, 'web/ssr');
export const SSR_CURRENT = join(SSR_DIR, 'current.json');
/** Source maps live here, beside the build and never inside it: nothing serves them. */
export const SOURCE_MAPS = join(root, 'web/sourcemaps');
const sources = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'api/contract', 'engine'];

const newestMtime = (path: string): number => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
};

/** True when web/dist is missing or older than any web source. */
export const webBuildIsStale = (): boolean => {
  const index = join(dist, 'index.html');
  if (!existsSync(index) || !existsSync(SSR_CURRENT)) return true;
  const built = statSync(index).mtimeMs;
  return sources.some((s) => newestMtime(join(root, s)) > built);
};

/** The hashed files of the build now in web/dist, from its Vite manifest. */
const currentBuildFiles = (): string[] => {
  const manifest = join(dist, '.vite/manifest.json');
  if (!existsSync(manifest)) return [];
  const chunks = Object.values(
    JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, { file: string; css?: string[]; assets?: string[] }>,
  );
  return chunks.flatMap((c) => [c.file, ...(c.css ?? []), ...(c.assets ?? [])]);
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml']);

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file over 1 KB, once at build
 * time, so the server sends them as they are (`precompressed`) and spends no CPU per request; and
 * moves the source maps out to `web/sourcemaps/`.
 */
const finishBuild = (out: string): void => {
  rmSync(SOURCE_MAPS, { recursive: true, force: true });
  for (const file of filesUnder(out)) {
    if (file.endsWith('.map')) {
      const kept = join(SOURCE_MAPS, relative(out, file));
      mkdirSync(dirname(kept), { recursive: true });
      renameSync(file, kept);
      continue;
    }
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
};

/**
 * Builds the web client with Vite into a fresh folder, then swaps it in with renames, so a
 * server (or another build) never sees half of one build and half of another. The previous
 * build's own hashed files are kept (not older ones): a page still open may load them lazily.
 */
export const buildWeb = async (): Promise<void> => {
  // Vite picks packages' `development` export condition unless NODE_ENV says production.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  const tmp = `${dist}.build-${process.pid}-${Date.now()}`;
  await build({
    configFile: join(root, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: tmp, emptyOutDir: true },
  });
  finishBuild(tmp);
  const ssrBuild = `build-${Date.now()}-${process.pid}`;
  const ssrTmp = join(SSR_DIR, `${ssrBuild}.tmp`);
  await build({
    configFile: join(root, 'web/vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: ssrTmp,
      emptyOutDir: true,
      copyPublicDir: false,
      sourcemap: false,
      manifest: false,
    },
  });
  for (const file of currentBuildFiles()) {
    if (existsSync(join(dist, file)) && !existsSync(join(tmp, file))) {
      mkdirSync(dirname(join(tmp, file)), { recursive: true });
      for (const kept of [file, `${file}.br`, `${file}.gz`])
        if (existsSync(join(dist, kept))) cpSync(join(dist, kept), join(tmp, kept));
    }
  }
  // The server's renderer first: a page prerendered between the two switches names the older
  // build's files, which the new dist keeps (above). The previous renderer stays for a server that
  // is still rendering with it; older ones go.
  const previous = existsSync(SSR_CURRENT)
    ? (JSON.parse(readFileSync(SSR_CURRENT, 'utf8')) as { build?: string }).build
    : undefined;
  renameSync(ssrTmp, join(SSR_DIR, ssrBuild));
  writeFileSync(`${SSR_CURRENT}.tmp`, `${JSON.stringify({ build: ssrBuild })}\n`);
  renameSync(`${SSR_CURRENT}.tmp`, SSR_CURRENT);
  const keep = new Set([ssrBuild, previous, 'current.json']);
  for (const name of readdirSync(SSR_DIR))
    if (!keep.has(name) && !name.endsWith('.tmp')) rmSync(join(SSR_DIR, name), { recursive: true, force: true });
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
