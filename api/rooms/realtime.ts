import type { z } from 'zod';
import type { RoomEvent, RoomState } from '../../engine/room.ts';
import { roomDecider, roomError, roomStream } from '../../engine/room.ts';
import type { SessionUser } from '../auth/session.ts';
import { actorOf, sessionHashOfCookie, WAITLIST_MESSAGE } from '../auth/session.ts';
import type { CommandResult } from '../commandHandler.ts';
import { handleCommand } from '../commandHandler.ts';
import type { Deps } from '../deps.ts';
import { inLane } from '../realtime/lanes.ts';
import { signedAck } from '../transparency/acks.ts';
import { metrics } from '../metrics.ts';
import { ApiError } from '../http/errors.ts';
import { tokenBucket } from '../http/tokenBucket.ts';
import { newId } from '../ids.ts';
import { answer } from '../realtime/answer.ts';
import type { PlaceBidResult } from '../contract/socket.ts';
import { RoomRequests } from '../contract/socket.ts';
import type { AppSocket, Io } from '../realtime/io.ts';
import { ROOM_LISTS_CHANNEL, roomChannel, userChannel } from '../realtime/io.ts';
import { currentRoomSnapshot, permissionOf } from './snapshot.ts';

const JoinPayload = RoomRequests.joinRoom.payload;
const BidPayload = RoomRequests.placeBid.payload;
const ListsPayload = RoomRequests.watchRoomLists.payload;

const parse = <T>(schema: z.ZodType<T>, payload: unknown): T => {
  const result = schema.safeParse(payload);
  if (!result.success) throw new ApiError(400, 'VALIDATION', result.error.issues.map((i) => i.message).join('; '));
  return result.data;
};

/** The session behind the socket, looked up on every event so logout and access grants apply at once. */
const userOf = (deps: Deps, socket: AppSocket): SessionUser | null =>
  deps.sessions.userFromCookie(socket.handshake.headers.cookie);

/** A deal as the ack shows it. */
const bidEntry = (bid: { seq: number; userId: string; userName: string; amount: number; at: number }) => ({
  seq: bid.seq,
  user_id: bid.userId,
  username: bid.userName,
  bid_amount: bid.amount,
  created_at: new Date(bid.at).toISOString(),
  created_at_ms: bid.at,
});

/** The ack of an accepted deal, from the room's state right after it (the decided events folded in). */
const bidResult = (result: CommandResult<RoomState, RoomEvent>, bidId: string, userId: string): PlaceBidResult => {
  const state = result.state;
  if (state.status !== 'running' && state.status !== 'ended') throw roomError('AUCTION_ENDED');
  const bid = state.bids.find((b) => b.bidId === bidId);
  if (!bid) throw roomError('AUCTION_ENDED');
  const used = state.attempts[userId] ?? 0;
  const revision = result.nextRevision - (result.events.length > 1 ? 1 : 0);
  return {
    bid: bidEntry(bid),
    currentBid: state.price,
    deadline: state.status === 'running' ? state.deadline : bid.at,
    used,
    remaining: Math.max(0, state.rules.maxAttempts - used),
    max: state.rules.maxAttempts,
    revision,
    ended: state.status === 'ended',
  };
};

/**
 * Places a deal for the signed-in member. The price is the server's (current + increment); the
 * answer comes only after the deal is durably appended to the room stream, and everything in it
 * comes from the decided events.
 */
export const placeBid = async (
  deps: Deps,
  user: SessionUser | null,
  code: string,
  bidId: string = newId(),
): Promise<PlaceBidResult> => {
  if (!user) throw new ApiError(401, 'UNAUTHENTICATED', 'Please login to join a Deal.');
  if (user.access !== 'granted') throw new ApiError(403, 'WAITLISTED', WAITLIST_MESSAGE);
  // A deal's time is when it arrived, so waiting its turn behind a racing deal never makes it late.
  const now = deps.clock.now();
  const result = await inLane(deps, code, () =>
    handleCommand(
      { store: deps.commands.store },
      roomStream(code),
      roomDecider,
      { type: 'PlaceBid', data: { bidId, userId: user.id, now } },
      // The client's id is scoped to the member and the room: reused elsewhere, it names another deal.
      { actor: actorOf(user), now, commandId: `bid:${code}:${user.id}:${bidId}` },
    ),
  );
  return result.events.length > 0 ? bidResult(result, bidId, user.id) : recordedBid(deps, code, bidId);
};

/**
 * The answer for a deal id sent again (a phone retrying after a timeout): exactly what was recorded
 * for that deal — its price, revision, deadline and attempts then — never the room as it is now.
 */
const recordedBid = async (deps: Deps, code: string, bidId: string): Promise<PlaceBidResult> => {
  const events = await deps.store.readStream(roomStream(code));
  const at = events.findIndex((e) => e.type === 'BidPlaced' && (e.data as { bidId?: string }).bidId === bidId);
  if (at === -1) throw roomError('AUCTION_ENDED');
  const placed = events[at]!;
  const bid = placed.data as Extract<RoomEvent, { type: 'BidPlaced' }>['data'];
  const max = (events[0]!.data as Extract<RoomEvent, { type: 'RoomCreated' }>['data']).maxAttempts;
  return {
    bid: bidEntry(bid),
    currentBid: bid.amount,
    deadline: events[at + 1]?.type === 'RoomEnded' ? bid.at : bid.deadline,
    used: bid.attempt,
    remaining: Math.max(0, max - bid.attempt),
    max,
    revision: placed.revision,
    ended: events[at + 1]?.type === 'RoomEnded',
  };
};

