import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumAvailable = existsSync(CHROMIUM_PATH);
export const ARTIFACTS = join(import.meta.dirname, '../../test-results');

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, headless, driven by playwright-core. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });

export const MOBILE = { width: 375, height: 760 } as const;
export const DESKTOP = { width: 1280, height: 860 } as const;

/**
 * Chromium with a profile on disk (a temporary folder, removed on close): unlike the incognito-like
 * contexts of `openPage`, it may install the site as an app, so its installability can be checked.
 */
export const openProfilePage = async (
  server: Pick<TestServer, 'url'>,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[]; close: () => Promise<void> }> => {
  const profile = mkdtempSync(join(tmpdir(), 'vetri-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: FLAGS,
    headless: true,
    baseURL: server.url,
    viewport,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { context, page, errors, close };
};

/** A fresh browser context (own cookies) on the server, with console errors collected. */
export const openPage = async (
  browser: Browser,
  server: Pick<TestServer, 'url'>,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: options.viewport ?? DESKTOP,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
};

/** A fresh browser context logged in through the API (the session cookie lands in the context's jar). */
export const openLoggedInPage = async (
  browser: Browser,
  server: Pick<TestServer, 'url'>,
  who: { email: string; password: string },
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const opened = await openPage(browser, server, { viewport });
  const res = await opened.context.request.post('/api/auth/login', {
    data: { email: who.email, password: who.password },
  });
  if (res.status() !== 200) throw new Error(`login as ${who.email} failed: ${res.status()} ${await res.text()}`);
  return opened;
};

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * axe-core's WCAG 2.2 A/AA rules on the page as it is now (or only on the part `within` selects);
 * only serious and critical violations.
 */
export const seriousViolations = async (page: Page, within?: string): Promise<string[]> => {
  // Evaluated over the DevTools protocol, which the page's Content-Security-Policy does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (within) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document | string, o: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(within ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  }, within);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
};

/** Saves a screenshot under test-results/ as a test artifact. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
};

/** Logs in through the login screen. */
export const loginThroughUi = async (page: Page, email: string, password: string): Promise<void> => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { waitUntil: 'commit' });
  // Let the landing screen settle (the signed-in header shown, lazy screen loaded) before the test
  // goes on, so a late navigation cannot close a popover the test just opened.
  await page.getByTestId('header-account-bar').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('load');
  await page.waitForTimeout(300);
};

/**
 * A browser suite's server and Chromium, started before its tests and stopped after them:
 * `const suite = browserSuite({ seed: true })`, then `suite.server` and `suite.browser` in tests.
 */
export const browserSuite = (options: Parameters<typeof startTestServer>[0] = { seed: true }) => {
  const suite = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    suite.server = await startTestServer(options);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
};
