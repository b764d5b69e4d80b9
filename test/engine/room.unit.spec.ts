import { describe, expect, it } from 'vitest';
import type { DeliveryAddress, RoomEvent } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { checkRoomRules } from '../../engine/roomAudit.ts';
import { specFor } from '../helpers/decider.ts';
import { bid, booked, created, MIN, rules, runningRoom, START, started, T0 } from './roomFixtures.ts';

const given = specFor(roomDecider);
const { createdAt: _createdAt, ...creatable } = rules();

describe('room: creation', () => {
  it('creates a room holding every rule, stamped with the creation time', () => {
    given([])
      .when({ type: 'CreateRoom', data: { rules: creatable, now: T0 } })
      .then([{ type: 'RoomCreated', data: rules() }]);
  });

  it('refuses a second room with the same code', () => {
    given([created()])
      .when({ type: 'CreateRoom', data: { rules: creatable, now: T0 } })
      .thenThrows('ROOM_EXISTS');
  });

  it.each([
    ['max_participants below 2', { maxParticipants: 1 }, /max_participants must be from 2 to 10/],
    ['max_participants above 10', { maxParticipants: 11 }, /max_participants must be from 2 to 10/],
    ['a fractional-rupee increment', { bidValue: 150 }, /bid_value must be a whole number of rupees/],
    ['a zero increment', { bidValue: 0 }, /bid_value/],
    ['zero bid seconds', { bidSeconds: 0 }, /bid_seconds/],
    ['a negative entry fee', { entryFee: -1 }, /entry_fee must be an amount of at least 0/],
    ['a negative reward', { rewardCash: -100 }, /reward_cash/],
    ['max below base + one increment', { maxPrice: 500_50 }, /max_price must leave room/],
    ['a start in the past', { scheduledTime: T0 - 1 }, /scheduled_time must be in the future/],
    ['a bad code', { code: 'abc' }, /room code/],
    ['zero attempts', { maxAttempts: 0 }, /max attempts/],
  ])('refuses %s with INVALID_ROOM naming the problem', (_name, bad, message) => {
    given([])
      .when({ type: 'CreateRoom', data: { rules: { ...creatable, ...bad }, now: T0 } })
      .thenThrows('INVALID_ROOM', message);
  });
});

describe('room: pre-booking while upcoming', () => {
  const book = (userId: string, now = T0 + 2 * MIN, reservationId = `r-${userId}`) =>
    ({ type: 'BookSeat', data: { reservationId, userId, userName: userId.toUpperCase(), now } }) as const;

  it('books a seat at the entry fee', () => {
    given([created()])
      .when(book('a'))
      .then([
        {
          type: 'SeatBooked',
          data: { reservationId: 'r-a', userId: 'a', userName: 'A', fee: 50_00, bookedAt: T0 + 2 * MIN },
        },
      ]);
  });

  it('is idempotent for the same reservation id, even after the start', () => {
    given([created(), booked('a')])
      .when(book('a'))
      .thenNothing();
    given([created(), booked('a'), booked('b'), booked('c'), started()])
      .when(book('a', START + 5))
      .thenNothing();
  });

  it('refuses a second booking by the same member with the spec text', () => {
    given([created(), booked('a')])
      .when(book('a', T0 + 2 * MIN, 'r-other'))
      .thenThrows('ALREADY_BOOKED', 'You have already booked');
  });

  it('refuses when the room is full', () => {
    given([created(), booked('a'), booked('b'), booked('c')])
      .when(book('d'))
      .thenThrows('ROOM_FULL', 'Room Full');
  });

  it('refuses at or after the scheduled time, and once started', () => {
    given([created()]).when(book('a', START)).thenThrows('PREBOOK_CLOSED');
    given(runningRoom())
      .when(book('d', START + 1))
      .thenThrows('PREBOOK_CLOSED');
  });

  it('refuses an unknown room', () => {
    given([]).when(book('a')).thenThrows('ROOM_NOT_FOUND', 'Room not found');
  });
});

