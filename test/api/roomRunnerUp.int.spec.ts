import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../api/clock.ts';
import type { NotificationList } from '../../api/contract/notifications.ts';
import { MyRoomList } from '../../api/contract/rooms.ts';
import { roomStream } from '../../engine/room.ts';
import type { Client } from '../helpers/http.ts';
import { sandboxCheckout } from '../helpers/http.ts';
import type { LiveClient } from './roomsHelpers.ts';
import { ADDRESS, createRoom, deposit, liveClient, startRoomsServer, userIdOf } from './roomsHelpers.ts';

/**
 * Issue 21.6 on a real loopback server: the winner lets the hour pass, the scheduler offers the item
 * to the runner-up at their last deal with a new hour, both are told (bell and mail), the defaulter
 * can no longer buy (a payment they started is put in their wallet), the runner-up buys at their
 * price through the same purchase flow, and no fee or bonus moves again.
 */
const HOUR = 3_600_000;
const clock = createManualClock('2026-11-25T04:30:00.000Z');
let started: Awaited<ReturnType<typeof startRoomsServer>>;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  started = await startRoomsServer(clock, { NOTIFY_INTERVAL_MS: '0' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await started.server.stop();
});

const settle = async () => {
  await started.server.rooms.settled();
  await started.server.notifier.settled();
  started.server.notifier.tick();
  await started.server.notifier.settled();
};
type Wallet = { cash: number; reward_cash: number; held: number };
const wallet = async (c: Client) => (await c.call<Wallet>('GET', '/api/me/wallet')).body;
const notes = async (c: Client, code: string) =>
  (await c.call<NotificationList>('GET', '/api/me/notifications')).body.notifications.filter((n) =>
    n.body.includes(code),
  );
const outbox = async () =>
  (await started.admin.call<{ mails: { to: string; subject: string; text?: string }[] }>('GET', '/api/admin/outbox'))
    .body.mails;
const mine = async (c: Client, code: string) =>
  MyRoomList.parse((await c.call('GET', '/api/me/rooms')).body).rooms.find((r) => r.room_code === code)!;

