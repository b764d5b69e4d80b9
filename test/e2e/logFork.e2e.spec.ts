import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER } from '../helpers/http.ts';
import { rewriteStream } from '../helpers/rewriteStore.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

const ENV = { LOG_HEAD_INTERVAL_MS: '0' };

describe.skipIf(!chromiumAvailable)('a member’s browser as a witness of the deal log', () => {
  let dir: string;
  let dataDir: string;
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vetri-fork-'));
    dataDir = join(dir, 'data');
    server = await startTestServer({ seed: true, dataDir, env: ENV });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the signed head it saw, and shows a rewrite of the store after a restart as a fork, in words', async () => {
    const { page, context, errors } = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    await page.goto('/deals');
    const keptSize = async () => {
      const raw = await page.evaluate(() => localStorage.getItem('vetri.log.v1'));
      return raw ? (JSON.parse(raw) as { heads: { tree_size: number }[] }).heads.at(-1)?.tree_size : undefined;
    };
    await expect.poll(async () => (await keptSize()) ?? 0, { timeout: 15_000 }).toBeGreaterThan(0);
    const seenSize = (await keptSize())!;
    expect(seenSize).toBe((await server.deps.store.readAll()).length);
    expect(await page.getByTestId('log-fork').count()).toBe(0);

    // The operator stops the server, rewrites a room's creation with fresh, correctly chained
    // hashes, throws away the read models and every head signed so far, and starts again. (On a new
    // port, as a freed port may be taken meanwhile: the browser's kept heads go with it, as they would
    // on the same address.)
    const kept = await page.evaluate(() => localStorage.getItem('vetri.log.v1'));
    expect(errors).toEqual([]);
    await page.close();
    const room = (await server.deps.store.readAll()).find((e) => e.type === 'RoomCreated')!.streamName;
    await server.stop();
    rewriteStream(join(dataDir, 'events.db'), room, ({ type, data }) =>
      type === 'RoomCreated' ? { ...data, entryFee: 1 } : data,
    );
    for (const name of ['heads.db', 'heads.db-wal', 'heads.db-shm']) rmSync(join(dataDir, name), { force: true });
    rmSync(server.deps.config.readModelPath, { force: true });
    server = await startTestServer({ seed: true, dataDir, env: ENV });
    await context.addInitScript((value) => {
      if (value && !localStorage.getItem('vetri.log.v1')) localStorage.setItem('vetri.log.v1', value);
    }, kept);

    const again = await context.newPage();
    again.on('pageerror', (error) => errors.push(error.message));
    await again.goto(`${server.url}/login`);
    const banner = again.getByTestId('log-fork');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Warning: deal records were changed after they were published');
    expect(await banner.textContent()).toContain(`Two different logs of ${seenSize} events were signed.`);
    await screenshot(again, 'log-fork-375');
    // The evidence stays after another reload, even if the server now looks consistent with itself.
    await again.reload();
    await banner.waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