describe('room: at the scheduled time', () => {
  it('starts a full room at base price with a deadline of now + bid_seconds', () => {
    given([created(), booked('a'), booked('b'), booked('c')])
      .when({ type: 'StartRoom', data: { now: START + 250 } })
      .then([{ type: 'RoomStarted', data: { price: 500_00, deadline: START + 250 + 60_000, at: START + 250 } }]);
  });

  it('cancels a room that is not full, refunding every fee', () => {
    given([created(), booked('a'), booked('b')])
      .when({ type: 'StartRoom', data: { now: START } })
      .then([
        {
          type: 'RoomCancelled',
          data: {
            at: START,
            remark: 'not enough participants',
            outcomes: [
              { reservationId: 'r-a', userId: 'a', fee: 50_00, fate: 'refund' },
              { reservationId: 'r-b', userId: 'b', fee: 50_00, fate: 'refund' },
            ],
          },
        },
      ]);
  });

  it('refuses to start early', () => {
    given([created()])
      .when({ type: 'StartRoom', data: { now: START - 1 } })
      .thenThrows('START_TOO_EARLY');
  });

  it('does nothing the second time (a second process, a restart)', () => {
    given(runningRoom())
      .when({ type: 'StartRoom', data: { now: START + 10 } })
      .thenNothing();
    given([created(), booked('a'), { type: 'RoomCancelled', data: { at: START, remark: 'x', outcomes: [] } }])
      .when({ type: 'StartRoom', data: { now: START + 10 } })
      .thenNothing();
  });
});

describe('room: bidding while running', () => {
  const place = (userId: string, now: number, bidId = `x-${userId}-${now}`) =>
    ({ type: 'PlaceBid', data: { bidId, userId, now } }) as const;

  it('sets the price to current + bid_value and resets the deadline', () => {
    given(runningRoom())
      .when(place('a', START + 5_000, 'b1'))
      .then([
        {
          type: 'BidPlaced',
          data: {
            bidId: 'b1',
            seq: 1,
            userId: 'a',
            userName: 'A',
            amount: 501_00,
            attempt: 1,
            at: START + 5_000,
            deadline: START + 65_000,
          },
        },
      ]);
  });

  it('times a deal that arrives on a clock behind the last deal at the last deal, so the deadline never moves back', () => {
    given([...runningRoom({ maxPrice: 600_00 }), bid(1, 'a', 1, START + 5_000)])
      .when(place('b', START + 4_999, 'b2'))
      .then([
        {
          type: 'BidPlaced',
          data: {
            bidId: 'b2',
            seq: 2,
            userId: 'b',
            userName: 'B',
            amount: 502_00,
            attempt: 1,
            at: START + 5_000,
            deadline: START + 65_000,
          },
        },
      ]);
  });

  it('is idempotent by bid id', () => {
    given([...runningRoom(), bid(1, 'a', 1, START + 1000)])
      .when(place('a', START + 2000, 'b1'))
      .thenNothing();
  });

  it('refuses two deals in a row by the same member', () => {
    given([...runningRoom(), bid(1, 'a', 1, START + 1000)])
      .when(place('a', START + 2000))
      .thenThrows('CONSECUTIVE_BID', 'You already hold the highest deal. Wait for another member to place one.');
  });

  it('refuses a member at the attempt limit with the spec text', () => {
    const history: RoomEvent[] = [...runningRoom({ maxAttempts: 2, maxPrice: 600_00 })];
    history.push(
      bid(1, 'a', 1, START + 1000),
      bid(2, 'b', 1, START + 2000),
      bid(3, 'a', 2, START + 3000),
      bid(4, 'b', 2, START + 4000),
    );
    const error = given(history)
      .when(place('a', START + 5000))
      .thenThrows('BID_LIMIT', 'You’ve reached your deal limit.');
    expect(error.details).toEqual({ used: 2, max: 2 });
  });

  it('refuses a member who did not pre-book (view only)', () => {
    given(runningRoom())
      .when(place('z', START + 1000))
      .thenThrows('NOT_PARTICIPANT', /view-only/);
  });

  it('refuses a late deal saying how late it was', () => {
    const error = given(runningRoom())
      .when(place('a', START + 60_000 + 400))
      .thenThrows('BID_TOO_LATE', 'Too late: this round closed 0.4 s before your deal arrived.');
    expect(error.details).toMatchObject({ lateByMs: 400 });
  });

  it('refuses deals before the start and after the end', () => {
    given([created()]).when(place('a', T0)).thenThrows('NOT_STARTED', 'The deal has not started yet.');
    const ended = [...runningRoom(), bid(1, 'a', 1, START + 1000)];
    const endedEvents = given(ended)
      .when({ type: 'CloseRound', data: { now: START + 61_000 } })
      .result().events;
    given([...ended, ...endedEvents])
      .when(place('b', START + 62_000))
      .thenThrows('AUCTION_ENDED', 'This deal has ended.');
    given([
      created(),
      booked('a'),
      { type: 'RoomCancelled', data: { at: START, remark: 'not enough participants', outcomes: [] } },
    ])
      .when(place('a', START + 1))
      .thenThrows('ROOM_CANCELLED');
  });

  it('ends the deal when a deal reaches max_price, with the bidder as winner', () => {
    // base 500, max 502, step 1: the second deal reaches the cap.
    const events = given([...runningRoom({ maxPrice: 502_00 }), bid(1, 'a', 1, START + 1000)])
      .when(place('b', START + 2000, 'b2'))
      .result().events;
    expect(events.map((e) => e.type)).toEqual(['BidPlaced', 'RoomEnded']);
    expect(events[1]!.data).toEqual({
      reason: 'max_price',
      at: START + 2000,
      finalPrice: 502_00,
      winner: { userId: 'b', userName: 'B' },
      purchaseDeadline: START + 2000 + 3_600_000,
      outcomes: [
        { reservationId: 'r-a', userId: 'a', fee: 50_00, fate: 'reward' },
        { reservationId: 'r-b', userId: 'b', fee: 50_00, fate: 'kept' },
        { reservationId: 'r-c', userId: 'c', fee: 50_00, fate: 'reward' },
      ],
      winnerBonus: 20_00,
    });
  });

  it('ends the deal when nobody else is able to bid', () => {
    // Two members, one attempt each: after both bid, the leader cannot bid twice in a row and the other is out of attempts.
    const room = [created({ maxParticipants: 2, maxAttempts: 1 }), booked('a'), booked('b'), started()];
    const events = given([...room, bid(1, 'a', 1, START + 1000)])
      .when(place('b', START + 2000))
      .result().events;
    expect(events.map((e) => e.type)).toEqual(['BidPlaced', 'RoomEnded']);
    expect(events[1]).toMatchObject({ data: { reason: 'no_bidders', winner: { userId: 'b' }, finalPrice: 502_00 } });
  });
});

