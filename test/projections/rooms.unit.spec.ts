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
});
