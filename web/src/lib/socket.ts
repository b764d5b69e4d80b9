import { io, type Socket } from 'socket.io-client';
import { SOCKET_RECONNECT } from '../../../api/contract/constants.ts';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../api/contract/index.ts';
import { setConnection } from '../stores/connection.ts';
import { syncClock } from './clock.ts';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let shared: AppSocket | null = null;

const watch = (socket: AppSocket): void => {
  socket.on('connect', () => {
    console.log('Socket connected', socket.id);
    setConnection('connected');
    // A reconnect may follow a sleep or a network change: measure the clock again.
    void syncClock();
  });
  socket.on('disconnect', (reason) => {
    console.log('Socket disconnected', reason);
    setConnection('disconnected', reason);
  });
  socket.on('connect_error', (error) => {
    setConnection(socket.active ? 'connecting' : 'disconnected', error.message);
  });
  socket.io.on('reconnect_attempt', () => setConnection('connecting'));
};

/**
 * The one main socket.io connection (same origin, path /socket.io/, cookie session).
 * Websocket first, long-polling as a fallback; reconnects per storefront §4 (1 s to 5 s, jitter 0.5, forever).
 */
export const getSocket = (): AppSocket => {
  if (shared) return shared;
  shared = io({
    ...SOCKET_RECONNECT,
    path: '/socket.io/',
    withCredentials: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
    autoConnect: false,
  });
  watch(shared);
  return shared;
};

/** Opens the shared connection if it is not open yet. */
export const connectSocket = (): AppSocket => {
  const socket = getSocket();
  if (!socket.connected && !socket.active) {
    setConnection('connecting');
    socket.connect();
  }
  return socket;
};

/** Closes it, e.g. on logout, so the next connect carries the new session cookie. */
export const disconnectSocket = (): void => {
  shared?.disconnect();
};

let listScreens = 0;

/**
 * Puts the socket on the room-list broadcasts (`newRoom`, seats, `roomStatus`) while any screen
 * shows a list of rooms, asking again at every connection (a reconnected socket starts with no
 * channels). `onWatching` runs each time the server has done so: the screen fetches its list then,
 * so a room changed before is in the answer and one changed after is heard. Returns the release.
 */
export const watchRoomLists = (onWatching: () => void): (() => void) => {
  const socket = getSocket();
  const ask = () => void socket.emit('watchRoomLists', { watch: true }, () => onWatching());
  listScreens++;
  socket.on('connect', ask);
  if (socket.connected) ask();
  return () => {
    socket.off('connect', ask);
    if (--listScreens === 0 && socket.connected) socket.emit('watchRoomLists', { watch: false }, () => {});
  };
};
