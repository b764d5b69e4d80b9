import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/**
 * The server's side of prerendering (api/http/prerender.ts) against a web build of its own: the
 * real API answers the boot data; the renderer is a small module standing in for
 * web/ssr's builds, so a new build, a broken build and a missing one can be swapped in.
 */
describe('prerendered pages follow the build in place and fall back to the shell', () => {
  const root = mkdtempSync(join(tmpdir(), 'vetri-prerender-'));
  const dist = join(root, 'dist');
  const ssr = join(root, 'ssr');
  let server: TestServer;
  let builds = 0;

  /** Lands a renderer as a new build does: in its own folder, then named in `current.json`. */
  const build = (body: string) => {
    const name = `build-${++builds}`;
    mkdirSync(join(ssr, name), { recursive: true });
    writeFileSync(join(ssr, name, 'entry-server.js'), body);
    writeFileSync(join(ssr, 'current.json'), JSON.stringify({ build: name }));
  };
  const landing = async () => (await fetch(`${server.url}/`, { headers: { accept: 'text/html' } })).text();

  beforeAll(async () => {
    mkdirSync(dist, { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html>\n<html lang="en-IN"><head><title>t</title></head><body><div id="root"></div></body></html>\n',
    );
    server = await startTestServer({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('renders with the renderer of the build in place, and a new one as soon as it lands', async () => {
    build(`export const render = async (url, boot) => '<h1>first ' + url + ' ' + boot.lang + '</h1>';`);
    expect(await landing()).toContain('<div id="root"><h1>first / en</h1></div>');
    build(`export const render = async (url) => '<h1>second ' + url + '</h1>';`);
    expect(await landing()).toContain('<div id="root"><h1>second /</h1></div>');
  });

  it('sends the plain shell when the renderer fails, or when there is none', async () => {
    build(`export const render = async () => { throw new Error('broken build'); };`);
    const broken = await landing();
    expect(broken).toContain('<div id="root"></div>');
    expect(broken).not.toContain('boot-data');
    rmSync(join(ssr, 'current.json'));
    expect(await landing()).toContain('<div id="root"></div>');
    // A renderer that lands later is used from then on.
    build(`export const render = async () => '<h1>back</h1>';`);
    expect(await landing()).toContain('<h1>back</h1>');
  });
});
