import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import { hmacHex } from '../../api/payments/port.ts';
import { roomStream } from '../../engine/room.ts';
import { ADDRESS, liveClient } from '../api/roomsHelpers.ts';
import type { Client } from '../helpers/http.ts';
import { ADMIN, loggedIn, MEMBER, sandboxCheckout } from '../helpers/http.ts';
import type { TestServer } from '../helpers/server.ts';
import { startTestServer } from '../helpers/server.ts';

/**
 * Payments under attack. Deposits and shop checkouts are also attacked in test/api/payments.int.spec.ts
 * and test/api/shop.int.spec.ts (forged signature, another member's order, replayed callback and
 * webhook, changed amount); here: the won-deal purchase, and a signed return used for another purpose.
 */
const MIN = 60_000;
const WEBHOOK_SECRET = 'whsec_security_suite';
const clock = createManualClock('2026-11-22T06:00:00.000Z');
let server: TestServer;
let admin: Client;
let winner: Client;
let loser: Client;
let code: string;

type Signed = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
const pay = async (checkoutUrl: string): Promise<Signed> => {
  const res = await sandboxCheckout(server, winner, checkoutUrl);
  const back = Object.fromEntries(new URL(res.headers.get('location')!, 'http://x').searchParams);
  return {
    razorpay_order_id: back.razorpay_order_id!,
    razorpay_payment_id: back.razorpay_payment_id!,
    razorpay_signature: back.razorpay_signature!,
  };
};
const webhook = async (orderId: string, paymentId: string, amount: number, secret = WEBHOOK_SECRET) => {
  const raw = JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: paymentId, order_id: orderId, amount, status: 'captured', notes: {} } } },
  });
  const res = await fetch(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(secret, raw) },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const purchases = async () =>
  (await server.deps.store.readStream(roomStream(code))).filter((e) => e.type === 'RoomPurchased');

