import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEMBER } from '../helpers/http.ts';
import {
  browserSuite,
  chromiumAvailable,
  MOBILE,
  openLoggedInPage,
  openProfilePage,
  screenshot,
  seriousViolations,
} from './browser.ts';

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Width and height from a PNG's IHDR chunk (after the 8-byte signature and the chunk's length and type). */
const pngSize = (bytes: Buffer): { width: number; height: number } => {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

/** Every URL in every cache of the page's origin. */
const cachedUrls = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((r) => r.url));
    }
    return urls;
  });

const pathsOf = (urls: string[]) => urls.map((u) => new URL(u).pathname);

/** A synthetic `beforeinstallprompt`, as Chromium fires it, whose prompt() the test can see. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    const w = window as unknown as { prompted: number };
    w.prompted = 0;
    event.prompt = () => {
      w.prompted += 1;
      return Promise.resolve();
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

describe.skipIf(!chromiumAvailable)('an installable app (issue 20, part 2)', () => {
  const suite = browserSuite();

  it('serves the manifest, its icons, the worker and the offline page, none kept stale', async () => {
    const res = await fetch(`${suite.server.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await res.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Vetri Deals',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f3d3e',
      background_color: '#0f3d3e',
    });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const png = await fetch(`${suite.server.url}${icon.src}`);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await png.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    const touch = await fetch(`${suite.server.url}/icons/apple-touch-icon.png`);
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toEqual({ width: 180, height: 180 });

    for (const path of ['/sw.js', '/offline.html']) {
      const file = await fetch(`${suite.server.url}${path}`);
      expect(file.status, path).toBe(200);
      expect(file.headers.get('cache-control'), path).toBe('no-cache');
    }
    expect((await fetch(`${suite.server.url}/sw.js`)).headers.get('content-type')).toMatch(/javascript/);
  });

  it('installs: the worker controls the page, keeps the shell and never an API answer, and the app opens offline', async () => {
    const { page, context, errors, close } = await openProfilePage(suite.server, MOBILE);
    try {
      await page.goto('/', { waitUntil: 'load' });
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
      expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
        '/icons/apple-touch-icon.png',
      );

      // Registered for every visitor, on load; it claims the page once active.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? 'none')).toBe(
        'activated',
      );

      // Chromium's own installability check (what Lighthouse asks): no errors.
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toBe(`${suite.server.url}/manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      // A visit to a screen while the worker controls the page: its code is kept.
      await page.goto('/about-deals', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The page itself asks the API (the session, the wallet): none of it is kept.
      expect(await page.evaluate(async () => (await fetch('/api/rooms')).status)).toBe(200);
      const cached = pathsOf(await cachedUrls(page));
      expect(cached).toEqual(
        expect.arrayContaining(['/index.html', '/offline.html', '/manifest.webmanifest', '/icons/icon-192.png']),
      );
      // The landing came prerendered (a page for one visitor): never kept as the shell.
      expect(cached).not.toContain('/');
      expect(cached.some((p) => p.startsWith('/assets/') && p.endsWith('.js'))).toBe(true);
      expect(cached.filter((p) => p.startsWith('/api/') || p.startsWith('/socket.io/'))).toEqual([]);
      expect(await page.evaluate(async () => (await caches.keys()).every((name) => /-v\d+$/.test(name)))).toBe(true);

      // Opening the offline page online does not take the shell's place.
      await page.goto('/offline.html');
      const shell = await page.evaluate(async () => (await (await caches.match('/index.html'))?.text()) ?? '');
      expect(shell).toContain('<div id="root"></div>');
      expect(shell).not.toContain('boot-data');

      await context.setOffline(true);
      // A screen visited before: the shell and its screen open from the caches.
      await page.goto('/about-deals');
      await page.getByRole('banner').first().waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.getByTestId('screen-unavailable').count()).toBe(0);
      await screenshot(page, 'pwa-offline-visited-375');
      // The API is not answered from anywhere: offline, it fails.
      expect(
        await page.evaluate(() =>
          fetch('/api/rooms').then(
            () => 'answered',
            () => 'failed',
          ),
        ),
      ).toBe('failed');
      expect(await page.evaluate(async () => (await caches.match('/api/rooms')) === undefined)).toBe(true);

      // The offline page (what the worker answers a navigation with when it has no shell) opens offline too.
      await page.goto('/offline.html');
      await page.getByRole('heading', { name: 'You are offline' }).waitFor();
      expect(await page.locator('body').innerText()).toMatch(/bidding[\s\S]*wallet and payments/i);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'pwa-offline-page-375');

      // A screen never opened here: the app opens and says what works offline.
      await page.goto('/shipping-policy');
      await page.getByTestId('screen-unavailable').waitFor();
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/pages you already viewed may show/i);
      expect(text).toMatch(/balances are never shown from a saved copy/i);
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await screenshot(page, 'pwa-offline-unvisited-375');

      // Back online, "Try again" opens the screen.
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.waitForFunction(() => !document.querySelector('[data-testid="screen-unavailable"]'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('opened offline by a member signed in before: the app says whose it is and that it is offline, shows no balance, and the server’s answer takes over once back', async () => {
    const { page, context, errors, close } = await openProfilePage(suite.server, MOBILE);
    try {
      const login = await context.request.post('/api/auth/login', {
        data: { email: MEMBER.email, password: MEMBER.password },
      });
      expect(login.status()).toBe(200);
      await page.goto('/', { waitUntil: 'load' });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
      // The member's profile, opened once online: its code is kept on the phone.
      await page.goto('/account', { waitUntil: 'networkidle' });
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.click();
      await page.locator('#mobile-menu').getByTestId('wallet-balance').waitFor();
      expect(await page.getByTestId('offline-notice').count()).toBe(0);

      await context.setOffline(true);
      await page.goto('/account');
      // Not sent to the login screen: the phone's copy of the member is shown, marked offline.
      const notice = page.getByTestId('offline-notice');
      await notice.waitFor();
      expect(await notice.innerText()).toBe(
        'You are offline Bidding, your wallet and payments come back when you are online.',
      );
      expect(new URL(page.url()).pathname).toBe('/account');
      expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
      // The screen itself opens from the phone and says in words that its data needs the server.
      await page.getByText('We could not load your profile. Please try again.').waitFor();
      await screenshot(page, 'pwa-offline-account-375');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const mobileMenu = page.locator('#mobile-menu');
      await mobileMenu.getByRole('link', { name: 'My Account' }).waitFor();
      // Balances are never shown from a saved copy.
      expect(await page.getByTestId('wallet-balance').count()).toBe(0);
      expect(await page.getByTestId('reward-balance').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      expect(await seriousViolations(page, '[data-testid="offline-notice"]')).toEqual([]);
      await screenshot(page, 'pwa-offline-signed-in-375');

      // Back online: the session check is asked again on its own; the notice goes, the balances come.
      await context.setOffline(false);
      await notice.waitFor({ state: 'detached', timeout: 15_000 });
      await mobileMenu.getByTestId('wallet-balance').waitFor();
      expect(await mobileMenu.getByTestId('wallet-balance').innerText()).toMatch(/^Wallet ₹[\d,]+$/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('suggests installing on a signed-in member’s second visit; the suggestion prompts, and a dismissal is kept', async () => {
    const { page, context } = await openLoggedInPage(suite.browser, suite.server, MEMBER, MOBILE);
    try {
      await page.goto('/', { waitUntil: 'load' });
      await page.getByTestId('header-account-bar').first().waitFor({ state: 'attached' });
      expect(await offerInstall(page)).toBe(true); // the browser's own infobar is held back
      await page.waitForTimeout(300);
      expect(await page.getByTestId('install-prompt').count()).toBe(0); // a first visit: not yet

      // A second visit (a new tab in the same browser).
      const second = await context.newPage();
      await second.goto('/', { waitUntil: 'load' });
      await second.getByTestId('header-account-bar').first().waitFor({ state: 'attached' });
      await offerInstall(second);
      const banner = second.getByTestId('install-prompt');
      await banner.waitFor();
      const box = (await banner.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
      expect(await second.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      // The banner itself (the member's home under it is checked by the a11y suite).
      expect(await seriousViolations(second, '[data-testid="install-prompt"]')).toEqual([]);
      await screenshot(second, 'pwa-install-prompt-375');
      await second.getByRole('button', { name: 'Install Vetri Deals' }).click();
      await second.waitForFunction(() => (window as unknown as { prompted: number }).prompted === 1);
      await banner.waitFor({ state: 'detached' });

      // Offered again (the browser offers each visit); the member closes it: never shown again.
      await second.reload({ waitUntil: 'load' });
      await second.getByTestId('header-account-bar').first().waitFor({ state: 'attached' });
      await offerInstall(second);
      await banner.waitFor();
      await second.getByRole('button', { name: 'Dismiss: do not suggest installing again' }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await second.evaluate(() => localStorage.getItem('vetri.install.dismissed'))).not.toBeNull();
      await second.reload({ waitUntil: 'load' });
      await second.getByTestId('header-account-bar').first().waitFor({ state: 'attached' });
      await offerInstall(second);
      await second.waitForTimeout(300);
      expect(await second.getByTestId('install-prompt').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