describe('room: closing the round', () => {
  it('does nothing before the deadline', () => {
    given(runningRoom())
      .when({ type: 'CloseRound', data: { now: START + 59_999 } })
      .thenNothing();
  });

  it('ends with the last bidder as winner at the deadline; the window opens when the end is recorded', () => {
    const history = [...runningRoom(), bid(1, 'a', 1, START + 1000), bid(2, 'c', 1, START + 2000)];
    const [ended] = given(history)
      .when({ type: 'CloseRound', data: { now: START + 62_500 } })
      .result().events;
    expect(ended).toMatchObject({
      type: 'RoomEnded',
      data: { reason: 'deadline', at: START + 62_000, finalPrice: 502_00, winner: { userId: 'c', userName: 'C' } },
    });
    expect(ended?.type === 'RoomEnded' && ended.data.purchaseDeadline).toBe(START + 62_500 + 3_600_000);
  });

  it('refunds every fee when nobody bid', () => {
    const [ended] = given(runningRoom())
      .when({ type: 'CloseRound', data: { now: START + 60_000 } })
      .result().events;
    expect(ended).toMatchObject({ data: { winner: null, purchaseDeadline: null, winnerBonus: 0, finalPrice: 500_00 } });
    expect(ended?.type === 'RoomEnded' && ended.data.outcomes.map((o) => o.fate)).toEqual([
      'refund',
      'refund',
      'refund',
    ]);
  });

  it('never ends twice', () => {
    const history = [...runningRoom(), bid(1, 'a', 1, START + 1000)];
    const events = given(history)
      .when({ type: 'CloseRound', data: { now: START + 61_000 } })
      .result().events;
    given([...history, ...events])
      .when({ type: 'CloseRound', data: { now: START + 90_000 } })
      .thenNothing();
  });
});

