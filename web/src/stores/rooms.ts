import { NOT_ENOUGH_PARTICIPANTS } from '../../../engine/roomRules.ts';
import { create } from './create.ts';
import type { MemberCosts, RoomServerEvents, RoomSummary } from '../../../api/contract/index.ts';
import { api, ApiError } from '../lib/api.ts';
import { formatRupees } from '../lib/format.ts';
import { setWallet } from './session.ts';

export type Room = RoomSummary;

/** A room in My Deals: the room plus my remark, tab and attempts (GET /api/me/rooms). */
export type MyRoom = Room & {
  remark: 'only_joined' | 'winner' | 'looser';
  tab: 'prebooked' | 'won' | 'lost' | 'cancelled' | 'no_winner';
  used: number;
  remaining: number;
  fee_fate: 'refund' | 'reward' | 'kept' | null;
  /** The purchase offer and me: mine now, passed on from me, bought by me; null if never offered. */
  my_offer: 'yours' | 'passed' | 'bought' | null;
};

type List<T> = { status: 'idle' | 'loading' | 'ready' | 'error'; rooms: T[]; error: string | null };
const emptyList = <T>(): List<T> => ({ status: 'idle', rooms: [], error: null });

export type { MemberCosts };

/** `myCosts`: what rooms cost me (fees by fate, reward cash from rooms, won items), with My Deals. */
export type RoomsState = {
  upcoming: List<Room>;
  completed: List<Room>;
  mine: List<MyRoom>;
  myCosts: MemberCosts | null;
};

export const useRoomsStore = create<RoomsState>()(() => ({
  upcoming: emptyList(),
  completed: emptyList(),
  mine: emptyList(),
  myCosts: null,
}));

export const ROOM_MESSAGES = {
  fetchFailed: 'Failed to fetch rooms',
  myFetchFailed: 'Failed to fetch your rooms',
  serverError: 'Server error',
  loginToPrebook: 'Please login to pre-book.',
  loginToJoin: 'Please login to join a Deal.',
  socketDown: 'Socket not connected. Try again.',
  prebookFailed: 'Pre-book failed',
  prebookNetwork: 'Server error during pre-book',
} as const;

/** Storefront §8: "Error: " + the server's message, or "Failed to fetch rooms", or "Server error" when nothing answered. */
export const roomsFetchError = (error: unknown, fallback: string = ROOM_MESSAGES.fetchFailed): string => {
  if (error instanceof ApiError) {
    if (error.code === 'NETWORK') return ROOM_MESSAGES.serverError;
    return error.message && error.message !== ROOM_MESSAGES.serverError ? `Error: ${error.message}` : fallback;
  }
  return error instanceof Error && error.message ? error.message : ROOM_MESSAGES.serverError;
};

/**
 * Live updates that arrive while a list is being fetched, kept to be applied again on the fetched
 * list: the server may have read it before them, and its answer would otherwise undo them (a room
 * created while the page was loading vanished from it). Each update is safe to apply twice.
 */
const arriving = new Set<(() => void)[]>();
const live =
  <A>(apply: (payload: A) => void) =>
  (payload: A): void => {
    for (const updates of arriving) updates.push(() => apply(payload));
    apply(payload);
  };

export const fetchRooms = async (kind: 'upcoming' | 'completed'): Promise<void> => {
  useRoomsStore.setState((s) => ({ [kind]: { ...s[kind], status: s[kind].status === 'ready' ? 'ready' : 'loading' } }));
  const updates: (() => void)[] = [];
  arriving.add(updates);
  try {
    const body = await api<{ success: boolean; rooms?: Room[]; message?: string }>(`/api/rooms?status=${kind}`);
    if (!body?.success || !Array.isArray(body.rooms)) throw new Error(body?.message || ROOM_MESSAGES.fetchFailed);
    useRoomsStore.setState({ [kind]: { status: 'ready', rooms: body.rooms, error: null } });
    for (const update of updates) update();
  } catch (error) {
    useRoomsStore.setState((s) => ({ [kind]: { ...s[kind], status: 'error', error: roomsFetchError(error) } }));
  } finally {
    arriving.delete(updates);
  }
};

