import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../api/auth/session.ts';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand, loadState } from '../../api/commandHandler.ts';
import type { Deps } from '../../api/deps.ts';
import { createLogger } from '../../api/logger.ts';
import { abandonShopOrder, applyShopPayment, placeShopOrder } from '../../api/shop/checkout.ts';
import { sweepShopOrders } from '../../api/shop/orderSteps.ts';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import { cartDecider, cartStream } from '../../engine/cart.ts';
import type { PlacedOrder } from '../../engine/order.ts';
import { lineRewardCap, orderDecider, orderStream } from '../../engine/order.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { openReadDb } from '../../projections/db.ts';
import { ordersProjector } from '../../projections/orders.ts';
import { createProjectionRunner } from '../../projections/runner.ts';

/** Across all runs: orders paid and checkouts refused, so the property is known to exercise both. */
const seen = { paid: 0, refused: 0, rewardSpent: 0 };

type Outcome = 'pay' | 'pay-twice' | 'cancel' | 'expire';
interface Scenario {
  products: { stock: number; price: number; points: number }[];
  members: {
    rewardCash: number;
    /** `rewardShare` is a percentage of the line's cap; above 100 the checkout must refuse it. */
    cart: { product: number; quantity: number; rewardShare: number }[];
    outcome: Outcome;
  }[];
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  products: fc.array(
    fc.record({
      stock: fc.integer({ min: 0, max: 3 }),
      price: fc.integer({ min: 1, max: 50 }),
      points: fc.integer({ min: 0, max: 60 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  members: fc.array(
    fc.record({
      rewardCash: fc.integer({ min: 0, max: 12_000 }),
      cart: fc.array(
        fc.record({
          product: fc.nat(2),
          quantity: fc.integer({ min: 1, max: 3 }),
          rewardShare: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 130 })),
        }),
        { maxLength: 3 },
      ),
      outcome: fc.constantFrom<Outcome>('pay', 'pay-twice', 'cancel', 'expire'),
    }),
    { minLength: 2, maxLength: 4 },
  ),
});

const setUp = async () => {
  const clock = createManualClock('2026-11-22T06:00:00.000Z');
  const store = openSqliteStore({ path: ':memory:' });
  const readDb = openReadDb(':memory:');
  const projections = createProjectionRunner({ store, db: readDb, projectors: [ordersProjector] });
  await projections.start();
  let n = 0;
  const deps = {
    clock,
    store,
    readDb,
    projections,
    log: createLogger('silent'),
    commands: { store, waitForProjections: (p: number) => projections.waitFor(p) },
    payments: {
      kind: 'sandbox',
      createOrder: ({ amountPaise }: { amountPaise: number }) =>
        Promise.resolve({ providerOrderId: `order_${++n}_${amountPaise}`, checkoutUrl: '/pay' }),
    },
  } as unknown as Deps;
  return { deps, clock, close: () => projections.stop() };
};

const run = async (s: Scenario) => {
  const { deps, clock, close } = await setUp();
  const now = clock.now();
  const sys = { actor: 'system' as const, now };
  for (const [i, p] of s.products.entries()) {
    const product = {
      id: `p${i}`,
      product_code: `C${i}`,
      slug: `p${i}`,
      name: `Product ${i}`,
      description: '',
      price: p.price * 100_00,
      original_price: p.price * 100_00,
      image_url: '',
      images: [],
      rating: 4,
      ratings: 1,
      category: 'Test',
      brand: 'Test',
      color: 'Red',
      reward_points: p.points,
      is_active: true,
    };
    await handleCommand(
      deps.commands,
      productStream(product.id),
      productDecider,
      { type: 'AddProduct', data: { product, stock: p.stock, now } },
      sys,
    );
  }
  const users: SessionUser[] = s.members.map((_, i) => ({
    id: `u${i}`,
    name: `M${i}`,
    email: `m${i}@x.in`,
    role: 'member',
    access: 'granted',
    createdAt: '',
  }));
  const applied: Record<string, number>[] = [];
  for (const [i, m] of s.members.entries()) {
    if (m.rewardCash > 0) {
      await handleCommand(
        deps.commands,
        walletStream(users[i]!.id),
        walletDecider,
        { type: 'CreditReward', data: { creditId: 'seed', amount: m.rewardCash, reason: 'adjustment', now } },
        sys,
      );
    }
    applied.push({});
    for (const line of m.cart) {
      const p = s.products[line.product % s.products.length]!;
      const productId = `p${s.products.indexOf(p)}`;
      try {
        await handleCommand(
          deps.commands,
          cartStream(users[i]!.id),
          cartDecider,
          {
            type: 'AddCartItem',
            data: { productId, name: productId, quantity: line.quantity, available: p.stock, now },
          },
          sys,
        );
        applied[i]![productId] = Math.floor(
          (lineRewardCap({ price: p.price * 100_00, quantity: line.quantity, reward_points: p.points }) *
            line.rewardShare) /
            100,
        );
      } catch {
        // over stock at add time: the cart refuses it, as in the shop
      }
    }
  }

  const placed = await Promise.all(
    users.map((u, i) =>
      placeShopOrder(deps, u, {
        billing: { name: u.name, email: '', phone: '', address: '' },
        appliedRewards: applied[i]!,
      }).then(
        (r) => r,
        () => null,
      ),
    ),
  );
  await Promise.all(
    placed.map(async (r, i) => {
      if (!r || r.paid) return;
      const outcome = s.members[i]!.outcome;
      const pay = () =>
        applyShopPayment(deps, {
          providerOrderId: r.razorpay_order_id!,
          paymentId: `pay_${r.order_id}`,
          amountPaise: r.total,
          notes: { orderId: r.order_id, userId: users[i]!.id },
          userId: users[i]!.id,
        });
      if (outcome === 'pay') await pay();
      if (outcome === 'pay-twice') await Promise.all([pay(), pay()]);
      if (outcome === 'cancel') await abandonShopOrder(deps, users[i]!, r.order_id, 'cancelled');
    }),
  );
  clock.advance(31 * 60_000);
  await sweepShopOrders(deps);

  const paidOrders: PlacedOrder[] = [];
  for (const r of placed) {
    if (!r) continue;
    const { state } = await loadState(deps.store, orderStream(r.order_id), orderDecider);
    if (state.status === 'paid') paidOrders.push(state);
  }
  seen.paid += paidOrders.length;
  seen.refused += placed.filter((r) => r === null).length;
  seen.rewardSpent += paidOrders.filter((o) => o.applied_reward > 0).length;
  for (const [i, p] of s.products.entries()) {
    const { state } = await loadState(deps.store, productStream(`p${i}`), productDecider);
    if (state.status !== 'listed') throw new Error('product missing');
    const sold = paidOrders
      .flatMap((o) => o.lines)
      .filter((l) => l.productId === `p${i}`)
      .reduce((n, l) => n + l.quantity, 0);
    expect(state.stock).toBeGreaterThanOrEqual(0);
    expect(state.stock).toBe(p.stock - sold);
    expect(state.reservations).toEqual({});
  }
  for (const [i, m] of s.members.entries()) {
    const { state: wallet } = await loadState(deps.store, walletStream(users[i]!.id), walletDecider);
    const mine = paidOrders.filter((o) => o.userId === users[i]!.id);
    const spent = mine.reduce((n, o) => n + o.applied_reward, 0);
    expect(spent).toBeLessThanOrEqual(m.rewardCash);
    expect(wallet.rewardCash).toBe(m.rewardCash - spent);
    for (const o of mine) {
      for (const l of o.lines) expect(l.applied_reward).toBeLessThanOrEqual(lineRewardCap(l));
      expect(o.total_amount).toBe(Math.max(0, o.subtotal - o.applied_reward));
      expect(o.settled).toBe(true);
    }
  }
  await close();
};

describe('checkout under random concurrent buyers', () => {
  it('never sells stock it does not have and never spends reward cash beyond the bound', async () => {
    // 120 runs: over 60 the coverage counts below once fell to the bound in CI (3 orders spending reward
    // cash; 7–17 in twelve runs of 60 here), with the same property and the same bounds.
    await fc.assert(fc.asyncProperty(scenario, run), { numRuns: 120 });
    expect(seen.paid).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(5);
    expect(seen.rewardSpent).toBeGreaterThan(3);
  }, 120_000);
});
