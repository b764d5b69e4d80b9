import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { createManualClock } from '../../api/clock.ts';
import { sweepShopOrders } from '../../api/shop/index.ts';
import { hmacHex } from '../../api/payments/port.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, client, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { giveRewardCash } from '../helpers/wallet.ts';

const clock = createManualClock('2026-11-22T06:00:00.000Z');
const WEBHOOK_SECRET = 'whsec_test_shop';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    clock,
    env: { PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_KEY_SECRET: 'key_secret_test', SWEEPER_INTERVAL_MS: '0' },
  });
});
afterAll(async () => {
  await server.stop();
});

type Product = { id: string; product_code: string; price: number; stock: number; in_stock: boolean; name: string };
type Page = { products: Product[]; total: number; page: number; pages: number };
type Cart = { cart: { product_id: string; quantity: number }[]; user_rewards: number; count: number };
type Checkout = { order_id: string; razorpay_order_id: string; checkout_url: string; total: number; paid: boolean };

const idsOf = (products: { id: string }[]) => products.map((p) => p.id).sort();
const product = (code: string) => catalogueProducts.find((p) => p.product_code === code)!;
const stockOf = async (code: string) =>
  (await client(server).call<{ product: Product }>('GET', `/api/products/${code}`)).body.product.stock;

/** Opens the sandbox hosted checkout and presses Pay; returns the signed return parameters. */
const paySandbox = async (member: Client, checkoutUrl: string) => {
  const page = await fetch(`${server.url}${checkoutUrl}`, { headers: { cookie: member.cookie ?? '' } });
  expect(page.status).toBe(200);
  const res = await sandboxCheckout(server, member, checkoutUrl);
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!, server.url);
  expect(back.pathname).toBe('/checkout');
  return Object.fromEntries(back.searchParams) as Record<string, string>;
};

