import type { Deps } from '../deps.ts';
import { toErrorResponse } from '../http/errors.ts';
import type { Ack } from '../contract/common.ts';

/** Runs a socket event's work and always answers its ack: `{ ok: true, data }`, or the error as the HTTP API would word it. */
export const answer = async <T>(deps: Deps, ack: unknown, work: () => Promise<T> | T): Promise<void> => {
  let response: Ack<T>;
  try {
    response = { ok: true, data: await work() };
  } catch (error) {
    const { body } = toErrorResponse(error, deps.log);
    response = { ok: false, error: { code: body.error.code, message: body.error.message } };
  }
  if (typeof ack === 'function') (ack as (r: Ack<T>) => void)(response);
};
