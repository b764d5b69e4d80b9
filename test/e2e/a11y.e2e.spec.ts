import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import {
  chromiumAvailable,
  launchBrowser,
  MOBILE,
  openLoggedInPage,
  openPage,
  screenshot,
  seriousViolations,
  untranslatedTexts,
} from './browser.ts';

const WIDE = { width: 1366, height: 900 } as const;

/**
 * The page is wider than the screen, and which elements make it so. Checked three times over a
 * second: a late layout (a font or a screen's styles arriving) is not a page that scrolls sideways.
 */
const scrollsSideways = async (page: Page, width: number): Promise<string | null> => {
  for (let i = 0; ; i++) {
    const wide = await page.evaluate((limit) => {
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth <= limit) return null;
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        return false;
      };
      const culprits = Array.from(document.querySelectorAll('body *'))
        .filter((el) => el.getBoundingClientRect().right > limit && !clipped(el))
        .slice(0, 3)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)} px)`,
        );
      return `scrolls sideways: ${scrollWidth} px wide: ${culprits.join(', ')}`;
    }, width);
    if (!wide || i === 2) return wide;
    await page.waitForTimeout(500);
  }
};

const PAGES: Record<'visitor' | 'member' | 'admin', string[]> = {
  visitor: [
    '/',
    '/about',
    '/about-deals',
    '/contact',
    '/policy',
    '/shipping-policy',
    '/login',
    '/register',
    '/forgot-password',
    '/crackers',
    '/blog',
    '/shop',
  ],
  member: ['/deals', '/my-deals', '/shop', '/orders', '/reserved-items', '/profile', '/wallet', '/apl'],
  admin: [
    '/admin',
    '/create-room',
    '/add-products',
    '/add-referral',
    '/admin/rooms',
    '/admin/products',
    '/admin/orders',
    '/admin/crackers-season',
    '/admin/leagues',
    '/admin/blog',
    '/admin/newsletter',
    '/admin/withdrawals',
    '/admin/integrity',
    '/admin/streams',
  ],
};

describe.skipIf(!chromiumAvailable)(
  'accessibility, layout and language of every screen (axe-core, 375 px and 1366 px, English and Tamil)',
  () => {
    let server: TestServer;
    let browser: Browser;
    beforeAll(async () => {
      server = await startTestServer({ seed: true });
      browser = await launchBrowser();
      // Screens behind a code: a product, a blog post, an upcoming room, the demo league.
      const get = async <T>(path: string) => (await (await fetch(`${server.url}${path}`)).json()) as T;
      const { products } = await get<{ products: { product_code: string }[] }>('/api/products');
      const { posts } = await get<{ posts: { slug: string }[] }>('/api/blog');
      PAGES.visitor.push(`/blog/${posts[0]!.slug}`, `/product/${products[0]!.product_code}`);
      PAGES.member.push(`/product/${products[0]!.product_code}`, '/aplauction/CDPL26');
      const member = await loggedIn(server, MEMBER.email, MEMBER.password);
      const rooms = await member.call<{ rooms: { room_code: string }[] }>('GET', '/api/rooms');
      PAGES.member.push(`/auction/${rooms.body.rooms[0]!.room_code}`);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
    });

    const LANGS = { en: 'English', ta: 'Tamil' } as const;
    for (const [lang, language] of Object.entries(LANGS) as ['en' | 'ta', string][])
      for (const viewport of [MOBILE, WIDE])
        for (const [who, paths] of Object.entries(PAGES))
          it(`${language}: ${who} screens at ${viewport.width} px: no serious or critical violation, no sideways scroll, no page or console error${lang === 'ta' ? ', no English words' : ''}`, async () => {
            const opened =
              who === 'visitor'
                ? await openPage(browser, server, { viewport, lang })
                : await openLoggedInPage(browser, server, who === 'admin' ? ADMIN : MEMBER, viewport, lang);
            const found: Record<string, string[]> = {};
            // What the console says in red, per screen (a failed request, a React warning, a hydration difference).
            let consoleErrors: string[] = [];
            opened.page.on('console', (m) => {
              if (m.type() === 'error') consoleErrors.push(m.text());
            });
            try {
              for (const path of paths) {
                consoleErrors = [];
                await opened.page.goto(path, { waitUntil: 'networkidle' });
                await opened.page.locator('main h1, main h2').first().waitFor();
                const problems = await seriousViolations(opened.page);
                const sideways = await scrollsSideways(opened.page, viewport.width);
                if (sideways) problems.push(sideways);
                if (lang === 'ta')
                  problems.push(...(await untranslatedTexts(opened.page)).map((text) => `English: ${text}`));
                problems.push(...consoleErrors.map((text) => `console: ${text}`));
                if (problems.length) found[path] = problems;
                // The main screens in both languages, saved for review (test-results/).
                await screenshot(opened.page, `screen-${lang}-${who}-${path.replace(/\W+/g, '_')}-${viewport.width}`);
              }
              expect(found).toEqual({});
              expect(opened.errors).toEqual([]);
            } finally {
              await opened.context.close();
            }
          }, 180_000);
  },
);