const fillCart = async (member: Client, lines: [string, number][]) => {
  for (const [code, quantity] of lines) {
    const res = await member.call('POST', '/api/cart/items', { product_id: product(code).id, quantity });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
};

describe('catalogue API', () => {
  it('searches name and description and pages exactly 12 at a time', async () => {
    const visitor = client(server);
    const want = catalogueProducts.filter((p) => /steel/i.test(`${p.name} ${p.description}`));
    const { body } = await visitor.call<Page>('GET', '/api/products?search=STEEL');
    expect(body.total).toBe(want.length);
    expect(idsOf(body.products)).toEqual(idsOf(want));

    const page1 = (await visitor.call<Page>('GET', '/api/products?sort=price_asc')).body;
    const page6 = (await visitor.call<Page>('GET', '/api/products?sort=price_asc&page=6')).body;
    const sorted = [...catalogueProducts].sort((a, b) => a.price - b.price || a.id.localeCompare(b.id));
    expect(page1.products.map((p) => p.id)).toEqual(sorted.slice(0, 12).map((p) => p.id));
    expect(page6.pages).toBe(6);
    expect(page6.products.map((p) => p.id)).toEqual(sorted.slice(60).map((p) => p.id));
  });

  it('filters by category, price, brand, colour, rating and stock exactly', async () => {
    const { body } = await client(server).call<Page>(
      'GET',
      '/api/products?category=Audio&min_price=100000&max_price=500000&brand=Nila,Thendral&color=Black,Red,White&rating=4&in_stock=1',
    );
    const want = catalogueProducts.filter(
      (p) =>
        p.category === 'Audio' &&
        p.price >= 100_000 &&
        p.price <= 500_000 &&
        ['Nila', 'Thendral'].includes(p.brand) &&
        ['Black', 'Red', 'White'].includes(p.color) &&
        p.rating >= 4 &&
        p.stock > 0,
    );
    expect(want.length).toBeGreaterThan(1);
    expect(idsOf(body.products)).toEqual(idsOf(want));
  });

  it('suggests, lists top products, finds by code and says "Product not found"', async () => {
    const visitor = client(server);
    const suggest = (await visitor.call<{ products: Product[] }>('GET', '/api/products/suggest?q=WATCH')).body.products;
    expect(suggest.length).toBeLessThanOrEqual(10);
    expect(idsOf(suggest)).toEqual(idsOf(catalogueProducts.filter((p) => /watch/i.test(p.name))));
    const top = (await visitor.call<{ products: Product[] }>('GET', '/api/products/top')).body.products;
    expect(top).toHaveLength(7);
    expect(top.every((p) => p.in_stock)).toBe(true);
    const missing = await visitor.call<{ error: { message: string } }>('GET', '/api/products/NOPE');
    expect([missing.status, missing.body.error.message]).toEqual([404, 'Product not found']);
  });
});

describe('cart', () => {
  it('needs a login, refuses out-of-stock products and quantities above stock or below 1', async () => {
    expect((await client(server).call('GET', '/api/cart')).status).toBe(401);
    const member = await loggedIn(server, 'member6@vetrideals.in', MEMBER.password);
    const out = await member.call<{ error: { message: string } }>('POST', '/api/cart/items', {
      product_id: product('VD1005').id,
    });
    expect([out.status, out.body.error.message]).toEqual([422, 'Out of stock']);
    await fillCart(member, [['VD1036', 2]]);
    const above = await member.call('PATCH', `/api/cart/items/${product('VD1036').id}`, { quantity: 4 });
    expect(above.status).toBe(422);
    const below = await member.call('PATCH', `/api/cart/items/${product('VD1036').id}`, { quantity: 0 });
    expect(below.status).toBe(422);
    const three = await member.call<Cart>('PATCH', `/api/cart/items/${product('VD1036').id}`, { quantity: 3 });
    expect(three.body.count).toBe(3);
    const removed = await member.call<Cart>('DELETE', `/api/cart/items/${product('VD1036').id}`);
    expect(removed.body.cart).toEqual([]);
  });
});

describe('checkout through the sandbox provider', () => {
  it('pays with reward cash per item, empties the cart and takes stock and reward cash once', async () => {
    const email = MEMBER.email;
    await giveRewardCash(server, email, 50_000, 'test-reward-1');
    const member = await loggedIn(server, email, MEMBER.password);
    await fillCart(member, [
      ['VD1029', 2],
      ['VD1009', 1],
    ]);
    const before = { tiffin: await stockOf('VD1029'), headphones: await stockOf('VD1009') };
    const prep = (await member.call<Cart & { billing: { name: string } }>('GET', '/api/checkout')).body;
    expect(prep.user_rewards).toBe(50_000);
    expect(prep.billing.name).toBe('Arun Kumar');

    const tooMuch = await member.call('POST', '/api/checkout', { appliedRewards: { [product('VD1029').id]: 2_100 } });
    expect(tooMuch.status).toBe(422);
    const rewards = { [product('VD1029').id]: 2_000, [product('VD1009').id]: 6_000 };
    const res = await member.call<Checkout>('POST', '/api/checkout', {
      name: 'Arun Kumar',
      email,
      phone: '9840012345',
      address: '4 Anna Salai, Chennai',
      appliedRewards: rewards,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const subtotal = 2 * 59_900 + 249_900;
    expect(res.body).toMatchObject({ paid: false, total: subtotal - 8_000 });
    expect(await stockOf('VD1029')).toBe(before.tiffin - 2);
    expect((await member.call<Cart>('GET', '/api/cart')).body.user_rewards).toBe(42_000);

    const signed = await paySandbox(member, res.body.checkout_url);
    const verify = await member.call<{ message: string }>('POST', '/api/checkout/verify', signed);
    expect(verify.status, JSON.stringify(verify.body)).toBe(200);
    expect(verify.body.message).toBe('Payment Successful!');

    const cart = (await member.call<Cart>('GET', '/api/cart')).body;
    expect(cart.cart).toEqual([]);
    expect(cart.user_rewards).toBe(42_000);
    expect(await stockOf('VD1029')).toBe(before.tiffin - 2);
    expect(await stockOf('VD1009')).toBe(before.headphones - 1);
    const orders = (
      await member.call<{ orders: { id: string; payment_status: string; total_amount: number }[] }>(
        'GET',
        '/api/orders',
      )
    ).body.orders;
    expect(orders[0]).toMatchObject({ id: res.body.order_id, payment_status: 'paid', total_amount: subtotal - 8_000 });

    // A replayed callback and a replayed (genuine) webhook change nothing.
    const head = await server.deps.store.headPosition();
    expect((await member.call('POST', '/api/checkout/verify', signed)).status).toBe(200);
    const webhook = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: {
          entity: { id: signed.razorpay_payment_id, order_id: signed.razorpay_order_id, amount: subtotal - 8_000 },
        },
      },
    });
    const hook = await fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, webhook) },
      body: webhook,
    });
    expect(await hook.json()).toMatchObject({ ok: true, applied: false });
    expect(await server.deps.store.headPosition()).toBe(head);
  });

  it('a forged callback, another member’s callback or a wrong-amount webhook changes nothing', async () => {
    const member = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
    await fillCart(member, [['VD1027', 1]]);
    const res = await member.call<Checkout>('POST', '/api/checkout', {});
    const other = await loggedIn(server, 'member3@vetrideals.in', MEMBER.password);
    const head = await server.deps.store.headPosition();
    const forged = {
      razorpay_order_id: res.body.razorpay_order_id,
      razorpay_payment_id: 'pay_forged',
      razorpay_signature: 'f'.repeat(64),
    };
    const refused = await member.call<{ error: { message: string } }>('POST', '/api/checkout/verify', forged);
    expect([refused.status, refused.body.error.message]).toEqual([400, 'Payment verification failed']);

    const signed = await paySandbox(member, res.body.checkout_url);
    expect((await other.call('POST', '/api/checkout/verify', signed)).status).toBe(404);
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: {
        payment: { entity: { id: signed.razorpay_payment_id, order_id: signed.razorpay_order_id, amount: 100 } },
      },
    });
    const badAmount = await fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(WEBHOOK_SECRET, body) },
      body,
    });
    expect(await badAmount.json()).toMatchObject({ applied: false, code: 'PAYMENT_MISMATCH' });
    const badSig = await fetch(`${server.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'x-razorpay-signature': 'x' },
      body,
    });
    expect(badSig.status).toBe(401);
    expect(await server.deps.store.headPosition()).toBe(head);
    expect((await member.call('POST', '/api/checkout/verify', signed)).status).toBe(200);
  });

  it('sells the last unit to one of two members buying at once; the other gets a clear error and no charge', async () => {
    const [a, b] = await Promise.all([
      loggedIn(server, 'member4@vetrideals.in', MEMBER.password),
      loggedIn(server, 'member5@vetrideals.in', MEMBER.password),
    ]);
    await fillCart(a, [['VD1063', 1]]);
    await fillCart(b, [['VD1063', 1]]);
    const results = await Promise.all([
      a.call<Checkout>('POST', '/api/checkout', {}),
      b.call<Checkout>('POST', '/api/checkout', {}),
    ]);
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200) as unknown as {
      status: number;
      body: { error: { code: string; message: string } };
    }[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.status).toBe(422);
    expect(lost[0]!.body.error).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Zenith Large Suitcase 75 cm is out of stock.',
      details: expect.anything() as unknown,
    });
    expect(won[0]!.body.checkout_url).toMatch(/^\/api\/payments\/sandbox\/checkout\//);
    const loser = results[0].status === 200 ? b : a;
    expect((await loser.call<{ orders: unknown[] }>('GET', '/api/orders')).body.orders).toEqual([]);
    expect(await stockOf('VD1063')).toBe(0);
  });

  it('gives stock and reward cash back when payment is cancelled or the hold expires', async () => {
    const email = 'member6@vetrideals.in';
    await giveRewardCash(server, email, 10_000, 'test-reward-6');
    const member = await loggedIn(server, email, MEMBER.password);
    await fillCart(member, [['VD1049', 1]]);
    const start = await stockOf('VD1049');
    const first = await member.call<Checkout>('POST', '/api/checkout', {
      appliedRewards: { [product('VD1049').id]: 5_000 },
    });
    expect((await member.call<Cart>('GET', '/api/cart')).body.user_rewards).toBe(5_000);
    const cancel = await member.call('POST', '/api/checkout/cancel', {
      razorpay_order_id: first.body.razorpay_order_id,
    });
    expect(cancel.body).toMatchObject({ released: true });
    expect(await stockOf('VD1049')).toBe(start);
    expect((await member.call<Cart>('GET', '/api/cart')).body.user_rewards).toBe(10_000);

    const second = await member.call<Checkout>('POST', '/api/checkout', {
      appliedRewards: { [product('VD1049').id]: 5_000 },
    });
    expect(await stockOf('VD1049')).toBe(start - 1);
    clock.advance(31 * 60_000);
    await sweepShopOrders(server.deps);
    expect(await stockOf('VD1049')).toBe(start);
    expect((await member.call<Cart>('GET', '/api/cart')).body.user_rewards).toBe(10_000);
    const cashBefore = (await member.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;
    const lateReturn = await paySandbox(member, second.body.checkout_url);
    const late = await member.call<{ error: { code: string; message: string; details?: unknown } }>(
      'POST',
      '/api/checkout/verify',
      lateReturn,
    );
    expect(late.body.error.code).toBe('ORDER_EXPIRED');
    expect(late.body.error.details).toEqual({ returnedToWallet: true });
    expect(late.body.error.message).toBe(
      'This order expired before your payment arrived. The amount has been added to your wallet.',
    );
    expect(await stockOf('VD1049')).toBe(start);
    expect((await member.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash).toBe(
      cashBefore + second.body.total,
    );
    // A replayed return credits nothing more.
    expect((await member.call('POST', '/api/checkout/verify', lateReturn)).status).toBe(409);
    expect((await member.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash).toBe(
      cashBefore + second.body.total,
    );
  });
});

describe('orders and shipment', () => {
  it('the demo seed gives a member paid orders, one delivered', async () => {
    const member = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
    const { body } = await member.call<{ orders: { payment_status: string; shipment_status: string }[] }>(
      'GET',
      '/api/orders',
    );
    expect(body.orders.filter((o) => o.payment_status === 'paid').length).toBeGreaterThanOrEqual(2);
    expect(body.orders.map((o) => o.shipment_status)).toContain('delivered');
  });

  it('an admin moves an order pending → shipped → delivered and the member sees it, pushed over the socket', async () => {
    const member = await loggedIn(server, MEMBER.email, MEMBER.password);
    const admin = await loggedIn(server, ADMIN.email, ADMIN.password);
    const [order] = (await member.call<{ orders: { id: string; shipment_status: string }[] }>('GET', '/api/orders'))
      .body.orders;
    expect(order!.shipment_status).toBe('pending');
    expect(
      (await member.call('POST', `/api/admin/orders/${order!.id}/shipment`, { shipment_status: 'shipped' })).status,
    ).toBe(403);
    const listed = await admin.call<{ orders: { id: string }[] }>('GET', '/api/admin/orders?shipment_status=pending');
    expect(listed.body.orders.map((o) => o.id)).toContain(order!.id);
    expect(
      (await admin.call('POST', `/api/admin/orders/${order!.id}/shipment`, { shipment_status: 'delivered' })).status,
    ).toBe(422);
    const socket = connect(server.url, {
      path: '/socket.io/',
      transports: ['websocket'],
      extraHeaders: { cookie: member.cookie! },
    });
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    const pushed = new Promise<unknown>((resolve) => socket.on('orderUpdate', resolve));
    expect(
      (await admin.call('POST', `/api/admin/orders/${order!.id}/shipment`, { shipment_status: 'shipped' })).status,
    ).toBe(200);
    expect(await pushed).toMatchObject({ order_id: order!.id, payment_status: 'paid', shipment_status: 'shipped' });
    socket.close();
    expect(
      (await admin.call('POST', `/api/admin/orders/${order!.id}/shipment`, { shipment_status: 'delivered' })).status,
    ).toBe(200);
    const after = (await member.call<{ orders: { id: string; shipment_status: string }[] }>('GET', '/api/orders')).body
      .orders;
    expect(after.find((o) => o.id === order!.id)!.shipment_status).toBe('delivered');
  });
});
