import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, loginThroughUi, MOBILE, openPage, screenshot } from '../e2e/browser.ts';

/** Issue 14, item 9, in Chromium on a 375 px phone: forgot → mail → new password → login; change on the profile. */
describe.skipIf(!chromiumAvailable)('getting back into an account, on a phone', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Client;
  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('resets a forgotten password from the mailed link and logs in with the new one', async () => {
    const email = 'member3@vetrideals.in';
    const { page, context, errors } = await openPage(browser, server, { viewport: MOBILE });
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.locator('#forgot-email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText('If an account exists for this email, we have sent it a link to reset the password.')
      .waitFor();
    await screenshot(page, 'forgot-password-375');

    const mails = (await admin.call<{ mails: { to: string; text: string }[] }>('GET', '/api/admin/outbox')).body.mails;
    const link = new URL(/(http\S+reset-password\?token=\S+)/.exec(mails.find((m) => m.to === email)!.text)![1]!);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByLabel('New password', { exact: true }).fill('Fresh@2026');
    expect(await page.getByTestId('password-strength').textContent()).toBeTruthy();
    await page.getByLabel('Confirm new password').fill('Fresh@2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password has been changed. Log in with your new password.').waitFor();
    await screenshot(page, 'reset-password-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('link', { name: 'Go to login' }).click();
    await loginThroughUi(page, email, 'Fresh@2026');
    expect(new URL(page.url()).pathname).not.toBe('/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('changes the password on the profile, with the current one, and says so in words', async () => {
    const email = 'member4@vetrideals.in';
    const { page, context, errors } = await openPage(browser, server, { viewport: MOBILE });
    await loginThroughUi(page, email, MEMBER.password);
    await page.goto('/profile');
    const form = page.locator('form.change-password');
    await form.waitFor();
    await form.getByLabel('Current password').fill('Wrong@123');
    await form.getByLabel('New password', { exact: true }).fill('Newer@2026');
    await form.getByLabel('Confirm new password').fill('Newer@2026');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your current password is not right.').waitFor();
    await form.getByLabel('Current password').fill(MEMBER.password);
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Your password has been changed. Other devices have been logged out.').waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, 'change-password-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect((await loggedIn(server, email, 'Newer@2026')).cookie).toBeTruthy();
    expect(errors).toEqual([]);
    await context.close();
  });
});
