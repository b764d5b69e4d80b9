/**
 * The socket.io protocol shared by the server and the web client.
 * Event names are the specs'; every client event is acknowledged with `Ack<T>`.
 */

export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };

export type AckCallback<T> = (response: Ack<T>) => void;

export interface ServerToClientEvents {
  /** Server time in ms, sent on connect so a client can sync its clock at once. */
  serverTime: (payload: { serverTime: number }) => void;
}

export interface ClientToServerEvents {
  /** Round-trip clock sync over the socket. */
  syncTime: (payload: Record<string, never>, ack: AckCallback<{ serverTime: number }>) => void;
}

export interface InterServerEvents {
  ping: () => void;
}

export interface SocketData {
  userId: string | null;
  role: string | null;
}

/** Reconnection settings from the storefront spec (§4 Socket connection). */
export const SOCKET_RECONNECT = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
} as const;

export * from '../league/protocol.ts';
