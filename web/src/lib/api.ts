import { errorText } from '../i18n/index.ts';

/** A small fetch wrapper for the product's own `/api`: cookie session, JSON in and out, typed errors. */

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  /** The server's `error.details`, when it gives any (e.g. `triesLeft`, `retryInSeconds`). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, status: number, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

export const SERVER_ERROR = 'Server error';

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

type ErrorShape = { error?: { code?: unknown; message?: unknown; details?: unknown } };

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const toApiError = (payload: unknown, status: number): ApiError => {
  const error = (payload as ErrorShape | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : `HTTP_${status}`;
  const message = typeof error?.message === 'string' && error.message !== '' ? error.message : SERVER_ERROR;
  const details =
    error?.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : undefined;
  return new ApiError(code, message, status, details);
};

/**
 * `api<T>('/api/rooms')`. Sends credentials; a plain-object body goes as JSON, a FormData body as multipart.
 * Rejects with `ApiError`: the server's `{ error: { code, message } }`, or code `NETWORK` and "Server error".
 */
export const api = async <T>(path: string, { method, body, signal, headers }: ApiOptions = {}): Promise<T> => {
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const init: RequestInit = {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    signal,
  };
  if (body !== undefined) init.body = isForm ? body : JSON.stringify(body);

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('NETWORK', SERVER_ERROR, 0);
  }

  const payload = await readJson(response).catch(() => undefined);
  if (!response.ok) throw toApiError(payload, response.status);
  return payload as T;
};

/** The server's words for a failed call (translated by its code), or `fallback` when the server was not reached or gave none. */
export const messageOf = (error: unknown, fallback: string): string =>
  error instanceof ApiError && error.code !== 'NETWORK' && error.status < 500
    ? errorText(error.code, error.message, error.details)
    : fallback;
