import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, loginThroughUi, MOBILE, openPage, screenshot } from './browser.ts';

const TITLE = 'Karthigai Deepam lamps under ₹300 <script>window.__xss=1</script>';
const SUMMARY = 'Brass and clay lamps for every doorstep in Tiruvannamalai and beyond.';
const PAYLOAD = '<img src=x onerror="window.__xss=2"><script>window.__xss=3</script>';
const BODY = `Buy clay agal vilakku in sets of 12.\n\n${PAYLOAD}\n\nBrass lamps last for years:\nclean them with tamarind.`;

const injected = (page: Page) =>
  page.evaluate(() => ({
    flag: (window as unknown as { __xss?: number }).__xss ?? null,
    elements: document.querySelectorAll('img[src="x"], script:not([src])').length,
  }));

const fitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

describe.skipIf(!chromiumAvailable)('blog in Chromium', () => {
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

  it('an admin publishes a post; a visitor reads it, markup and all, as text', async () => {
    const admin = await openPage(browser, server);
    await loginThroughUi(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto('/admin/blog');
    await admin.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Blog' }).waitFor();
    await admin.page.getByTestId('blog-admin-list').waitFor();
    expect(await admin.page.getByTestId('blog-admin-list').locator('li').count()).toBe(3);

    await admin.page.getByLabel('Title').fill('Too long '.repeat(20));
    await admin.page.getByLabel('Summary').fill(SUMMARY);
    await admin.page.getByLabel('Post', { exact: true }).fill(BODY);
    await admin.page.getByRole('button', { name: 'Publish', exact: true }).click();
    const result = admin.page.getByTestId('blog-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('The title can be at most 120 characters.');

    await admin.page.getByLabel('Title').fill(TITLE);
    expect(await admin.page.getByLabel('Web address').inputValue()).toBe(
      'karthigai-deepam-lamps-under-300-script-window-xss-1-script',
    );
    await admin.page.getByLabel('Web address').fill('karthigai-deepam-lamps');
    await admin.page.getByRole('button', { name: 'Publish', exact: true }).click();
    await admin.page.getByText('Post published.').waitFor();
    await admin.page.getByTestId('blog-admin-list').getByText(TITLE).waitFor();
    await screenshot(admin.page, 'blog-admin');
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    const visitor = await openPage(browser, server);
    await visitor.page.goto('/blog');
    const first = visitor.page.getByTestId('blog-card').first();
    await first.waitFor();
    expect(await visitor.page.getByTestId('blog-card').count()).toBe(4);
    expect(await first.getByRole('heading').textContent()).toBe(TITLE);
    expect(await first.textContent()).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    await screenshot(visitor.page, 'blog-list');
    await first.getByRole('link').click();
    await visitor.page.waitForURL('**/blog/karthigai-deepam-lamps');
    await visitor.page.getByTestId('blog-title').waitFor();
    expect(await visitor.page.getByTestId('blog-title').textContent()).toBe(TITLE);
    const paragraphs = await visitor.page.getByTestId('blog-body').locator('p').allTextContents();
    expect(paragraphs).toEqual([
      'Buy clay agal vilakku in sets of 12.',
      PAYLOAD,
      'Brass lamps last for years:\nclean them with tamarind.',
    ]);
    expect(await injected(visitor.page)).toEqual({ flag: null, elements: 0 });
    expect(await visitor.page.title()).toContain('Karthigai Deepam');
    await screenshot(visitor.page, 'blog-post');

    await visitor.page.goto('/blog/no-such-post');
    await visitor.page.getByText('Post not found').waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });

  it('fits a 375 px phone: the list and a post without sideways scrolling', async () => {
    const { page, context } = await openPage(browser, server, { viewport: MOBILE });
    await page.goto('/blog');
    await page.getByTestId('blog-card').first().waitFor();
    await fitsPhone(page);
    await screenshot(page, 'blog-list-mobile');
    await page.goto('/blog/reward-cash-tips');
    await page.getByTestId('blog-body').waitFor();
    await fitsPhone(page);
    await screenshot(page, 'blog-post-mobile');
    await context.close();
  });
});