describe('room: purchase by the winner', () => {
  const address: DeliveryAddress = {
    full_name: 'Kavya R',
    contact_number: '9876543210',
    pincode: '613001',
    address_line1: '12 South Main Street',
    city: 'Thanjavur',
    state: 'Tamil Nadu',
    address_type: 'home',
  };
  const END = START + 61_000;
  const won: RoomEvent[] = [...runningRoom(), bid(1, 'a', 1, START + 1000)];
  won.push(
    ...given(won)
      .when({ type: 'CloseRound', data: { now: END } })
      .result().events,
  );
  const order = (userId = 'a', now = END + 60_000, orderId = 'o1', addr = address) =>
    ({ type: 'CreatePurchaseOrder', data: { orderId, userId, address: addr, now } }) as const;
  const ordered: RoomEvent[] = [...won, ...given(won).when(order()).result().events];
  const confirm = (paymentId = 'pay1', amount = 501_00, userId = 'a', now = END + 120_000) =>
    ({ type: 'ConfirmPurchase', data: { orderId: 'o1', paymentId, userId, amount, now } }) as const;

  it('records the order at the final price for the winner', () => {
    given(won)
      .when(order())
      .then([
        {
          type: 'PurchaseOrderCreated',
          data: { orderId: 'o1', userId: 'a', amount: 501_00, address, createdAt: END + 60_000 },
        },
      ]);
  });

  it('refuses anyone but the winner, and before the end', () => {
    given(won).when(order('b')).thenThrows('NOT_WINNER');
    given(runningRoom()).when(order('a')).thenThrows('PURCHASE_NOT_OPEN');
  });

  it('refuses after the hour with the spec text', () => {
    given(won)
      .when(order('a', END + 3_600_000))
      .thenThrows('PURCHASE_WINDOW_EXPIRED', 'Purchase window expired');
  });

  it('requires every required address field', () => {
    given(won)
      .when(order('a', END + 1, 'o1', { ...address, pincode: ' ' }))
      .thenThrows('INVALID_ADDRESS');
  });

  it('confirms the payment once, checking order and amount', () => {
    given(ordered)
      .when(confirm())
      .then([
        {
          type: 'RoomPurchased',
          data: { orderId: 'o1', paymentId: 'pay1', userId: 'a', amount: 501_00, address, at: END + 120_000 },
        },
      ]);
    given(ordered).when(confirm('pay1', 1_00)).thenThrows('PAYMENT_AMOUNT_MISMATCH');
    const paid = [...ordered, ...given(ordered).when(confirm()).result().events];
    given(paid).when(confirm()).thenNothing();
    given(paid).when(confirm('pay2')).thenThrows('ALREADY_PURCHASED', 'You have already submitted this purchase');
    given(paid)
      .when(order('a', END + 200_000, 'o2'))
      .thenThrows('ALREADY_PURCHASED');
  });

  it('honours a payment for an order made in the window even if it lands after the hour', () => {
    expect(
      given(ordered)
        .when(confirm('pay1', 501_00, 'a', END + 3_700_000))
        .result().events,
    ).toHaveLength(1);
  });

  it('refuses a payment for an order made in the window once the room has ended unsold, however late', () => {
    const expired = given(ordered)
      .when({ type: 'ExpirePurchaseWindow', data: { now: END + 3_600_000 } })
      .result().events;
    for (const now of [END + 3_600_001, END + 30 * 24 * 3_600_000]) {
      given([...ordered, ...expired])
        .when(confirm('pay1', 501_00, 'a', now))
        .thenThrows('PURCHASE_WINDOW_EXPIRED', 'Purchase window expired');
    }
  });

  it('a room created before that rule keeps its own: such a payment bought the item, and its recorded history still passes the rules check', () => {
    // The same room, as it was recorded before the rule existed: its RoomCreated has no closedAfterExpiry.
    const old = (events: RoomEvent[]): RoomEvent[] =>
      events.map((e) => (e.type === 'RoomCreated' ? { ...e, data: { ...e.data, closedAfterExpiry: undefined } } : e));
    const expired = given(ordered)
      .when({ type: 'ExpirePurchaseWindow', data: { now: END + 3_600_000 } })
      .result().events;
    const bought = given(old([...ordered, ...expired]))
      .when(confirm('pay1', 501_00, 'a', END + 3_600_010))
      .result().events;
    expect(bought).toMatchObject([{ type: 'RoomPurchased', data: { paymentId: 'pay1', userId: 'a' } }]);
    const audited = (events: RoomEvent[]) =>
      events.map((e, i) => ({
        id: `e${i}`,
        revision: i,
        type: e.type,
        data: JSON.parse(JSON.stringify(e.data)) as unknown,
      }));
    expect(checkRoomRules(audited(old([...ordered, ...expired, ...bought])))).toEqual({
      ok: true,
      events: ordered.length + 2,
    });
    // The same history on a room created under the rule is named at the purchase.
    expect(checkRoomRules(audited([...ordered, ...expired, ...bought]))).toMatchObject({
      ok: false,
      index: ordered.length + 1,
      type: 'RoomPurchased',
      reason: 'breaks a rule: Purchase window expired',
    });
  });

  it('expires the window once, after the hour, when nothing was bought', () => {
    given(won)
      .when({ type: 'ExpirePurchaseWindow', data: { now: END + 3_599_999 } })
      .thenNothing();
    const expired = given(won)
      .when({ type: 'ExpirePurchaseWindow', data: { now: END + 3_600_000 } })
      .result().events;
    expect(expired).toEqual([{ type: 'PurchaseWindowExpired', data: { at: END + 3_600_000 } }]);
    given([...won, ...expired])
      .when({ type: 'ExpirePurchaseWindow', data: { now: END + 4_000_000 } })
      .thenNothing();
    given([...won, ...expired])
      .when(order('a', END + 3_600_001))
      .thenThrows('PURCHASE_WINDOW_EXPIRED');
  });

  it('has nothing to buy when nobody won', () => {
    const noBids = [
      ...runningRoom(),
      ...given(runningRoom())
        .when({ type: 'CloseRound', data: { now: START + 60_000 } })
        .result().events,
    ];
    given(noBids).when(order('a')).thenThrows('NO_WINNER');
  });
});