describe('the winner defaults: the offer goes to the runner-up', () => {
  it('refuses a number of places out of range when the room is created', async () => {
    const { admin, productId } = started;
    for (const bad of [-1, 6, 1.5]) {
      const res = await admin.call('POST', '/api/admin/rooms', {
        product_id: productId,
        base_price: 1_000_00,
        max_price: 2_000_00,
        bid_value: 10_00,
        bid_seconds: 30,
        scheduled_time: new Date(clock.now() + HOUR).toISOString(),
        runner_up_places: bad,
      });
      expect(res.status, String(bad)).toBe(400);
    }
  });

  it('offers, tells, refuses the defaulter, sells to the runner-up at their price, and moves no fee again', async () => {
    const { server, admin, members, productId } = started;
    const [m1, m2, m3] = members as [Client, Client, Client, Client];
    const [id1, id2, id3] = [await userIdOf(m1), await userIdOf(m2), await userIdOf(m3)];
    for (const m of members) await deposit(server, m, 2_000_00);
    const code = await createRoom(admin, productId, clock.now() + 10 * 60_000, {
      runner_up_places: 2,
      reward_cash: 5_00,
    });
    for (const m of members) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(10 * 60_000);
    await server.rooms.tick();

    const live = await Promise.all([m1, m2, m3].map((m) => liveClient(server, m)));
    sockets.push(...live);
    for (const l of live) await l.emit('joinRoom', { roomCode: code });
    // member 1 ₹1,010, member 2 ₹1,020, member 3 ₹1,030, member 1 ₹1,040: member 1 wins, member 3 is runner-up.
    for (const i of [0, 1, 2, 0]) expect((await live[i]!.emit('placeBid', { roomCode: code })).ok).toBe(true);
    clock.advance(31_000);
    await server.rooms.tick();
    await settle();
    const walletsAtEnd = [await wallet(m1), await wallet(m2), await wallet(m3)];
    const room = async () =>
      (
        await m2.call<{ room: { offer: unknown; runner_up_places: number; purchase_deadline_ms: number } }>(
          'GET',
          `/api/rooms/${code}`,
        )
      ).body.room;
    expect(await room()).toMatchObject({
      runner_up_places: 2,
      offer: { user_id: id1, price: 1_040_00, place: 0 },
    });

    // The winner starts a payment inside the hour but does not finish it.
    const stale = await m1.call<{ checkout_url: string; amount: number }>(
      'POST',
      `/api/rooms/${code}/purchase`,
      ADDRESS,
    );
    expect(stale.body.amount).toBe(1_040_00);

    // The hour passes: the scheduler offers it to member 3 at ₹1,030 until an hour from now.
    clock.advance(HOUR);
    await server.rooms.tick();
    await settle();
    const deadline = clock.now() + HOUR;
    expect(await room()).toMatchObject({
      offer: { user_id: id3, price: 1_030_00, place: 1 },
      purchase_deadline_ms: deadline,
    });
    const types = async () => (await server.deps.store.readStream(roomStream(code))).map((e) => e.type);
    expect((await types()).filter((t) => t === 'PurchaseOfferPassed')).toHaveLength(1);
    expect(await types()).not.toContain('PurchaseWindowExpired');

    // Told: the runner-up in the bell and by mail; the winner that the offer passed.
    const offered = (await notes(m3, code)).filter((n) => n.kind === 'purchase_offered');
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ url: `/purchase/${code}` });
    expect(offered[0]!.body).toMatch(
      /is offered to you at ₹1,030\.00, your last deal\. Buy by \d{1,2}:\d{2}\s?(am|pm)\./i,
    );
    const mails = (await outbox()).filter(
      (m) => m.to === 'member3@vetrideals.in' && m.subject.endsWith('is offered to you'),
    );
    expect(mails).toHaveLength(1);
    const passed = (await notes(m1, code)).filter((n) => n.kind === 'purchase_window_closed');
    expect(passed.map((n) => n.body)).toEqual([expect.stringContaining('offered to the next member') as string]);
    expect((await notes(m2, code)).filter((n) => n.kind === 'purchase_offered')).toEqual([]);

    // My Deals: the runner-up finds it with the wins, the winner sees it passed, member 2 lost.
    expect(await mine(m3, code)).toMatchObject({ tab: 'won', remark: 'looser', my_offer: 'yours' });
    expect(await mine(m1, code)).toMatchObject({ tab: 'won', remark: 'winner', my_offer: 'passed' });
    expect(await mine(m2, code)).toMatchObject({ tab: 'lost', my_offer: null });

    // The defaulter can no longer buy; the payment they started goes to their wallet.
    expect((await m1.call('GET', `/api/rooms/${code}/purchase`)).body).toMatchObject({
      error: { code: 'OFFER_PASSED' },
    });
    expect((await m1.call('POST', `/api/rooms/${code}/purchase`, ADDRESS)).body).toMatchObject({
      error: { code: 'OFFER_PASSED' },
    });
    const cashBefore = (await wallet(m1)).cash;
    const paidLate = await sandboxCheckout(server, m1, stale.body.checkout_url);
    const back = Object.fromEntries(new URL(paidLate.headers.get('location')!, 'http://x').searchParams);
    const late = await m1.call('POST', `/api/rooms/${code}/purchase/verify`, {
      razorpay_order_id: back.razorpay_order_id,
      razorpay_payment_id: back.razorpay_payment_id,
      razorpay_signature: back.razorpay_signature,
    });
    expect(late.body).toMatchObject({
      error: {
        code: 'OFFER_PASSED',
        message:
          'Your purchase window closed, so this item was offered to the next member. The amount has been added to your wallet.',
      },
    });
    expect((await wallet(m1)).cash).toBe(cashBefore + 1_040_00);
    // Member 2 was not offered it.
    expect((await m2.call('POST', `/api/rooms/${code}/purchase`, ADDRESS)).body).toMatchObject({
      error: { code: 'NOT_WINNER' },
    });

    // The runner-up sees their price and deadline and buys at ₹1,030 through the same flow.
    const view = (
      await m3.call<{
        room: { bid_amount: number; offer_place: number; purchase_deadline_ms: number };
        expired: boolean;
      }>('GET', `/api/rooms/${code}/purchase`)
    ).body;
    expect(view).toMatchObject({
      room: { bid_amount: 1_030_00, offer_place: 1, purchase_deadline_ms: deadline },
      expired: false,
    });
    const order = await m3.call<{ checkout_url: string; amount: number }>(
      'POST',
      `/api/rooms/${code}/purchase`,
      ADDRESS,
    );
    expect(order.body.amount).toBe(1_030_00);
    const paid = await sandboxCheckout(server, m3, order.body.checkout_url);
    const ret = Object.fromEntries(new URL(paid.headers.get('location')!, 'http://x').searchParams);
    expect(
      (
        await m3.call('POST', `/api/rooms/${code}/purchase/verify`, {
          razorpay_order_id: ret.razorpay_order_id,
          razorpay_payment_id: ret.razorpay_payment_id,
          razorpay_signature: ret.razorpay_signature,
        })
      ).body,
    ).toMatchObject({ success: true, applied: true });
    await settle();
    expect(await mine(m3, code)).toMatchObject({ tab: 'won', my_offer: 'bought', purchased: true });

    // The defaulter (and anyone else) replaying the runner-up's signed return is told there is no
    // such order for them, and no wallet gains the runner-up's payment.
    const cashOf = async () => Promise.all([m1, m2, m3].map(async (m) => (await wallet(m)).cash));
    const cashBeforeReplay = await cashOf();
    for (const m of [m1, m2]) {
      const replay = await m.call('POST', `/api/rooms/${code}/purchase/verify`, {
        razorpay_order_id: ret.razorpay_order_id,
        razorpay_payment_id: ret.razorpay_payment_id,
        razorpay_signature: ret.razorpay_signature,
      });
      expect(replay).toMatchObject({
        status: 404,
        body: { error: { code: 'PAYMENT_ORDER_NOT_FOUND', message: 'We could not find this payment order.' } },
      });
    }
    await settle();
    expect(await cashOf()).toEqual(cashBeforeReplay);
    const bought = (await server.deps.store.readStream(roomStream(code))).find((e) => e.type === 'RoomPurchased');
    expect(bought?.data).toMatchObject({ userId: id3, amount: 1_030_00 });

    // Bought: later windows pass nothing on, and no fee or bonus moved after the end.
    clock.advance(3 * HOUR);
    await server.rooms.tick();
    await server.rooms.sweep();
    await settle();
    expect((await types()).filter((t) => t === 'PurchaseOfferPassed')).toHaveLength(1);
    expect(await types()).not.toContain('PurchaseWindowExpired');
    expect(await wallet(m2)).toEqual(walletsAtEnd[1]);
    expect((await wallet(m3)).reward_cash).toBe(walletsAtEnd[2]!.reward_cash);
    expect((await wallet(m1)).reward_cash).toBe(walletsAtEnd[0]!.reward_cash);
    expect((await mine(m1, code)).fee_fate).toBe('kept');
    expect((await mine(m3, code)).fee_fate).toBe('reward');
    expect(id2).not.toBe(id3);
  });

  it('a batch whose notifying fails is tried again: the offer passed on is told once and its new reminders stand', async () => {
    const { server, admin, members, productId } = started;
    const [m1, m2] = members as [Client, Client, Client, Client];
    for (const m of members) await deposit(server, m, 100_00);
    const code = await createRoom(admin, productId, clock.now() + 10 * 60_000, { runner_up_places: 1 });
    for (const m of members) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(10 * 60_000);
    await server.rooms.tick();
    const live = await Promise.all([m1, m2].map((m) => liveClient(server, m)));
    sockets.push(...live);
    for (const l of live) await l.emit('joinRoom', { roomCode: code });
    // Member 1 ₹1,010, member 2 ₹1,020, member 1 ₹1,030: member 1 wins, member 2 is the runner-up.
    for (const i of [0, 1, 0]) expect((await live[i]!.emit('placeBid', { roomCode: code })).ok).toBe(true);
    clock.advance(31_000);
    await server.rooms.tick();
    await settle();

    // The hour passes with the notification store refusing the first claim after it (busy, as under
    // another process): the batch that cancels member 1's reminders and schedules member 2's fails
    // after both, and is tried again.
    const store = server.deps.notify!.store;
    const claimAll = store.claimAll;
    let claims = 0;
    store.claimAll = (batch) => {
      if (++claims === 1) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return claimAll(batch);
    };
    try {
      clock.advance(HOUR);
      await server.rooms.tick();
      await settle();
    } finally {
      store.claimAll = claimAll;
    }
    expect(claims).toBeGreaterThan(1);
    const kinds = async (m: Client) =>
      (await m.call<NotificationList>('GET', '/api/me/notifications')).body.notifications
        .filter((n) => n.url === `/purchase/${code}` || n.body.includes(code))
        .map((n) => n.kind);
    expect((await kinds(m2)).filter((k) => k === 'purchase_offered')).toHaveLength(1);
    expect((await kinds(m1)).filter((k) => k === 'purchase_window_closed')).toHaveLength(1);
    // Member 2's reminders, 15 and 5 minutes before their hour ends, both come.
    clock.advance(HOUR - 4 * 60_000);
    await settle();
    expect((await kinds(m2)).filter((k) => k === 'payment_reminder')).toHaveLength(2);
  });

  it('passes down each place in turn, one scheduler command per window, then ends unsold', async () => {
    const { server, admin, members, productId } = started;
    const [m1, m2, m3] = members as [Client, Client, Client, Client];
    const ids = [await userIdOf(m1), await userIdOf(m2), await userIdOf(m3)];
    for (const m of members) await deposit(server, m, 100_00);
    const code = await createRoom(admin, productId, clock.now() + 10 * 60_000, { runner_up_places: 2 });
    for (const m of members) expect((await m.call('POST', `/api/rooms/${code}/prebook`)).status).toBe(200);
    clock.advance(10 * 60_000);
    await server.rooms.tick();
    const live = await Promise.all([m1, m2, m3].map((m) => liveClient(server, m)));
    sockets.push(...live);
    for (const l of live) await l.emit('joinRoom', { roomCode: code });
    // Member 1 ₹1,010, member 2 ₹1,020, member 3 ₹1,030: member 3 wins; then member 2, then member 1.
    for (const i of [0, 1, 2]) expect((await live[i]!.emit('placeBid', { roomCode: code })).ok).toBe(true);
    clock.advance(31_000);
    await server.rooms.tick();
    await server.rooms.settled();
    const events = async () => (await server.deps.store.readStream(roomStream(code))).slice(-3);
    for (let window = 0; window < 3; window++) {
      clock.advance(HOUR);
      await server.rooms.tick();
      await server.rooms.settled();
      // A second tick at the same moment (a retry, another process) records nothing more.
      await server.rooms.tick();
    }
    const tail = await events();
    expect(tail.map((e) => e.type)).toEqual(['PurchaseOfferPassed', 'PurchaseOfferPassed', 'PurchaseWindowExpired']);
    expect(tail.slice(0, 2).map((e) => e.data)).toMatchObject([
      { from: { userId: ids[2] }, to: { userId: ids[1] }, price: 1_020_00, place: 1 },
      { from: { userId: ids[1] }, to: { userId: ids[0] }, price: 1_010_00, place: 2 },
    ]);
    await settle();
    expect((await notes(m1, code)).map((n) => n.kind)).toEqual(
      expect.arrayContaining(['purchase_offered', 'purchase_window_closed']),
    );
    expect(await mine(m1, code)).toMatchObject({ my_offer: 'yours', purchase_expired: true });
    expect(await mine(m2, code)).toMatchObject({ tab: 'lost', my_offer: 'passed' });
  });
});
