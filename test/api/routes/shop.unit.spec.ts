import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminIdentityRoutes } from '../../../api/admin/identityRoutes.ts';
import { handleCommand } from '../../../api/commandHandler.ts';
import { cartRoutes } from '../../../api/shop/cart.ts';
import { checkoutRoutes } from '../../../api/shop/checkoutRoutes.ts';
import { crackersRoutes } from '../../../api/shop/crackers.ts';
import { shopRoutes } from '../../../api/shop/index.ts';
import { adminOrdersRoutes, ordersRoutes } from '../../../api/shop/orders.ts';
import { productsRoutes } from '../../../api/shop/products.ts';
import { CRACKERS_CATALOGUE_STREAM, crackersCatalogueDecider } from '../../../engine/crackersCatalogue.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';
import type { AddedProduct } from './fixtures.ts';
import { addProduct } from './fixtures.ts';

let deps: RouteDeps;
let admin: { cookie: string };
let product: AddedProduct;
beforeEach(async () => {
  deps = await routeDeps();
  admin = await signedIn(deps, { role: 'admin' });
  product = await addProduct(deps, admin.cookie, { product_code: 'VD-BOAT1', stock: '3' });
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string; details?: Record<string, unknown> } };
type Cart = { cart: { product_id: string; quantity: number }[]; total: number; count: number };
const billing = {
  name: 'Kavya R',
  email: 'kavya@route.test',
  phone: '9876543210',
  address: '12 Gandhi Road, Thanjavur',
};

/** A member with the product in their cart (quantity 2). */
const memberWithCart = async () => {
  const member = await signedIn(deps);
  const added = await call(mount(deps, '/api/cart', cartRoutes(deps)), 'POST', '/api/cart/items', {
    cookie: member.cookie,
    json: { product_id: product.id, quantity: 2 },
  });
  expect(added.status).toBe(200);
  return member;
};

/** Checks out the member's cart and pays in the sandbox; returns our order id. */
const paidOrder = async (cookie: string) => {
  const app = mount(deps, '/api/checkout', checkoutRoutes(deps));
  const placed = await call<{ order_id: string; razorpay_order_id: string }>(app, 'POST', '/api/checkout', {
    cookie,
    json: billing,
  });
  const back = new URL(deps.payments.sandbox!.pay(placed.body.razorpay_order_id)!, 'http://local').searchParams;
  const verified = await call<{ order_id: string }>(app, 'POST', '/api/checkout/verify', {
    cookie,
    json: {
      razorpay_order_id: back.get('razorpay_order_id'),
      razorpay_payment_id: back.get('razorpay_payment_id'),
      razorpay_signature: back.get('razorpay_signature'),
    },
  });
  expect(verified.status).toBe(200);
  return verified.body.order_id;
};

