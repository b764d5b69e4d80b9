import { describe, expect, it } from 'vitest';
import type { RoomEvent, RoomRules } from '../../engine/room.ts';
import type { WalletEvent } from '../../engine/wallet.ts';
import { memberCostTotals, netCostOf, similarRooms, wonItemCosts } from '../../projections/memberCosts.ts';
import { given, on } from '../helpers/readModel.ts';

const wallet = (user: string, e: WalletEvent) => on(`wallet-${user}`, e);
const room = (code: string, e: RoomEvent) => on(`room-${code}`, e);

const rules = (code: string, productId: string, totalPrice: number, entryFee = 50_00): RoomRules => ({
  code,
  product: { id: productId, code: productId.toUpperCase(), name: `Item ${productId}`, imageUrl: null },
  totalPrice,
  basePrice: 100_00,
  maxPrice: 900_00,
  bidValue: 10_00,
  bidSeconds: 30,
  entryFee,
  maxParticipants: 2,
  scheduledTime: 1000,
  rewardCash: 30_00,
  maxAttempts: 5,
  createdBy: { userId: 'admin', name: 'Admin' },
  createdAt: 0,
});

const ended = (code: string, winner: string | null, finalPrice: number, fee: number, bonus: number): RoomEvent => ({
  type: 'RoomEnded',
  data: {
    reason: winner ? 'deadline' : 'no_bidders',
    at: 5000,
    finalPrice,
    winner: winner ? { userId: winner, userName: winner } : null,
    purchaseDeadline: winner ? 5000 + 3_600_000 : null,
    outcomes: [
      { reservationId: `${code}-u1`, userId: 'u1', fee, fate: winner === 'u1' ? 'kept' : winner ? 'reward' : 'refund' },
      { reservationId: `${code}-u2`, userId: 'u2', fee, fate: winner === 'u2' ? 'kept' : winner ? 'reward' : 'refund' },
    ],
    winnerBonus: winner ? bonus : 0,
  },
});

const ref = (code: string, amount: number) => ({
  reservationId: `${code}-r`,
  roomCode: code,
  productName: 'x',
  amount,
  at: 1,
});

