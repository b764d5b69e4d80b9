import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand, loadState } from '../../api/commandHandler.ts';
import { sweepShopOrders } from '../../api/shop/orderSteps.ts';
import { productDecider, productStream } from '../../engine/product.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { userByEmail } from '../../projections/users.ts';
import type { Client } from '../helpers/http.ts';
import { client, loggedIn, MEMBER } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';
import { giveRewardCash } from '../helpers/wallet.ts';

/**
 * Issue 14, item 1: concurrent checkouts of one member (a double tap, two tabs, two server
 * processes behind a balancer) must never destroy reward cash or lock stock, whatever the
 * interleaving. Every test sends its checkouts at once, half of them through a second process on
 * the same data directory, then cancels what came back, runs the sweeper, and checks the log.
 */
const clock = createManualClock('2026-11-22T06:00:00.000Z');
const ENV = { SWEEPER_INTERVAL_MS: '0', SCHEDULER_INTERVAL_MS: '0' };
let server: TestServer;
let second: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true, clock, env: ENV });
  second = await startTestServer({ dataDir: server.dataDir, clock, env: ENV });
});
afterAll(async () => {
  await second.stop();
  await server.stop();
});

const userId = (email: string) => userByEmail(server.deps.readDb, email)!.id;
const addProduct = async (id: string, stock: number) => {
  const now = clock.now();
  await handleCommand(
    server.deps.commands,
    productStream(id),
    productDecider,
    {
      type: 'AddProduct',
      data: {
        product: {
          id,
          product_code: id.toUpperCase(),
          slug: id,
          name: `Race test ${id}`,
          description: 'A product for the checkout race tests.',
          price: 100_00,
          original_price: 120_00,
          image_url: '/products/default.svg',
          images: [],
          rating: 4,
          ratings: 3,
          category: 'Test',
          brand: 'Test',
          color: 'Red',
          reward_points: 100,
          is_active: true,
        },
        stock,
        now,
      },
    },
    { actor: 'system', now },
  );
};
/** The same member in both processes (the session is in the shared log). */
const bothProcesses = async (email: string): Promise<[Client, Client]> => {
  const here = await loggedIn(server, email, MEMBER.password);
  await second.deps.projections.waitFor(await server.deps.store.headPosition());
  const there = client(second);
  there.cookie = here.cookie;
  return [here, there];
};
type Placed = { order_id: string; razorpay_order_id: string | null; total: number };
const checkoutAtOnce = (clients: [Client, Client], n: number, appliedRewards: Record<string, number>) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      clients[i % 2]!.call<Placed & { error?: { code: string; message: string } }>('POST', '/api/checkout', {
        name: 'Priya',
        email: 'priya@example.in',
        phone: '9840012345',
        address: '12 Anna Salai, Chennai',
        appliedRewards,
      }),
    ),
  );
const cancelAll = async (member: Client, placed: { status: number; body: Placed }[]) => {
  for (const p of placed) {
    if (p.status !== 200 || !p.body.razorpay_order_id) continue;
    await member.call('POST', '/api/checkout/cancel', { razorpay_order_id: p.body.razorpay_order_id });
  }
};
const settle = async () => {
  await server.deps.projections.waitFor(await server.deps.store.headPosition());
  clock.advance(31 * 60_000);
  await sweepShopOrders(server.deps);
  await sweepShopOrders(second.deps);
  await server.deps.projections.waitFor(await server.deps.store.headPosition());
};
const heldUnits = async (productId: string) => {
  const { state } = await loadState(server.deps.store, productStream(productId), productDecider);
  if (state.status !== 'listed') throw new Error('no product');
  return { stock: state.stock, held: Object.values(state.reservations).reduce((n, r) => n + r.quantity, 0) };
};

