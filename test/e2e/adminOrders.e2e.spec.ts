import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { OrderCommand } from '../../engine/order.ts';
import { orderDecider, orderStream } from '../../engine/order.ts';
import { userByEmail } from '../../projections/users.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import { formatRupees } from '../../web/src/lib/format.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import { browserSuite, chromiumAvailable, openLoggedInPage, screenshot, seriousViolations } from './browser.ts';

const WIDE = { width: 1366, height: 900 };
const clock = createManualClock('2026-11-22T06:00:00.000Z');
type Checkout = { order_id: string; order_code: string; checkout_url: string; total: number };
type Wallet = { cash: number; reward_cash: number };

describe.skipIf(!chromiumAvailable)('/admin/orders in Chromium', () => {
  const suite = browserSuite({ seed: true, clock, env: { SWEEPER_INTERVAL_MS: '0' } });

  /** A member's real order: cart, checkout, the sandbox's Pay and the return. */
  const paidOrder = async (member: Client, productId: string): Promise<Checkout> => {
    expect((await member.call('POST', '/api/cart/items', { product_id: productId, quantity: 1 })).status).toBe(200);
    const checkout = await member.call<Checkout>('POST', '/api/checkout', { appliedRewards: {} });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const paid = await sandboxCheckout(suite.server, member, checkout.body.checkout_url);
    const back = Object.fromEntries(new URL(paid.headers.get('location')!, suite.server.url).searchParams);
    expect((await member.call('POST', '/api/checkout/verify', back)).status).toBe(200);
    return checkout.body;
  };

  /** Paid orders straight through the order's rules (paid with reward cash, ₹0): a busy season's list. */
  const manyPaidOrders = async (count: number, userId: string, product: (typeof catalogueProducts)[number]) => {
    const run = (orderId: string, command: OrderCommand, commandId: string) =>
      handleCommand(suite.server.deps.commands, orderStream(orderId), orderDecider, command, {
        actor: 'system',
        now: clock.now(),
        commandId,
      });
    for (let i = 0; i < count; i++) {
      const orderId = `obusy${String(i).padStart(4, '0')}`;
      clock.advance(1_000);
      const now = clock.now();
      const line = {
        productId: product.id,
        product_code: product.product_code,
        name: product.name,
        image_url: product.image_url,
        price: 0,
        quantity: 1,
        reward_points: 0,
        applied_reward: 0,
      };
      const billing = { name: 'A', email: 'a@example.com', phone: '', address: '' };
      const data = { orderId, orderCode: `VD-BUSY${i}`, userId, lines: [line], billing, rewardCash: 0 };
      await run(
        orderId,
        { type: 'PlaceShopOrder', data: { ...data, now, expiresAt: now + 60_000 } },
        `e2e-place:${orderId}`,
      );
      await run(
        orderId,
        {
          type: 'ConfirmShopPayment',
          data: { paymentId: `reward-${orderId}`, providerOrderId: null, amountPaise: 0, source: 'reward_cash', now },
        },
        `e2e-pay:${orderId}`,
      );
    }
  };

  it('pages through a busy Processing list oldest first, and a cancel asks first, then refunds the member', async () => {
    const email = 'member4@vetrideals.in';
    const member = await loggedIn(suite.server, email, MEMBER.password);
    const product = catalogueProducts.find((p) => p.stock >= 5 && p.price >= 100_000)!;
    const order = await paidOrder(member, product.id);
    const before = (await member.call<Wallet>('GET', '/api/me/wallet')).body;
    await manyPaidOrders(110, userByEmail(suite.server.deps.readDb, email)!.id, product);

    const { page, errors, context } = await openLoggedInPage(suite.browser, suite.server, ADMIN, WIDE);
    try {
      await page.goto('/admin/orders');
      const cards = page.getByTestId('order-card');
      // Processing: the oldest first (what ships next), a page at a time.
      await expect.poll(() => cards.count()).toBe(100);
      const codeOf = (i: number) => cards.nth(i).locator('.order-main strong').first().innerText();
      const more = page.getByRole('button', { name: 'Load more orders' });
      await more.click();
      await more.waitFor({ state: 'detached' });
      const all = await cards.count();
      expect(all).toBeGreaterThanOrEqual(111);
      // Oldest first: the member's order (paid before the busy ones) ahead of them, the newest last.
      const codes = await Promise.all(Array.from({ length: all }, (_, i) => codeOf(i)));
      expect(new Set(codes).size).toBe(all);
      expect(codes.at(-1)).toBe('VD-BUSY109');
      expect(codes.indexOf(order.order_code)).toBeLessThan(codes.indexOf('VD-BUSY0'));
      expect(codes.filter((c) => c.startsWith('VD-BUSY'))).toEqual(
        Array.from({ length: 110 }, (_, i) => `VD-BUSY${i}`),
      );

      // The member's order: a cancel asks first, and says what goes back.
      const card = cards.filter({ hasText: order.order_code });
      await card.getByRole('button', { name: 'Cancel shipment' }).click();
      const ask = card.getByRole('group', { name: /^Cancel order / });
      await ask
        .getByText(`${formatRupees(order.total)} goes back to the member’s wallet as cash`, { exact: false })
        .waitFor();
      expect(await seriousViolations(page, '.order-confirm')).toEqual([]);
      await screenshot(page, 'admin-orders-cancel-confirm-1366');
      await ask.getByRole('button', { name: 'Keep the order' }).click();
      await ask.waitFor({ state: 'detached' });
      expect((await member.call<Wallet>('GET', '/api/me/wallet')).body.cash).toBe(before.cash);

      await card.getByRole('button', { name: 'Cancel shipment' }).click();
      await card.getByRole('button', { name: 'Cancel and refund' }).click();
      await expect.poll(() => card.getByTestId('shipment-badge').innerText()).toBe('Cancelled');
      await expect
        .poll(async () => (await member.call<Wallet>('GET', '/api/me/wallet')).body.cash)
        .toBe(before.cash + order.total);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
