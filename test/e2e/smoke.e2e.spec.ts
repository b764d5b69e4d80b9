import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openPage, screenshot } from './browser.ts';

describe.skipIf(!chromiumAvailable)('smoke: Home in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the hero and the header, and the footer leads to a policy page', async () => {
    const { page, context, errors } = await openPage(browser, server);
    await page.goto('/');
    await page.getByTestId('hero').waitFor({ state: 'visible' });
    const header = page.getByTestId('site-header');
    await header.waitFor({ state: 'visible' });
    expect(await header.textContent()).toContain('Vetri Deals');
    expect(await header.getByRole('link', { name: 'Login' }).count()).toBeGreaterThan(0);
    const shot = await screenshot(page, 'smoke-home');
    expect(existsSync(shot)).toBe(true);

    await page.getByTestId('site-footer').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL('**/policy', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: /Privacy/ }).waitFor();
    await screenshot(page, 'smoke-policy');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone screen without sideways scrolling', async () => {
    const { page, context } = await openPage(browser, server, { viewport: MOBILE });
    await page.goto('/');
    await page.getByTestId('hero').waitFor({ state: 'visible' });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'smoke-home-mobile');
    await context.close();
  });
});