describe('productsRoutes', () => {
  it('searches the catalogue and shows one product by code', async () => {
    const app = mount(deps, '/api/products', productsRoutes(deps));
    const found = await call<{ products: { product_code: string }[] }>(app, 'GET', '/api/products?search=rockerz');
    expect(found.status).toBe(200);
    expect(found.body.products.map((p) => p.product_code)).toEqual(['VD-BOAT1']);
    const none = await call<{ products: unknown[] }>(app, 'GET', '/api/products?search=washing+machine');
    expect(none.body.products).toEqual([]);
    const one = await call<{ product: { name: string; price: number } }>(app, 'GET', '/api/products/VD-BOAT1');
    expect(one.body.product).toMatchObject({ name: 'Boat Rockerz 450', price: 199900 });
    const unknown = await call<Failure>(app, 'GET', '/api/products/VD-NOPE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('PRODUCT_NOT_FOUND');
    const badPage = await call<Failure>(app, 'GET', '/api/products?page=0');
    expect(badPage.body.error.code).toBe('VALIDATION');
  });
});

describe('cartRoutes', () => {
  it('keeps my cart within the stock, and asks a visitor to log in', async () => {
    const app = mount(deps, '/api/cart', cartRoutes(deps));
    expect((await call(app, 'GET', '/api/cart')).status).toBe(401);
    const { cookie } = await signedIn(deps);
    const added = await call<Cart>(app, 'POST', '/api/cart/items', { cookie, json: { product_id: product.id } });
    expect(added.body).toMatchObject({ cart: [{ product_id: product.id, quantity: 1 }], total: 199900, count: 1 });
    const tooMany = await call<Failure>(app, 'PATCH', `/api/cart/items/${product.id}`, {
      cookie,
      json: { quantity: 4 },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toMatchObject({ code: 'QUANTITY_ABOVE_STOCK', details: { available: 3 } });
    const three = await call<Cart>(app, 'PATCH', `/api/cart/items/${product.id}`, { cookie, json: { quantity: 3 } });
    expect(three.body.count).toBe(3);
    const removed = await call<Cart>(app, 'DELETE', `/api/cart/items/${product.id}`, { cookie });
    expect(removed.body.cart).toEqual([]);
  });
});

describe('checkoutRoutes', () => {
  it('places an order for my cart, pays it once, and empties the cart', async () => {
    const member = await memberWithCart();
    const app = mount(deps, '/api/checkout', checkoutRoutes(deps));
    const page = await call<{ billing: { email: string }; total: number }>(app, 'GET', '/api/checkout', {
      cookie: member.cookie,
    });
    expect(page.body).toMatchObject({ billing: { email: member.user.email }, total: 2 * 199900 });

    const orderId = await paidOrder(member.cookie);
    expect(orderId).toMatch(/^o[0-9a-f]{16}$/);
    const cart = await call<Cart>(mount(deps, '/api/cart', cartRoutes(deps)), 'GET', '/api/cart', {
      cookie: member.cookie,
    });
    expect(cart.body.cart).toEqual([]);

    const empty = await call<Failure>(app, 'POST', '/api/checkout', { cookie: member.cookie, json: billing });
    expect(empty.status).toBe(422);
    expect(empty.body.error.code).toBe('CART_EMPTY');
  });

  it('refuses a forged payment return and gives back the stock of a cancelled order', async () => {
    const member = await memberWithCart();
    const app = mount(deps, '/api/checkout', checkoutRoutes(deps));
    const placed = await call<{ razorpay_order_id: string }>(app, 'POST', '/api/checkout', {
      cookie: member.cookie,
      json: billing,
    });
    const forged = await call<Failure>(app, 'POST', '/api/checkout/verify', {
      cookie: member.cookie,
      json: { razorpay_order_id: placed.body.razorpay_order_id, razorpay_payment_id: 'pay_x', razorpay_signature: 'f' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('PAYMENT_VERIFICATION_FAILED');
    const cancelled = await call<{ released: boolean }>(app, 'POST', '/api/checkout/cancel', {
      cookie: member.cookie,
      json: { razorpay_order_id: placed.body.razorpay_order_id },
    });
    expect(cancelled.body.released).toBe(true);
    const stock = await call<{ product: { stock: number } }>(
      mount(deps, '/api/products', productsRoutes(deps)),
      'GET',
      '/api/products/VD-BOAT1',
    );
    expect(stock.body.product.stock).toBe(3);
  });
});

describe('ordersRoutes', () => {
  it('shows me my orders and not anyone else’s', async () => {
    const member = await memberWithCart();
    const orderId = await paidOrder(member.cookie);
    const app = mount(deps, '/api/orders', ordersRoutes(deps));
    const mine = await call<{ orders: { id: string; payment_status: string }[] }>(app, 'GET', '/api/orders', {
      cookie: member.cookie,
    });
    expect(mine.body.orders).toEqual([expect.objectContaining({ id: orderId, payment_status: 'paid' })]);
    const other = await signedIn(deps);
    const theirs = await call<Failure>(app, 'GET', `/api/orders/${orderId}`, { cookie: other.cookie });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('ORDER_NOT_FOUND');
  });
});

describe('adminOrdersRoutes', () => {
  it('lets an admin ship a paid order, an auditor only look, and refuses a member', async () => {
    const member = await memberWithCart();
    const orderId = await paidOrder(member.cookie);
    const app = mount(deps, '/api/admin/orders', adminOrdersRoutes(deps));
    expect((await call(app, 'GET', '/api/admin/orders', { cookie: member.cookie })).status).toBe(403);
    const auditor = await signedIn(deps, { role: 'auditor' });
    const list = await call<{ orders: { id: string }[] }>(app, 'GET', '/api/admin/orders', { cookie: auditor.cookie });
    expect(list.body.orders.map((o) => o.id)).toEqual([orderId]);
    const ship = { json: { shipment_status: 'shipped' } };
    expect(
      (await call(app, 'POST', `/api/admin/orders/${orderId}/shipment`, { ...ship, cookie: auditor.cookie })).status,
    ).toBe(403);
    const shipped = await call<{ order: { shipment_status: string } }>(
      app,
      'POST',
      `/api/admin/orders/${orderId}/shipment`,
      { ...ship, cookie: admin.cookie },
    );
    expect(shipped.status).toBe(200);
    expect(shipped.body.order.shipment_status).toBe('shipped');
    const bad = await call<Failure>(app, 'POST', `/api/admin/orders/${orderId}/shipment`, {
      cookie: admin.cookie,
      json: { shipment_status: 'lost' },
    });
    expect(bad.body.error.code).toBe('VALIDATION');
  });
});

describe('crackersRoutes', () => {
  it('lists crackers, takes an order with a known referral code over ₹2000, and shows it by that code', async () => {
    const now = deps.clock.now();
    await handleCommand(
      deps.commands,
      CRACKERS_CATALOGUE_STREAM,
      crackersCatalogueDecider,
      {
        type: 'ListCracker',
        data: {
          cracker: {
            id: 'k01',
            name: '1000 Wala Garland',
            category: 'Bombs',
            price: 520_00,
            strikeOff: 2600_00,
            per: 'Pcs',
            image_path: '/products/crackers/k01.svg',
            particulars: '1 garland',
          },
          now,
        },
      },
      { actor: 'system', now },
    );
    await call(mount(deps, '/api/admin', adminIdentityRoutes(deps)), 'POST', '/api/admin/referrals', {
      cookie: admin.cookie,
      json: { name: 'Anbu Stores', referralCode: 'ANBU01' },
    });
    const app = mount(deps, '/api/crackers', crackersRoutes(deps));
    const list = await call<{ data: { id: string }[] }>(app, 'GET', '/api/crackers?q=wala');
    expect(list.body.data.map((k) => k.id)).toEqual(['k01']);

    const order = {
      name: 'Meena S',
      phone: '9876543210',
      address1: '4 Temple Street',
      district: 'Thanjavur',
      referral_code: 'anbu01',
    };
    // No season yet: orders are refused in words; only an admin sets one.
    const early = await call<Failure>(app, 'POST', '/api/crackers/orders', {
      json: { ...order, items: [{ id: 'k01', quantity: 4 }] },
    });
    expect(early.body.error.code).toBe('SEASON_CLOSED');
    expect(early.body.error.message).toMatch(/not open yet/);
    const today = new Date(now + 330 * 60_000).toISOString().slice(0, 10);
    const season = { opens_on: today, closes_on: today, bands: [{ order_by: today, deliver_by: today }] };
    const member = await signedIn(deps);
    expect((await call(app, 'PUT', '/api/crackers/season', { cookie: member.cookie, json: season })).status).toBe(403);
    const set = await call<{ open: boolean }>(app, 'PUT', '/api/crackers/season', {
      cookie: admin.cookie,
      json: season,
    });
    expect(set.body.open).toBe(true);
    expect((await call<{ season: unknown }>(app, 'GET', '/api/crackers/season')).body.season).toEqual(season);

    const small = await call<Failure>(app, 'POST', '/api/crackers/orders', {
      json: { ...order, items: [{ id: 'k01', quantity: 1 }] },
    });
    expect(small.status).toBe(422);
    expect(small.body.error.code).toBe('CRACKERS_MINIMUM');
    const placed = await call<{ order_id: string }>(app, 'POST', '/api/crackers/orders', {
      json: { ...order, items: [{ id: 'k01', quantity: 4 }] },
    });
    expect(placed.status).toBe(200);

    const status = await call<{ orders: { order_id: string }[] }>(app, 'POST', '/api/crackers/status', {
      json: { referralCode: 'anbu01' },
    });
    expect(status.body.orders.map((o) => o.order_id)).toEqual([placed.body.order_id]);
    const unknown = await call<Failure>(app, 'POST', '/api/crackers/status', { json: { referralCode: 'NOPE01' } });
    expect(unknown.body.error.code).toBe('REFERRAL_NOT_FOUND');
  });
});

describe('shopRoutes', () => {
  it('mounts the catalogue, cart, checkout, orders, admin orders and crackers under one prefix', async () => {
    const app = mount(deps, '/api', shopRoutes(deps));
    const member = await signedIn(deps);
    expect((await call(app, 'GET', '/api/products')).status).toBe(200);
    expect((await call(app, 'GET', '/api/crackers')).status).toBe(200);
    for (const path of ['/api/cart', '/api/checkout', '/api/orders', '/api/crackers/my-orders'])
      expect((await call(app, 'GET', path)).status, path).toBe(401);
    expect((await call(app, 'GET', '/api/cart', { cookie: member.cookie })).status).toBe(200);
    expect((await call(app, 'GET', '/api/admin/orders', { cookie: member.cookie })).status).toBe(403);
    expect((await call(app, 'GET', '/api/admin/orders', { cookie: admin.cookie })).status).toBe(200);
  });
});
