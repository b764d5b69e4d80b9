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
  options: { viewport?: { width: number; height: number }; lang?: 'en' | 'ta' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: options.viewport ?? DESKTOP,
    // A Tamil reader's browser: the app picks Tamil from its languages on the first visit.
    locale: options.lang === 'ta' ? 'ta-IN' : 'en-IN',
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
  lang: 'en' | 'ta' = 'en',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
  const opened = await openPage(browser, server, { viewport, lang });
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

/**
 * Words shown in English on a page that should be in Tamil: the texts `t()` found no Tamil for
 * (`window.__i18nMissing`), and every visible text (and label, placeholder, alt, title) holding a
 * Latin word that is not an acronym, a code, an address or a number, outside `translate="no"`
 * (names, product and brand names, codes: data, not words we write).
 */
export const untranslatedTexts = async (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const found = new Set<string>(
      [...((window as unknown as { __i18nMissing?: Set<string> }).__i18nMissing ?? [])].map((m) => `t(): ${m}`),
    );
    const english = (text: string) =>
      text
        .replace(/\S+@\S+|https?:\/\/\S+|\/[\w/.-]+/g, ' ')
        .split(/[^A-Za-z]+/)
        .some((word) => word.length >= 2 && word !== word.toUpperCase());
    const skipped = (el: Element | null) =>
      !el || el.closest('[translate="no"], script, style, noscript, svg') !== null;
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect?.();
      const style = getComputedStyle(el);
      return !!box && box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (text && english(text) && !skipped(parent) && visible(parent!)) found.add(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], img[alt], [title]')) {
      if (skipped(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = el.getAttribute(attr)?.trim();
        if (value && english(value)) found.add(`${attr}: ${value}`);
      }
    }
    return [...found].sort();
  });

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
