import type { RoomCommand } from '../../engine/room.ts';
import { roomDecider, roomStream } from '../../engine/room.ts';
import { dueWork, nextDueAt } from '../../projections/roomQueries.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { inLane } from '../realtime/lanes.ts';
import { sweep } from './sagas.ts';

export interface RoomScheduler {
  /** Runs everything due at `deps.clock.now()` once: starts/cancels, round closes, purchase expiries. */
  tick(): Promise<void>;
  /** Finishes or compensates half-done sagas (see `sweep`). */
  sweep(): Promise<{ repaired: number; settled: number }>;
  stop(): Promise<void>;
}

/**
 * The deal scheduler. It reads what is due from the rooms read model and sends the room the
 * command with `now` from the clock; the decider ignores anything no longer due, and each command
 * carries a deterministic id per deadline, so a restart, a slow tick or a second server process
 * never starts a room or closes a round twice (the expected revision lets one append win).
 * Overdue work fires once on start-up. Settlement follows from the projected end events.
 */
export const createRoomScheduler = (
  deps: Deps,
  options: { intervalMs: number; sweepIntervalMs: number },
): RoomScheduler => {
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };

  /**
   * Sends one room its command, timed when the room's turn comes: a tick's earlier commands (each
   * an append and a wait for the read models) never make a later room start, close or pass its
   * offer on in the past, so a room opened late in a busy tick still gets its full first round.
   */
  const send = async (code: string, command: (now: number) => RoomCommand, commandId: string) => {
    let type: RoomCommand['type'] | undefined;
    try {
      await inLane(deps, code, () => {
        const now = deps.clock.now();
        const timed = command(now);
        type = timed.type;
        return handleCommand(deps.commands, roomStream(code), roomDecider, timed, {
          actor: 'system',
          now,
          commandId,
        });
      });
    } catch (error) {
      deps.log.error('scheduled room command failed; will retry on the next tick', {
        room: code,
        command: type,
        error,
      });
    }
  };

  const runTick = async () => {
    // The tick's clock reading only chooses what is due; each command takes its own.
    const due = dueWork(deps.readDb, deps.clock.now());
    for (const code of due.toStart) await send(code, (now) => ({ type: 'StartRoom', data: { now } }), `start:${code}`);
    for (const { code, deadline } of due.toClose) {
      await send(code, (now) => ({ type: 'CloseRound', data: { now } }), `close:${code}:${deadline}`);
    }
    // One id per window (the winner's, then each runner-up's): event ids follow from it, so a
    // second window's expiry under the first one's id would be refused as a duplicate.
    for (const { code, deadline } of due.toExpire) {
      await send(code, (now) => ({ type: 'ExpirePurchaseWindow', data: { now } }), `expire:${code}:${deadline}`);
    }
  };

  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const loop = (every: number, work: () => Promise<unknown>, wait: () => number = () => every) => {
    if (every <= 0) return;
    const again = () => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        work().then(again, (error: unknown) => {
          deps.log.error('scheduler loop failed', { error });
          again();
        });
      }, wait());
      timers.add(timer);
    };
    again();
  };
  const scheduler: RoomScheduler = {
    tick: () => serial(runTick),
    sweep: () => serial(() => sweep(deps)),
    async stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await chain;
    },
  };
  // Wake at the next deadline when it is sooner than the interval, so rounds close on time.
  const untilNextDue = () => {
    const next = nextDueAt(deps.readDb);
    const ms = next === null ? options.intervalMs : next - deps.clock.now();
    return ms > 0 ? Math.min(options.intervalMs, ms + 1) : options.intervalMs;
  };
  loop(options.intervalMs, () => scheduler.tick(), untilNextDue);
  loop(options.sweepIntervalMs, () => scheduler.sweep());
  return scheduler;
};
