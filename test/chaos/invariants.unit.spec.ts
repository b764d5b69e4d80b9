import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../api/store/sqlite.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { openReadDb } from '../../projections/db.ts';
import { rebuildInto } from '../../projections/rebuild.ts';
import { testEvent } from '../helpers/events.ts';
import { ackedBidsInLog, againstRebuild, roomsClosedOnce, walletsConserve } from './invariants.ts';

/** The crash suite's checks must be able to fail: each is shown a log that breaks its promise. */
const RULES = {
  code: 'ABC123',
  product: { id: 'p', code: 'P', name: 'Kettle', imageUrl: null },
  totalPrice: 2_000_00,
  basePrice: 1_000_00,
  maxPrice: 2_000_00,
  bidValue: 10_00,
  bidSeconds: 30,
  entryFee: 50_00,
  maxParticipants: 2,
  scheduledTime: 1_000,
  rewardCash: 20_00,
  maxAttempts: 3,
  createdBy: { userId: 'admin', name: 'Admin' },
  createdAt: 0,
};

const log = (entries: [string, string, unknown][]): RecordedEvent[] => {
  const revisions = new Map<string, number>();
  return entries.map(([streamName, type, data], i) => {
    const revision = (revisions.get(streamName) ?? -1) + 1;
    revisions.set(streamName, revision);
    return {
      id: `e${i}`,
      streamName,
      revision,
      position: i + 1,
      type,
      data,
      metadata: { at: '', actor: 'system', correlationId: '', causationId: null, schema: 1 },
    } as RecordedEvent;
  });
};

const room = 'room-ABC123';
const bid = (seq: number, userId: string, bidId = `b${seq}`) =>
  [
    room,
    'BidPlaced',
    { bidId, seq, userId, userName: userId, amount: 1_000_00 + seq * 10_00, attempt: 1, at: 2_000, deadline: 32_000 },
  ] as [string, string, unknown];
const booking = (userId: string) => ({
  reservationId: `r-${userId}`,
  userId,
  userName: userId,
  fee: 50_00,
  bookedAt: 500,
});
const ended = (winner: string | null) =>
  [
    room,
    'RoomEnded',
    {
      reason: 'deadline',
      at: 40_000,
      finalPrice: 1_010_00,
      winner: winner ? { userId: winner, userName: winner } : null,
      purchaseDeadline: 3_640_000,
      outcomes: [
        { reservationId: 'r-u1', userId: 'u1', fee: 50_00, fate: winner === 'u1' ? 'kept' : 'reward' },
        { reservationId: 'r-u2', userId: 'u2', fee: 50_00, fate: winner === 'u2' ? 'kept' : 'reward' },
      ],
      winnerBonus: 20_00,
    },
  ] as [string, string, unknown];
const funded = (userId: string): [string, string, unknown][] => [
  [`wallet-${userId}`, 'DepositOrderCreated', { orderId: `o-${userId}`, amount: 100_00, at: 0 }],
  [`wallet-${userId}`, 'Deposited', { orderId: `o-${userId}`, paymentId: `p-${userId}`, amount: 100_00, at: 0 }],
  [
    `wallet-${userId}`,
    'PrebookFeeDeducted',
    { reservationId: `r-${userId}`, roomCode: 'ABC123', productName: 'Kettle', amount: 50_00, at: 0 },
  ],
];
const fate = (userId: string, type: string) =>
  [
    `wallet-${userId}`,
    type,
    { reservationId: `r-${userId}`, roomCode: 'ABC123', productName: 'Kettle', amount: 50_00, at: 0 },
  ] as [string, string, unknown];
const bonus = (userId: string) =>
  [
    `wallet-${userId}`,
    'RewardCredited',
    {
      creditId: 'bonus-ABC123',
      amount: 20_00,
      reason: 'winner_bonus',
      roomCode: 'ABC123',
      productName: 'Kettle',
      at: 0,
    },
  ] as [string, string, unknown];

