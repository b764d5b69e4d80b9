import { describe, expect, it } from 'vitest';
import { fold } from '../../engine/decider.ts';
import type { RoomEvent } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { repairReservation } from '../../engine/sagas/prebook.ts';
import { settlementSteps } from '../../engine/sagas/settlement.ts';
import type { Reservation } from '../../engine/wallet.ts';
import { bid, booked, created, runningRoom, START } from './roomFixtures.ts';

const NOW = START + 120_000;
const endedWith = (history: RoomEvent[], now = START + 70_000) => {
  const state = fold(roomDecider, history);
  return fold(roomDecider, [...history, ...roomDecider.decide({ type: 'CloseRound', data: { now } }, state)]);
};
const held: Reservation = { roomCode: 'ABC123', productName: 'Boat', amount: 50_00, status: 'held' };

describe('settlement saga steps', () => {
  it('keeps the winner’s fee, turns the others into reward cash and pays the bonus once', () => {
    const room = endedWith([...runningRoom(), bid(1, 'a', 1, START + 1000), bid(2, 'b', 1, START + 2000)]);
    expect(settlementSteps(room, NOW)).toEqual([
      { userId: 'a', command: { type: 'ConvertFeeToReward', data: { reservationId: 'r-a', now: NOW } } },
      { userId: 'b', command: { type: 'KeepEntryFee', data: { reservationId: 'r-b', now: NOW } } },
      { userId: 'c', command: { type: 'ConvertFeeToReward', data: { reservationId: 'r-c', now: NOW } } },
      {
        userId: 'b',
        command: {
          type: 'CreditReward',
          data: {
            creditId: 'bonus-ABC123',
            amount: 20_00,
            reason: 'winner_bonus',
            roomCode: 'ABC123',
            productName: 'Boat Rockerz 450',
            now: NOW,
          },
        },
      },
    ]);
  });

  it('refunds every fee when nobody bid, with no bonus', () => {
    const steps = settlementSteps(endedWith(runningRoom()), NOW);
    expect(steps.map((s) => s.command.type)).toEqual(['RefundPrebook', 'RefundPrebook', 'RefundPrebook']);
  });

  it('refunds every fee of a cancelled room and skips free seats', () => {
    const history = [created({ entryFee: 0 }), booked('a', 0), booked('b', 0)];
    const cancelled = fold(roomDecider, [
      ...history,
      ...roomDecider.decide({ type: 'StartRoom', data: { now: START } }, fold(roomDecider, history)),
    ]);
    expect(cancelled.status).toBe('cancelled');
    expect(settlementSteps(cancelled, NOW)).toEqual([]);
    const paid = [created(), booked('a'), booked('b')];
    const paidCancelled = fold(roomDecider, [
      ...paid,
      ...roomDecider.decide({ type: 'StartRoom', data: { now: START } }, fold(roomDecider, paid)),
    ]);
    expect(settlementSteps(paidCancelled, NOW).map((s) => [s.userId, s.command.type])).toEqual([
      ['a', 'RefundPrebook'],
      ['b', 'RefundPrebook'],
    ]);
  });

  it('has nothing to do while the room is upcoming or running', () => {
    expect(settlementSteps(fold(roomDecider, [created(), booked('a')]), NOW)).toEqual([]);
    expect(settlementSteps(fold(roomDecider, runningRoom()), NOW)).toEqual([]);
  });
});

describe('repairing a held fee (the sweeper)', () => {
  it('books the seat when the room never saw the booking', () => {
    expect(repairReservation('a', 'r-x', held, fold(roomDecider, [created()]), NOW)).toEqual({ kind: 'book' });
  });

  it('refunds when the room does not exist', () => {
    expect(repairReservation('a', 'r-x', held, roomDecider.initialState, NOW)).toEqual({
      kind: 'refund',
      step: { userId: 'a', command: { type: 'RefundPrebook', data: { reservationId: 'r-x', now: NOW } } },
    });
  });

  it('leaves a seat alone while the room is live, and settles it once the room finished', () => {
    expect(repairReservation('a', 'r-a', held, fold(roomDecider, runningRoom()), NOW)).toEqual({ kind: 'none' });
    const ended = endedWith([...runningRoom(), bid(1, 'a', 1, START + 1000)]);
    expect(repairReservation('a', 'r-a', held, ended, NOW)).toEqual({
      kind: 'settle',
      step: { userId: 'a', command: { type: 'KeepEntryFee', data: { reservationId: 'r-a', now: NOW } } },
    });
    expect(repairReservation('b', 'r-b', held, ended, NOW)).toMatchObject({
      kind: 'settle',
      step: { command: { type: 'ConvertFeeToReward' } },
    });
  });

  it('does nothing for a fee that is already closed', () => {
    expect(repairReservation('a', 'r-a', { ...held, status: 'refunded' }, roomDecider.initialState, NOW)).toEqual({
      kind: 'none',
    });
  });
});
