import { describe, expect, it } from 'vitest';
import type { DeliveryAddress, RoomEvent } from '../../engine/room.ts';
import { LIMITS, roomDecider } from '../../engine/room.ts';
import { checkRoomRules } from '../../engine/roomAudit.ts';
import { settlementSteps } from '../../engine/sagas/settlement.ts';
import { specFor } from '../helpers/decider.ts';
import { bid, rules, runningRoom, START, T0 } from './roomFixtures.ts';

/**
 * Issue 21.6: when the holder of the purchase offer lets the window close, the item is offered to
 * the next member by last deal, each with a window of the same length, for `runnerUpPlaces` places.
 */
const given = specFor(roomDecider);
const HOUR = LIMITS.purchaseWindowMs;
const address: DeliveryAddress = {
  full_name: 'Kavya R',
  contact_number: '9876543210',
  pincode: '613001',
  address_line1: '12 South Main Street',
  city: 'Thanjavur',
  state: 'Tamil Nadu',
  address_type: 'home',
};

// Members a, b, c: a 501, b 502, c 503, a 504, b 505. b wins at ₹505; last deals: a ₹504, c ₹503.
const END = START + 70_000;
const endedRoom = (places?: number): RoomEvent[] => {
  const history: RoomEvent[] = [
    ...runningRoom(places === undefined ? {} : { runnerUpPlaces: places }),
    bid(1, 'a', 1, START + 1000),
    bid(2, 'b', 1, START + 2000),
    bid(3, 'c', 1, START + 3000),
    bid(4, 'a', 2, START + 4000),
    bid(5, 'b', 2, START + 5000),
  ];
  return [
    ...history,
    ...given(history)
      .when({ type: 'CloseRound', data: { now: END } })
      .result().events,
  ];
};
const expire = (now: number) => ({ type: 'ExpirePurchaseWindow', data: { now } }) as const;
const order = (userId: string, now: number, orderId = `o-${userId}`) =>
  ({ type: 'CreatePurchaseOrder', data: { orderId, userId, address, now } }) as const;
const confirm = (userId: string, amount: number, now: number, orderId = `o-${userId}`) =>
  ({ type: 'ConfirmPurchase', data: { orderId, paymentId: `pay-${userId}`, userId, amount, now } }) as const;
const passed = (from: string, to: string, price: number, place: number, at: number): RoomEvent => ({
  type: 'PurchaseOfferPassed',
  data: {
    from: { userId: from, userName: from.toUpperCase() },
    to: { userId: to, userName: to.toUpperCase() },
    price,
    place,
    deadline: at + HOUR,
    at,
  },
});
/** The history plus whatever the command gives. */
const then = (history: RoomEvent[], command: Parameters<typeof roomDecider.decide>[0]): RoomEvent[] => [
  ...history,
  ...given(history).when(command).result().events,
];

