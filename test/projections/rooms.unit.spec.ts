import { describe, it } from 'vitest';
import type { RoomCommand, RoomState } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { bidRows, dueWork, participantRows, roomRow, roomsOfUser } from '../../projections/roomQueries.ts';
import type { GivenEvent } from '../helpers/readModel.ts';
import { given, on } from '../helpers/readModel.ts';

const T0 = Date.parse('2026-12-01T04:30:00Z');

/** A deal room's events made by the room decider: three members with two attempts each, ₹10 steps. */
const room = (...commands: RoomCommand[]): GivenEvent[] => {
  let state: RoomState = roomDecider.initialState;
  const out: GivenEvent[] = [];
  for (const command of [
    {
      type: 'CreateRoom',
      data: {
        now: T0 - 60_000,
        rules: {
          code: 'ABC123',
          product: { id: 'P1', code: 'PRD001', name: 'Silk saree', imageUrl: null },
          totalPrice: 20_000_00,
          basePrice: 1_000_00,
          maxPrice: 2_000_00,
          bidValue: 10_00,
          bidSeconds: 30,
          entryFee: 50_00,
          maxParticipants: 3,
          scheduledTime: T0,
          rewardCash: 100_00,
          maxAttempts: 2,
          runnerUpPlaces: 2,
          createdBy: { userId: 'ADMIN', name: 'Admin' },
        },
      },
    } satisfies RoomCommand,
    ...['U1', 'U2', 'U3'].map((userId, i): RoomCommand => ({
      type: 'BookSeat',
      data: { reservationId: `res-${userId}`, userId, userName: `Member ${userId}`, now: T0 - 30_000 + i },
    })),
    ...commands,
  ]) {
    for (const e of roomDecider.decide(command, state)) {
      state = roomDecider.evolve(state, e);
      out.push(on('room-ABC123', e));
    }
  }
  return out;
};
const bid = (userId: string, at: number): RoomCommand => ({
  type: 'PlaceBid',
  data: { bidId: `bid-${userId}-${at}`, userId, now: at },
});