describe('room: an admin cancels or reschedules an upcoming room', () => {
  const by = { userId: 'admin-1', name: 'Meena (admin)' };
  const cancel = (reason = 'Supplier delayed the stock', now = T0 + 5 * MIN) =>
    ({ type: 'CancelRoom', data: { by, reason, now } }) as const;
  const reschedule = (scheduledTime: number, now = T0 + 5 * MIN, reason = 'Moved to the evening') =>
    ({ type: 'RescheduleRoom', data: { by, reason, scheduledTime, now } }) as const;

  it('cancels with the reason and the admin, refunding every booked fee', () => {
    given([created(), booked('a'), booked('b')])
      .when(cancel('  Supplier delayed the stock  '))
      .then([
        {
          type: 'RoomCancelled',
          data: {
            at: T0 + 5 * MIN,
            remark: 'Supplier delayed the stock',
            by,
            outcomes: [
              { reservationId: 'r-a', userId: 'a', fee: 50_00, fate: 'refund' },
              { reservationId: 'r-b', userId: 'b', fee: 50_00, fate: 'refund' },
            ],
          },
        },
      ]);
  });

  it('needs a reason of at most 200 characters', () => {
    given([created()]).when(cancel('   ')).thenThrows('REASON_REQUIRED');
    given([created()])
      .when(cancel('x'.repeat(201)))
      .thenThrows('REASON_REQUIRED');
  });

  it('cancels only an upcoming room before its start time', () => {
    given([created()]).when(cancel(undefined, START)).thenThrows('NOT_UPCOMING');
    given([...runningRoom()])
      .when(cancel())
      .thenThrows('NOT_UPCOMING');
    given([]).when(cancel()).thenThrows('ROOM_NOT_FOUND');
  });

  it('a repeated cancel with the same reason adds nothing', () => {
    given([created(), { type: 'RoomCancelled', data: { at: T0, remark: 'Stock', outcomes: [], by } }])
      .when(cancel('Stock'))
      .thenNothing();
  });

  it('tells a member who tries to deal in a room an admin cancelled why', () => {
    given([created(), { type: 'RoomCancelled', data: { at: T0, remark: 'Stock delayed', outcomes: [], by } }])
      .when({ type: 'PlaceBid', data: { bidId: 'b1', userId: 'a', now: START } })
      .thenThrows('ROOM_CANCELLED', /This deal was cancelled: Stock delayed/);
  });

  it('moves the start of a room nobody has booked, and the room then starts at the new time', () => {
    const later = START + 30 * MIN;
    given([created()])
      .when(reschedule(later))
      .then([
        {
          type: 'RoomRescheduled',
          data: { from: START, to: later, at: T0 + 5 * MIN, reason: 'Moved to the evening', by },
        },
      ]);
    const moved: RoomEvent = {
      type: 'RoomRescheduled',
      data: { from: START, to: later, at: T0 + 5 * MIN, reason: 'Moved', by },
    };
    given([created(), moved])
      .when({ type: 'StartRoom', data: { now: START } })
      .thenThrows('START_TOO_EARLY');
  });

  it('refuses to move a room someone has booked, a time in the past, or without a reason', () => {
    given([created(), booked('a')])
      .when(reschedule(START + MIN))
      .thenThrows('ROOM_BOOKED');
    given([created()]).when(reschedule(T0)).thenThrows('INVALID_SCHEDULE');
    given([created()])
      .when(reschedule(START + MIN, T0 + MIN, ''))
      .thenThrows('REASON_REQUIRED');
    given([created()]).when(reschedule(START)).thenNothing();
  });
});