/**
 * Abuse limits that a fair member never meets: deals and joins per socket (a burst, then a steady
 * pace far above what fingers and the no-two-in-a-row rule allow), and open sockets per member
 * in this process (tabs and devices).
 */
export const SOCKET_LIMITS = {
  bids: { burst: 20, perSecond: 5 },
  joins: { burst: 20, perSecond: 5 },
  socketsPerMember: 10,
} as const;
export const TOO_FAST_MESSAGE = 'You are sending deals too fast. Please wait a moment and try again.';
export const JOINS_TOO_FAST_MESSAGE = 'You are opening rooms too fast. Please wait a moment and try again.';
export const TOO_MANY_SOCKETS_MESSAGE =
  'Too many open connections for your account. Close some tabs or devices and try again.';

const limited = (bucket: { take(): boolean }, message = TOO_FAST_MESSAGE) => {
  if (!bucket.take()) throw new ApiError(429, 'RATE_LIMITED', message);
};

/** Socket handlers for deal rooms: joinRoom, leaveRoom, placeBid — each validated and acknowledged. */
export const attachRoomSockets = (io: Io, deps: Deps): void => {
  const open = new Map<string, number>();
  /** Deals received by this process and not yet durably appended. */
  io.use((socket, next) => {
    const user = userOf(deps, socket);
    if (!user) return next();
    const count = open.get(user.id) ?? 0;
    if (count >= SOCKET_LIMITS.socketsPerMember) {
      return next(Object.assign(new Error(TOO_MANY_SOCKETS_MESSAGE), { data: { code: 'TOO_MANY_CONNECTIONS' } }));
    }
    open.set(user.id, count + 1);
    socket.once('disconnect', () => {
      const left = (open.get(user.id) ?? 1) - 1;
      if (left > 0) open.set(user.id, left);
      else open.delete(user.id);
    });
    next();
  });

  io.on('connection', (socket) => {
    const user = userOf(deps, socket);
    if (user) {
      socket.data.userId = user.id;
      socket.data.role = user.role;
      socket.data.sessionHash = sessionHashOfCookie(socket.handshake.headers.cookie);
      void socket.join(userChannel(user.id));
    }
    const bids = tokenBucket(SOCKET_LIMITS.bids.burst, SOCKET_LIMITS.bids.perSecond);
    const joins = tokenBucket(SOCKET_LIMITS.joins.burst, SOCKET_LIMITS.joins.perSecond);

    socket.on('joinRoom', (payload, ack) =>
      answer(deps, ack, async () => {
        limited(joins, JOINS_TOO_FAST_MESSAGE);
        const { roomCode } = parse(JoinPayload, payload);
        const me = userOf(deps, socket);
        // Join first, then read: every event after the snapshot reaches this socket.
        await socket.join(roomChannel(roomCode));
        let snapshot;
        try {
          snapshot = await currentRoomSnapshot(deps, roomCode, me);
        } catch (error) {
          await socket.leave(roomChannel(roomCode));
          throw error;
        }
        const prebooked = snapshot.me?.prebooked ?? false;
        const status = snapshot.room.status === 'completed' ? 'ended' : snapshot.room.status;
        const { canBid, reason } = permissionOf(status, me, prebooked);
        socket.emit('joinStatus', {
          roomCode,
          canBid,
          reason,
          used: snapshot.me?.used ?? 0,
          remaining: snapshot.me?.remaining ?? 0,
          max: snapshot.room.max_attempts,
        });
        return { snapshot, canBid, reason, serverTime: deps.clock.now() };
      }),
    );

    socket.on('leaveRoom', (payload, ack) =>
      answer(deps, ack, async () => {
        limited(joins, JOINS_TOO_FAST_MESSAGE);
        const { roomCode } = parse(JoinPayload, payload);
        await socket.leave(roomChannel(roomCode));
        return { left: true as const };
      }),
    );

    socket.on('watchRoomLists', (payload, ack) =>
      answer(deps, ack, async () => {
        limited(joins, JOINS_TOO_FAST_MESSAGE);
        const { watch } = parse(ListsPayload, payload);
        if (watch) await socket.join(ROOM_LISTS_CHANNEL);
        else await socket.leave(ROOM_LISTS_CHANNEL);
        return { watching: watch };
      }),
    );

    // The ack carries the server's signed acknowledgement of the deal at its place in the log, so
    // it leaves once the log's tree holds the deal (the commit's projection): the bidder keeps it.
    socket.on('placeBid', (payload, ack) => {
      const latency = metrics.bidAck.startTimer();
      return answer(deps, ack, async () => {
        try {
          limited(bids);
          const { roomCode, bidId } = parse(BidPayload, payload);
          const user = userOf(deps, socket);
          const result = await placeBid(deps, user, roomCode, bidId);
          const answered = { ...result, proof: await signedAck(deps, roomStream(roomCode), result.revision) };
          latency({ result: 'accepted' });
          // At debug, the deal's line carries the correlation id its events carry (the deal's command id).
          if (deps.config.LOG_LEVEL === 'debug' && user && bidId)
            deps.log
              .child({ actor: user.id, correlationId: `bid:${roomCode}:${user.id}:${bidId}` })
              .debug('deal accepted', { room: roomCode, seq: result.bid.seq, revision: result.revision });
          return answered;
        } catch (error) {
          latency({ result: 'refused' });
          throw error;
        }
      });
    });
  });
};
