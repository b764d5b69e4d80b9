import { beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../../api/commandHandler.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { cartDecider, cartStream } from '../../engine/cart.ts';
import { CRACKERS_CATALOGUE_STREAM, crackersCatalogueDecider } from '../../engine/crackersCatalogue.ts';
import { crackersOrderDecider, crackersOrderStream } from '../../engine/crackersOrder.ts';
import { orderDecider, orderStream } from '../../engine/order.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { cartOf as cartRows, cartProjector } from '../../projections/cart.ts';
import {
  catalogueProjector,
  productByCode,
  productFacets,
  searchProducts as searchProductRows,
  suggestProducts as suggestProductRows,
  topProducts as topProductRows,
} from '../../projections/catalogue.ts';
import {
  crackersOrdersByReferral as crackersOrderRowsByReferral,
  crackersOrdersOfUser as crackersOrderRowsOfUser,
  crackersProjector,
  searchCrackers as crackerRows,
} from '../../projections/crackers.ts';
import type { ReadDb } from '../../projections/db.ts';
import { openReadDb } from '../../projections/db.ts';
import {
  ordersNeedingWork,
  ordersOfUser as orderRowsOfUser,
  ordersProjector,
  paidOrders as paidOrderRows,
} from '../../projections/orders.ts';
import { createProjectionRunner } from '../../projections/runner.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import { crackersCatalogue } from '../../scripts/seed/catalogueCrackers.ts';
import {
  maskPhone,
  toCartLine,
  toCracker,
  toProduct,
  toReferralOrder,
  toReservedOrder,
  toShopOrder,
} from '../../api/shop/views.ts';

/** The read model's rows as the api maps them for members (api/shop/views.ts): what a screen shows. */
const cartOf = (...a: Parameters<typeof cartRows>) => cartRows(...a).map(toCartLine);
const searchProducts = (...a: Parameters<typeof searchProductRows>) => {
  const r = searchProductRows(...a);
  return { ...r, products: r.products.map(toProduct) };
};
const suggestProducts = (...a: Parameters<typeof suggestProductRows>) => suggestProductRows(...a).map(toProduct);
const topProducts = (...a: Parameters<typeof topProductRows>) => topProductRows(...a).map(toProduct);
const crackersOrdersByReferral = (...a: Parameters<typeof crackersOrderRowsByReferral>) =>
  crackersOrderRowsByReferral(...a).map(toReferralOrder);
const crackersOrdersOfUser = (...a: Parameters<typeof crackersOrderRowsOfUser>) =>
  crackersOrderRowsOfUser(...a).map(toReservedOrder);
const searchCrackers = (...a: Parameters<typeof crackerRows>) => crackerRows(...a).map(toCracker);
const ordersOfUser = (...a: Parameters<typeof orderRowsOfUser>) => orderRowsOfUser(...a).map(toShopOrder);
const paidOrders = (...a: Parameters<typeof paidOrderRows>) => paidOrderRows(...a).map(toShopOrder);

const now = Date.parse('2026-11-22T06:00:00Z');
const ctx = (commandId?: string): CommandContext => ({ actor: 'system', now, commandId });

let db: ReadDb;
let deps: Parameters<typeof handleCommand>[0];

beforeAll(async () => {
  const store = openSqliteStore({ path: ':memory:' });
  db = openReadDb(':memory:');
  const runner = createProjectionRunner({
    store,
    db,
    projectors: [catalogueProjector, cartProjector, ordersProjector, crackersProjector],
  });
  await runner.start();
  deps = { store, waitForProjections: (p) => runner.waitFor(p) };
  for (const { stock, kind: _k, ...product } of catalogueProducts) {
    await handleCommand(
      deps,
      productStream(product.id),
      productDecider,
      { type: 'AddProduct', data: { product, stock, now } },
      ctx(),
    );
  }
  for (const { colour: _c, ...cracker } of crackersCatalogue) {
    await handleCommand(
      deps,
      CRACKERS_CATALOGUE_STREAM,
      crackersCatalogueDecider,
      { type: 'ListCracker', data: { cracker, now } },
      ctx(),
    );
  }
});

const expected = (keep: (p: (typeof catalogueProducts)[number]) => boolean) =>
  catalogueProducts
    .filter((p) => keep(p))
    .map((p) => p.id)
    .sort();

describe('catalogue read model', () => {
  it('searches name or description case-insensitively', () => {
    const result = searchProducts(db, { search: 'SILK', pageSize: 100 });
    const ids = result.products.map((p) => p.id).sort();
    expect(ids).toEqual(expected((p) => /silk/i.test(p.name) || /silk/i.test(p.description)));
    expect(ids.length).toBeGreaterThan(2);
    expect(result.total).toBe(ids.length);
  });

  it('combines category, brand, colour, price, rating and in-stock filters', () => {
    const result = searchProducts(db, {
      category: 'Footwear',
      brands: ['Zenith', 'Chola'],
      colors: ['Blue', 'Grey', 'Black', 'Brown', 'Red'],
      minPrice: 80_000,
      maxPrice: 300_000,
      rating: 4,
      inStock: true,
      pageSize: 100,
    });
    expect(result.products.map((p) => p.id).sort()).toEqual(
      expected(
        (p) =>
          p.category === 'Footwear' &&
          ['Zenith', 'Chola'].includes(p.brand) &&
          ['Blue', 'Grey', 'Black', 'Brown', 'Red'].includes(p.color) &&
          p.price >= 80_000 &&
          p.price <= 300_000 &&
          p.rating >= 4 &&
          p.stock > 0,
      ),
    );
    expect(result.total).toBeGreaterThan(0);
  });

  it('pages 12 at a time in the chosen order, and clamps a page past the end', () => {
    const all = [...catalogueProducts].sort((a, b) => a.price - b.price || a.id.localeCompare(b.id));
    const page2 = searchProducts(db, { sort: 'price_asc', page: 2 });
    expect(page2.total).toBe(catalogueProducts.length);
    expect(page2.pages).toBe(Math.ceil(catalogueProducts.length / 12));
    expect(page2.products.map((p) => p.id)).toEqual(all.slice(12, 24).map((p) => p.id));
    const last = searchProducts(db, { sort: 'price_asc', page: 999 });
    expect(last.page).toBe(page2.pages);
    expect(last.products.map((p) => p.id)).toEqual(all.slice((page2.pages - 1) * 12).map((p) => p.id));
    const desc = searchProducts(db, { sort: 'price_desc', pageSize: 3 });
    expect(desc.products[0]!.price).toBe(Math.max(...catalogueProducts.map((p) => p.price)));
  });

  it('suggests up to 10 names containing the text, and nothing for blank text', () => {
    const s = suggestProducts(db, 'a');
    expect(s).toHaveLength(10);
    for (const p of s) expect(p.name.toLowerCase()).toContain('a');
    expect(
      suggestProducts(db, 'kettle')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Kaveri Electric Kettle 1.5 L', 'Kaveri Steel Kettle 1.8 L']);
    expect(suggestProducts(db, '   ')).toEqual([]);
  });

  it('gives 7 in-stock top products and the filter lists', () => {
    const top = topProducts(db);
    expect(top).toHaveLength(7);
    for (const p of top) expect(p.in_stock).toBe(true);
    const facets = productFacets(db);
    expect(facets.categories.length).toBeGreaterThanOrEqual(8);
    expect(facets.brands.reduce((n, b) => n + b.count, 0)).toBe(catalogueProducts.length);
  });

  it('shows stock net of live reservations, and takes sold units off', async () => {
    const id = 'p1007';
    const code = productByCode(db, 'VD1007')!;
    expect(code.stock - code.reserved).toBe(1);
    await handleCommand(
      deps,
      productStream(id),
      productDecider,
      { type: 'ReserveStock', data: { reservationId: 'r1', quantity: 1, now, expiresAt: now + 1000 } },
      ctx(),
    );
    expect(searchProducts(db, { search: 'Slim 10000', inStock: true }).total).toBe(0);
    await handleCommand(
      deps,
      productStream(id),
      productDecider,
      { type: 'ReleaseStock', data: { reservationId: 'r1', reason: 'test', now } },
      ctx(),
    );
    expect(searchProducts(db, { search: 'Slim 10000', inStock: true }).products[0]).toMatchObject({
      stock: 1,
      in_stock: true,
    });
    await handleCommand(
      deps,
      productStream(id),
      productDecider,
      { type: 'ReserveStock', data: { reservationId: 'r2', quantity: 1, now, expiresAt: now + 1000 } },
      ctx(),
    );
    await handleCommand(
      deps,
      productStream(id),
      productDecider,
      { type: 'CommitStock', data: { reservationId: 'r2', quantity: 1, now } },
      ctx(),
    );
    const after = productByCode(db, 'VD1007')!;
    expect([after.stock, after.reserved]).toEqual([0, 0]);
  });
});

describe('cart and order read models', () => {
  it('joins cart lines with live prices and takes bought lines out', async () => {
    const cart = cartStream('u1');
    await handleCommand(
      deps,
      cart,
      cartDecider,
      { type: 'AddCartItem', data: { productId: 'p1029', name: 'Tiffin', quantity: 2, available: 80, now } },
      ctx(),
    );
    await handleCommand(
      deps,
      cart,
      cartDecider,
      { type: 'AddCartItem', data: { productId: 'p1030', name: 'Kids Tiffin', quantity: 1, available: 55, now } },
      ctx(),
    );
    expect(cartOf(db, 'u1')).toMatchObject([
      { product_id: 'p1029', quantity: 2, price: 59_900, reward_points: 10 },
      { product_id: 'p1030', quantity: 1, price: 34_900 },
    ]);
    await handleCommand(
      deps,
      cart,
      cartDecider,
      { type: 'CheckOutCart', data: { orderId: 'o1', lines: [{ productId: 'p1029', quantity: 2 }], now } },
      ctx(),
    );
    expect(cartOf(db, 'u1').map((l) => l.product_id)).toEqual(['p1030']);
  });

  it('lists a member’s orders with badges and tells the sweeper what is left to do', async () => {
    const line = {
      productId: 'p1029',
      product_code: 'VD1029',
      name: 'Vetri Home 3-Tier Tiffin Box',
      image_url: '/products/vd1029.svg',
      price: 59_900,
      quantity: 2,
      reward_points: 10,
      applied_reward: 1_000,
    };
    const place = (orderId: string) =>
      handleCommand(
        deps,
        orderStream(orderId),
        orderDecider,
        {
          type: 'PlaceShopOrder',
          data: {
            orderId,
            orderCode: `VD-${orderId}`,
            userId: 'u1',
            lines: [line],
            billing: { name: 'Kavya', email: 'k@example.in', phone: '9876543210', address: '1 Main Road' },
            rewardCash: 5_000,
            now,
            expiresAt: now + 60_000,
          },
        },
        ctx(),
      );
    await place('o1');
    await place('o2');
    await handleCommand(
      deps,
      orderStream('o1'),
      orderDecider,
      {
        type: 'AttachPaymentOrder',
        data: { provider: 'sandbox', providerOrderId: 'order_1', amountPaise: 118_800, now },
      },
      ctx(),
    );
    await handleCommand(
      deps,
      orderStream('o1'),
      orderDecider,
      {
        type: 'ConfirmShopPayment',
        data: { paymentId: 'pay_1', providerOrderId: 'order_1', amountPaise: 118_800, source: 'callback', now },
      },
      ctx(),
    );
    const orders = ordersOfUser(db, 'u1');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      order_code: 'VD-o1',
      payment_status: 'paid',
      shipment_status: 'pending',
      total_amount: 118_800,
      applied_reward: 1_000,
      full_name: 'Kavya',
      product_name: 'Vetri Home 3-Tier Tiffin Box',
    });
    expect(paidOrders(db).map((o) => o.id)).toEqual(['o1']);
    expect(ordersNeedingWork(db, now).map((o) => o.id)).toEqual(['o1']);
    expect(
      ordersNeedingWork(db, now + 60_000)
        .map((o) => o.id)
        .sort(),
    ).toEqual(['o1', 'o2']);
    await handleCommand(
      deps,
      orderStream('o1'),
      orderDecider,
      { type: 'SetShipmentStatus', data: { status: 'shipped', now } },
      ctx(),
    );
    expect(ordersOfUser(db, 'u1')[0]!.shipment_status).toBe('shipped');
  });
});

