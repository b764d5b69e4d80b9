import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRoomRules } from '../../engine/roomAudit.ts';
import { historyArb, runHistory, T0 } from './roomHistory.ts';

/**
 * Replay and receipts check a room's rules, not only its hashes: every history the decider
 * records passes, and a history with one illegal step is refused at that step.
 */
describe('checkRoomRules over random room histories', () => {
  it('accepts every history the room decider records', () => {
    fc.assert(
      fc.property(historyArb, ({ rules, ops }) => {
        const { recorded } = runHistory(rules, ops);
        expect(checkRoomRules(recorded)).toEqual({ ok: true, events: recorded.length });
      }),
      { numRuns: 300 },
    );
  });

  it('names the first forged step: a deal at another price, a changed winner, or a deal after the end', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), fc.constantFrom('price', 'winner', 'late'), ({ rules, ops }, pick, forgery) => {
        const { recorded } = runHistory(rules, ops);
        const events = recorded.map((e) => ({ ...e, data: structuredClone(e.data) as Record<string, unknown> }));
        let forged = -1;
        if (forgery === 'price') {
          const bids = events.flatMap((e, i) => (e.type === 'BidPlaced' ? [i] : []));
          if (bids.length === 0) return;
          forged = bids[pick % bids.length]!;
          events[forged]!.data.amount = (events[forged]!.data.amount as number) + 100;
        } else if (forgery === 'winner') {
          forged = events.findIndex((e) => e.type === 'RoomEnded' && e.data.winner !== null);
          if (forged === -1) return;
          events[forged]!.data.winner = { userId: 'u-someone-else', userName: 'Someone Else' };
        } else {
          const end = events.findIndex((e) => e.type === 'RoomEnded' || e.type === 'RoomCancelled');
          if (end === -1) return;
          const bidder = events.find((e) => e.type === 'SeatBooked')?.data ?? { userId: 'u1', userName: 'U1' };
          forged = events.length;
          events.push({
            ...events[end]!,
            id: 'forged',
            revision: events.length,
            type: 'BidPlaced',
            data: {
              bidId: 'forged',
              seq: 99,
              userId: bidder.userId,
              userName: bidder.userName,
              amount: 1,
              at: T0,
              deadline: T0,
            },
          });
        }
        const verdict = checkRoomRules(events);
        expect(verdict.ok).toBe(false);
        if (verdict.ok) return;
        expect(verdict.index).toBe(forged);
        expect(verdict.reason).toMatch(
          forgery === 'price'
            ? /^amount is \d+, but the rules give \d+$/
            : forgery === 'winner'
              ? /^winner is /
              : /^breaks a rule: /,
        );
      }),
      { numRuns: 300 },
    );
  });
});