describe('rooms read model', () => {
  it('shows an upcoming room with its booked members, and the scheduler its start', () => {
    given(...room())
      .thenRows(
        (db) => {
          const r = roomRow(db, 'ABC123')!;
          return [r.status, r.product_name, r.current_price, r.joined_count, r.bid_count, r.revision];
        },
        ['upcoming', 'Silk saree', 1_000_00, 3, 0, 3],
      )
      .thenRows(
        (db) => participantRows(db, 'ABC123').map((p) => [p.user_id, p.fee, p.bids_used, p.fate]),
        [
          ['U1', 50_00, 0, null],
          ['U2', 50_00, 0, null],
          ['U3', 50_00, 0, null],
        ],
      )
      .thenRows((db) => dueWork(db, T0).toStart, ['ABC123'])
      .thenRows((db) => dueWork(db, T0 - 1).toStart, []);
  });

  it('moves status, current price, deadline, bid count and attempts with every bid', () => {
    given(...room({ type: 'StartRoom', data: { now: T0 } }, bid('U1', T0 + 1000), bid('U2', T0 + 2000)))
      .thenRows(
        (db) => {
          const r = roomRow(db, 'ABC123')!;
          return [r.status, r.current_price, r.bid_count, r.deadline, r.joined_count, r.started_at];
        },
        ['running', 1_020_00, 2, T0 + 32_000, 3, T0],
      )
      .thenRows(
        (db) => participantRows(db, 'ABC123').map((p) => [p.user_id, p.bids_used]),
        [
          ['U1', 1],
          ['U2', 1],
          ['U3', 0],
        ],
      )
      .thenRows(
        (db) => bidRows(db, 'ABC123').map((b) => [b.seq, b.user_id, b.amount, b.at]),
        [
          [1, 'U1', 1_010_00, T0 + 1000],
          [2, 'U2', 1_020_00, T0 + 2000],
        ],
      )
      .thenRows((db) => dueWork(db, T0 + 32_000).toClose, [{ code: 'ABC123', deadline: T0 + 32_000 }]);
  });

  it('ends with a winner, the final bid and every fee’s fate', () => {
    const events = room({ type: 'StartRoom', data: { now: T0 } }, bid('U1', T0 + 1000), bid('U2', T0 + 2000), {
      type: 'CloseRound',
      data: { now: T0 + 40_000 },
    });
    given(...events)
      .thenRows(
        (db) => {
          const r = roomRow(db, 'ABC123')!;
          return [r.status, r.winner_id, r.winner_name, r.final_bid, r.deadline, r.bid_count];
        },
        ['ended', 'U2', 'Member U2', 1_020_00, null, 2],
      )
      .thenRows(
        (db) => participantRows(db, 'ABC123').map((p) => [p.user_id, p.fate]),
        [
          ['U1', 'reward'],
          ['U2', 'kept'],
          ['U3', 'reward'],
        ],
      )
      .thenRows((db) => roomsOfUser(db, 'U2').map((r) => [r.code, r.status, r.bids_used]), [['ABC123', 'ended', 1]]);
  });

  it('moves the purchase offer to each runner-up with its deadline, and the scheduler expires each window', () => {
    const HOUR = 3_600_000;
    const END = T0 + 40_000;
    const A = {
      full_name: 'Kavya R',
      contact_number: '9876543210',
      pincode: '613001',
      address_line1: '12 South Main Street',
      city: 'Thanjavur',
      state: 'Tamil Nadu',
      address_type: 'home',
    } as const;
    // U1 ₹1,010, U2 ₹1,020, U3 ₹1,030, U1 ₹1,040: U1 wins; runner-ups U3 (₹1,030) then U2 (₹1,020).
    const ended = [
      { type: 'StartRoom', data: { now: T0 } },
      bid('U1', T0 + 1000),
      bid('U2', T0 + 2000),
      bid('U3', T0 + 3000),
      bid('U1', T0 + 4000),
      { type: 'CloseRound', data: { now: END } },
    ] as const satisfies RoomCommand[];
    const offer = (db: Parameters<typeof roomRow>[0]) => {
      const r = roomRow(db, 'ABC123')!;
      return [
        r.winner_id,
        r.final_bid,
        r.offer_user_id,
        r.offer_user_name,
        r.offer_price,
        r.offer_place,
        r.purchase_deadline,
        r.runner_up_places,
      ];
    };
    given(...room(...ended))
      .thenRows(offer, ['U1', 1_040_00, 'U1', 'Member U1', 1_040_00, 0, END + HOUR, 2])
      .thenRows((db) => dueWork(db, END + HOUR).toExpire, [{ code: 'ABC123', deadline: END + HOUR }]);
    const passed = room(...ended, { type: 'ExpirePurchaseWindow', data: { now: END + HOUR } });
    given(...passed)
      .thenRows(offer, ['U1', 1_040_00, 'U3', 'Member U3', 1_030_00, 1, END + 2 * HOUR, 2])
      .thenRows(
        (db) => participantRows(db, 'ABC123').map((p) => [p.user_id, p.fate, p.offer_place]),
        [
          ['U1', 'kept', 0],
          ['U2', 'reward', null],
          ['U3', 'reward', 1],
        ],
      )
      .thenRows((db) => dueWork(db, END + 2 * HOUR - 1).toExpire, [])
      .thenRows((db) => dueWork(db, END + 2 * HOUR).toExpire, [{ code: 'ABC123', deadline: END + 2 * HOUR }])
      .thenRows((db) => roomsOfUser(db, 'U3').map((r) => r.my_offer_place), [1]);
    const twice = room(
      ...ended,
      { type: 'ExpirePurchaseWindow', data: { now: END + HOUR } },
      { type: 'ExpirePurchaseWindow', data: { now: END + 2 * HOUR } },
    );
    given(...twice).thenRows(offer, ['U1', 1_040_00, 'U2', 'Member U2', 1_020_00, 2, END + 3 * HOUR, 2]);
    // Places used up: the last window closes the room unsold, and the scheduler has nothing left.
    const unsold = room(
      ...ended,
      { type: 'ExpirePurchaseWindow', data: { now: END + HOUR } },
      { type: 'ExpirePurchaseWindow', data: { now: END + 2 * HOUR } },
      { type: 'ExpirePurchaseWindow', data: { now: END + 3 * HOUR } },
    );
    given(...unsold)
      .thenRows((db) => [roomRow(db, 'ABC123')!.expired, roomRow(db, 'ABC123')!.offer_user_id], [1, 'U2'])
      .thenRows((db) => dueWork(db, END + 9 * HOUR).toExpire, []);
    // The runner-up buys: the room is bought by them at their price.
    const bought = room(
      ...ended,
      { type: 'ExpirePurchaseWindow', data: { now: END + HOUR } },
      { type: 'CreatePurchaseOrder', data: { orderId: 'o1', userId: 'U3', address: A, now: END + HOUR + 1 } },
      {
        type: 'ConfirmPurchase',
        data: { orderId: 'o1', paymentId: 'pay1', userId: 'U3', amount: 1_030_00, now: END + HOUR + 2 },
      },
    );
    given(...bought)
      .thenRows(
        (db) => [roomRow(db, 'ABC123')!.purchased_at, roomRow(db, 'ABC123')!.offer_user_id],
        [END + HOUR + 2, 'U3'],
      )
      .thenRows((db) => dueWork(db, END + 9 * HOUR).toExpire, []);
  });
});