describe('crackers read model', () => {
  it('searches and sorts the catalogue', () => {
    expect(searchCrackers(db)).toHaveLength(crackersCatalogue.length);
    const pots = searchCrackers(db, 'flower', 'price_desc');
    expect(pots.length).toBeGreaterThanOrEqual(4);
    expect(pots.map((c) => c.price)).toEqual([...pots.map((c) => c.price)].sort((a, b) => b - a));
    expect(pots[0]).toHaveProperty('per');
  });

  it('lists orders by referral code with masked phones, and a member’s reserved orders', async () => {
    await handleCommand(
      deps,
      crackersOrderStream('c1'),
      crackersOrderDecider,
      {
        type: 'PlaceCrackersOrder',
        data: {
          orderId: 'c1',
          userId: 'u1',
          items: [{ id: 'k28', name: '5000 Wala Garland', price: 220_000, quantity: 1 }],
          name: 'Meena',
          phone: '9876543210',
          address1: '12 East Street',
          address2: '',
          district: 'Thiruvarur',
          referral_code: 'TVR001',
          platform: 'web',
          referralKnown: true,
          season: {
            opensOn: '2000-01-01',
            closesOn: '2999-12-31',
            bands: [{ orderBy: '2999-12-31', deliverBy: '2999-12-31' }],
          },
          now,
        },
      },
      ctx(),
    );
    expect(crackersOrdersByReferral(db, 'TVR001')).toEqual([
      {
        order_id: 'c1',
        customer_name: 'Meena',
        phone: '******3210',
        district: 'Thiruvarur',
        total_amount: 220_000,
        created_at: '2026-11-22T06:00:00.000Z',
      },
    ]);
    expect(crackersOrdersOfUser(db, 'u1')).toMatchObject([
      { order_id: 'c1', total_amount: 220_000, order_items: [{ id: 'k28', quantity: 1 }] },
    ]);
    expect(crackersOrdersByReferral(db, 'NOPE00')).toEqual([]);
    expect(maskPhone('98 76')).toBe('****');
  });
});
