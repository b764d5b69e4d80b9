import { z } from 'zod';
import type { SignedAck } from '../../engine/ack.ts';

/**
 * The wire contract: every shape the browser sees over REST and socket.io, as zod schemas with
 * their inferred types. It imports only zod and engine types, so the web client, the api and
 * the scripts can all import it (the import-graph check in `npm run lint` keeps it so).
 * Money is integer paise; `*_ms` and unqualified times are server ms since the epoch; ISO strings are UTC.
 */

/** Every error answer, REST and socket alike: a code the client can act on and a message in words. */
export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
export const ErrorResponse = z.object({ error: ErrorBody });

/** Every client socket event is acknowledged with one of these. */
export type Ack<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };
export type AckCallback<T> = (response: Ack<T>) => void;

/** The server's signed acknowledgement of an event at its place in the log (docs/log-format.md §9). */
export const SignedAckSchema = z.object({
  v: z.literal(1),
  origin: z.string(),
  stream: z.string(),
  revision: z.number().int(),
  id: z.string(),
  leaf_index: z.number().int(),
  leaf_hash: z.string(),
  time: z.number().int(),
  signature: z.string(),
}) satisfies z.ZodType<SignedAck>;

export { SOCKET_RECONNECT } from './constants.ts';

/** Server → client events from a map of payload schemas. */
export type Broadcasts<M extends Record<string, z.ZodType>> = {
  [K in keyof M]: (payload: z.infer<M[K]>) => void;
};

/** Client → server events from a map of request/answer schemas; the client sends the payload's input shape. */
export type Requests<M extends Record<string, { payload: z.ZodType; answer: z.ZodType }>> = {
  [K in keyof M]: (payload: z.input<M[K]['payload']>, ack: AckCallback<z.infer<M[K]['answer']>>) => void;
};
