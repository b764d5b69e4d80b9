import type { Namespace, Socket } from 'socket.io';
import { DomainError } from '../../engine/decider.ts';
import type { LeagueEvent } from '../../engine/league.ts';
import {
  AUCTION_FINISHED_MESSAGE,
  isLeagueCode,
  LEAGUE_MESSAGES,
  leagueCode,
  leagueStream,
} from '../../engine/league.ts';
import type { RecordedEvent } from '../../engine/eventStore.ts';
import { leagueByCode, leagueCodeOfStream, leagueTeams } from '../../projections/league.ts';
import type { SessionUser } from '../auth/session.ts';
import { WAITLIST_MESSAGE, actorOf } from '../auth/session.ts';
import type { Deps } from '../deps.ts';
import { ApiError } from '../http/errors.ts';
import { tokenBucket } from '../http/tokenBucket.ts';
import { answer } from '../realtime/answer.ts';
import { signedAck } from '../transparency/acks.ts';
import type { Broadcaster } from '../realtime/broadcasting.ts';
import type { Io } from '../realtime/io.ts';
import { leagueChannel } from '../realtime/io.ts';
import { runLeague } from './commands.ts';
import { playersOf, snapshotOf, teamRef, teamsOf } from './payloads.ts';
import type { AplClientToServerEvents, AplServerToClientEvents } from '../contract/league.ts';
import { APL_NAMESPACE, AplRequests } from '../contract/league.ts';
import { createLeagueScheduler } from './scheduler.ts';
import { asDomainEvent } from '../../engine/eventStore.ts';

interface AplSocketData {
  leagueCode: string | null;
}

type AplNamespace = Namespace<AplClientToServerEvents, AplServerToClientEvents, Record<string, never>, AplSocketData>;
type AplSocket = Socket<AplClientToServerEvents, AplServerToClientEvents, Record<string, never>, AplSocketData>;

const roomOf = leagueChannel;
const JoinPayload = AplRequests.apl_join_auction.payload;
const BidPayload = AplRequests.apl_place_bid.payload;
const UndoPayload = AplRequests.apl_undo_bid.payload;

/** Emits the spec's `apl_*` events for projected league events, from the read model, with the stream revision. */
const broadcast = (nsp: AplNamespace, deps: Deps, events: readonly RecordedEvent[]) => {
  const byLeague = new Map<string, RecordedEvent[]>();
  for (const e of events) {
    const code = leagueCodeOfStream(e.streamName);
    if (!code) continue;
    const list = byLeague.get(code);
    if (list) list.push(e);
    else byLeague.set(code, [e]);
  }
  for (const [code, recorded] of byLeague) {
    const room = nsp.to(roomOf(code));
    let teamsChanged = false;
    let playersChanged = false;
    let waiting = false;
    const players = playersOf(deps.readDb, code);
    const teams = leagueTeams(deps.readDb, code);
    for (const r of recorded) {
      const e = asDomainEvent<LeagueEvent>(r);
      const revision = r.revision;
      switch (e.type) {
        case 'TeamAdded':
        case 'TeamRemoved':
          teamsChanged = true;
          break;
        case 'PlayerAdded':
        case 'PlayerRemoved':
          playersChanged = true;
          break;
        case 'PlayerAuctionStarted': {
          const player = players.find((p) => p.id === e.data.playerId);
          if (player) {
            const { startingBid: currentBid, deadline, round } = e.data;
            room.emit('apl_auction_start', {
              player: { ...player, status: 'live' },
              currentBid,
              deadline,
              round,
              revision,
            });
          }
          playersChanged = true;
          waiting = false;
          break;
        }
        case 'BidPlaced': {
          const team = teams.find((t) => t.teamId === e.data.teamId);
          if (team) {
            const { amount: currentBid, deadline } = e.data;
            room.emit('apl_bid_update', { currentBid, highestBidder: teamRef(team), deadline, revision });
          }
          break;
        }
        case 'PlayerSold':
        case 'PlayerUnsold': {
          const player = players.find((p) => p.id === e.data.playerId);
          const team = e.type === 'PlayerSold' ? teams.find((t) => t.teamId === e.data.teamId) : undefined;
          if (player) room.emit('apl_player_sold', { player, team: team ? teamRef(team) : null, revision });
          teamsChanged = playersChanged = waiting = true;
          break;
        }
        case 'AuctionFinished':
          room.emit('apl_auction_end', { message: AUCTION_FINISHED_MESSAGE, revision });
          waiting = false;
          break;
        case 'AuctionPaused':
          room.emit('apl_auction_paused', {
            paused: true,
            remainingMs: e.data.remainingMs,
            deadline: e.data.at + e.data.remainingMs,
            revision,
          });
          break;
        case 'AuctionResumed':
          room.emit('apl_auction_paused', { paused: false, remainingMs: null, deadline: e.data.deadline, revision });
          break;
        case 'BidUndone': {
          const undone = teams.find((t) => t.teamId === e.data.teamId);
          const leader = teams.find((t) => t.teamId === e.data.leaderTeamId);
          if (undone)
            room.emit('apl_bid_undone', {
              team: teamRef(undone),
              amount: e.data.amount,
              reason: e.data.reason,
              currentBid: e.data.currentBid,
              highestBidder: leader ? teamRef(leader) : null,
              deadline: e.data.deadline,
              revision,
            });
          break;
        }
        case 'RoleQuotasSet':
          break;
        case 'LeagueCreated':
          break;
      }
    }
    const revision = recorded[recorded.length - 1]!.revision;
    if (teamsChanged) room.emit('apl_teams_update', { teams: teamsOf(deps.readDb, code), revision });
    if (playersChanged) room.emit('apl_players_update', { players, revision });
    if (waiting && leagueByCode(deps.readDb, code)?.status === 'waiting') room.emit('apl_wait_for_admin', { revision });
  }
};

