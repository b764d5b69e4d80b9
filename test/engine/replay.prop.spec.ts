import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../../engine/decider.ts';
import type { RoomEvent, RoomState } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { isoToMs, playbackTimeline, replaySteps, roomPricePoints, roomAt, stepIndexAt } from '../../engine/replay.ts';
import type { ReadDb } from '../../projections/db.ts';
import { openReadDb } from '../../projections/db.ts';
import { bidRows, participantRows, roomRow } from '../../projections/roomQueries.ts';
import { roomsProjector } from '../../projections/rooms.ts';
import { catalogueProjector } from '../../projections/catalogue.ts';
import { CODE, historyArb, runHistory } from './roomHistory.ts';

/**
 * The replay screen folds the engine's own `evolve` over the events it fetched. For random room
 * histories, the state it computes after the last event must be the state the rooms read model
 * holds, and at every step it must equal a fresh fold of the events up to that step.
 */

const projectRoom = (recorded: ReturnType<typeof runHistory>['recorded']): ReadDb => {
  const db = openReadDb(':memory:');
  // Room rows read their product's current name and picture from the catalogue's products table.
  const products = catalogueProjector.schema.filter((ddl) => /CREATE TABLE IF NOT EXISTS rm_products\b/.test(ddl));
  for (const ddl of [...roomsProjector.schema, ...products]) db.sqlite.exec(ddl);
  for (const event of recorded) roomsProjector.apply(db, event);
  return db;
};

/** The facts the read model keeps about a room, in one shape for both sides. */
const fromProjection = (db: ReadDb) => {
  const row = roomRow(db, CODE);
  if (!row) return null;
  const members = participantRows(db, CODE);
  return {
    status: row.status,
    price: row.current_price,
    deadline: row.deadline,
    joined: row.joined_count,
    bids: bidRows(db, CODE).map((b) => ({ seq: b.seq, userId: b.user_id, amount: b.amount, at: b.at })),
    attempts: Object.fromEntries(members.map((m) => [m.user_id, m.bids_used])),
    fates: Object.fromEntries(members.map((m) => [m.user_id, m.fate])),
    winner: row.winner_id,
    finalBid: row.final_bid,
    endReason: row.end_reason,
    remark: row.remark,
    purchased: row.purchase_payment_id,
    expired: row.expired === 1,
  };
};

const fromReplay = (state: RoomState, lastAt: number) => {
  if (state.status === 'none') return null;
  const snap = roomAt(state, lastAt);
  const running = state.status === 'running' || state.status === 'ended';
  const fates = state.status === 'ended' ? state.ended.outcomes : state.status === 'cancelled' ? state.outcomes : [];
  return {
    status: state.status,
    price: snap.price,
    deadline: state.status === 'running' ? state.deadline : null,
    joined: state.bookings.length,
    bids: running ? state.bids.map((b) => ({ seq: b.seq, userId: b.userId, amount: b.amount, at: b.at })) : [],
    attempts: Object.fromEntries(snap.attempts.map((a) => [a.userId, a.used])),
    fates: Object.fromEntries(
      state.bookings.map((b) => [b.userId, fates.find((f) => f.userId === b.userId)?.fate ?? null]),
    ),
    winner: snap.winner?.userId ?? null,
    finalBid: state.status === 'ended' ? state.ended.finalPrice : null,
    endReason: state.status === 'ended' ? state.ended.reason : null,
    remark: state.status === 'cancelled' ? state.remark : null,
    purchased: state.status === 'ended' ? (state.purchase?.paymentId ?? null) : null,
    expired: state.status === 'ended' && state.expired,
  };
};

describe('replay of random room histories', () => {
  it('computes at the last event the state the rooms read model holds', () => {
    fc.assert(
      fc.property(historyArb, ({ rules, ops }) => {
        const { recorded, state } = runHistory(rules, ops);
        const steps = replaySteps<RoomEvent, RoomState>(roomDecider, recorded);
        const last = steps[steps.length - 1]!;
        expect(last.state).toEqual(state);
        const db = projectRoom(recorded);
        expect(fromReplay(last.state, last.at)).toEqual(fromProjection(db));
        db.sqlite.close();
      }),
      { numRuns: 300 },
    );
    // 300 random rooms, each projected into a fresh database: seconds on a busy machine.
  }, 60_000);

  it('at every step equals a fresh fold of the events up to that step', () => {
    fc.assert(
      fc.property(historyArb, ({ rules, ops }) => {
        const { recorded } = runHistory(rules, ops);
        const steps = replaySteps<RoomEvent, RoomState>(roomDecider, recorded);
        expect(steps).toHaveLength(recorded.length);
        steps.forEach((step, i) => {
          expect(step.index).toBe(i);
          expect(step.event).toBe(recorded[i]);
          expect(step.state).toEqual(fold(roomDecider, recorded.slice(0, i + 1) as unknown as RoomEvent[]));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('shows as leader the last bidder before any moment, and prices that only go up', () => {
    fc.assert(
      fc.property(historyArb, fc.double({ min: 0, max: 1, noNaN: true }), ({ rules, ops }, where) => {
        const { recorded } = runHistory(rules, ops);
        const steps = replaySteps<RoomEvent, RoomState>(roomDecider, recorded);
        const first = steps[0]!.at;
        const time = first + where * (steps[steps.length - 1]!.at - first);
        const i = stepIndexAt(steps, time);
        const bidsSoFar = roomPricePoints(recorded.slice(0, i + 1)).filter((p) => p.bidder);
        const snap = roomAt(steps[i]!.state, time);
        expect(snap.leader?.userId ?? null).toBe(bidsSoFar.at(-1)?.bidder?.userId ?? null);
        const prices = roomPricePoints(recorded).map((p) => p.price);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }),
      { numRuns: 200 },
    );
  });
});

describe('isoToMs', () => {
  it('reads every ISO time the store writes as the same instant', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(isoToMs(new Date(ms).toISOString())).toBe(ms);
      }),
      { numRuns: 2000 },
    );
    expect(isoToMs('2026-11-22T04:30:00Z')).toBe(Date.UTC(2026, 10, 22, 4, 30));
    expect(isoToMs('22 Nov 2026')).toBeNaN();
  });
});

describe('playback timeline', () => {
  it('maps playback offsets to recorded time and back, shortening only long quiet gaps', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 600_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1000, max: 120_000 }),
        (gaps, maxGap) => {
          const times = gaps.reduce<number[]>((acc, g) => [...acc, (acc.at(-1) ?? 1_000_000) + g], []);
          const t = playbackTimeline(times, maxGap);
          expect(t.duration).toBe(gaps.slice(1).reduce((s, g) => s + Math.min(g, maxGap), 0));
          times.forEach((time, i) => {
            expect(t.toOffset(time)).toBeCloseTo(t.offsets[i]!, 6);
            expect(t.toRecorded(t.offsets[i]!)).toBeCloseTo(
              // A zero-length gap maps several events to one offset: the clock shows the last of them.
              times[
                stepIndexAt(
                  t.offsets.map((at) => ({ at })),
                  t.offsets[i]!,
                )
              ]!,
              6,
            );
          });
          expect(t.toRecorded(t.duration)).toBe(times.at(-1));
        },
      ),
    );
  });
});