describe('twenty checkouts at once by one member', () => {
  it('give back every rupee of reward cash once all of them are cancelled', async () => {
    const email = 'member3@vetrideals.in';
    await addProduct('race-reward', 50);
    await giveRewardCash(server, email, 50_00, 'race-reward-seed');
    const clients = await bothProcesses(email);
    const before = (await loadState(server.deps.store, walletStream(userId(email)), walletDecider)).state;
    expect((await clients[0].call('POST', '/api/cart/items', { product_id: 'race-reward', quantity: 1 })).status).toBe(
      200,
    );

    const placed = await checkoutAtOnce(clients, 20, { 'race-reward': 50_00 });
    for (const p of placed) {
      // Each answer is a placed order or a refusal in words, never a server error.
      expect([200, 409, 422], JSON.stringify(p.body)).toContain(p.status);
      if (p.status !== 200) expect(p.body.error?.message).toBeTruthy();
    }
    expect(placed.filter((p) => p.status === 200).length).toBeGreaterThan(0);
    await cancelAll(clients[0], placed);
    await settle();

    const { state: wallet, events } = await loadState(server.deps.store, walletStream(userId(email)), walletDecider);
    expect(wallet.rewardCash).toBe(before.rewardCash);
    expect(wallet.cash).toBe(before.cash);
    const debits = events.filter((e) => e.type === 'RewardDebited').length;
    const refunds = events.filter(
      (e) => e.type === 'RewardCredited' && (e.data as { reason: string }).reason === 'shop_refund',
    ).length;
    expect(refunds).toBe(debits);
    expect(await heldUnits('race-reward')).toEqual({ stock: 50, held: 0 });
    const cart = await clients[0].call<{ user_rewards: number }>('GET', '/api/cart');
    expect(cart.body.user_rewards).toBe(before.rewardCash);
  });
});

describe('twelve checkouts at once of a product with 3 units', () => {
  it('leave all 3 units available again once cancelled and swept', async () => {
    const email = 'member5@vetrideals.in';
    await addProduct('race-stock', 3);
    const clients = await bothProcesses(email);
    expect((await clients[0].call('POST', '/api/cart/items', { product_id: 'race-stock', quantity: 1 })).status).toBe(
      200,
    );

    const placed = await checkoutAtOnce(clients, 12, {});
    for (const p of placed) expect([200, 409, 422], JSON.stringify(p.body)).toContain(p.status);
    await cancelAll(clients[0], placed);
    await settle();

    expect(await heldUnits('race-stock')).toEqual({ stock: 3, held: 0 });
    const shown = await client(server).call<{ product: { stock: number } }>('GET', '/api/products/RACE-STOCK');
    expect(shown.body.product.stock).toBe(3);
    // And one more checkout can still buy what is there.
    const last = await checkoutAtOnce(clients, 1, {});
    expect(last[0]!.status).toBe(200);
  });
});

describe('a checkout superseded while it runs', () => {
  it('holds nothing once the newer checkout has replaced it, and says so in words', async () => {
    const email = 'member6@vetrideals.in';
    await addProduct('race-super', 5);
    await giveRewardCash(server, email, 80_00, 'race-super-seed');
    const clients = await bothProcesses(email);
    expect((await clients[0].call('POST', '/api/cart/items', { product_id: 'race-super', quantity: 2 })).status).toBe(
      200,
    );
    // Pairs sent at the same moment through the two processes: each newer one supersedes the other.
    const superseded: string[] = [];
    for (let round = 0; round < 6; round++) {
      const pair = await checkoutAtOnce(clients, 2, { 'race-super': 40_00 });
      for (const p of pair) if (p.status === 409) superseded.push(p.body.error!.message);
    }
    for (const message of superseded) {
      expect([
        'This checkout was replaced by a newer one from your account, so nothing was charged for it. Please finish the newer checkout.',
        'You don’t have that much Reward Cash.',
        'Not enough reward cash.',
      ]).toContain(message);
    }
    await settle();
    const { state: wallet } = await loadState(server.deps.store, walletStream(userId(email)), walletDecider);
    expect(wallet.rewardCash).toBe(80_00);
    expect(await heldUnits('race-super')).toEqual({ stock: 5, held: 0 });
  });
});
