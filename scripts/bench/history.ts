import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../../engine/eventStore.ts';
import type { RoomCommand, RoomEvent, RoomState } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import { seededRandom } from '../seededRandom.ts';

const T0 = Date.parse('2026-12-01T04:30:00Z');
const meta = (at: number) => ({
  at: new Date(at).toISOString(),
  actor: 'system' as const,
  correlationId: randomUUID(),
  causationId: null,
  schema: 1,
});

/** A finished deal room made by the room decider itself: creation, ten bookings, alternating bids, the end. */
export const roomHistory = (code: string, bidders = 10, maxAttempts = 20): NewEvent[] => {
  let state: RoomState = roomDecider.initialState;
  const out: NewEvent[] = [];
  let now = T0 - 60_000;
  const run = (command: RoomCommand) => {
    const events: RoomEvent[] = roomDecider.decide(command, state);
    for (const e of events) {
      state = roomDecider.evolve(state, e);
      out.push({ id: randomUUID(), type: e.type, data: e.data, metadata: meta(now) });
    }
  };
  run({
    type: 'CreateRoom',
    data: {
      now,
      rules: {
        code,
        product: { id: 'P1', code: 'PRD001', name: 'Bench phone', imageUrl: null },
        totalPrice: 20_000_00,
        basePrice: 1_000_00,
        maxPrice: 1_000_00 + bidders * maxAttempts * 10_00,
        bidValue: 10_00,
        bidSeconds: 30,
        entryFee: 50_00,
        maxParticipants: bidders,
        scheduledTime: T0,
        rewardCash: 100_00,
        maxAttempts,
        createdBy: { userId: 'ADMIN', name: 'Admin' },
      },
    },
  });
  for (let u = 0; u < bidders; u++)
    run({
      type: 'BookSeat',
      data: { reservationId: randomUUID(), userId: `U${u}`, userName: `Member ${u}`, now: now + u },
    });
  now = T0;
  run({ type: 'StartRoom', data: { now } });
  // People, not a script: each round of deals goes in a shuffled order (never the same member twice
  // running) and the gaps between deals vary from 0.3 to 8 s. A deal every 1,000 ms in a fixed order
  // made every member of every room a `scripted-burst` flag (issue 21.7's rules are right about that
  // room), and the rebuild figure then measured raising ten flags at every room's end.
  const random = seededRandom(0x5eed).next;
  let order: number[] = [];
  let last = -1;
  while (state.status === 'running') {
    if (order.length === 0) {
      order = shuffled(bidders, random);
      if (order[order.length - 1] === last) order.reverse();
    }
    now += 300 + Math.floor(random() * 7700);
    last = order.pop()!;
    run({ type: 'PlaceBid', data: { bidId: randomUUID(), userId: `U${last}`, now } });
  }
  return out;
};

const shuffled = (n: number, random: () => number): number[] => {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};
