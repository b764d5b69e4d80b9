import type { RoomEvent, RoomState } from '../../engine/room.ts';
import { roomDecider } from '../../engine/room.ts';
import type { Figure } from './harness.ts';
import { rate, timed } from './harness.ts';
import { roomHistory } from './history.ts';

/** Folds a 10,000-event room with the engine's own evolve (the replay screen does the same in the browser). */
export const replayFigure = async (): Promise<Figure> => {
  const head = roomHistory('RPLY01', 10, 20).filter(
    (e) => e.type !== 'BidPlaced' && e.type !== 'RoomEnded',
  ) as unknown as RoomEvent[];
  const events: RoomEvent[] = [...head];
  const startedAt = 1_795_000_000_000;
  for (let i = 0; events.length < 10_000; i++) {
    events.push({
      type: 'BidPlaced',
      data: {
        bidId: `b${i}`,
        seq: i + 1,
        userId: `U${i % 10}`,
        userName: `Member ${i % 10}`,
        amount: 1_000_00 + (i + 1) * 10_00,
        attempt: Math.floor(i / 10) + 1,
        at: startedAt + i * 1000,
        deadline: startedAt + i * 1000 + 30_000,
      },
    });
  }
  const rounds = 5;
  const { ms } = await timed(() => {
    let last: RoomState = roomDecider.initialState;
    for (let r = 0; r < rounds; r++) last = events.reduce(roomDecider.evolve, roomDecider.initialState);
    return last;
  });
  return {
    name: 'replay fold of a 10,000-event room',
    value: rate(events.length * rounds, ms),
    unit: 'events/s',
    notes: `${(ms / rounds).toFixed(1)} ms per fold`,
  };
};
