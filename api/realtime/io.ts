import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '../contract/socket.ts';

/** Between server processes (socket.io adapters); nothing is sent today. */
export interface InterServerEvents {
  ping: () => void;
}

/** What the server keeps on a socket. Identity is looked up from the session on every event. */
export interface SocketData {
  userId: string | null;
  role: string | null;
  /** The session the socket was opened with: when it ends, the socket leaves the member's channel. */
  sessionHash: string | null;
}

/** The socket.io server of the main namespace, typed by the wire contract. */
export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

// ── Channels (socket.io rooms) ──────────────────────────────────────────────────────────
/** Watchers of one deal room. */
export const roomChannel = (code: string) => `room:${code}`;
/**
 * Sockets showing room lists (Deals, My Deals): new rooms, seats and status changes of every room.
 * A phone in a live room hears only its own room's, not the whole shop's.
 */
export const ROOM_LISTS_CHANNEL = 'room-lists';
/** Every socket of one member (their own balances, bids and orders). */
export const userChannel = (userId: string) => `user:${userId}`;
/** Watchers of one league auction (in the `/apl` namespace). */
export const leagueChannel = (code: string) => `league:${code}`;
