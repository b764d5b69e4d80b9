import type { SignedAck } from '../../../../engine/ack.ts';
import { keepProof } from '../../stores/bidProofs.ts';
import { useSessionStore } from '../../stores/session.ts';
import { io, type Socket } from 'socket.io-client';
import type { Ack, AplClientToServerEvents, AplServerToClientEvents } from '../../../../api/contract/index.ts';
import { APL_NAMESPACE, SOCKET_RECONNECT } from '../../../../api/contract/constants.ts';
import type { LeagueAction } from '../../stores/league.ts';
import { dispatchLeague, initialLeagueView, useLeagueStore } from '../../stores/league.ts';

type AplSocket = Socket<AplServerToClientEvents, AplClientToServerEvents>;

const EVENTS = [
  'apl_players_update',
  'apl_auction_start',
  'apl_auction_timer',
  'apl_bid_update',
  'apl_teams_update',
  'apl_player_sold',
  'apl_wait_for_admin',
  'apl_auction_end',
  'apl_auction_paused',
  'apl_bid_undone',
] as const satisfies readonly (keyof AplServerToClientEvents)[];

let socket: AplSocket | null = null;

const NOT_CONNECTED: Ack<never> = {
  ok: false,
  error: { code: 'DISCONNECTED', message: 'Not connected to the auction. Reconnecting…' },
};

let joining = false;

const join = (s: AplSocket, code: string) => {
  if (joining) return;
  joining = true;
  s.emit('apl_join_auction', { roomCode: code }, (ack) => {
    joining = false;
    if (s !== socket) return;
    if (ack.ok) dispatchLeague({ type: 'snapshot', snapshot: ack.data });
    else useLeagueStore.setState({ status: 'error', error: ack.error.message, errorCode: ack.error.code });
  });
};

/**
 * Opens the league auction's own connection: namespace `/apl` on the main server, websocket only,
 * the session cookie for identity. Joins the room on every (re)connect and whenever a missed
 * update is noticed, so the screen always folds from a fresh snapshot.
 */
export const connectLeague = (code: string): void => {
  disconnectLeague();
  useLeagueStore.setState({ ...initialLeagueView, code, status: 'loading', connection: 'connecting' });
  const s: AplSocket = io(APL_NAMESPACE, {
    ...SOCKET_RECONNECT,
    path: '/socket.io/',
    transports: ['websocket'],
    withCredentials: true,
    forceNew: true,
  });
  socket = s;
  s.on('connect', () => {
    useLeagueStore.setState({ connection: 'connected' });
    join(s, code);
  });
  s.on('disconnect', () => useLeagueStore.setState({ connection: 'disconnected' }));
  s.on('connect_error', (error) => {
    const refused = !s.active;
    const code = (error as Error & { data?: { code?: unknown } }).data?.code;
    useLeagueStore.setState(
      refused
        ? {
            connection: 'disconnected',
            status: 'error',
            error: error.message,
            errorCode: typeof code === 'string' ? code : null,
          }
        : { connection: 'connecting' },
    );
  });
  const onEvent = (action: LeagueAction) => {
    dispatchLeague(action);
    if (useLeagueStore.getState().stale) join(s, code);
  };
  for (const event of EVENTS) {
    (s.on as (event: string, listener: (payload: unknown) => void) => void)(event, (payload) =>
      onEvent({ type: event, payload } as LeagueAction),
    );
  }
};

export const disconnectLeague = (): void => {
  socket?.disconnect();
  socket = null;
  joining = false;
};

const ask = <T>(send: (s: AplSocket, ack: (r: Ack<T>) => void) => void): Promise<Ack<T>> =>
  new Promise((resolve) => {
    if (!socket?.connected) return resolve(NOT_CONNECTED);
    const timer = setTimeout(() => resolve({ ok: false, error: { code: 'TIMEOUT', message: 'Server error' } }), 10_000);
    send(socket, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
  });

export const placeBid = async (bidAmount: number) => {
  const answer = await ask<{ currentBid: number; proof: SignedAck | null }>((s, ack) =>
    s.emit('apl_place_bid', { bidAmount }, ack),
  );
  const userId = useSessionStore.getState().user?.id;
  if (answer.ok && answer.data.proof && userId) {
    // The member keeps the server's signed word that it accepted this bid at its place in the log.
    const { proof, currentBid } = answer.data;
    void keepProof({
      id: proof.id,
      userId,
      kind: 'league',
      where: proof.stream.replace(/^league-/, ''),
      seq: null,
      amount: currentBid,
      at: proof.time,
      ack: proof,
    });
  }
  return answer;
};
export const startNextPlayer = () => ask<{ started: boolean }>((s, ack) => s.emit('apl_start_auction', {}, ack));
export const endAuction = () => ask<{ ended: true }>((s, ack) => s.emit('apl_end_auction', {}, ack));
export const pauseAuction = () => ask<{ paused: true }>((s, ack) => s.emit('apl_pause_auction', {}, ack));
export const resumeAuction = () => ask<{ resumed: true }>((s, ack) => s.emit('apl_resume_auction', {}, ack));
export const undoLastBid = (reason: string) =>
  ask<{ undone: true }>((s, ack) => s.emit('apl_undo_bid', { reason }, ack));
