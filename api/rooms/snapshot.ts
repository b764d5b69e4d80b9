import { roomError } from '../../engine/room.ts';
import type { RoomRow } from '../../projections/roomQueries.ts';
import { bidRows, participantRows, roomRow } from '../../projections/roomQueries.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import type { JoinReason } from '../contract/index.ts';
import type { RoomSnapshot } from '../contract/rooms.ts';
import { projectedNow } from '../projected.ts';
import { remarkOf, toBidEntry, toParticipant, toRoomSummary } from './views.ts';

/** Whether a member may place deals in a room, and why not. */
export const permissionOf = (
  status: RoomRow['status'],
  user: SessionUser | null,
  prebooked: boolean,
): { canBid: boolean; reason: JoinReason } => {
  if (!user) return { canBid: false, reason: 'not_logged_in' };
  if (!prebooked) return { canBid: false, reason: 'not_prebooked' };
  if (user.access !== 'granted') return { canBid: false, reason: 'waitlisted' };
  if (status === 'cancelled') return { canBid: false, reason: 'cancelled' };
  if (status === 'ended') return { canBid: false, reason: 'ended' };
  return { canBid: true, reason: 'participant' };
};

/** The member's permission in the REST snapshot, as `joinRoom` answers it (a finished room is `ended`). */
const permissionView = (status: RoomRow['status'] | 'completed', user: SessionUser, prebooked: boolean) => {
  const { canBid, reason } = permissionOf(status === 'completed' ? 'ended' : status, user, prebooked);
  return { can_bid: canBid, reason };
};

/** The full room as one consistent read: rules, state, participants, history and the member's own view. */
export const roomSnapshot = (
  deps: Pick<Deps, 'clock' | 'readDb'>,
  code: string,
  user: SessionUser | null,
): RoomSnapshot => {
  const read = deps.readDb.sqlite.transaction(() => {
    const room = roomRow(deps.readDb, code);
    if (!room) throw roomError('ROOM_NOT_FOUND');
    return { room, participants: participantRows(deps.readDb, code), bids: bidRows(deps.readDb, code) };
  });
  const { room, participants, bids } = read();
  const now = deps.clock.now();
  const mine = user ? participants.find((p) => p.user_id === user.id) : undefined;
  const used = mine?.bids_used ?? 0;
  const last = bids.at(-1);
  return {
    room: toRoomSummary(room, participants, now),
    participants: participants.map((p) => toParticipant(p, room.max_attempts)),
    history: bids.map(toBidEntry),
    bidCounts: Object.fromEntries(participants.map((p) => [p.user_id, p.bids_used])),
    userMap: Object.fromEntries(participants.map((p) => [p.user_id, p.user_name])),
    winner: room.winner_id ? { id: room.winner_id, username: room.winner_name ?? '' } : null,
    me: user
      ? {
          user_id: user.id,
          prebooked: !!mine,
          ...permissionView(room.status, user, !!mine),
          used,
          remaining: mine ? Math.max(0, room.max_attempts - used) : 0,
          max: room.max_attempts,
          remark: remarkOf(room, user.id, !!mine),
          is_winner: room.winner_id === user.id,
          holds_highest: room.status === 'running' && last?.user_id === user.id,
        }
      : null,
  };
};

/**
 * `roomSnapshot` once the read models hold everything in the log now. Deals are broadcast from the
 * durable events, ahead of the read models: a snapshot older than a broadcast its reader already
 * missed would leave a gap, so a snapshot waits for its position, as commands do.
 */
export const currentRoomSnapshot = async (
  deps: Pick<Deps, 'clock' | 'readDb' | 'store' | 'projections' | 'config'>,
  code: string,
  user: SessionUser | null,
): Promise<RoomSnapshot> => {
  await projectedNow(deps);
  return roomSnapshot(deps, code, user);
};
