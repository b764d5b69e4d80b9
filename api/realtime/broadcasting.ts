import type { RecordedEvent } from '../../engine/eventStore.ts';
import type { Logger } from '../logger.ts';
import type { Io } from './io.ts';
import { withHeldWrites } from './heldWrites.ts';

/**
 * One feature's broadcasts: it turns a committed batch of events into socket events. Every
 * feature (rooms, wallet, shop, league) gives one, and the composition root lists them all in
 * one place (`api/server.ts`); nothing else subscribes to the log to broadcast.
 */
export interface Broadcaster {
  name: string;
  /** Main-namespace channels this batch's broadcasts go to: their sockets send the batch as one write. */
  channels?(events: readonly RecordedEvent[]): Iterable<string>;
  broadcast(events: readonly RecordedEvent[]): void;
}

/**
 * Sends every committed batch to every broadcaster, in list order, with the sockets of all their
 * channels holding their writes until the batch is sent. A broadcaster that throws is logged and
 * the others still run: a bug in one feature's push must not silence the rest.
 */
export const broadcastBatches =
  (io: Io, broadcasters: readonly Broadcaster[], log: Logger, { debug = false } = {}) =>
  (events: readonly RecordedEvent[]): void => {
    const channels = new Set<string>();
    for (const b of broadcasters) for (const c of b.channels?.(events) ?? []) channels.add(c);
    withHeldWrites(io, channels, () => {
      for (const b of broadcasters) {
        try {
          b.broadcast(events);
        } catch (error) {
          log.error('broadcast failed', { broadcaster: b.name, error });
        }
      }
    });
    // At debug: which commands' events were just broadcast (their correlation ids), to follow a bid to its broadcast.
    if (debug)
      log.debug('broadcast', {
        events: events.length,
        correlationIds: [...new Set(events.map((e) => e.metadata.correlationId))].slice(0, 20),
      });
  };
