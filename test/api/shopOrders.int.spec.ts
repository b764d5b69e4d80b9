import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import { sweepShopOrders } from '../../api/shop/index.ts';
import type { OrderCommand } from '../../engine/order.ts';
import { orderDecider, orderStream } from '../../engine/order.ts';
import type { ProductCommand } from '../../engine/product.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { userByEmail } from '../../projections/users.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { NotificationList } from '../../api/contract/notifications.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { giveRewardCash } from '../helpers/wallet.ts';

/**
 * Shop orders as members and admins see their money: a checkout pressed again, a paid order whose
 * stock was recounted, a payment that arrived late, an order an admin cancels after payment, and
 * the admin's list of orders to ship. Each test has its own member or product.
 */
const clock = createManualClock('2026-11-22T06:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    clock,
    env: { PAYMENT_WEBHOOK_SECRET: 'whsec_orders', RAZORPAY_KEY_SECRET: 'key_secret_orders', SWEEPER_INTERVAL_MS: '0' },
  });
});
afterAll(async () => {
  await server.stop();
});

type Checkout = {
  order_id: string;
  order_code: string;
  razorpay_order_id: string;
  checkout_url: string;
  total: number;
  paid: boolean;
};
type Failure = { error: { code: string; message: string } };
type Order = { id: string; payment_status: string; shipment_status: string };

const userId = (email: string) => userByEmail(server.deps.readDb, email)!.id;

const walletOf = async (member: Client) =>
  (await member.call<{ cash: number; reward_cash: number }>('GET', '/api/me/wallet')).body;
const rewardsOf = async (member: Client) =>
  (await member.call<{ user_rewards: number }>('GET', '/api/cart')).body.user_rewards;
const orderOf = async (member: Client, id: string) =>
  (await member.call<{ order: Order }>('GET', `/api/orders/${id}`)).body.order;

const system = async <C>(stream: string, decider: unknown, command: C, commandId: string) => {
  const now = clock.now();
  await handleCommand(server.deps.commands, stream, decider as never, command as never, {
    actor: 'system',
    now,
    commandId,
  });
};
const orderCommand = (orderId: string, command: OrderCommand, commandId: string) =>
  system(orderStream(orderId), orderDecider, command, commandId);
const productCommand = (productId: string, command: ProductCommand, commandId: string) =>
  system(productStream(productId), productDecider, command, commandId);
const adminProduct = async (admin: Client, code: string) =>
  (await admin.call<{ products: { stock: number; reserved: number }[] }>('GET', `/api/admin/products?q=${code}`)).body
    .products[0]!;

/** Polls until `check` holds (read models and notices follow the log a moment later). */
const eventually = async (check: () => Promise<boolean>, what: string, timeoutMs = 5_000) => {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const stockOf = async (code: string) =>
  (await client(server).call<{ product: { stock: number } }>('GET', `/api/products/${code}`)).body.product.stock;

const paySandbox = async (member: Client, checkoutUrl: string) => {
  const res = await sandboxCheckout(server, member, checkoutUrl);
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!, server.url);
  return Object.fromEntries(back.searchParams) as Record<string, string>;
};

// Products with plenty of stock and reward points, each test its own.
const roomy = catalogueProducts.filter((p) => p.stock >= 5 && p.reward_points >= 10 && p.price >= 100_000);
const pick = (i: number) => roomy[i]!;

