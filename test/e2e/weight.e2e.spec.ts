import { describe, expect, it } from 'vitest';
import { browserSuite, chromiumAvailable, MOBILE, openPage } from './browser.ts';

/** Issue 20 item 5: a phone's first visit to the landing page moves at most this much. */
const LANDING_BUDGET_BYTES = 150 * 1024;

describe.skipIf(!chromiumAvailable)('weight on a phone', () => {
  const suite = browserSuite();

  it('a first visit to the landing page transfers at most 150 KB, compressed, with no source maps', async () => {
    const { page, context, errors } = await openPage(suite.browser, suite.server, { viewport: MOBILE });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const transferred = new Map<string, number>();
    const urls = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => transferred.set(e.requestId, e.encodedDataLength));
    await page.goto('/', { waitUntil: 'networkidle' });
    await page
      .getByRole('link', { name: /register|join/i })
      .first()
      .waitFor();
    const total = [...transferred.values()].reduce((a, b) => a + b, 0);
    const biggest = [...transferred.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([id, bytes]) => `${urls.get(id)} ${bytes}`);
    expect(total, `landing transferred ${total} bytes; biggest: ${biggest.join(', ')}`).toBeLessThanOrEqual(
      LANDING_BUDGET_BYTES,
    );
    expect([...urls.values()].some((u) => u.endsWith('.map'))).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hashed assets go out precompressed with a year-long cache; maps are not served; JSON is compressed', async () => {
    const html = await (await fetch(`${suite.server.url}/`)).text();
    const script = html.match(/src="(\/assets\/index-[^"]+\.js)"/)![1]!;
    const asset = await fetch(`${suite.server.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const code = await (
      await fetch(`${suite.server.url}${script}`, { headers: { 'accept-encoding': 'identity' } })
    ).text();
    expect(code).not.toContain('sourceMappingURL');
    expect((await fetch(`${suite.server.url}${script}.map`)).status).toBe(404);

    const gz = await fetch(`${suite.server.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');

    const rooms = await fetch(`${suite.server.url}/api/rooms`, { headers: { 'accept-encoding': 'br' } });
    expect(rooms.status).toBe(200);
    expect(rooms.headers.get('content-encoding')).toBe('br');
    expect(rooms.headers.get('vary')).toContain('Accept-Encoding');
    expect(((await rooms.json()) as { rooms?: unknown[] }).rooms?.length).toBeGreaterThan(0);
    const plain = await fetch(`${suite.server.url}/api/rooms`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