describe('member costs read model', () => {
  it("sums a member's fees by fate and only winners' bonuses among reward credits", () => {
    given(
      wallet('u1', { type: 'PrebookFeeDeducted', data: ref('AAA111', 50_00) }),
      wallet('u1', { type: 'PrebookFeeDeducted', data: ref('BBB222', 20_00) }),
      wallet('u1', { type: 'PrebookFeeDeducted', data: ref('CCC333', 10_00) }),
      wallet('u1', { type: 'EntryFeeKept', data: ref('AAA111', 50_00) }),
      wallet('u1', { type: 'FeeConvertedToReward', data: ref('BBB222', 20_00) }),
      wallet('u1', { type: 'PrebookFeeRefunded', data: ref('CCC333', 10_00) }),
      wallet('u1', {
        type: 'RewardCredited',
        data: {
          creditId: 'bonus-AAA111',
          amount: 30_00,
          reason: 'winner_bonus',
          roomCode: 'AAA111',
          productName: 'x',
          at: 2,
        },
      }),
      wallet('u1', {
        type: 'RewardCredited',
        data: { creditId: 'r-1', amount: 99_00, reason: 'shop_refund', roomCode: null, productName: null, at: 3 },
      }),
      wallet('u2', { type: 'PrebookFeeDeducted', data: ref('AAA111', 50_00) }),
    )
      .thenRows((db) => memberCostTotals(db, 'u1'), {
        fees_paid: 80_00,
        fees_refunded: 10_00,
        fees_to_reward: 20_00,
        fees_kept: 50_00,
        winner_bonus: 30_00,
      })
      .thenRows((db) => memberCostTotals(db, 'u2').fees_paid, 50_00)
      .thenRows((db) => memberCostTotals(db, 'nobody'), {
        fees_paid: 0,
        fees_refunded: 0,
        fees_to_reward: 0,
        fees_kept: 0,
        winner_bonus: 0,
      });
  });

  it('lists each won item with its fee, final price, purchase and bonus; the net cost adds up', () => {
    given(
      room('AAA111', { type: 'RoomCreated', data: rules('AAA111', 'p1', 2000_00) }),
      room('BBB222', { type: 'RoomCreated', data: rules('BBB222', 'p2', 1000_00, 20_00) }),
      room('CCC333', { type: 'RoomCreated', data: rules('CCC333', 'p1', 2000_00) }),
      room('AAA111', ended('AAA111', 'u1', 700_00, 50_00, 30_00)),
      room('BBB222', ended('BBB222', 'u1', 400_00, 20_00, 10_00)),
      room('CCC333', ended('CCC333', 'u2', 650_00, 50_00, 30_00)),
      room('AAA111', {
        type: 'RoomPurchased',
        data: { orderId: 'o1', paymentId: 'p1', amount: 700_00, address: {} as never, at: 6000, userId: 'u1' },
      }),
    )
      .thenRows(
        (db) =>
          wonItemCosts(db, 'u1').map((w) => [
            w.room_code,
            w.total_price,
            w.entry_fee,
            w.final_price,
            w.paid,
            w.winner_bonus,
          ]),
        [
          ['AAA111', 2000_00, 50_00, 700_00, 700_00, 30_00],
          ['BBB222', 1000_00, 20_00, 400_00, null, 10_00],
        ],
      )
      .thenRows((db) => wonItemCosts(db, 'u1').map(netCostOf), [720_00, 10_00])
      .thenRows((db) => wonItemCosts(db, 'u3'), []);
  });

  it('keeps a runner-up’s purchase out of the winner’s item cost (the winner defaulted)', () => {
    given(
      room('AAA111', { type: 'RoomCreated', data: rules('AAA111', 'p1', 2000_00) }),
      room('AAA111', ended('AAA111', 'u1', 700_00, 50_00, 30_00)),
      room('AAA111', {
        type: 'PurchaseOfferPassed',
        data: {
          from: { userId: 'u1', userName: 'u1' },
          to: { userId: 'u2', userName: 'u2' },
          price: 690_00,
          place: 1,
          deadline: 5000 + 2 * 3_600_000,
          at: 5000 + 3_600_000,
        },
      }),
      room('AAA111', {
        type: 'RoomPurchased',
        data: { orderId: 'o1', paymentId: 'p1', amount: 690_00, address: {} as never, at: 7000, userId: 'u2' },
      }),
    )
      .thenRows(
        (db) => wonItemCosts(db, 'u1').map((w) => [w.room_code, w.entry_fee, w.final_price, w.paid, w.winner_bonus]),
        [['AAA111', 50_00, 700_00, null, 30_00]],
      )
      .thenRows((db) => wonItemCosts(db, 'u2'), []);
  });

  it('averages winners of the same product first, else of a retail price within 25%, never the room itself', () => {
    const events = [
      room('AAA111', { type: 'RoomCreated', data: rules('AAA111', 'p1', 2000_00) }),
      room('CCC333', { type: 'RoomCreated', data: rules('CCC333', 'p1', 2000_00, 30_00) }),
      room('DDD444', { type: 'RoomCreated', data: rules('DDD444', 'p1', 2000_00) }),
      room('EEE555', { type: 'RoomCreated', data: rules('EEE555', 'p9', 2500_00) }),
      room('FFF666', { type: 'RoomCreated', data: rules('FFF666', 'p8', 2667_00) }),
      room('GGG777', { type: 'RoomCreated', data: rules('GGG777', 'p7', 9000_00) }),
      room('AAA111', ended('AAA111', 'u1', 700_00, 50_00, 30_00)),
      room('CCC333', ended('CCC333', 'u2', 651_00, 30_00, 30_00)),
      // No winner: not counted.
      room('DDD444', ended('DDD444', null, 0, 50_00, 0)),
    ];
    given(...events)
      .thenRows((db) => similarRooms(db, 'DDD444'), {
        basis: 'product',
        rooms: 2,
        avg_fee: 40_00,
        avg_final_price: 675_50,
      })
      .thenRows((db) => similarRooms(db, 'AAA111'), {
        basis: 'product',
        rooms: 1,
        avg_fee: 30_00,
        avg_final_price: 651_00,
      })
      // ₹2,000 is within 25% of ₹2,500 (₹1,875–₹3,125) but not of ₹2,667 (from ₹2,000.25).
      .thenRows((db) => similarRooms(db, 'EEE555'), {
        basis: 'price_band',
        rooms: 2,
        avg_fee: 40_00,
        avg_final_price: 675_50,
      })
      .thenRows((db) => similarRooms(db, 'FFF666'), { basis: null, rooms: 0, avg_fee: null, avg_final_price: null })
      .thenRows((db) => similarRooms(db, 'GGG777')?.basis, null)
      .thenRows((db) => similarRooms(db, 'ZZZ999'), null);
    expect(netCostOf({ entry_fee: 1, paid: null, winner_bonus: 1 })).toBe(0);
  });
});