export const fetchMyRooms = async (): Promise<void> => {
  useRoomsStore.setState((s) => ({ mine: { ...s.mine, status: s.mine.status === 'ready' ? 'ready' : 'loading' } }));
  try {
    const body = await api<{ success: boolean; rooms?: MyRoom[]; costs?: MemberCosts; message?: string }>(
      '/api/me/rooms',
    );
    if (!body?.success || !Array.isArray(body.rooms)) throw new Error(body?.message || ROOM_MESSAGES.myFetchFailed);
    useRoomsStore.setState({
      mine: { status: 'ready', rooms: body.rooms, error: null },
      myCosts: body.costs ?? null,
    });
  } catch (error) {
    const message =
      error instanceof ApiError
        ? error.code === 'NETWORK'
          ? ROOM_MESSAGES.serverError
          : error.message || ROOM_MESSAGES.myFetchFailed
        : error instanceof Error && error.message
          ? error.message
          : ROOM_MESSAGES.serverError;
    useRoomsStore.setState((s) => ({ mine: { ...s.mine, status: 'error', error: message } }));
  }
};

const patchRoom = (code: string, patch: (r: Room) => Room) =>
  useRoomsStore.setState((s) => ({
    upcoming: { ...s.upcoming, rooms: s.upcoming.rooms.map((r) => (r.room_code === code ? patch(r) : r)) },
    completed: { ...s.completed, rooms: s.completed.rooms.map((r) => (r.room_code === code ? patch(r) : r)) },
  }));

type P<K extends keyof RoomServerEvents> = Parameters<RoomServerEvents[K]>[0];

/** `participants` and `preBookRoom` broadcasts: joined count, max and the list, live (storefront §4). */
export const applyParticipants = live((p: P<'participants'>): void =>
  patchRoom(p.roomCode, (r) =>
    p.revision < r.revision
      ? r
      : { ...r, joined_count: p.count, max_participants: p.max, participants: p.participants, revision: p.revision },
  ),
);

export const applyPreBook = live((p: P<'preBookRoom'>): void =>
  patchRoom(p.roomCode, (r) =>
    p.revision < r.revision
      ? r
      : { ...r, joined_count: p.joinedCount, participants: p.participants, revision: p.revision },
  ),
);

const sortUpcoming = (rooms: Room[]) => [...rooms].sort((a, b) => a.scheduled_time_ms - b.scheduled_time_ms);

/** A room created by an admin appears in Upcoming at once. */
export const applyNewRoom = live(({ room }: P<'newRoom'>): void =>
  useRoomsStore.setState((s) =>
    s.upcoming.rooms.some((r) => r.room_code === room.room_code)
      ? s
      : { upcoming: { ...s.upcoming, rooms: sortUpcoming([...s.upcoming.rooms, room]) } },
  ),
);

/** A room that starts, is cancelled or ends moves between the lists. */
export const applyRoomStatus = live(({ room }: P<'roomStatus'>): void =>
  useRoomsStore.setState((s) => {
    // A list read after this update already holds the room as it is now.
    const known = [...s.upcoming.rooms, ...s.completed.rooms].find((r) => r.room_code === room.room_code);
    if (known && known.revision > room.revision) return s;
    const upcomingRest = s.upcoming.rooms.filter((r) => r.room_code !== room.room_code);
    const completedRest = s.completed.rooms.filter((r) => r.room_code !== room.room_code);
    if (room.status === 'completed') {
      return {
        upcoming: { ...s.upcoming, rooms: upcomingRest },
        completed: { ...s.completed, rooms: [room, ...completedRest] },
      };
    }
    return { upcoming: { ...s.upcoming, rooms: sortUpcoming([...upcomingRest, room]) } };
  }),
);

/** Marks me as booked in a room right after my own pre-book, before the broadcast arrives. */
const markBooked = (code: string, userId: string, joinedCount: number) =>
  patchRoom(code, (r) => ({
    ...r,
    joined_count: Math.max(r.joined_count, joinedCount),
    participants: r.participants.includes(userId) ? r.participants : [...r.participants, userId],
  }));

const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * Pre-books a seat (the server moves the entry fee into the room). Resolves with the server's
 * message; rejects with an Error carrying the text to show (storefront §8).
 */