describe('a checkout pressed again while the first still awaits payment', () => {
  it('with the same reward cash goes through: the first order’s reward cash is back before the new one is checked', async () => {
    const email = 'member3@vetrideals.in';
    await giveRewardCash(server, email, 5_000, 'orders-reward-again');
    const member = await loggedIn(server, email, MEMBER.password);
    const p = pick(0);
    const rewardCash = await rewardsOf(member);
    // Enough units that the line's cap covers all the reward cash (the slider's max is all of it).
    const quantity = Math.min(p.stock, Math.ceil(rewardCash / (p.reward_points * 100)));
    const applied = Math.min(rewardCash, p.reward_points * 100 * quantity, p.price * quantity);
    expect(applied * 2).toBeGreaterThan(rewardCash);
    expect((await member.call('POST', '/api/cart/items', { product_id: p.id, quantity })).status).toBe(200);
    const body = { appliedRewards: { [p.id]: applied } };
    const first = await member.call<Checkout>('POST', '/api/checkout', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const second = await member.call<Checkout>('POST', '/api/checkout', body);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.total).toBe(first.body.total);
    // The reward cash is held once, by the new order; the first can no longer be paid.
    expect(await rewardsOf(member)).toBe(rewardCash - applied);
    expect((await orderOf(member, first.body.order_id)).payment_status).toBe('failed');
    const verify = await member.call(
      'POST',
      '/api/checkout/verify',
      await paySandbox(member, second.body.checkout_url),
    );
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(await rewardsOf(member)).toBe(rewardCash - applied);
  });

  it('a refused attempt leaves the first order as it was, still payable', async () => {
    const email = 'member4@vetrideals.in';
    await giveRewardCash(server, email, 100_000, 'orders-reward-refused');
    const member = await loggedIn(server, email, MEMBER.password);
    const p = pick(1);
    expect((await member.call('POST', '/api/cart/items', { product_id: p.id, quantity: 1 })).status).toBe(200);
    const first = await member.call<Checkout>('POST', '/api/checkout', { appliedRewards: { [p.id]: 1_000 } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const rewards = await rewardsOf(member);

    // More reward cash than the line allows: refused, in words.
    const refused = await member.call<Failure>('POST', '/api/checkout', {
      appliedRewards: { [p.id]: p.reward_points * 100 + 100 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('REWARD_ABOVE_LIMIT');
    expect((await orderOf(member, first.body.order_id)).payment_status).toBe('pending');
    expect(await rewardsOf(member)).toBe(rewards);

    const verify = await member.call('POST', '/api/checkout/verify', await paySandbox(member, first.body.checkout_url));
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect((await orderOf(member, first.body.order_id)).payment_status).toBe('paid');
  });
});

describe('stock counts and paid orders', () => {
  it('an admin cannot count the stock below the units held by checkouts; both members pay and get their units', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const members = [
      await loggedIn(server, 'member5@vetrideals.in', MEMBER.password),
      await loggedIn(server, 'member6@vetrideals.in', MEMBER.password),
    ];
    const p = pick(2);
    const checkouts: Checkout[] = [];
    for (const m of members) {
      expect((await m.call('POST', '/api/cart/items', { product_id: p.id, quantity: 1 })).status).toBe(200);
      const res = await m.call<Checkout>('POST', '/api/checkout', {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      checkouts.push(res.body);
    }
    const below = await admin.call<Failure>('PUT', `/api/admin/products/${p.id}/stock`, { stock: 1 });
    expect(below.status).toBe(422);
    expect(below.body.error).toMatchObject({
      code: 'STOCK_BELOW_HELD',
      message: `2 of ${p.name} are held by checkouts waiting for payment. Set the stock to at least 2.`,
    });
    expect(await adminProduct(admin, p.product_code)).toMatchObject({ stock: p.stock, reserved: 2 });
    // Exactly the held units is a count the shelf can have.
    expect((await admin.call('PUT', `/api/admin/products/${p.id}/stock`, { stock: 2 })).status).toBe(200);
    for (const [i, m] of members.entries()) {
      const verify = await m.call('POST', '/api/checkout/verify', await paySandbox(m, checkouts[i]!.checkout_url));
      expect(verify.status, JSON.stringify(verify.body)).toBe(200);
      expect((await orderOf(m, checkouts[i]!.order_id)).payment_status).toBe('paid');
    }
    expect(await adminProduct(admin, p.product_code)).toMatchObject({ stock: 0, reserved: 0 });
  });

  it('a paid order whose units are gone is still a received payment; the sweeper keeps trying it, and the rest are done', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const p = pick(3);
    expect((await member.call('POST', '/api/cart/items', { product_id: p.id, quantity: 1 })).status).toBe(200);
    const res = await member.call<Checkout>('POST', '/api/checkout', {});
    expect(res.status).toBe(200);
    // The units are gone underneath the checkout (a product stream from before stock counts kept
    // held units): its hold is let go and the shelf counted empty.
    await productCommand(
      p.id,
      { type: 'ReleaseStock', data: { reservationId: res.body.order_id, reason: 'count', now: clock.now() } },
      `test-release:${res.body.order_id}`,
    );
    expect((await admin.call('PUT', `/api/admin/products/${p.id}/stock`, { stock: 0 })).status).toBe(200);

    const verify = await member.call<{ message: string }>(
      'POST',
      '/api/checkout/verify',
      await paySandbox(member, res.body.checkout_url),
    );
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(verify.body.message).toBe('Payment Successful!');
    expect((await orderOf(member, res.body.order_id)).payment_status).toBe('paid');

    // A hundred more such orders, and one unpaid order past its hold: every sweep still reaches it.
    const owner = userId(MEMBER.email);
    const now = clock.now();
    const place = (orderId: string, quantity: number, expiresAt: number): OrderCommand => ({
      type: 'PlaceShopOrder',
      data: {
        orderId,
        orderCode: `VD-${orderId}`,
        userId: owner,
        lines: [
          {
            productId: p.id,
            product_code: p.product_code,
            name: p.name,
            image_url: p.image_url,
            price: 0,
            quantity,
            reward_points: 0,
            applied_reward: 0,
          },
        ],
        billing: { name: 'A', email: 'a@example.com', phone: '', address: '' },
        rewardCash: 0,
        now,
        expiresAt,
      },
    });
    for (let i = 0; i < 100; i++) {
      const orderId = `o-stuck-${String(i).padStart(3, '0')}`;
      await orderCommand(orderId, place(orderId, 1_000, now + 60_000), `test-place:${orderId}`);
      await orderCommand(
        orderId,
        {
          type: 'ConfirmShopPayment',
          data: { paymentId: `reward-${orderId}`, providerOrderId: null, amountPaise: 0, source: 'reward_cash', now },
        },
        `test-pay:${orderId}`,
      );
    }
    await orderCommand('o-unpaid', place('o-unpaid', 1, now + 1), 'test-place:o-unpaid');
    clock.advance(1_000);
    await sweepShopOrders(server.deps);
    expect((await orderOf(member, 'o-unpaid')).payment_status).toBe('failed');
    expect((await orderOf(member, res.body.order_id)).payment_status).toBe('paid');
  }, 60_000);
});

describe('a payment that arrives after the order was cancelled', () => {
  it('is in the wallet after a crash between recording it and crediting it: the sweeper finishes it, once', async () => {
    const email = 'member2@vetrideals.in';
    const member = await loggedIn(server, email, MEMBER.password);
    const p = pick(4);
    expect((await member.call('POST', '/api/cart/items', { product_id: p.id, quantity: 1 })).status).toBe(200);
    const res = await member.call<Checkout>('POST', '/api/checkout', {});
    expect(res.status).toBe(200);
    // The member leaves the provider's page; the order is cancelled (the clock stays: the demo's
    // deal rooms would move their wallets along).
    const cancel = await member.call('POST', '/api/checkout/cancel', { razorpay_order_id: res.body.razorpay_order_id });
    expect(cancel.body).toMatchObject({ released: true });
    expect((await orderOf(member, res.body.order_id)).payment_status).toBe('failed');
    const cashBefore = (await walletOf(member)).cash;
    // The payment arrives: its first step (recording it on the order, the command the callback
    // runs) is done, then the process dies before the wallet is credited.
    await orderCommand(
      res.body.order_id,
      {
        type: 'ConfirmShopPayment',
        data: {
          paymentId: 'pay_orders_late',
          providerOrderId: res.body.razorpay_order_id,
          amountPaise: res.body.total,
          source: 'callback',
          now: clock.now(),
        },
      },
      `payment:${res.body.order_id}:pay_orders_late`,
    );
    expect((await walletOf(member)).cash).toBe(cashBefore);
    // After the restart the sweeper runs; nobody replays the callback.
    await sweepShopOrders(server.deps);
    expect((await walletOf(member)).cash).toBe(cashBefore + res.body.total);
    await sweepShopOrders(server.deps);
    expect((await walletOf(member)).cash).toBe(cashBefore + res.body.total);
  });
});

describe('an admin cancels a paid order', () => {
  /** A member pays for one unit with reward cash on it; answers what they had before. */
  const paidOrder = async (email: string, p: (typeof roomy)[number], reward: number, creditId: string) => {
    await giveRewardCash(server, email, reward, creditId);
    const member = await loggedIn(server, email, MEMBER.password);
    expect((await member.call('POST', '/api/cart/items', { product_id: p.id, quantity: 1 })).status).toBe(200);
    const before = { ...(await walletOf(member)), stock: await stockOf(p.product_code) };
    const res = await member.call<Checkout>('POST', '/api/checkout', { appliedRewards: { [p.id]: reward } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const verify = await member.call('POST', '/api/checkout/verify', await paySandbox(member, res.body.checkout_url));
    expect(verify.status).toBe(200);
    expect(await stockOf(p.product_code)).toBe(before.stock - 1);
    return { member, before, order: res.body };
  };

  it('gives the member back the amount paid (as wallet cash) and the reward cash, and the units to stock, once', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const p = pick(5);
    const sales = async () =>
      (await admin.call<{ totals: { shop_sales: number } }>('GET', '/api/admin/revenue')).body.totals.shop_sales;
    const salesBefore = await sales();
    const { member, before, order } = await paidOrder('member5@vetrideals.in', p, 3_000, 'orders-reward-cancel');
    await eventually(async () => (await sales()) === salesBefore + order.total, 'the sale in revenue');

    const cancel = await admin.call<{ order: Order }>('POST', `/api/admin/orders/${order.order_id}/shipment`, {
      shipment_status: 'cancelled',
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.order.shipment_status).toBe('cancelled');
    const after = await walletOf(member);
    expect({ cash: after.cash, reward_cash: after.reward_cash, stock: await stockOf(p.product_code) }).toEqual({
      cash: before.cash + order.total,
      reward_cash: before.reward_cash,
      stock: before.stock,
    });
    // The member is told, and the sale no longer counts as revenue.
    await eventually(
      async () =>
        (await member.call<NotificationList>('GET', '/api/me/notifications')).body.notifications.some(
          (n) =>
            n.kind === 'refund_credited' &&
            /^Order cancelled: ₹[\d,.]+ is back in your wallet$/.test(n.title) &&
            n.body.includes(order.order_code),
        ),
      'the refund notice',
    );
    await eventually(async () => (await sales()) === salesBefore, 'the sale taken back');

    // Again, or a sweep: nothing more comes back.
    expect(
      (await admin.call('POST', `/api/admin/orders/${order.order_id}/shipment`, { shipment_status: 'cancelled' }))
        .status,
    ).toBe(200);
    await sweepShopOrders(server.deps);
    expect(await walletOf(member)).toMatchObject({ cash: before.cash + order.total, reward_cash: before.reward_cash });
    expect(await stockOf(p.product_code)).toBe(before.stock);
  });

  it('a crash right after the cancel is recorded: the sweeper refunds it, once', async () => {
    const p = pick(6);
    const { member, before, order } = await paidOrder('member6@vetrideals.in', p, 2_000, 'orders-reward-crash');
    // Only the cancel itself is recorded (the command the admin route runs first); then the process dies.
    await orderCommand(
      order.order_id,
      { type: 'SetShipmentStatus', data: { status: 'cancelled', now: clock.now() } },
      `test-cancel:${order.order_id}`,
    );
    expect((await walletOf(member)).cash).toBe(before.cash);
    await sweepShopOrders(server.deps);
    await sweepShopOrders(server.deps);
    expect(await walletOf(member)).toMatchObject({ cash: before.cash + order.total, reward_cash: before.reward_cash });
    expect(await stockOf(p.product_code)).toBe(before.stock);
  });

  it('a paid order cancelled before cancels refunded is left as it was: the sweeper refunds nothing', async () => {
    const p = pick(8);
    const { member, before, order } = await paidOrder('member4@vetrideals.in', p, 1_000, 'orders-reward-old');
    const sold = await stockOf(p.product_code);
    // The cancel as the log holds it from before: no `refund` in its data (written as it was then).
    const [last] = (await server.deps.store.readStream(orderStream(order.order_id))).slice(-1);
    const appended = await server.deps.store.append(orderStream(order.order_id), [
      {
        id: randomUUID(),
        type: 'ShipmentStatusChanged',
        data: { from: 'pending', to: 'cancelled', at: clock.now() },
        metadata: { ...last!.metadata, at: new Date(clock.now()).toISOString(), causationId: null, schema: 1 },
      },
    ]);
    // The read models (what the sweeper reads) have it, as a rebuild after the upgrade would.
    await server.deps.projections.waitFor(appended.position);
    expect((await orderOf(member, order.order_id)).shipment_status).toBe('cancelled');
    await sweepShopOrders(server.deps);
    await sweepShopOrders(server.deps);
    expect(await walletOf(member)).toMatchObject({ cash: before.cash, reward_cash: before.reward_cash - 1_000 });
    expect(await stockOf(p.product_code)).toBe(sold);
  });
});

describe('the admin orders list with more orders than a page', () => {
  type Page = { orders: Order[]; next_cursor: string | null };
  const everyPage = async (admin: Client, query: string) => {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const res: { status: number; body: Page } = await admin.call<Page>(
        'GET',
        `/api/admin/orders?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      pages.push(res.body);
      cursor = res.body.next_cursor;
    } while (cursor);
    return pages;
  };

  it('pages through every paid order: Processing oldest first (what ships next), All newest first', async () => {
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const owner = userId('member3@vetrideals.in');
    const p = pick(7);
    const ids: string[] = [];
    for (let i = 0; i < 205; i++) {
      const orderId = `opage${String(i).padStart(4, '0')}`;
      ids.push(orderId);
      clock.advance(1_000);
      const now = clock.now();
      await orderCommand(
        orderId,
        {
          type: 'PlaceShopOrder',
          data: {
            orderId,
            orderCode: `VD-PAGE${i}`,
            userId: owner,
            lines: [
              {
                productId: p.id,
                product_code: p.product_code,
                name: p.name,
                image_url: p.image_url,
                price: 0,
                quantity: 1,
                reward_points: 0,
                applied_reward: 0,
              },
            ],
            billing: { name: 'A', email: 'a@example.com', phone: '', address: '' },
            rewardCash: 0,
            now,
            expiresAt: now + 60_000,
          },
        },
        `test-place:${orderId}`,
      );
      await orderCommand(
        orderId,
        {
          type: 'ConfirmShopPayment',
          data: { paymentId: `reward-${orderId}`, providerOrderId: null, amountPaise: 0, source: 'reward_cash', now },
        },
        `test-pay:${orderId}`,
      );
    }

    const pending = await everyPage(admin, 'shipment_status=pending&limit=50');
    expect(pending.length).toBeGreaterThan(4);
    expect(pending.slice(0, -1).every((page) => page.orders.length === 50)).toBe(true);
    const listed = pending.flatMap((page) => page.orders.map((o) => o.id));
    expect(new Set(listed).size).toBe(listed.length);
    // Every one of them, oldest first: the first one placed comes before the rest.
    expect(listed.filter((id) => id.startsWith('opage'))).toEqual(ids);

    const all = (await everyPage(admin, 'limit=80')).flatMap((page) => page.orders.map((o) => o.id));
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((id) => id.startsWith('opage'))).toEqual([...ids].reverse());
    expect(all.length).toBeGreaterThanOrEqual(listed.length);
  }, 120_000);
});
