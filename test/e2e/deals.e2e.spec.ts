import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { createManualClock } from '../../api/clock.ts';
import { ed25519Verify } from '../../api/transparency/logKey.ts';
import type { SignedAck } from '../../engine/ack.ts';
import { checkAck } from '../../engine/ack.ts';
import { parseVerifierKey } from '../../engine/checkpoint.ts';
import { sha256 } from '../../projections/merkle.ts';
import { formatRupees } from '../../web/src/lib/format.ts';
import { deposit } from '../api/roomsHelpers.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { chromiumAvailable, launchBrowser, MOBILE, openLoggedInPage, screenshot } from './browser.ts';

const MIN = 60_000;
const ARUN = { email: MEMBER.email, password: MEMBER.password, name: 'Arun Kumar' };
const PRIYA = { email: 'member2@vetrideals.in', password: MEMBER.password, name: 'Priya Ramesh' };

const headerText = async (page: Page) => (await page.getByTestId('site-header').textContent()) ?? '';
const card = (page: Page, code: string) => page.getByTestId(`deal-card-${code}`);
const walletOf = async (c: BrowserContext) =>
  (await c.request.get('/api/me/wallet').then((r) => r.json())) as { cash: number; reward_cash: number };

describe.skipIf(!chromiumAvailable)('deal rooms in Chromium: two members pre-book, bid, win and buy', () => {
  // The server's clock moves by hand: the start time and the round deadline pass when the test says so.
  const clock = createManualClock(Date.now());
  let server: TestServer;
  let browser: Browser;
  let admin: Client;
  let code: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    browser = await launchBrowser();
    admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const priya = await loggedIn(server, PRIYA.email, PRIYA.password);
    await deposit(server, priya, 100_00);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });

  it(
    'runs a room from pre-book to purchase, with live counts, leaderboards and reward cash in the header',
    { timeout: 150_000 },
    async () => {
      const arun = await openLoggedInPage(browser, server, ARUN);
      const priya = await openLoggedInPage(browser, server, PRIYA);
      contexts.push(arun.context, priya.context);

      // Arun tops up through the Wallet page and the sandbox checkout.
      const before = await walletOf(arun.context);
      await arun.page.goto('/wallet');
      await arun.page
        .getByTestId('wallet-cash')
        .filter({ hasText: formatRupees(before.cash) })
        .waitFor();
      await arun.page.getByRole('button', { name: 'Add ₹100' }).click();
      await arun.page.waitForURL('**/api/payments/sandbox/checkout/**');
      await arun.page.getByRole('button', { name: /^Pay/ }).click();
      await arun.page.getByText('Payment successful. Your wallet has been updated.').waitFor();
      expect(new URL(arun.page.url()).search).toBe('');
      const cash = before.cash + 100_00;
      expect(await arun.page.getByTestId('wallet-cash').textContent()).toBe(formatRupees(cash));
      const latest = arun.page.locator('[data-testid=wallet-transactions] tbody tr').first();
      expect(await latest.textContent()).toContain('Deposit');
      expect(await latest.textContent()).toContain('+₹100.00');
      expect(await headerText(arun.page)).toContain(`Wallet ${formatRupees(cash, { whole: true })}`);

      // Both watch Deals; the admin's new room appears live, without a reload.
      await Promise.all([arun.page.goto('/deals'), priya.page.goto('/deals')]);
      await arun.page.getByTestId('upcoming-panel').waitFor();
      const products = (await (await fetch(`${server.url}/api/products/suggest?q=cooker`)).json()) as {
        products: { id: string }[];
      };
      const created = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
        product_id: products.products[0]!.id,
        base_price: 1_000_00,
        max_price: 1_100_00,
        bid_value: 10_00,
        bid_seconds: 60,
        entry_fee: 50_00,
        max_participants: 2,
        max_attempts: 3,
        reward_cash: 20_00,
        scheduled_time: new Date(clock.now() + 10 * MIN).toISOString(),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      code = created.body.room_code;
      await card(arun.page, code).waitFor();
      await card(priya.page, code).waitFor();
      expect(await card(arun.page, code).getByTestId('joined-count').textContent()).toBe('0/2');

      // Arun pre-books; Priya's card counts him at once.
      await card(arun.page, code).getByRole('button', { name: 'Pre-Book' }).click();
      await arun.page.getByTestId('prebook-confirm').getByRole('button', { name: 'Confirm Pre-Book' }).click();
      await arun.page.getByTestId('toast').filter({ hasText: 'Pre-booked successfully' }).waitFor();
      await card(arun.page, code).getByRole('button', { name: 'You have already booked' }).waitFor();
      await card(priya.page, code).getByTestId('joined-count').filter({ hasText: '1/2' }).waitFor();
      expect(await headerText(arun.page)).toContain(`Wallet ${formatRupees(cash - 50_00, { whole: true })}`);

      await card(priya.page, code).getByRole('button', { name: 'Pre-Book' }).click();
      await priya.page.getByTestId('prebook-confirm').getByRole('button', { name: 'Confirm Pre-Book' }).click();
      await card(priya.page, code).getByRole('button', { name: 'You have already booked' }).waitFor();
      await card(arun.page, code).getByTestId('joined-count').filter({ hasText: '2/2' }).waitFor();
      await screenshot(arun.page, 'deals-prebooked');

      // Start time: the room opens and the card offers Join.
      clock.advance(10 * MIN + 1000);
      await server.rooms.tick();
      await card(arun.page, code).getByRole('button', { name: 'Join' }).click();
      await arun.page.waitForURL(`**/auction/${code}`);
      await card(priya.page, code).getByRole('button', { name: 'Join' }).click();
      await priya.page.waitForURL(`**/auction/${code}`);

      // They bid against each other; the server sets every price.
      await arun.page.getByTestId('place-deal').filter({ hasText: 'Place Deal · ₹1,010.00' }).click();
      await arun.page.getByTestId('place-deal').filter({ hasText: 'You hold the highest deal' }).waitFor();
      await priya.page.getByTestId('place-deal').filter({ hasText: 'Place Deal · ₹1,020.00' }).click();
      await arun.page.getByTestId('current-deal').filter({ hasText: '₹1,020.00' }).waitFor();
      // Screen readers hear the deal after Arun's (issue 20: polite live region, one line per burst).
      const said = (page: Page, text: string) =>
        page.getByTestId('live-announcer').filter({ hasText: text }).waitFor({ state: 'attached' });
      await said(arun.page, 'New deal: ₹1,020.00 by Priya Ramesh.');
      // The one switch for sound and vibration: off until Arun turns it on, and kept on this device.
      const cues = arun.page.getByTestId('cues-switch');
      expect(await cues.getAttribute('aria-pressed')).toBe('false');
      await cues.click();
      expect(await cues.getAttribute('aria-pressed')).toBe('true');
      expect(await arun.page.evaluate(() => localStorage.getItem('vetri.cues'))).toBe('on');
      await arun.page.getByTestId('place-deal').filter({ hasText: 'Place Deal · ₹1,030.00' }).click();
      await priya.page.getByTestId('current-deal').filter({ hasText: '₹1,030.00' }).waitFor();
      await said(arun.page, 'Your deal leads at ₹1,030.00.');
      // Arun's own count comes with his ack, which his page may handle a moment after Priya's page shows the deal.
      await arun.page
        .getByTestId('attempts')
        .filter({ hasText: /^Attempts used: 2 \/ 3$/ })
        .waitFor();
      const board = priya.page.getByTestId('leaderboard');
      await board.locator('tbody tr').nth(2).waitFor();
      expect(await board.locator('tbody tr').first().textContent()).toMatch(
        /^1Arun Kumar₹1,030\.00\d{1,2}:\d{2}:\d{2}\.\d{3} [ap]m$/,
      );
      expect(await board.locator('tbody tr').nth(1).textContent()).toContain('Priya Ramesh (You)');
      expect(await priya.page.getByTestId('participants-table').textContent()).toContain('Priya Ramesh (You)12');
      await screenshot(priya.page, 'auction-running');

      // The round deadline passes: Arun wins at ₹1,030; Priya's fee comes back as reward cash.
      const rewardOf = async (c: BrowserContext) => (await walletOf(c)).reward_cash;
      const priyaReward = (await rewardOf(priya.context)) + 50_00;
      const arunReward = (await rewardOf(arun.context)) + 20_00;
      clock.advance(61_000);
      await server.rooms.tick();
      for (const { page } of [arun, priya]) {
        await page.getByTestId('winner-banner').filter({ hasText: 'Arun Kumar' }).waitFor();
        expect(await page.getByTestId('final-price').textContent()).toBe('₹1,030.00');
      }
      await said(arun.page, 'You won, at ₹1,030.00.');
      await said(priya.page, 'Ended. Arun Kumar won at ₹1,030.00.');
      const headerShows = (page: Page, text: string) =>
        page.waitForFunction(
          (t) => document.querySelector('[data-testid=site-header]')?.textContent?.includes(t) ?? false,
          text,
        );
      await headerShows(priya.page, `Reward ${formatRupees(priyaReward, { whole: true })}`);
      await headerShows(arun.page, `Reward ${formatRupees(arunReward, { whole: true })}`);
      await screenshot(priya.page, 'auction-lost-reward');

      // The winner reaches the purchase form, pays through the sandbox, and the purchase locks.
      await arun.page.getByTestId('purchase-link').click();
      await arun.page.waitForURL(`**/purchase/${code}`);
      await arun.page.getByTestId('purchase-form').waitFor();
      expect(await arun.page.getByTestId('purchase-total').textContent()).toBe('₹1,030.00');
      await arun.page.getByTestId('purchase-pay').click();
      expect(await arun.page.locator('#addr-pincode-error').textContent()).toBe('Required.');
      const fillAddress = async (page: Page) => {
        await page.locator('#addr-contact_number').fill('9840012345');
        await page.locator('#addr-address_line1').fill('14, 2nd Cross Street, R.A. Puram');
        await page.locator('#addr-pincode').fill('600028');
        await page.locator('#addr-city').fill('Chennai');
      };
      // A second tab reaches the provider's checkout before the first pays.
      const secondTab = await arun.context.newPage();
      await secondTab.goto(`/purchase/${code}`);
      await secondTab.getByTestId('purchase-form').waitFor();
      await fillAddress(secondTab);
      await secondTab.getByTestId('purchase-pay').click();
      await secondTab.waitForURL('**/api/payments/sandbox/checkout/**');

      await fillAddress(arun.page);
      await arun.page.getByTestId('purchase-pay').click();
      await arun.page.waitForURL('**/api/payments/sandbox/checkout/**');
      await arun.page.getByRole('button', { name: /^Pay/ }).click();
      await arun.page.getByTestId('purchase-locked').waitFor();
      expect(await arun.page.getByTestId('purchase-pay').isDisabled()).toBe(true);
      await screenshot(arun.page, 'purchase-done');

      // The second tab pays too: the deal is already bought, so that money goes to Arun's wallet, and he is told so.
      const cashBefore = (await walletOf(arun.context)).cash;
      await secondTab.getByRole('button', { name: /^Pay/ }).click();
      await secondTab
        .getByTestId('purchase-message')
        .filter({ hasText: 'You have already submitted this purchase. The amount has been added to your wallet.' })
        .waitFor();
      expect((await walletOf(arun.context)).cash).toBe(cashBefore + 1_030_00);
      await secondTab
        .getByTestId('wallet-balance')
        .filter({ hasText: formatRupees(cashBefore + 1_030_00, { whole: true }) })
        .first()
        .waitFor();
      await secondTab.close();

      // My Deals files the room under won for Arun and lost for Priya.
      await arun.page.goto('/my-deals');
      await arun.page.getByRole('tab', { name: /won/ }).click();
      await arun.page.getByTestId(`my-deal-${code}`).getByRole('button', { name: 'Purchased' }).waitFor();
      await priya.page.goto('/my-deals');
      await priya.page.getByRole('tab', { name: /lost/ }).click();
      expect(await priya.page.getByTestId(`my-deal-${code}`).textContent()).toContain('came back as Reward Cash');

      // Arun's browser kept the server's signed acknowledgement of each of his deals (IndexedDB):
      // My Deals lists them, checks them against the signed log, and downloads them.
      const proofs = arun.page.getByTestId('proof-row');
      await proofs.first().waitFor();
      expect(await proofs.allTextContents()).toEqual([
        expect.stringContaining(`Deal #3 in room ${code} ₹1,030.00`),
        expect.stringContaining(`Deal #1 in room ${code} ₹1,010.00`),
      ]);
      server.deps.transparency.heads.publish();
      await arun.page.getByRole('button', { name: 'Check all against the signed log' }).click();
      await arun.page
        .getByText(/✓ In the signed log of/)
        .nth(1)
        .waitFor();
      const [download] = await Promise.all([
        arun.page.waitForEvent('download'),
        arun.page.getByRole('button', { name: 'Download proofs' }).click(),
      ]);
      const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
        verifier_key: string;
        acknowledgements: (SignedAck & { seq: number })[];
      };
      expect(file.verifier_key).toBe(server.deps.transparency.key.verifierKey);
      const key = parseVerifierKey(sha256, file.verifier_key);
      expect(file.acknowledgements.map((a) => a.seq)).toEqual([3, 1]);
      expect(file.acknowledgements.every((a) => checkAck(a, key, ed25519Verify))).toBe(true);
      // Priya's proofs are hers only, in her own browser.
      await priya.page.getByTestId('proof-row').first().waitFor();
      expect(await priya.page.getByTestId('proof-row').count()).toBe(1);

      expect(arun.errors).toEqual([]);
      expect(priya.errors).toEqual([]);
    },
  );

  it('shows the finished room with its winner and full history on a phone, view-only for a member who did not book', async () => {
    const viewer = await openLoggedInPage(
      browser,
      server,
      { email: 'member3@vetrideals.in', password: MEMBER.password },
      MOBILE,
    );
    contexts.push(viewer.context);
    await viewer.page.goto(`/auction/${code}`);
    await viewer.page.getByTestId('winner-banner').filter({ hasText: 'Arun Kumar' }).waitFor();
    expect(await viewer.page.getByTestId('place-deal').count()).toBe(0);
    await viewer.page.getByRole('button', { name: 'Deals Leaderboard' }).click();
    const sheet = viewer.page.getByTestId('sheet-leaderboard');
    await sheet.waitFor();
    expect(await sheet.locator('tbody tr').count()).toBe(3);
    await viewer.page.waitForTimeout(300); // let the sheet finish sliding in before the picture
    await screenshot(viewer.page, 'auction-finished-mobile');
    await sheet.getByRole('button', { name: 'Done' }).click();
    await viewer.page.getByRole('button', { name: 'Participants’ Deal' }).click();
    expect(await viewer.page.getByTestId('sheet-participants-table').textContent()).toContain('Arun Kumar21');
    expect(await viewer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    expect(await viewer.page.locator('footer.site-footer, [data-testid=site-footer]').count()).toBe(0);
    expect(viewer.errors).toEqual([]);
  });
});
