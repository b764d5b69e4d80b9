import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { handleCommand } from '../../api/commandHandler.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { userByEmail } from '../../projections/users.ts';
import { MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, loginThroughUi, MOBILE, openPage, screenshot } from './browser.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ seed: true, env: { SWEEPER_INTERVAL_MS: '0' } });
  browser = await launchBrowser();
  const now = server.deps.clock.now();
  const userId = userByEmail(server.deps.readDb, MEMBER.email)!.id;
  await handleCommand(
    server.deps.commands,
    walletStream(userId),
    walletDecider,
    { type: 'CreditReward', data: { creditId: 'e2e-reward', amount: 20_000, reason: 'adjustment', now } },
    { actor: 'system', now, commandId: 'e2e-reward' },
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const text = (page: Page, testId: string) => page.getByTestId(testId).textContent();

describe.skipIf(!chromiumAvailable)('shop in Chromium', () => {
  it('search → product → cart → checkout with a reward slider → sandbox payment → the order in /orders', async () => {
    const { page, context, errors } = await openPage(browser, server);
    await loginThroughUi(page, MEMBER.email, MEMBER.password);

    const toggle = page.getByTestId('search-toggle');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const search = page.locator('.search-popover').getByRole('combobox', { name: 'Search products' });
    await search.fill('kettle');
    await search.press('Enter');
    await page.waitForURL('**/shop?search=kettle');
    await expect.poll(() => text(page, 'result-count')).toBe('Showing 1–2 of 2 products');

    await page.getByTestId('search-toggle').click();
    await page.getByRole('combobox', { name: 'Search products' }).last().fill('tiffin');
    await page.getByRole('option', { name: /Vetri Home 3-Tier Tiffin Box/ }).click();
    await page.waitForURL('**/product/VD1029');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Vetri Home 3-Tier Tiffin Box');

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => text(page, 'cart-badge')).toBe('1');
    await page.getByTestId('cart-toggle').click();
    await page.getByRole('button', { name: 'One more Vetri Home 3-Tier Tiffin Box' }).click();
    await expect.poll(() => text(page, 'cart-badge')).toBe('2');
    expect(await text(page, 'cart-total')).toBe('₹1,198.00');
    await screenshot(page, 'shop-cart-dropdown');
    await page.getByTestId('cart-panel').getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL('**/checkout');

    await expect.poll(() => text(page, 'reward-available')).toContain('₹200.00');
    const slider = page.getByRole('slider', { name: 'Reward Cash on Vetri Home 3-Tier Tiffin Box' });
    expect(await slider.getAttribute('max')).toBe('2000');
    await slider.focus();
    await page.keyboard.press('End');
    await expect.poll(() => text(page, 'checkout-total')).toBe('₹1,178.00');
    await page.getByLabel('Address', { exact: true }).fill('4 Anna Salai, Chennai 600002');
    await screenshot(page, 'shop-checkout');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();

    await page.waitForURL('**/api/payments/sandbox/checkout/**');
    await page.getByRole('button', { name: 'Pay ₹1,178.00' }).click();
    await page.waitForURL('**/success?order=**');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Payment Successful!');
    await screenshot(page, 'shop-success');
    expect(await page.getByTestId('cart-badge').count()).toBe(0);

    await page.getByRole('link', { name: 'My Orders' }).click();
    await page.waitForURL('**/orders');
    const card = page.getByTestId('order-card').first();
    await expect.poll(() => card.getByRole('heading').textContent()).toBe('Vetri Home 3-Tier Tiffin Box');
    expect(await card.getByTestId('payment-badge').textContent()).toBe('Paid');
    expect(await card.getByTestId('shipment-badge').textContent()).toBe('Processing');
    await card.getByRole('button', { name: 'Show address' }).click();
    expect(await card.locator('address').textContent()).toContain('4 Anna Salai');
    await screenshot(page, 'shop-orders');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a crackers order below the ₹2000 minimum cannot be placed; above it, it is, without a login', async () => {
    const { page, context, errors } = await openPage(browser, server);
    await page.goto('/crackers');
    const row = page.getByTestId('cracker-row').filter({ hasText: 'Flower Pots Big' });
    await row.getByRole('button', { name: 'Reserve' }).click();
    expect(await row.getByRole('button', { name: 'Reserved' }).count()).toBe(1);
    const panel = page.getByTestId('reserved-panel');
    await expect.poll(() => text(page, 'reserved-total')).toBe('₹260.00');
    expect(await panel.getByText('Minimum order ₹2000 required').count()).toBe(1);
    expect(await panel.getByRole('button', { name: 'Reserve' }).isDisabled()).toBe(true);

    await panel.getByRole('spinbutton', { name: 'Quantity of Flower Pots Big' }).fill('8');
    await expect.poll(() => text(page, 'reserved-total')).toBe('₹2,080.00');
    await panel.getByRole('button', { name: 'Reserve' }).click();
    const form = page.getByTestId('crackers-details');
    await form.getByLabel('Name *').fill('Meena Raj');
    await form.getByLabel('Phone *').fill('98765 43210');
    await form.getByLabel('Address line 1 *').fill('12 East Main Street');
    await form.getByLabel('District *').selectOption('Thanjavur');
    await form.getByLabel('Referral code *').fill('tnj001');
    await screenshot(page, 'crackers-details');
    await form.getByRole('button', { name: 'Place Order' }).click();

    const result = page.getByTestId('crackers-result');
    await expect.poll(() => result.getByRole('heading').textContent()).toBe('Order Placed Successfully');
    expect(await text(page, 'crackers-order-id')).toMatch(/^CR[0-9A-F]{10}$/);
    await result.getByRole('button', { name: 'OK' }).click();
    expect(await panel.getByText('No items reserved.').count()).toBe(1);

    await page.getByRole('button', { name: 'Referral status' }).click();
    const dialog = page.getByTestId('referral-status');
    await dialog.getByLabel('Referral code').fill('TNJ001');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(1);
    expect(await dialog.locator('tbody').textContent()).toContain('******3210');
    await screenshot(page, 'crackers-referral-status');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 375 px the filter and sort sheets change the URL, and a shared link reloads the same page', async () => {
    const { page, context, errors } = await openPage(browser, server, { viewport: MOBILE });
    await loginThroughUi(page, MEMBER.email, MEMBER.password);
    await page.goto('/shop');
    await page.getByTestId('product-card').first().waitFor();
    await page.getByTestId('open-filters').click();
    const sheet = page.getByTestId('filter-sheet');
    await sheet.getByLabel('Category').selectOption('Audio');
    await sheet.getByText('In stock only').click();
    await screenshot(page, 'shop-filter-sheet-mobile');
    await sheet.getByRole('button', { name: /^Show \d+ products?$/ }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('category') === 'Audio' && url.searchParams.get('in_stock') === '1',
    );
    await expect.poll(() => text(page, 'result-count')).toBe('Showing 1–7 of 7 products');

    await page.getByTestId('open-sort').click();
    await page.getByTestId('sort-sheet').getByText('Price: Low to High').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    const prices = async () =>
      (await page.locator('.price-now').allTextContents()).map((p) => Number(p.replace(/[^\d.]/g, '')));
    await expect
      .poll(async () => {
        const values = await prices();
        return values.length === 7 && values.every((v, i) => i === 0 || values[i - 1]! <= v);
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    await page.goto('/shop?sort=price_asc&page=3');
    await page.reload();
    await expect.poll(() => text(page, 'result-count')).toBe('Showing 25–36 of 68 products');
    expect(await page.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    await screenshot(page, 'shop-page3-mobile');
    expect(errors).toEqual([]);
    await context.close();
  });
});
