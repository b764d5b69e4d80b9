import type { Deps } from '../../api/deps.ts';
import { handleCommand } from '../../api/commandHandler.ts';
import type { Actor, RecordedEvent } from '../../engine/eventStore.ts';
import type { RoomCommand } from '../../engine/room.ts';
import { roomDecider, roomStream } from '../../engine/room.ts';

/** Deal rooms played straight through the room decider and the command handler, for the audit tests. */

export const MEMBERS = [
  { userId: 'aud-kavya', userName: 'Kavya R' },
  { userId: 'aud-arun', userName: 'Arun K' },
  { userId: 'aud-meena', userName: 'Meena S' },
] as const;

export interface PlayedRoom {
  code: string;
  events: RecordedEvent[];
  /** userIds of the accepted bids, in order. */
  bidders: string[];
}

/**
 * Creates a room, books every member, starts it at `start`, places the bids (`bidders`, one every
 * `gapMs`) and, unless `finish` is false, closes the round at the deadline (caused by the last bid).
 * Entry fee and reward are 0, so the settlement saga has nothing to move.
 */
export const playRoom = async (
  deps: Pick<Deps, 'commands' | 'store'>,
  code: string,
  options: {
    start: number;
    bidders: string[];
    gapMs?: number;
    finish?: boolean;
    /** Creation this long before the start (default 1 h). */ leadMs?: number;
  },
): Promise<PlayedRoom> => {
  const stream = roomStream(code);
  const gap = options.gapMs ?? 7_000;
  const lead = options.leadMs ?? 3_600_000;
  const bookAt = options.start - Math.min(600_000, lead / 2);
  let n = 0;
  const run = (command: RoomCommand, actor: Actor, now: number, causationId?: string) =>
    handleCommand(deps.commands, stream, roomDecider, command, {
      actor,
      now,
      commandId: `audit-test:${code}:${n++}`,
      causationId: causationId ?? null,
    });
  const admin: Actor = { userId: 'aud-admin', role: 'admin' };
  await run(
    {
      type: 'CreateRoom',
      data: {
        rules: {
          code,
          product: { id: 'aud-p1', code: 'PRD-AUD', name: 'Boat Rockerz 450', imageUrl: null },
          totalPrice: 1_999_00,
          basePrice: 500_00,
          maxPrice: 5_000_00,
          bidValue: 10_00,
          bidSeconds: 60,
          entryFee: 0,
          maxParticipants: MEMBERS.length,
          scheduledTime: options.start,
          rewardCash: 0,
          maxAttempts: 5,
          createdBy: { userId: 'aud-admin', name: 'Admin' },
        },
        now: options.start - lead,
      },
    },
    admin,
    options.start - lead,
  );
  for (const [i, m] of MEMBERS.entries()) {
    await run(
      { type: 'BookSeat', data: { reservationId: `aud-${code}-${m.userId}`, ...m, now: bookAt + i } },
      { userId: m.userId, role: 'member' },
      bookAt + i,
    );
  }
  await run({ type: 'StartRoom', data: { now: options.start } }, 'system', options.start);
  let now = options.start;
  for (const [i, userId] of options.bidders.entries()) {
    now = options.start + (i + 1) * gap;
    await run(
      { type: 'PlaceBid', data: { bidId: `aud-${code}-bid-${i}`, userId, now } },
      { userId, role: 'member' },
      now,
    );
  }
  if (options.finish !== false) {
    const events = await deps.store.readStream(stream);
    const lastBid = events.filter((e) => e.type === 'BidPlaced').at(-1);
    const closeAt = now + 60_000;
    await run({ type: 'CloseRound', data: { now: closeAt } }, 'system', closeAt, lastBid?.id);
  }
  return { code, events: await deps.store.readStream(stream), bidders: options.bidders };
};
