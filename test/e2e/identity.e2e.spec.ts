import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, AUDITOR_LOGIN, MEMBER, WAITLISTED } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, loginThroughUi, MOBILE, openPage, screenshot } from './browser.ts';

const pathOf = (page: Page) => new URL(page.url()).pathname;

const waitForPath = (page: Page, path: string) =>
  page.waitForURL((url) => url.pathname === path, { waitUntil: 'commit', timeout: 10_000 });

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe.skipIf(!chromiumAvailable)('identity in Chromium', () => {
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

  /** The OTP mailed to `email`, read on the /admin/outbox screen as the admin in a second browser context. */
  const otpFromOutboxScreen = async (email: string): Promise<string> => {
    const { page, context } = await openPage(browser, server);
    await loginThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/admin/outbox');
    const mail = page.getByTestId('outbox').locator('li', { hasText: email }).first();
    await mail.waitFor();
    await screenshot(page, 'identity-outbox');
    const code = (await mail.locator('.mail-subject').textContent())?.match(/\b(\d{6})\b/)?.[1];
    await context.close();
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };

  it('a visitor enters a referral code, registers with the OTP from the outbox, logs in, sees their name and logs out', async () => {
    const { page, context, errors } = await openPage(browser, server);
    await page.goto('/');
    await page
      .getByTestId('hero')
      .getByRole('heading', { name: /The Future of Shopping Is Here/ })
      .waitFor();
    const referral = page.getByLabel('Have a referral code?');
    const access = page.getByRole('button', { name: 'Get Instant Access' });
    await access.click();
    await page.getByText('⚠️ Please enter a referral code').waitFor();
    await referral.fill('ZZZZZZ');
    await access.click();
    await page.getByText('Referral code not found').waitFor();
    await screenshot(page, 'identity-landing');

    await referral.fill('vetri1');
    await access.click();
    await waitForPath(page, '/register');
    const code = page.getByLabel('Referral code (optional)');
    expect(await code.inputValue()).toBe('VETRI1');
    expect(await code.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('waitlist-warning').count()).toBe(0);

    const email = 'kavya.e2e@example.in';
    await page.getByLabel('Name').fill('Kavya Raman');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Phone').fill('9840099999');
    await page.getByLabel('Date of birth').fill('1996-05-20');
    await page.getByLabel('District').selectOption('Thanjavur');
    await page.getByLabel('Password', { exact: true }).fill('Kavya@2026');
    await page.getByLabel('Confirm Password').fill('Kavya@2026');
    await page.getByTestId('password-strength').getByText('Very strong').waitFor();
    const register = page.getByRole('button', { name: 'Register', exact: true });
    expect(await register.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('OTP sent to your email.').waitFor();
    await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
    await page.getByLabel('OTP', { exact: true }).fill(await otpFromOutboxScreen(email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('email-verified').waitFor();
    expect(await register.isDisabled()).toBe(false);
    await screenshot(page, 'identity-register');

    // Members confirm they are adults before the account is made.
    await register.click();
    await page
      .getByText('Please confirm that you are 18 or older: Vetri Deals is for members aged 18 and above.')
      .waitFor();
    await page.getByLabel('I am 18 or older, and I agree to the terms and conditions.').check();
    await register.click();
    await page.getByText('Registration successful! Taking you to the deals…').waitFor();
    // Signed in by registering: straight to the deals, with no second trip through the login form.
    await waitForPath(page, '/deals');
    const avatar = page.getByRole('button', { name: 'Account menu for Kavya Raman' });
    await avatar.click();
    const menu = page.getByRole('menu', { name: 'Account' });
    expect(await menu.getByTestId('account-name').textContent()).toBe('Kavya Raman');
    expect(await page.getByTestId('header-account-bar').getByTestId('wallet-balance').textContent()).toBe('Wallet ₹0');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toContain('Kavya Raman');
    await screenshot(page, 'identity-header-menu');

    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await page.getByTestId('site-header').getByRole('link', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    const session = await page.evaluate(() => fetch('/api/auth/session').then((r) => r.json() as Promise<unknown>));
    expect(session).toMatchObject({ logged_in: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('landing: one FAQ answer open at a time, Join Waitlist leads to the watchlist warning, the login modal logs in', async () => {
    const { page, context, errors } = await openPage(browser, server);
    await page.goto('/');
    const faq = page.getByTestId('faq');
    await faq.getByRole('button', { name: 'What is Vetri Deals?' }).waitFor();
    expect(await faq.getByRole('button').count()).toBe(7);
    await faq.getByRole('button', { name: 'Can I reuse my credits for auctions?' }).click();
    await faq.getByText('can be spent only in the shop').waitFor();
    expect(await faq.locator('[aria-expanded="true"]').count()).toBe(1);
    await faq.getByRole('button', { name: 'How do I get access?' }).click();
    expect(await faq.locator('[aria-expanded="true"]').count()).toBe(1);
    expect(await faq.getByText('can be spent only in the shop').isVisible()).toBe(false);

    await page.getByTestId('hero').getByRole('link', { name: 'Join Waitlist' }).first().click();
    await waitForPath(page, '/register');
    await page.getByTestId('waitlist-warning').waitFor();
    expect(await page.getByLabel('Referral code (optional)').getAttribute('readonly')).toBeNull();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('Enter an email first.').waitFor();

    await page.goto('/');
    await page.getByTestId('hero').getByRole('button', { name: 'Login' }).click();
    const modal = page.getByTestId('login-modal');
    await modal.getByLabel('Email', { exact: true }).fill(MEMBER.email);
    await modal.getByLabel('Password', { exact: true }).fill('wrong-password');
    await modal.getByRole('button', { name: 'Login' }).click();
    await modal.getByText('Invalid email or password.').waitFor();
    await modal.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await modal.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Account menu for Arun Kumar' }).waitFor();
    await modal.waitFor({ state: 'detached', timeout: 5000 });
    expect(pathOf(page)).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin grants a waitlisted member access on /admin, and the member’s waitlist notice goes away', async () => {
    const member = await openPage(browser, server);
    await loginThroughUi(member.page, WAITLISTED.email, WAITLISTED.password);
    await member.page.goto('/profile');
    await member.page.getByTestId('waitlist-notice').waitFor();
    expect(await member.page.getByTestId('profile-access').textContent()).toBe('Waitlisted');

    const admin = await openPage(browser, server);
    await loginThroughUi(admin.page, ADMIN.email, ADMIN.password);
    await admin.page.goto('/admin');
    await admin.page.getByTestId('total-users').getByText(/^\d+$/).waitFor();
    await admin.page.getByLabel('Search by name or email').fill('waitlist');
    const row = admin.page.getByTestId(`user-row-${WAITLISTED.email}`);
    await admin.page.getByText(/^1 of \d+ users match/).waitFor();
    expect(await admin.page.locator('.users-table tbody tr').count()).toBe(1);
    await screenshot(admin.page, 'identity-admin-users');
    await row.getByRole('button', { name: 'Grant access to Vignesh Raja' }).click();
    await admin.page.getByText('Access granted to Vignesh Raja.').waitFor();
    expect(await row.locator('.access-badge').textContent()).toBe('granted');
    expect(await row.getByRole('button', { name: /Grant access/ }).count()).toBe(0);

    // No reload: the member's open page hears of the grant over its socket.
    await member.page.getByTestId('profile-access').getByText('Full access').waitFor({ timeout: 5000 });
    expect(await member.page.getByTestId('waitlist-notice').count()).toBe(0);
    const session = await member.page.evaluate(() =>
      fetch('/api/auth/session').then((r) => r.json() as Promise<unknown>),
    );
    expect(session).toMatchObject({ user: { access: 'granted' } });
    await member.context.close();
    await admin.context.close();
  });

  it('guards: visitors go to /login, members are kept out of admin pages, logged-in users skip /login', async () => {
    const visitor = await openPage(browser, server);
    for (const path of ['/wallet', '/profile', '/no/such/page']) {
      await visitor.page.goto(path);
      await waitForPath(visitor.page, '/login');
    }
    await visitor.page.goto('/crackers');
    expect(pathOf(visitor.page)).toBe('/crackers');
    await visitor.context.close();

    const member = await openPage(browser, server);
    await loginThroughUi(member.page, MEMBER.email, MEMBER.password);
    await member.page.goto('/admin');
    await waitForPath(member.page, '/login');
    await member.page.getByText('That page is for admins only.', { exact: false }).waitFor();
    for (const path of ['/register', '/login', '/no/such/page']) {
      await member.page.goto(path);
      await waitForPath(member.page, '/');
    }
    await member.context.close();

    const auditor = await openPage(browser, server);
    await loginThroughUi(auditor.page, AUDITOR_LOGIN.email, AUDITOR_LOGIN.password);
    await auditor.page.goto('/admin');
    await auditor.page.getByTestId(`user-row-${MEMBER.email}`).waitFor();
    expect(await auditor.page.getByRole('button', { name: /Grant access/ }).count()).toBe(0);
    await auditor.page.goto('/add-referral');
    await waitForPath(auditor.page, '/login');
    await auditor.context.close();
  });

  it('a member saves a profile, which is then read-only until Edit Profile', async () => {
    const { page, context } = await openPage(browser, server);
    await loginThroughUi(page, 'member2@vetrideals.in', 'Member@123');
    await page.goto('/account');
    const city = page.getByLabel('City');
    await city.fill('Coimbatore');
    await page.getByLabel('Gender').selectOption('Female');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Profile saved successfully!').waitFor();
    expect(await city.getAttribute('readonly')).not.toBeNull();

    await page.reload();
    expect(await page.getByLabel('City').inputValue()).toBe('Coimbatore');
    expect(await page.getByLabel('City').getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('First name').fill('');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('Failed to save profile').waitFor();
    await context.close();
  });

  it('the admin adds a referral code, and a duplicate is refused in red', async () => {
    const { page, context } = await openPage(browser, server);
    await loginThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/add-referral');
    await page.getByLabel('Name').fill('Madurai Meenakshi Stores');
    await page.getByLabel('Referral Code').fill('mdue2e');
    expect(await page.getByLabel('Referral Code').inputValue()).toBe('MDUE2E');
    await page.getByRole('button', { name: 'Add Referral' }).click();
    const result = page.getByTestId('referral-result');
    await result.getByText('Referral code MDUE2E added for Madurai Meenakshi Stores.').waitFor();
    expect(await result.getAttribute('class')).toContain('result-message--ok');

    await page.getByLabel('Name').fill('Again');
    await page.getByLabel('Referral Code').fill('MDUE2E');
    await page.getByRole('button', { name: 'Add Referral' }).click();
    await result.getByText(/already exists/).waitFor();
    expect(await result.getAttribute('class')).toContain('result-message--fail');
    await screenshot(page, 'identity-add-referral');
    await context.close();
  });

  it('fits every identity screen on a 375 px phone without sideways scrolling', async () => {
    const visitor = await openPage(browser, server, { viewport: MOBILE });
    for (const [path, name] of [
      ['/', 'landing'],
      ['/register', 'register'],
      ['/login', 'login'],
    ] as const) {
      await visitor.page.goto(path);
      await visitor.page.locator('main h1').first().waitFor();
      expect(await noSidewaysScroll(visitor.page), path).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(visitor.page, `identity-${name}-mobile`);
    }
    await visitor.context.close();

    const admin = await openPage(browser, server, { viewport: MOBILE });
    await loginThroughUi(admin.page, ADMIN.email, ADMIN.password);
    for (const [path, name] of [
      ['/profile', 'profile'],
      ['/admin', 'admin-users'],
      ['/add-referral', 'add-referral'],
      ['/admin/outbox', 'outbox'],
    ] as const) {
      await admin.page.goto(path);
      await admin.page.locator('main h1').first().waitFor();
      await admin.page.waitForLoadState('networkidle');
      expect(await noSidewaysScroll(admin.page), path).toBeLessThanOrEqual(MOBILE.width);
      await screenshot(admin.page, `identity-${name}-mobile`);
    }
    await admin.context.close();
  });
});
