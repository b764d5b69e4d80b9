import type { RoomState } from '../room.ts';
import type { Reservation } from '../wallet.ts';
import type { WalletStep } from './settlement.ts';
import { feeStep } from './settlement.ts';

/**
 * What a held fee still needs, judged from the room:
 * - `book`: the room has not seen the booking yet; retry it with the same reservation id and
 *   refund the fee if the room refuses (the pre-book saga's second step and its compensation);
 * - `refund`: the room does not exist, so the fee goes back;
 * - `settle`: the room has finished; apply the fate it recorded for this fee;
 * - `none`: the room holds the seat and has not finished, so the fee stays held.
 */
export type ReservationRepair =
  { kind: 'none' } | { kind: 'book' } | { kind: 'refund'; step: WalletStep } | { kind: 'settle'; step: WalletStep };

export const repairReservation = (
  userId: string,
  reservationId: string,
  reservation: Reservation,
  room: RoomState,
  now: number,
): ReservationRepair => {
  if (reservation.status !== 'held') return { kind: 'none' };
  if (room.status === 'none') return { kind: 'refund', step: feeStep(userId, reservationId, 'refund', now) };
  if (!room.bookings.some((b) => b.reservationId === reservationId)) return { kind: 'book' };
  const outcomes = room.status === 'ended' ? room.ended.outcomes : room.status === 'cancelled' ? room.outcomes : [];
  const outcome = outcomes.find((o) => o.reservationId === reservationId);
  return outcome ? { kind: 'settle', step: feeStep(userId, reservationId, outcome.fate, now) } : { kind: 'none' };
};
