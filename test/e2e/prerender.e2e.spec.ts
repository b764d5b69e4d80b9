import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openLoggedInPage, openPage } from './browser.ts';

/**
 * Issue 20: the landing, Deals and a live room arrive with their content in the HTML, so a phone
 * on 4G shows them before the bundle has loaded; the browser then hydrates that HTML (the same
 * nodes come alive) instead of drawing it again.
 */
describe.skipIf(!chromiumAvailable)('prerendered screens', () => {
  let server: TestServer;
  let browser: Browser;
  let cookie: string;
  let code: string;
  let product: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    browser = await launchBrowser();
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    cookie = member.cookie!;
    const rooms = (await (await fetch(`${server.url}/api/rooms?status=upcoming`)).json()) as {
      rooms: { room_code: string; product_name: string; status: string }[];
    };
    const room = rooms.rooms.find((r) => r.status !== 'cancelled')!;
    code = room.room_code;
    product = room.product_name;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers } });
    return { res, html: await res.text() };
  };

  it('sends the landing with its hero in the HTML, in the visitor’s language', async () => {
    const en = await page('/');
    expect(en.res.status).toBe(200);
    expect(en.html).toContain('The Future of Shopping Is Here — Built for You');
    expect(en.html).toContain('<script type="application/json" id="boot-data">');
    expect(en.res.headers.get('cache-control')).toBe('private, no-cache');
    const ta = await page('/', { 'accept-language': 'ta-IN,ta;q=0.9,en;q=0.8' });
    expect(ta.html).toContain('<html lang="ta">');
    expect(ta.html).not.toContain('The Future of Shopping Is Here');
    // A choice made on the site (its cookie) wins over the browser's languages.
    const chosen = await page('/', { 'accept-language': 'ta-IN', cookie: 'vetri.lang=en' });
    expect(chosen.html).toContain('The Future of Shopping Is Here — Built for You');
  });

  it('prerenders Deals and a room only for a signed-in member, with their own session', async () => {
    const member = await page('/deals', { cookie });
    expect(member.html).toContain(`data-testid="deal-card-${code}"`);
    expect(member.html).toContain(MEMBER.email);
    // The page's and the screen's styles come inside the page: nothing to fetch before the first paint.
    expect(member.html).not.toMatch(/<link rel="stylesheet"/);
    expect(member.html).toMatch(/<style>[^]*?\.deal-card\s*\{[^]*?<\/style>/);
    const room = await page(`/auction/${code}`, { cookie });
    expect(room.html).toContain('data-testid="auction-room"');
    expect(room.html).toContain(product);
    // A visitor gets the plain shell there (the browser sends them to log in), with nobody's data in it.
    for (const path of ['/deals', `/auction/${code}`]) {
      const visitor = await page(path);
      expect(visitor.res.status).toBe(200);
      expect(visitor.html).toContain('<div id="root"></div>');
      expect(visitor.html).not.toContain('boot-data');
    }
    // A room that does not exist: the shell, and the screen says so in the browser.
    expect((await page('/auction/NOPE404', { cookie })).html).toContain('<div id="root"></div>');
  });

  it('keeps a product name that looks like markup as text: it cannot close the boot data or the page', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const listed = await admin.call<{ products: { id: string; name: string }[] }>('GET', '/api/admin/products');
    const target = listed.body.products.find((p) => p.name === product)!;
    const nasty = `Kettle </script><script>alert(1)</script> $' $& <!--`;
    const edit = await admin.call('PATCH', `/api/admin/products/${target.id}`, { name: nasty });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    try {
      for (const path of ['/deals', `/auction/${code}`]) {
        const { html } = await page(path, { cookie });
        const boot = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
        expect(boot).not.toMatch(/<\/?script/i);
        expect(JSON.stringify(JSON.parse(boot))).toContain(nasty.replace(/"/g, '\\"'));
        // Exactly the page's own scripts: the boot data block and the app's module.
        expect(html.match(/<script/g)).toHaveLength(2);
        expect(html).toContain('Kettle &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&#x27; $&amp; &lt;!--');
      }
    } finally {
      await admin.call('PATCH', `/api/admin/products/${target.id}`, { name: product });
    }
  });

  /** Opens `path` with the app's main script held back: the content must show without it, then the same nodes hydrate. */
  const hydratesInPlace = async (opened: { page: Page }, path: string, selector: string, lang: 'en' | 'ta' = 'en') => {
    const { page: p } = opened;
    const logged: string[] = [];
    p.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await p.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(path, { waitUntil: 'commit' });
    const node = p.locator(selector).first();
    await node.waitFor({ state: 'visible' });
    await node.evaluate((el) => ((el as unknown as { __prerendered: boolean }).__prerendered = true));
    expect(await p.evaluate(() => document.documentElement.lang)).toBe(lang);
    release();
    // Hydrated: React has taken the server's node as its own (its fiber is on it), not drawn a new one.
    await p.waitForFunction(
      (sel) => {
        const el = document.querySelector(sel);
        return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      },
      selector,
      { timeout: 20_000 },
    );
    expect(await node.evaluate((el) => (el as unknown as { __prerendered?: boolean }).__prerendered === true)).toBe(
      true,
    );
    expect(logged.filter((l) => l.includes('Hydration') || l.includes('hydrat'))).toEqual([]);
    return p;
  };

  it('shows the landing before its script runs, then hydrates it in place (English and Tamil)', async () => {
    for (const lang of ['en', 'ta'] as const) {
      const opened = await openPage(browser, server, { viewport: MOBILE, lang });
      const p = await hydratesInPlace(opened, '/', '[data-testid="hero"] h1', lang);
      // Alive: the login button opens the login dialog.
      await p
        .getByRole('button', { name: lang === 'en' ? 'Login' : /உள்நுழை/ })
        .first()
        .click();
      await p.getByRole('dialog').waitFor();
      expect(opened.errors).toEqual([]);
      await opened.context.close();
    }
  });

  it('shows Deals and a room before the script runs, then they work: pre-book opens, the room is live', async () => {
    const opened = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    const p = await hydratesInPlace(opened, '/deals', `[data-testid="deal-card-${code}"]`);
    await p.getByTestId(`deal-card-${code}`).getByRole('button', { name: 'Pre-Book' }).click();
    await p.getByTestId('prebook-confirm').waitFor();
    const room = await openLoggedInPage(browser, server, MEMBER, MOBILE);
    const r = await hydratesInPlace(room, `/auction/${code}`, '[data-testid="auction-room"]');
    await r.getByTestId('cues-switch').click();
    expect(await r.getByTestId('cues-switch').getAttribute('aria-pressed')).toBe('true');
    expect(opened.errors).toEqual([]);
    expect(room.errors).toEqual([]);
    await opened.context.close();
    await room.context.close();
  });
});