/**
 * The league auction namespace `/apl`: websocket only, identity from the session cookie on every
 * event (never from the payload), view-only for members without a team, admin actions for role
 * `admin`. Broadcasts come from projected events; the deadline scheduler closes players.
 */
/** League bids per member (all their sockets in this process together): a burst of 10, then 3 a second. */
export const LEAGUE_BID_LIMIT = { burst: 10, perSecond: 3 } as const;
export const LEAGUE_TOO_FAST_MESSAGE = 'You are bidding too fast. Please wait a moment and try again.';

export const attachLeague = (io: Io, deps: Deps) => {
  const nsp = io.of(APL_NAMESPACE) as unknown as AplNamespace;
  const bidBuckets = new Map<string, ReturnType<typeof tokenBucket>>();
  const bidAllowed = (userId: string) => {
    let bucket = bidBuckets.get(userId);
    if (!bucket) bidBuckets.set(userId, (bucket = tokenBucket(LEAGUE_BID_LIMIT.burst, LEAGUE_BID_LIMIT.perSecond)));
    return bucket.take();
  };
  const userOf = (socket: AplSocket): SessionUser => {
    const user = deps.sessions.userFromCookie(socket.handshake.headers.cookie);
    if (!user) throw new DomainError('UNAUTHENTICATED', 'Please log in.');
    return user;
  };
  const joinedLeague = (socket: AplSocket): string => {
    const code = socket.data.leagueCode;
    if (!code) throw new DomainError('NOT_JOINED', 'Join a league auction first.');
    return code;
  };

  nsp.use((socket, next) => {
    if (socket.conn.transport.name !== 'websocket') {
      return next(
        Object.assign(new Error('The league auction needs a WebSocket connection.'), {
          data: { code: 'WEBSOCKET_ONLY' },
        }),
      );
    }
    if (!deps.sessions.userFromCookie(socket.handshake.headers.cookie)) {
      return next(Object.assign(new Error('Please log in.'), { data: { code: 'UNAUTHENTICATED' } }));
    }
    next();
  });

  nsp.on('connection', (socket) => {
    socket.data.leagueCode = null;
    socket.on('apl_join_auction', (payload, ack) =>
      answer(deps, ack, async () => {
        const user = userOf(socket);
        const parsed = JoinPayload.safeParse(payload);
        if (!parsed.success || !isLeagueCode(parsed.data.roomCode))
          throw new DomainError('LEAGUE_NOT_FOUND', 'League not found.');
        const code = leagueCode(parsed.data.roomCode);
        const snapshot = snapshotOf(deps.readDb, code, user, deps.clock.now());
        if (!snapshot) throw new DomainError('LEAGUE_NOT_FOUND', 'League not found.');
        if (socket.data.leagueCode && socket.data.leagueCode !== code)
          await socket.leave(roomOf(socket.data.leagueCode));
        await socket.join(roomOf(code));
        socket.data.leagueCode = code;
        return snapshot;
      }),
    );
    socket.on('apl_start_auction', (_payload, ack) =>
      answer(deps, ack, async () => {
        const user = userOf(socket);
        const code = joinedLeague(socket);
        await runLeague(deps, code, actorOf(user), (now) => ({
          type: 'StartNextPlayer',
          data: { by: { userId: user.id, role: user.role }, now },
        }));
        return { started: true };
      }),
    );
    socket.on('apl_end_auction', (_payload, ack) =>
      answer(deps, ack, async () => {
        const user = userOf(socket);
        const code = joinedLeague(socket);
        await runLeague(deps, code, actorOf(user), (now) => ({
          type: 'EndAuction',
          data: { by: { userId: user.id, role: user.role }, now },
        }));
        return { ended: true as const };
      }),
    );
    const adminCommand = (command: 'PauseAuction' | 'ResumeAuction') => async (): Promise<void> => {
      // `socket` is in scope: the admin check is the decider's (role from the session, never the payload).
      const user = userOf(socket);
      await runLeague(deps, joinedLeague(socket), actorOf(user), (now) => ({
        type: command,
        data: { by: { userId: user.id, role: user.role }, now },
      }));
    };
    socket.on('apl_pause_auction', (_payload, ack) =>
      answer(deps, ack, async () => {
        await adminCommand('PauseAuction')();
        return { paused: true as const };
      }),
    );
    socket.on('apl_resume_auction', (_payload, ack) =>
      answer(deps, ack, async () => {
        await adminCommand('ResumeAuction')();
        return { resumed: true as const };
      }),
    );
    socket.on('apl_undo_bid', (payload, ack) =>
      answer(deps, ack, async () => {
        const user = userOf(socket);
        const parsed = UndoPayload.safeParse(payload);
        if (!parsed.success) throw new DomainError('REASON_REQUIRED', LEAGUE_MESSAGES.reasonRequired);
        await runLeague(deps, joinedLeague(socket), actorOf(user), (now) => ({
          type: 'UndoLastBid',
          data: { by: { userId: user.id, role: user.role }, reason: parsed.data.reason, now },
        }));
        return { undone: true as const };
      }),
    );
    socket.on('apl_place_bid', (payload, ack) =>
      answer(deps, ack, async () => {
        const user = userOf(socket);
        if (!bidAllowed(user.id)) throw new ApiError(429, 'RATE_LIMITED', LEAGUE_TOO_FAST_MESSAGE);
        const code = joinedLeague(socket);
        const parsed = BidPayload.safeParse(payload);
        if (!parsed.success) throw new DomainError('VALIDATION', 'The bid amount must be a whole number of points.');
        if (user.access !== 'granted') throw new DomainError('WAITLISTED', WAITLIST_MESSAGE);
        const amount = parsed.data?.bidAmount;
        const { events, nextRevision } = await runLeague(deps, code, actorOf(user), (now) => ({
          type: 'PlaceBid',
          data: { userId: user.id, amount, now },
        }));
        const at = events.findIndex((e) => e.type === 'BidPlaced');
        const placed = events[at];
        if (placed?.type !== 'BidPlaced') return { currentBid: 0, proof: null };
        // The signed acknowledgement of this bid at its place in the log, for the bidder to keep.
        const revision = nextRevision - (events.length - 1 - at);
        return { currentBid: placed.data.amount, proof: await signedAck(deps, leagueStream(code), revision) };
      }),
    );
  });

  const scheduler = createLeagueScheduler(deps, (code, remainingTime, deadline) =>
    nsp.to(roomOf(code)).emit('apl_auction_timer', { remainingTime, deadline }),
  );
  /** The league's broadcasts (and its timer's view of the log), listed by the composition root. */
  const broadcaster: Broadcaster = {
    name: 'league',
    broadcast(events) {
      scheduler.observe(events);
      broadcast(nsp, deps, events);
    },
  };
  scheduler.start();
  const stop = () => scheduler.stop();
  io.httpServer?.once('close', stop);
  return { broadcaster, scheduler, stop };
};
