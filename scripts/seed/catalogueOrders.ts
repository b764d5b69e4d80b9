import { crackersSeason } from '../../projections/crackersSeason.ts';
import type { SessionUser } from '../../api/auth/session.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { Deps } from '../../api/deps.ts';
import { applyShopPayment, placeShopOrder } from '../../api/shop/checkout.ts';
import { cartDecider, cartStream } from '../../engine/cart.ts';
import { crackersOrderDecider, crackersOrderStream } from '../../engine/crackersOrder.ts';
import type { ShipmentStatus } from '../../engine/order.ts';
import { orderDecider, orderStream } from '../../engine/order.ts';
import { crackersByIds } from '../../projections/crackers.ts';
import { ordersOfUser } from '../../projections/orders.ts';
import { userByEmail } from '../../projections/users.ts';
import { catalogueProducts } from './catalogue.ts';

/** Paid demo orders so /orders and the admin's shipping list are not empty on a fresh start. */
const SHOP_ORDERS: { email: string; lines: [code: string, quantity: number][]; shipment: ShipmentStatus[] }[] = [
  { email: 'member2@vetrideals.in', lines: [['VD1025', 1]], shipment: ['shipped', 'delivered'] },
  {
    email: 'member2@vetrideals.in',
    lines: [
      ['VD1064', 2],
      ['VD1039', 1],
    ],
    shipment: ['shipped'],
  },
  { email: 'member3@vetrideals.in', lines: [['VD1044', 1]], shipment: [] },
];

/** Crackers orders for the referral status demo (codes from the identity seed). */
const CRACKERS_ORDERS: {
  id: string;
  code: string;
  name: string;
  phone: string;
  district: string;
  items: Record<string, number>;
}[] = [
  {
    id: 'CRDEMO0001',
    code: 'VETRI1',
    name: 'Lakshmi Priya',
    phone: '9894011122',
    district: 'Thanjavur',
    items: { k40: 1, k09: 2 },
  },
  {
    id: 'CRDEMO0002',
    code: 'VETRI1',
    name: 'Suresh Kumar',
    phone: '9003055566',
    district: 'Thiruvarur',
    items: { k39: 2 },
  },
  {
    id: 'CRDEMO0003',
    code: 'TVR001',
    name: 'Anitha Devi',
    phone: '9787033344',
    district: 'Thiruvarur',
    items: { k42: 1 },
  },
];

const sessionUserOf = (deps: Deps, email: string): SessionUser | null => {
  const row = userByEmail(deps.readDb, email);
  return row
    ? { id: row.id, name: row.name, email: row.email, role: 'member', access: 'granted', createdAt: row.createdAt }
    : null;
};

const seedShopOrder = async (deps: Deps, order: (typeof SHOP_ORDERS)[number]) => {
  const user = sessionUserOf(deps, order.email);
  if (!user || !deps.payments.sandbox) return;
  const now = deps.clock.now();
  for (const [code, quantity] of order.lines) {
    const product = catalogueProducts.find((p) => p.product_code === code)!;
    await handleCommand(
      deps.commands,
      cartStream(user.id),
      cartDecider,
      {
        type: 'AddCartItem',
        data: { productId: product.id, name: product.name, quantity, available: product.stock, now },
      },
      { actor: 'system', now },
    );
  }
  const placed = await placeShopOrder(deps, user, {
    billing: { name: user.name, email: user.email, phone: '', address: '14 Gandhi Road, Thanjavur 613001' },
    appliedRewards: {},
  });
  const back = placed.razorpay_order_id ? deps.payments.sandbox.pay(placed.razorpay_order_id) : null;
  const paymentId = back ? new URL(back, 'http://local').searchParams.get('razorpay_payment_id') : null;
  if (!paymentId || !placed.razorpay_order_id) return;
  await applyShopPayment(deps, {
    providerOrderId: placed.razorpay_order_id,
    paymentId,
    amountPaise: placed.total,
    notes: { purpose: 'shop_order', orderId: placed.order_id, userId: user.id },
    userId: user.id,
  });
  for (const status of order.shipment) {
    await handleCommand(
      deps.commands,
      orderStream(placed.order_id),
      orderDecider,
      { type: 'SetShipmentStatus', data: { status, now } },
      { actor: 'system', now },
    );
  }
};

/**
 * Demo shop orders (paid through the sandbox, so only in sandbox mode) and crackers orders. A member
 * who already has orders is skipped and crackers orders have fixed ids, so running it again adds nothing.
 */
export const seedShopOrders = async (deps: Deps): Promise<void> => {
  const seeded = new Set<string>();
  for (const order of SHOP_ORDERS) {
    const user = sessionUserOf(deps, order.email);
    if (!user) continue;
    if (!seeded.has(user.id) && ordersOfUser(deps.readDb, user.id).length > 0) continue;
    seeded.add(user.id);
    await seedShopOrder(deps, order);
  }
  const now = deps.clock.now();
  for (const o of CRACKERS_ORDERS) {
    const catalogue = crackersByIds(deps.readDb, Object.keys(o.items));
    const items = catalogue.map((k) => ({ id: k.id, name: k.name, price: k.price, quantity: o.items[k.id] ?? 0 }));
    await handleCommand(
      deps.commands,
      crackersOrderStream(o.id),
      crackersOrderDecider,
      {
        type: 'PlaceCrackersOrder',
        data: {
          orderId: o.id,
          userId: null,
          items,
          name: o.name,
          phone: o.phone,
          address1: '3 Temple Street',
          address2: '',
          district: o.district,
          referral_code: o.code,
          platform: 'web',
          referralKnown: true,
          season: crackersSeason(deps.readDb),
          now,
        },
      },
      { actor: 'system', now, commandId: `seed-crackers-${o.id}` },
    );
  }
};
