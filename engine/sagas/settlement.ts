import type { FeeFate, RoomState } from '../room.ts';
import type { WalletCommand } from '../wallet.ts';

/** One wallet command of a saga, addressed to a member's wallet. */
export interface WalletStep {
  userId: string;
  command: WalletCommand;
}

export const bonusCreditId = (roomCode: string): string => `bonus-${roomCode}`;

const FATE_COMMAND = { refund: 'RefundPrebook', reward: 'ConvertFeeToReward', kept: 'KeepEntryFee' } as const;

export const feeStep = (userId: string, reservationId: string, fate: FeeFate, now: number): WalletStep => ({
  userId,
  command: { type: FATE_COMMAND[fate], data: { reservationId, now } },
});

/**
 * The wallet commands that settle a finished room: every pre-booked fee gets the fate the room
 * recorded (refund to cash, reward cash, or kept as the winner's entry) and the winner gets the
 * room's bonus. Every command is idempotent, so running the list again, in part or in full, from
 * any process, settles each fee exactly once.
 */
export const settlementSteps = (room: RoomState, now: number): WalletStep[] => {
  if (room.status !== 'ended' && room.status !== 'cancelled') return [];
  const outcomes = room.status === 'ended' ? room.ended.outcomes : room.outcomes;
  const steps = outcomes.filter((o) => o.fee > 0).map((o) => feeStep(o.userId, o.reservationId, o.fate, now));
  if (room.status === 'ended' && room.ended.winner && room.ended.winnerBonus > 0) {
    steps.push({
      userId: room.ended.winner.userId,
      command: {
        type: 'CreditReward',
        data: {
          creditId: bonusCreditId(room.rules.code),
          amount: room.ended.winnerBonus,
          reason: 'winner_bonus',
          roomCode: room.rules.code,
          productName: room.rules.product.name,
          now,
        },
      },
    });
  }
  return steps;
};
