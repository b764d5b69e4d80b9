import { metrics } from '../metrics.ts';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DomainError } from '../../engine/decider.ts';
import { DuplicateEventIdError, StoreUnavailableError, WrongExpectedRevisionError } from '../../engine/eventStore.ts';
import { ProjectionTimeoutError } from '../../projections/runner.ts';
import type { Logger } from '../logger.ts';

/**
 * An error with an HTTP status, a stable code and a message a user can read; `details` carries the
 * values the message names (the client fills them into its translation of the code).
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

/** Domain error codes that are not a plain 422 "rule refused". */
const domainStatus: Record<string, ContentfulStatusCode> = {
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
};

export const toErrorResponse = (error: unknown, log?: Logger): { status: ContentfulStatusCode; body: ErrorBody } => {
  if (error instanceof ApiError) {
    if (error.status === 429) metrics.rateLimited.inc({ code: error.code });
    const { code, message, details } = error;
    return { status: error.status, body: { error: details ? { code, message, details } : { code, message } } };
  }
  if (error instanceof DomainError) {
    const status = domainStatus[error.code] ?? (error.code.endsWith('_NOT_FOUND') ? 404 : 422);
    return { status, body: { error: { code: error.code, message: error.message, details: error.details } } };
  }
  if (error instanceof WrongExpectedRevisionError) {
    return {
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'Someone else changed this at the same moment. Please try again.' } },
    };
  }
  if (error instanceof DuplicateEventIdError) {
    // A client-chosen id (a deal id, an Idempotency-Key) already names something else: nothing was changed.
    return {
      status: 409,
      body: {
        error: {
          code: 'ID_REUSED',
          message: 'This request’s id was already used for another request, so nothing was changed. Please try again.',
        },
      },
    };
  }
  if (error instanceof StoreUnavailableError) {
    log?.error('event store unavailable', { error });
    return {
      status: 503,
      body: {
        error: {
          code: error.code,
          message:
            'We could not confirm your request just now; it may not have been saved. Please try again in a moment.',
        },
      },
    };
  }
  if (error instanceof ProjectionTimeoutError) {
    return { status: 504, body: { error: { code: error.code, message: error.message } } };
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 400 ? 'BAD_REQUEST' : `HTTP_${status}`;
    const message = status === 413 ? 'The request is too large.' : error.message || 'Bad request';
    return { status, body: { error: { code, message } } };
  }
  log?.error('unhandled error', { error });
  return {
    status: 500,
    body: { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } },
  };
};

export const errorHandler = (log: Logger) => (error: Error, c: Context) => {
  const { status, body } = toErrorResponse(error, log);
  return c.json(body, status);
};