describe('room: the winner defaults, the offer passes to the runner-up', () => {
  it('ends a room without the rule (created before it) unsold, as before', () => {
    given(endedRoom())
      .when(expire(END + HOUR))
      .then([{ type: 'PurchaseWindowExpired', data: { at: END + HOUR } }]);
    given(endedRoom(0))
      .when(expire(END + HOUR))
      .then([{ type: 'PurchaseWindowExpired', data: { at: END + HOUR } }]);
  });

  it('offers the item to the member with the next-highest last deal, at that deal, with a new hour', () => {
    given(endedRoom(2))
      .when(expire(END + HOUR - 1))
      .thenNothing();
    given(endedRoom(2))
      .when(expire(END + HOUR + 500))
      .then([passed('b', 'a', 504_00, 1, END + HOUR + 500)]);
  });

  it('lets only the new holder buy, at their own price; the defaulter is told the offer passed', () => {
    const h = then(endedRoom(2), expire(END + HOUR));
    given(h)
      .when(order('b', END + HOUR + 1000))
      .thenThrows('OFFER_PASSED', 'Your purchase window closed, so this item was offered to the next member.');
    given(h)
      .when(order('c', END + HOUR + 1000))
      .thenThrows('NOT_WINNER');
    given(h)
      .when(order('a', END + HOUR + 1000))
      .then([
        {
          type: 'PurchaseOrderCreated',
          data: { orderId: 'o-a', userId: 'a', amount: 504_00, address, createdAt: END + HOUR + 1000 },
        },
      ]);
    const ordered = then(h, order('a', END + HOUR + 1000));
    given(ordered)
      .when(confirm('a', 505_00, END + HOUR + 2000))
      .thenThrows('PAYMENT_AMOUNT_MISMATCH');
    const bought = then(ordered, confirm('a', 504_00, END + HOUR + 2000));
    expect(bought.at(-1)).toMatchObject({ type: 'RoomPurchased', data: { userId: 'a', amount: 504_00 } });
    // Bought: the scheduler's expiry at the runner-up's deadline does nothing.
    given(bought)
      .when(expire(END + 2 * HOUR))
      .thenNothing();
  });

  it('refuses the defaulter’s payment for an order made in their window once the offer has passed', () => {
    const ordered = then(endedRoom(2), order('b', END + 1000));
    const h = then(ordered, expire(END + HOUR));
    given(h)
      .when(confirm('b', 505_00, END + HOUR + 10))
      .thenThrows('OFFER_PASSED');
    // Without the rule the room ends unsold at the deadline: a payment arriving after that buys
    // nothing either (it goes to the payer's wallet), however soon after.
    const old = then(then(endedRoom(), order('b', END + 1000)), expire(END + HOUR));
    given(old)
      .when(confirm('b', 505_00, END + HOUR + 10))
      .thenThrows('PURCHASE_WINDOW_EXPIRED', 'Purchase window expired');
  });

  it('takes a payment only for the payer’s own order: another member’s is not found, whatever their offer', () => {
    const ordered = then(then(endedRoom(2), order('b', END + 1000)), expire(END + HOUR));
    const aOrdered = then(ordered, order('a', END + HOUR + 1000));
    // The defaulter b sends a's order: not b's, so not found (not "offer passed", which returns b's money).
    given(aOrdered)
      .when(confirm('b', 504_00, END + HOUR + 2000, 'o-a'))
      .thenThrows('PAYMENT_ORDER_NOT_FOUND');
    const bought = then(aOrdered, confirm('a', 504_00, END + HOUR + 2000));
    given(bought)
      .when(confirm('b', 504_00, END + HOUR + 3000, 'o-a'))
      .thenThrows('PAYMENT_ORDER_NOT_FOUND');
    // The holder a sends b's old order after buying: not a's either (not "already purchased").
    given(bought)
      .when({
        type: 'ConfirmPurchase',
        data: { orderId: 'o-b', paymentId: 'pay-other', userId: 'a', amount: 505_00, now: END + HOUR + 3000 },
      })
      .thenThrows('PAYMENT_ORDER_NOT_FOUND');
    // The owners' own answers stand.
    given(bought)
      .when(confirm('b', 505_00, END + HOUR + 3000))
      .thenThrows('OFFER_PASSED');
  });

  it('passes down one place per closed window and never offers a defaulter again', () => {
    const one = then(endedRoom(5), expire(END + HOUR));
    given(one)
      .when(expire(END + 2 * HOUR))
      .then([passed('a', 'c', 503_00, 2, END + 2 * HOUR)]);
    const two = then(one, expire(END + 2 * HOUR));
    // Everyone who placed a deal has been offered it: the room ends unsold.
    given(two)
      .when(expire(END + 3 * HOUR))
      .then([{ type: 'PurchaseWindowExpired', data: { at: END + 3 * HOUR } }]);
    const done = then(two, expire(END + 3 * HOUR));
    given(done)
      .when(expire(END + 4 * HOUR))
      .thenNothing();
    given(done)
      .when(order('c', END + 3 * HOUR + 1))
      .thenThrows('PURCHASE_WINDOW_EXPIRED');
  });

  it('stops after the room’s number of places', () => {
    const one = then(endedRoom(1), expire(END + HOUR));
    given(one)
      .when(expire(END + 2 * HOUR))
      .then([{ type: 'PurchaseWindowExpired', data: { at: END + 2 * HOUR } }]);
  });

  it('skips members who booked but placed no deal', () => {
    const history: RoomEvent[] = [
      ...runningRoom({ runnerUpPlaces: 3 }),
      bid(1, 'a', 1, START + 1000),
      bid(2, 'b', 1, START + 2000),
      bid(3, 'a', 2, START + 3000),
    ];
    const ended = then(history, { type: 'CloseRound', data: { now: END } });
    const one = then(ended, expire(END + HOUR));
    expect(one.at(-1)).toEqual(passed('a', 'b', 502_00, 1, END + HOUR));
    given(one)
      .when(expire(END + 2 * HOUR))
      .then([{ type: 'PurchaseWindowExpired', data: { at: END + 2 * HOUR } }]);
  });

  it('moves no fee and no bonus: settlement is the same before and after the offer passes', () => {
    const ended = endedRoom(2);
    const one = then(then(ended, expire(END + HOUR)), expire(END + 2 * HOUR));
    const fold = (events: RoomEvent[]) => events.reduce(roomDecider.evolve, roomDecider.initialState);
    expect(settlementSteps(fold(one), END)).toEqual(settlementSteps(fold(ended), END));
    const fates = Object.fromEntries(
      settlementSteps(fold(one), END).map((s) => [s.userId + ':' + s.command.type, s.command.type]),
    );
    expect(fates).toEqual({
      'b:KeepEntryFee': 'KeepEntryFee',
      'a:ConvertFeeToReward': 'ConvertFeeToReward',
      'c:ConvertFeeToReward': 'ConvertFeeToReward',
      'b:CreditReward': 'CreditReward',
    });
  });

  it('validates the rule when the room is created', () => {
    const { createdAt: _c, ...creatable } = rules();
    for (const bad of [-1, 6, 1.5]) {
      given([])
        .when({ type: 'CreateRoom', data: { rules: { ...creatable, runnerUpPlaces: bad }, now: T0 } })
        .thenThrows('INVALID_ROOM', /runner_up_places must be from 0 to 5/);
    }
    given([])
      .when({ type: 'CreateRoom', data: { rules: { ...creatable, runnerUpPlaces: 2 }, now: T0 } })
      .then([{ type: 'RoomCreated', data: rules({ runnerUpPlaces: 2 }) }]);
  });

  it('is checked by the replay audit: each step as the rules give it, a forged one named', () => {
    const h = then(then(endedRoom(2), expire(END + HOUR)), order('a', END + HOUR + 1));
    const audited = h.map((e, i) => ({ id: `e${i}`, revision: i, type: e.type, data: e.data }));
    expect(checkRoomRules(audited)).toEqual({ ok: true, events: audited.length });
    const pass = audited.findIndex((e) => e.type === 'PurchaseOfferPassed');
    const forged = audited.map((e, i) =>
      i === pass ? { ...e, data: { ...(e.data as object), to: { userId: 'c', userName: 'C' }, price: 503_00 } } : e,
    );
    expect(checkRoomRules(forged)).toMatchObject({ ok: false, index: pass, type: 'PurchaseOfferPassed' });
  });
});
