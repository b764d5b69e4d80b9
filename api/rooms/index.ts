import type { Deps } from '../deps.ts';
import type { Io } from '../realtime/io.ts';
import { attachRoomSockets } from './realtime.ts';
import { settleRoom } from './sagas.ts';
import type { RoomScheduler } from './scheduler.ts';
import { createRoomScheduler } from './scheduler.ts';
import { projectedNow } from '../projected.ts';

export interface RoomServices extends RoomScheduler {
  /** Resolves once every settlement triggered so far has run (tests use it after a tick). */
  settled(): Promise<void>;
}

/**
 * Starts the live side of deal rooms: socket handlers, the settlement saga on every projected end
 * or cancellation, and the scheduler and sweeper loops (the rooms' broadcasts are the
 * `roomBroadcaster`, listed with the others by the composition root).
 * Overdue starts and round closes, and any half-done saga, are handled once right away.
 */
export const startRooms = async (deps: Deps, io: Io): Promise<RoomServices> => {
  attachRoomSockets(io, deps);
  let settling: Promise<unknown> = Promise.resolve();
  const unsubscribe = deps.projections.onApplied((events) => {
    for (const e of events) {
      if (e.streamName.startsWith('room-') && (e.type === 'RoomEnded' || e.type === 'RoomCancelled')) {
        const code = e.streamName.slice('room-'.length);
        settling = settling
          .then(() => settleRoom(deps, code))
          .catch((error: unknown) => deps.log.error('settlement failed', { room: code, error }));
      }
    }
  });
  const scheduler = createRoomScheduler(deps, {
    intervalMs: deps.config.SCHEDULER_INTERVAL_MS,
    sweepIntervalMs: deps.config.SWEEPER_INTERVAL_MS,
  });
  await scheduler.tick();
  await scheduler.sweep();
  return {
    ...scheduler,
    settled: async () => {
      await projectedNow(deps);
      let current;
      do {
        current = settling;
        await current;
      } while (current !== settling);
      // Settlement does not wait for the read models; whoever waits on it reads them next.
      await projectedNow(deps);
    },
    async stop() {
      unsubscribe();
      await scheduler.stop();
      await settling;
    },
  };
};
