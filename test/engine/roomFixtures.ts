import type { RoomEvent, RoomRules } from '../../engine/room.ts';

export const T0 = Date.parse('2026-11-22T04:30:00.000Z');
export const START = T0 + 3_600_000;
export const MIN = 60_000;

export const rules = (overrides: Partial<RoomRules> = {}): RoomRules => ({
  code: 'ABC123',
  product: { id: 'p1', code: 'PRD001', name: 'Boat Rockerz 450', imageUrl: '/uploads/boat.png' },
  totalPrice: 1_999_00,
  basePrice: 500_00,
  maxPrice: 510_00,
  bidValue: 1_00,
  bidSeconds: 60,
  entryFee: 50_00,
  maxParticipants: 3,
  scheduledTime: START,
  rewardCash: 20_00,
  maxAttempts: 5,
  // A room created today (a room from before the rule leaves it out: `{ closedAfterExpiry: undefined }`).
  closedAfterExpiry: true,
  createdBy: { userId: 'admin', name: 'Admin' },
  createdAt: T0,
  ...overrides,
});

export const created = (overrides: Partial<RoomRules> = {}): RoomEvent => ({
  type: 'RoomCreated',
  data: rules(overrides),
});

export const booked = (userId: string, fee = 50_00, at = T0 + MIN): RoomEvent => ({
  type: 'SeatBooked',
  data: { reservationId: `r-${userId}`, userId, userName: userId.toUpperCase(), fee, bookedAt: at },
});

export const started = (at = START, seconds = 60): RoomEvent => ({
  type: 'RoomStarted',
  data: { price: 500_00, deadline: at + seconds * 1000, at },
});

/** A full running room with members a, b and c. */
export const runningRoom = (overrides: Partial<RoomRules> = {}): RoomEvent[] => [
  created(overrides),
  booked('a'),
  booked('b'),
  booked('c'),
  started(START, overrides.bidSeconds ?? 60),
];

export const bid = (
  seq: number,
  userId: string,
  attempt: number,
  at: number,
  amount = 500_00 + seq * 1_00,
): RoomEvent => ({
  type: 'BidPlaced',
  data: { bidId: `b${seq}`, seq, userId, userName: userId.toUpperCase(), amount, attempt, at, deadline: at + 60_000 },
});
