import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import { walletDecider, walletStream } from '../../engine/wallet.ts';
import { userByEmail } from '../../projections/users.ts';
import { catalogueProducts } from '../../scripts/seed/catalogue.ts';
import type { Client } from '../helpers/http.ts';
import { loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

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

type Checkout = { order_id: string; razorpay_order_id: string; checkout_url: string; total: number; paid: boolean };
type Failure = { error: { code: string; message: string } };
type Order = { id: string; payment_status: string; shipment_status: string };

const userId = (email: string) => userByEmail(server.deps.readDb, email)!.id;

const giveRewardCash = async (email: string, amount: number, creditId: string) => {
  const now = clock.now();
  await handleCommand(
    server.deps.commands,
    walletStream(userId(email)),
    walletDecider,
    { type: 'CreditReward', data: { creditId, amount, reason: 'adjustment', now } },
    { actor: 'system', now, commandId: creditId },
  );
};
const rewardsOf = async (member: Client) =>
  (await member.call<{ user_rewards: number }>('GET', '/api/cart')).body.user_rewards;
const orderOf = async (member: Client, id: string) =>
  (await member.call<{ order: Order }>('GET', `/api/orders/${id}`)).body.order;

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
    await giveRewardCash(email, 5_000, 'orders-reward-again');
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
    await giveRewardCash(email, 100_000, 'orders-reward-refused');
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
