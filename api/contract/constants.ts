/**
 * The contract's plain constants, in a module without zod: the web's first page imports these, and
 * importing them through the schemas would put zod in every member's first download.
 */

/** Reconnection settings from the storefront spec (§4 Socket connection). */
export const SOCKET_RECONNECT = {
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
  reconnectionAttempts: Infinity,
} as const;

/** The league auction's socket.io namespace. */
export const APL_NAMESPACE = '/apl';
