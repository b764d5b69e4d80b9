import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../engine/decider.ts';
import { DomainError } from '../../engine/decider.ts';
import type { RoomEvent } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { runningRoom, START } from './roomFixtures.ts';

/**
 * Issue 14, item 12: deals decided by processes whose clocks differ a little (each deal timed where
 * it arrives) must never move the round's deadline backwards: in any room history, deal times and
 * deadlines only go forward.
 */
describe('deal times across processes with skewed clocks', () => {
  it('never move a room’s deal time or deadline backwards', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            bidder: fc.constantFrom('a', 'b', 'c'),
            gap: fc.integer({ min: 0, max: 3_000 }),
            skew: fc.integer({ min: -40, max: 40 }),
          }),
          { minLength: 2, maxLength: 40 },
        ),
        (deals) => {
          let events: RoomEvent[] = runningRoom({ maxPrice: 5_000_00, maxAttempts: 40 });
          let clock = START;
          for (const [i, d] of deals.entries()) {
            clock += d.gap;
            const state = fold(roomDecider, events);
            try {
              const decided = roomDecider.decide(
                { type: 'PlaceBid', data: { bidId: `d${i}`, userId: d.bidder, now: clock + d.skew } },
                state,
              );
              events = [...events, ...decided];
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
            }
          }
          const placed = events.flatMap((e) => (e.type === 'BidPlaced' ? [e.data] : []));
          for (let i = 1; i < placed.length; i++) {
            expect(placed[i]!.at).toBeGreaterThanOrEqual(placed[i - 1]!.at);
            expect(placed[i]!.deadline).toBeGreaterThanOrEqual(placed[i - 1]!.deadline);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