const settledRoom = (): [string, string, unknown][] => [
  ...funded('u1'),
  ...funded('u2'),
  [room, 'RoomCreated', RULES],
  [room, 'SeatBooked', booking('u1')],
  [room, 'SeatBooked', booking('u2')],
  [room, 'RoomStarted', { price: 1_000_00, deadline: 31_000, at: 1_000 }],
  bid(1, 'u1'),
  ended('u1'),
  fate('u1', 'EntryFeeKept'),
  fate('u2', 'FeeConvertedToReward'),
  bonus('u1'),
];

describe('the crash suite’s checks', () => {
  it('find nothing wrong in a room run and settled by the rules', () => {
    const events = log(settledRoom());
    expect(roomsClosedOnce(events)).toEqual([]);
    expect(walletsConserve(events)).toEqual([]);
    expect(
      ackedBidsInLog(events, [{ bidId: 'b1', roomCode: 'ABC123', userId: 'u1', amount: 1_010_00, seq: 1 }]),
    ).toEqual([]);
  });

  it('name an acknowledged deal missing from the log, or stored differently', () => {
    const events = log(settledRoom());
    expect(
      ackedBidsInLog(events, [{ bidId: 'lost', roomCode: 'ABC123', userId: 'u2', amount: 1_020_00, seq: 2 }]),
    ).toHaveLength(1);
    expect(
      ackedBidsInLog(events, [{ bidId: 'b1', roomCode: 'ABC123', userId: 'u1', amount: 1_020_00, seq: 1 }]),
    ).toHaveLength(1);
  });

  it('name a round closed twice and a deal out of the rules', () => {
    const twice = settledRoom();
    twice.splice(8, 0, ended('u1'));
    expect(roomsClosedOnce(log(twice)).join()).toMatch(/closed 2 times/);
    const repeat = settledRoom();
    repeat.splice(7, 0, bid(2, 'u1', 'b2'));
    expect(roomsClosedOnce(log(repeat)).join()).toMatch(/second deal in a row|seq/);
  });

  it('name a fee settled twice, a fee left held, a missing bonus and money that came from nowhere', () => {
    const double = settledRoom();
    double.push(fate('u2', 'PrebookFeeRefunded'));
    expect(walletsConserve(log(double)).join()).toMatch(/settled 2 times/);
    const held = settledRoom().filter(([s, t]) => !(s === 'wallet-u2' && t === 'FeeConvertedToReward'));
    expect(walletsConserve(log(held)).join()).toMatch(/is held, the room says reward/);
    const noBonus = settledRoom().filter(([, t]) => t !== 'RewardCredited');
    expect(walletsConserve(log(noBonus)).join()).toMatch(/got the bonus 0 times/);
    const orphan = [
      ...settledRoom(),
      ...funded('u3').map(([s, t, d]) => [s, t, { ...(d as object), roomCode: 'NOPE99' }] as [string, string, unknown]),
    ];
    expect(walletsConserve(log(orphan)).join()).toMatch(/never seated and not refunded/);
  });
});

describe('a read-model file against a rebuild of its log', () => {
  it('names a missing row, a missing index and a checkpoint short of the head, and nothing for a faithful file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vetri-against-'));
    try {
      const store = openSqliteStore({ path: ':memory:' });
      await store.append('note-1', [testEvent('Noted', { text: 'first' })]);
      const last = await store.append('note-2', [testEvent('Noted', { text: 'second' })]);
      const mine = openReadDb(join(dir, 'mine.db'));
      await rebuildInto(store, mine);
      expect(await againstRebuild(store, mine.sqlite, join(dir, 'a.db'), last.position)).toEqual([]);

      mine.sqlite.exec("DELETE FROM rm_streams WHERE stream = 'note-1'");
      mine.sqlite.exec('DROP INDEX rm_event_index_correlation');
      mine.sqlite.prepare("UPDATE rm_checkpoints SET position = position - 1 WHERE name = 'users'").run();
      const problems = await againstRebuild(store, mine.sqlite, join(dir, 'b.db'), last.position);
      expect(problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^rm_streams: 1 rows, rebuilt 2/),
          expect.stringMatching(/^index only in the rebuild: rm_event_index_correlation/),
          `users: checkpoint at ${last.position - 1}, the log's head at ${last.position}`,
        ]),
      );
      mine.sqlite.close();
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
