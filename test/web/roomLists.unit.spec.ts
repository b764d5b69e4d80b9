import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Room } from '../../web/src/stores/rooms.ts';
import { applyNewRoom, applyRoomStatus, fetchRooms, useRoomsStore } from '../../web/src/stores/rooms.ts';

/** A room summary as the list and the broadcasts carry it (only what the list reads matters here). */
const room = (code: string, revision: number, status: Room['status'] = 'upcoming', at = 1_000): Room =>
  ({
    room_code: code,
    status,
    revision,
    scheduled_time_ms: at,
    joined_count: 0,
    participants: [],
  }) as unknown as Room;

/** A fetch of the list that answers only when told, with what the server read before. */
const heldFetch = () => {
  let answer: (rooms: Room[]) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = (rooms) => resolve(new Response(JSON.stringify({ success: true, rooms }), { status: 200 }));
        }),
    ),
  );
  return (rooms: Room[]) => answer(rooms);
};

afterEach(() => {
  vi.unstubAllGlobals();
  useRoomsStore.setState(useRoomsStore.getInitialState());
});

describe('the live room lists', () => {
  it('keep a room created while the list was loading, when the server read the list before it', async () => {
    const answer = heldFetch();
    const loading = fetchRooms('upcoming');
    applyNewRoom({ room: room('NEW001', 0, 'upcoming', 2_000) });
    answer([room('OLD001', 3)]);
    await loading;
    expect(useRoomsStore.getState().upcoming.rooms.map((r) => r.room_code)).toEqual(['OLD001', 'NEW001']);
  });

  it('keep a start that came while loading, and never go back to an older one than the list holds', async () => {
    const answer = heldFetch();
    const loading = fetchRooms('upcoming');
    applyRoomStatus({ room: room('ROOM01', 5, 'running') });
    answer([room('ROOM01', 4)]);
    await loading;
    expect(useRoomsStore.getState().upcoming.rooms).toMatchObject([{ room_code: 'ROOM01', status: 'running' }]);
    applyRoomStatus({ room: room('ROOM01', 3, 'upcoming') });
    expect(useRoomsStore.getState().upcoming.rooms).toMatchObject([{ room_code: 'ROOM01', revision: 5 }]);
  });
});