export const prebookRoom = async (code: string, userId: string): Promise<string> => {
  try {
    const body = await api<{ success: boolean; message?: string; wallet_balance?: number; joined_count?: number }>(
      `/api/rooms/${encodeURIComponent(code)}/prebook`,
      { method: 'POST', headers: { 'Idempotency-Key': newKey() } },
    );
    if (!body?.success) throw new Error(body?.message || ROOM_MESSAGES.prebookFailed);
    if (typeof body.wallet_balance === 'number') setWallet({ cash: body.wallet_balance });
    markBooked(code, userId, body.joined_count ?? 0);
    return body.message || 'Pre-booked successfully';
  } catch (error) {
    if (error instanceof ApiError) {
      throw new Error(
        error.code === 'NETWORK' ? ROOM_MESSAGES.prebookNetwork : error.message || ROOM_MESSAGES.prebookFailed,
      );
    }
    throw error instanceof Error ? error : new Error(ROOM_MESSAGES.prebookFailed);
  }
};

/** Storefront §8: joining a finished room names the winner and the final price instead. */
export const endedRoomMessage = (winnerName: string | null, finalBid: number | null): string =>
  `This room has already ended. Winner: ${winnerName ?? 'No winner'}, Final Price: ₹${
    finalBid === null ? '0' : formatRupees(finalBid).replace('₹', '')
  }`;

/** Checks a room before joining; resolves with the ended-room message, or null to go ahead (a failed check is only logged). */
export const checkRoomBeforeJoin = async (code: string): Promise<string | null> => {
  try {
    const body = await api<{ room: Room }>(`/api/rooms/${encodeURIComponent(code)}`);
    if (body.room.status === 'completed') return endedRoomMessage(body.room.winner_name, body.room.final_bid);
    return null;
  } catch (error) {
    console.warn('Room status check failed; joining anyway', error);
    return null;
  }
};

// ── What a deal card offers (storefront §4 table) ────────────────────────────────────────

export type CardAction =
  | { kind: 'prebook' }
  | { kind: 'full' }
  | { kind: 'booked' }
  | { kind: 'join' }
  | { kind: 'not_enough' }
  | { kind: 'cancelled' }
  | { kind: 'waitlisted' }
  | { kind: 'ended' };

export const CARD_ACTION_LABELS: Record<CardAction['kind'], string> = {
  prebook: 'Pre-Book',
  full: 'Room Full',
  booked: 'You have already booked',
  join: 'Join',
  not_enough: 'Not enough participants',
  cancelled: 'Cancelled',
  waitlisted: 'Pre-Book',
  ended: 'Deal Ended',
};

/** The one action a card shows for this viewer at `now` (server time). */
export const cardAction = (
  room: Pick<
    Room,
    'status' | 'participants' | 'joined_count' | 'max_participants' | 'scheduled_time_ms' | 'room_remarks'
  >,
  viewer: { id: string; access: 'granted' | 'waitlisted' } | null,
  now: number,
): CardAction => {
  if (room.status === 'completed') return { kind: 'ended' };
  // An admin's cancel (the remark is their reason) is not a room that failed to fill.
  if (room.status === 'cancelled' && room.room_remarks && room.room_remarks !== NOT_ENOUGH_PARTICIPANTS)
    return { kind: 'cancelled' };
  const full = room.joined_count >= room.max_participants;
  const started = now >= room.scheduled_time_ms;
  if (room.status === 'cancelled' || (started && !full)) return { kind: 'not_enough' };
  const booked = viewer !== null && room.participants.includes(viewer.id);
  if (booked) return started || room.status === 'running' ? { kind: 'join' } : { kind: 'booked' };
  if (full) return { kind: 'full' };
  if (viewer?.access === 'waitlisted') return { kind: 'waitlisted' };
  return { kind: 'prebook' };
};

/**
 * Upcoming Deals in the order a member acts on them: live rooms, then rooms still to start by
 * their time, then rooms cancelled in the last day (shown, but not counted as upcoming).
 */
export const upcomingInOrder = (rooms: readonly Room[]): { rooms: Room[]; count: number } => {
  const rank = (r: Room) => (r.status === 'running' ? 0 : r.status === 'cancelled' ? 2 : 1);
  const ordered = [...rooms].sort((a, b) => rank(a) - rank(b) || a.scheduled_time_ms - b.scheduled_time_ms);
  return { rooms: ordered, count: ordered.filter((r) => r.status !== 'cancelled').length };
};