beforeAll(async () => {
  server = await startTestServer({
    seed: true,
    clock,
    env: { SCHEDULER_INTERVAL_MS: '0', SWEEPER_INTERVAL_MS: '0', PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  clock.advance(3 * 24 * 60 * MIN);
  await server.rooms.tick();
  await server.rooms.settled();
  admin = await loggedIn(server, ADMIN.email, ADMIN.password);
  winner = await loggedIn(server, MEMBER.email, MEMBER.password);
  loser = await loggedIn(server, 'member2@vetrideals.in', MEMBER.password);
  const productId = ((await (await fetch(`${server.url}/api/products`)).json()) as { products: { id: string }[] })
    .products[0]!.id;
  const room = await admin.call<{ room_code: string }>('POST', '/api/admin/rooms', {
    product_id: productId,
    base_price: 400_00,
    max_price: 900_00,
    bid_value: 10_00,
    bid_seconds: 30,
    max_participants: 2,
    scheduled_time: clock.now() + MIN,
  });
  code = room.body.room_code;
  for (const m of [winner, loser]) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
  clock.advance(MIN);
  await server.rooms.tick();
  const socket = await liveClient(server, winner);
  expect((await socket.emit('placeBid', { roomCode: code })).ok).toBe(true);
  socket.close();
  clock.advance(31_000);
  await server.rooms.tick();
  await server.rooms.settled();
});
afterAll(async () => {
  await server.stop();
});

describe('won-deal purchase', () => {
  it('only the winner may see or start the purchase, at the final price whatever amount the body says', async () => {
    const peek = await loser.call('GET', `/api/rooms/${code}/purchase`);
    expect(peek).toMatchObject({ status: 422, body: { error: { code: 'NOT_WINNER' } } });
    expect(Object.keys(peek.body)).toEqual(['error']);
    expect(await loser.call('POST', `/api/rooms/${code}/purchase`, ADDRESS)).toMatchObject({
      status: 422,
      body: { error: { code: 'NOT_WINNER' } },
    });
    const order = await winner.call<{ amount: number }>('POST', `/api/rooms/${code}/purchase`, {
      ...ADDRESS,
      amount: 1_00,
      bid_amount: 1_00,
    });
    expect(order.status).toBe(200);
    expect(order.body.amount).toBe(410_00);
  });

  it('a forged signature, another member’s return, a changed amount or a replay records nothing more than one purchase', async () => {
    const order = await winner.call<{ order_id: string; checkout_url: string }>(
      'POST',
      `/api/rooms/${code}/purchase`,
      ADDRESS,
    );
    // A second tab opened a second order before the first was paid.
    const second = await winner.call<{ order_id: string; checkout_url: string }>(
      'POST',
      `/api/rooms/${code}/purchase`,
      ADDRESS,
    );
    expect(second.status).toBe(200);
    const verify = (c: Client, body: unknown) => c.call('POST', `/api/rooms/${code}/purchase/verify`, body);
    const forged = {
      razorpay_order_id: order.body.order_id,
      razorpay_payment_id: 'pay_forged',
      razorpay_signature: 'a'.repeat(64),
    };
    expect(await verify(winner, forged)).toMatchObject({
      status: 400,
      body: { error: { code: 'PAYMENT_VERIFICATION_FAILED' } },
    });

    const signed = await pay(order.body.checkout_url);
    const stolen = await verify(loser, signed);
    expect(stolen.status).toBeGreaterThanOrEqual(400);
    expect(stolen.status).toBeLessThan(500);
    expect(await webhook(signed.razorpay_order_id, signed.razorpay_payment_id, 1_00)).toMatchObject({
      status: 200,
      body: { applied: false, code: 'PAYMENT_AMOUNT_MISMATCH' },
    });
    expect(await webhook(signed.razorpay_order_id, signed.razorpay_payment_id, 410_00, 'not-the-secret')).toMatchObject(
      {
        status: 401,
      },
    );
    expect(await purchases()).toHaveLength(0);

    expect((await verify(winner, signed)).body).toMatchObject({ success: true, applied: true });
    expect((await verify(winner, signed)).body).toMatchObject({ success: true, applied: false });
    expect(await webhook(signed.razorpay_order_id, signed.razorpay_payment_id, 410_00)).toMatchObject({
      body: { applied: false },
    });
    expect(await purchases()).toHaveLength(1);
    expect(await winner.call('POST', `/api/rooms/${code}/purchase`, ADDRESS)).toMatchObject({
      body: { error: { code: 'ALREADY_PURCHASED' } },
    });

    // The second order paid as well: nothing can take that money, so it goes to the wallet, once.
    const cash = async () => (await winner.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;
    const before = await cash();
    const again = await pay(second.body.checkout_url);
    expect(await verify(winner, again)).toMatchObject({
      status: 422,
      body: {
        error: {
          code: 'ALREADY_PURCHASED',
          message: 'You have already submitted this purchase. The amount has been added to your wallet.',
        },
      },
    });
    expect(await cash()).toBe(before + 410_00);
    expect((await verify(winner, again)).status).toBe(422);
    expect(await webhook(again.razorpay_order_id, again.razorpay_payment_id, 410_00)).toMatchObject({ status: 200 });
    expect(await cash()).toBe(before + 410_00);
    expect(await purchases()).toHaveLength(1);
  });
});

describe('a signed return pays only what it was made for', () => {
  it('a paid ₹50 top-up does not pay for a shop order or a won deal, and still tops up once', async () => {
    const order = await winner.call<{ checkout_url: string }>('POST', '/api/me/wallet/deposits', { amount: 50_00 });
    const signed = await pay(order.body.checkout_url);
    const before = await server.deps.store.headPosition();
    expect((await winner.call('POST', '/api/checkout/verify', signed)).status).toBe(404);
    expect((await winner.call('POST', `/api/rooms/${code}/purchase/verify`, signed)).status).toBe(404);
    expect(await server.deps.store.headPosition()).toBe(before);
    const wallet = (await winner.call<{ cash: number }>('GET', '/api/me/wallet')).body.cash;
    expect((await winner.call('POST', '/api/me/wallet/deposits/verify', signed)).body).toMatchObject({
      applied: true,
      cash: wallet + 50_00,
    });
  });

  it('the Razorpay return (a cross-site form post) only redirects; it applies nothing by itself', async () => {
    const order = await winner.call<{ order_id: string }>('POST', '/api/me/wallet/deposits', { amount: 100_00 });
    const before = await server.deps.store.headPosition();
    const res = await fetch(`${server.url}/api/payments/razorpay/callback/${order.body.order_id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ razorpay_payment_id: 'pay_evil', razorpay_signature: 'b'.repeat(64) }),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/wallet\?/);
    expect(await server.deps.store.headPosition()).toBe(before);
    const back = Object.fromEntries(new URL(res.headers.get('location')!, 'http://x').searchParams);
    expect((await winner.call('POST', '/api/me/wallet/deposits/verify', back)).status).toBe(400);
  });
});
