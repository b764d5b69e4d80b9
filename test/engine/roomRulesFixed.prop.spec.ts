import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { DomainError } from '../../engine/decider.ts';
import type { RoomCommand, RoomEvent, RoomRules, RoomState } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { replaySteps } from '../../engine/replay.ts';
import { historyArb, runHistory, T0 } from './roomHistory.ts';

/**
 * "Room rules are fixed at creation: the created event holds every parameter, and the engine
 * refuses any later change." No command but CreateRoom carries rules; CreateRoom on an existing
 * room is refused whatever its status; and over random histories the rules in the state never
 * differ from the ones in the created event.
 */

const RULE_KEYS: (keyof RoomRules)[] = [
  'code',
  'product',
  'totalPrice',
  'basePrice',
  'maxPrice',
  'bidValue',
  'bidSeconds',
  'entryFee',
  'maxParticipants',
  'scheduledTime',
  'rewardCash',
  'maxAttempts',
  'createdBy',
  'createdAt',
];

describe('room rules are fixed at creation', () => {
  it('only CreateRoom carries rules, and only RoomCreated sets them', () => {
    expectTypeOf<Extract<RoomCommand, { data: { rules: unknown } }>['type']>().toEqualTypeOf<'CreateRoom'>();
    expectTypeOf<Extract<RoomEvent, { data: RoomRules }>['type']>().toEqualTypeOf<'RoomCreated'>();
  });

  it('the created event holds every parameter; later states keep exactly those rules but a start moved before any booking', () => {
    fc.assert(
      fc.property(historyArb, ({ rules, ops }) => {
        const { recorded } = runHistory(rules, ops);
        const created = recorded.filter((e) => e.type === 'RoomCreated');
        expect(created).toHaveLength(1);
        expect(recorded[0]!.type).toBe('RoomCreated');
        const fixed = created[0]!.data as RoomRules;
        for (const key of RULE_KEYS) expect(fixed[key], key).not.toBeUndefined();
        expect(fixed).toEqual({ ...rules, createdAt: T0 });
        let start = fixed.scheduledTime;
        let booked = false;
        for (const step of replaySteps<RoomEvent, RoomState>(roomDecider, recorded)) {
          if (step.event.type === 'SeatBooked') booked = true;
          if (step.event.type === 'RoomRescheduled') {
            expect(booked, 'a reschedule after a booking').toBe(false);
            const moved = step.event.data as { from: number; to: number };
            expect(moved.from).toBe(start);
            start = moved.to;
          }
          expect(step.state.status).not.toBe('none');
          if (step.state.status !== 'none') expect(step.state.rules).toEqual({ ...fixed, scheduledTime: start });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses CreateRoom with any other rules in every status the room reaches', () => {
    fc.assert(
      fc.property(historyArb, fc.integer({ min: 1, max: 5000 }), ({ rules, ops }, bump) => {
        const { recorded } = runHistory(rules, ops);
        for (const step of replaySteps<RoomEvent, RoomState>(roomDecider, recorded)) {
          const change: RoomCommand = {
            type: 'CreateRoom',
            data: { rules: { ...rules, maxPrice: rules.maxPrice + bump * 100, bidSeconds: 1 }, now: step.at },
          };
          let refused: unknown;
          try {
            roomDecider.decide(change, step.state);
          } catch (error) {
            refused = error;
          }
          expect(refused).toBeInstanceOf(DomainError);
          expect((refused as DomainError).code).toBe('ROOM_EXISTS');
        }
      }),
      { numRuns: 100 },
    );
  });
});
