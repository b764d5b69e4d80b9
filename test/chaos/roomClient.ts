import { randomUUID } from 'node:crypto';
import { io as connect } from 'socket.io-client';
import type { Ack, JoinRoomResult, PlaceBidResult, RoomSnapshot } from '../../api/contract/index.ts';
import type { LiveRoom, LiveRoomAction } from '../../web/src/stores/liveRoom.ts';
import {
  initialLiveRoom,
  LIVE_ROOM_EVENTS,
  reduceLiveRoom,
  selectLeaderboard,
  selectParticipantRows,
} from '../../web/src/stores/liveRoom.ts';
import type { RoomSocket } from '../api/roomsHelpers.ts';

/** A deal the server acknowledged as stored. */
export interface AckedBid {
  bidId: string;
  roomCode: string;
  userId: string;
  amount: number;
  seq: number;
  /** When the ack arrived (`performance.now()` of this test process). */
  at?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A member's phone in a deal room, as the web client behaves: one socket that reconnects by
 * itself, the live-room reducer fed by every room event, a fresh snapshot (joinRoom) on every
 * connect and whenever the reducer sees a revision gap. A bidder places deals at random
 * moments while it may, and re-sends the same bid id when an answer does not come.
 */
export const roomClient = (options: {
  url: string;
  code: string;
  cookie: string | null;
  userId: string | null;
  bids: boolean;
  /** Pause between deal attempts, ms. */
  pace?: [number, number];
  ackTimeoutMs?: number;
  /** Stop bidding after this many acknowledged deals (so the round runs out on its timer). */
  stopAfter?: number;
}) => {
  const { code, userId } = options;
  const [minPause, maxPause] = options.pace ?? [60, 400];
  const ackTimeoutMs = options.ackTimeoutMs ?? 4000;
  const socket: RoomSocket = connect(options.url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    randomizationFactor: 0.5,
    timeout: 5000,
    extraHeaders: options.cookie ? { cookie: options.cookie } : {},
  });
  let state: LiveRoom = reduceLiveRoom(initialLiveRoom, { type: 'open', code });
  const acked: AckedBid[] = [];
  /** Every server event, with when it arrived (`performance.now()` of this test process). */
  const seen: { event: string; payload: Record<string, unknown>; at: number }[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) =>
    seen.push({ event, payload, at: performance.now() }),
  );
  const refusals: Record<string, number> = {};
  let connects = 0;
  let joining = false;
  let closed = false;
  const dispatch = (action: LiveRoomAction) => {
    state = reduceLiveRoom(state, action);
  };

  /** As the screen does: a fresh snapshot over the socket, or over REST when the socket gives no answer. */
  const viaRest = async () => {
    try {
      const res = await fetch(`${options.url}/api/rooms/${code}`, {
        headers: options.cookie ? { cookie: options.cookie } : {},
        signal: AbortSignal.timeout(ackTimeoutMs),
      });
      if (res.ok) dispatch({ type: 'snapshot', snapshot: (await res.json()) as RoomSnapshot });
    } catch {
      // the server went away: the next connect joins again
    }
  };
  let again = false;
  const join = async () => {
    // A connect while a join is waiting for its answer asks for one more join after it.
    if (joining) {
      again = true;
      return;
    }
    joining = true;
    try {
      do {
        again = false;
        if (!socket.connected) break;
        try {
          const ack = (await socket
            .timeout(ackTimeoutMs)
            .emitWithAck('joinRoom', { roomCode: code })) as Ack<JoinRoomResult>;
          if (ack.ok) {
            dispatch({
              type: 'snapshot',
              snapshot: ack.data.snapshot,
              canBid: ack.data.canBid,
              reason: ack.data.reason,
            });
          }
        } catch {
          await viaRest();
        }
      } while (again);
    } finally {
      joining = false;
    }
  };

  for (const type of LIVE_ROOM_EVENTS) {
    (socket as unknown as { on(e: string, f: (p: unknown) => void): void }).on(type, (payload) =>
      dispatch({ type, payload } as LiveRoomAction),
    );
  }
  socket.on('connect', () => {
    connects++;
    void join();
  });
  socket.on('disconnect', () => dispatch({ type: 'disconnected' }));
  // A refusal by the server (not a network failure) is not retried by socket.io: count it.
  socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
    if (error.data?.code) refusals[error.data.code] = (refusals[error.data.code] ?? 0) + 1;
  });

  const finished = () => state.status === 'completed' || state.status === 'cancelled';

  const placeOne = async () => {
    const bidId = randomUUID();
    for (let attempt = 0; attempt < 6 && !closed; attempt++) {
      if (!socket.connected) {
        await sleep(150);
        continue;
      }
      try {
        const ack = (await socket
          .timeout(ackTimeoutMs)
          .emitWithAck('placeBid', { roomCode: code, bidId })) as Ack<PlaceBidResult>;
        if (ack.ok) {
          const b = ack.data.bid;
          acked.push({
            bidId,
            roomCode: code,
            userId: b.user_id,
            amount: b.bid_amount,
            seq: b.seq,
            at: performance.now(),
          });
          dispatch({ type: 'bidAccepted', roomCode: code, result: ack.data });
        } else {
          refusals[ack.error.code] = (refusals[ack.error.code] ?? 0) + 1;
        }
        return;
      } catch {
        // No answer: the deal may or may not be stored; the same id is safe to send again.
      }
    }
  };

  const bidding = (async () => {
    if (!options.bids) return;
    while (!closed && !finished() && acked.length < (options.stopAfter ?? Infinity)) {
      await sleep(minPause + Math.random() * (maxPause - minPause));
      const s = state;
      const mayBid =
        s.phase === 'ready' &&
        !s.stale &&
        s.status === 'running' &&
        s.canBid &&
        s.used < s.maxAttempts &&
        s.highestBidder?.id !== userId;
      if (mayBid) await placeOne();
    }
  })();

  // The screen's effect: re-join when the reducer marks the state stale and the socket is up.
  const watcher = setInterval(() => {
    if (state.stale && socket.connected) void join();
  }, 100);

  return {
    code,
    userId,
    socket,
    acked,
    refusals,
    seen,
    get state() {
      return state;
    },
    /** How many times the socket connected again after the first time. */
    get reconnects() {
      return Math.max(0, connects - 1);
    },
    finished,
    async close() {
      closed = true;
      clearInterval(watcher);
      socket.disconnect();
      await bidding;
    },
  };
};
export type RoomClient = ReturnType<typeof roomClient>;

/** What the room screen shows, from a reduced live-room state (through the screen's own selectors). */
export const screenOf = (s: LiveRoom) => ({
  status: s.status,
  currentBid: s.currentBid,
  highestBidder: s.highestBidder,
  leaderboard: selectLeaderboard(s),
  participants: selectParticipantRows(s),
  winner: s.winner,
  finalBid: s.finalBid,
  endReason: s.endReason,
  endedAt: s.endedAt,
  revision: s.revision,
  used: s.used,
  remaining: s.remaining,
  prebooked: s.prebooked,
  canBid: s.canBid,
});

/** The same screen as a fresh page load shows it: the reducer fed only the REST snapshot. */
export const freshScreen = (snapshot: RoomSnapshot) =>
  screenOf(
    reduceLiveRoom(reduceLiveRoom(initialLiveRoom, { type: 'open', code: snapshot.room.room_code }), {
      type: 'snapshot',
      snapshot,
    }),
  );
