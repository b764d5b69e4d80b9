import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ADMIN, loggedIn } from '../helpers/http.ts';
import type { Client } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openLoggedInPage, openPage, screenshot } from './browser.ts';

describe.skipIf(!chromiumAvailable)('newsletter in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    browser = await launchBrowser();
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The newest link to `page` mailed to `email`, as a path on this site. */
  const mailedLink = async (email: string, page: 'confirm' | 'unsubscribe'): Promise<string> => {
    const { body } = await admin.call<{ mails: { to: string; text: string }[] }>('GET', '/api/admin/outbox');
    const url = body.mails
      .filter((m) => m.to === email)
      .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
      .find((u) => u.includes(`/newsletter/${page}?`));
    if (!url) throw new Error(`no ${page} link mailed to ${email}`);
    const { pathname, search } = new URL(url);
    return pathname + search;
  };

  it('a visitor on a phone subscribes from the footer, confirms from the mail, and unsubscribes from an issue', async () => {
    const visitor = await openPage(browser, server, { viewport: MOBILE });
    const { page } = visitor;
    await page.goto('/about');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(await page.getByTestId('newsletter-status').textContent()).toBe('Enter your email address first.');
    await page.getByLabel('Email address').fill('selvi@example.in');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox: we sent you a link to confirm your subscription.').waitFor();
    expect(await page.getByLabel('Email address').inputValue()).toBe('');

    await page.goto(await mailedLink('selvi@example.in', 'confirm'));
    await page.getByText('You are subscribed to the Vetri Deals newsletter. Thank you!').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'newsletter-confirmed-375');

    // The admin sees the count and sends an issue.
    const desk = await openLoggedInPage(browser, server, ADMIN);
    await desk.page.goto('/admin/newsletter');
    await desk.page.getByTestId('newsletter-counts').waitFor();
    expect(await desk.page.getByTestId('newsletter-subscribed').textContent()).toBe('1');
    await desk.page.getByLabel('Subject').fill('Karthigai deals');
    await desk.page.getByLabel('Text').fill('Lamps at half price on Friday.');
    await desk.page.getByRole('button', { name: /Send to 1 subscribers/ }).click();
    await desk.page.getByText('Newsletter sent to 1 subscriber.').waitFor();
    await screenshot(desk.page, 'admin-newsletter');
    expect(desk.errors).toEqual([]);

    await page.goto(await mailedLink('selvi@example.in', 'unsubscribe'));
    await page.getByText('You are unsubscribed. You will get no more newsletters from us.').waitFor();
    await desk.page.reload();
    await desk.page.getByTestId('newsletter-counts').waitFor();
    expect(await desk.page.getByTestId('newsletter-subscribed').textContent()).toBe('0');

    // A damaged link says so in words.
    await page.goto('/newsletter/confirm?email=selvi%40example.in&token=wrong');
    await page.getByText('This confirmation link is not valid.', { exact: false }).waitFor();
    expect(visitor.errors).toEqual([]);
    await desk.context.close();
    await visitor.context.close();
  });
});
