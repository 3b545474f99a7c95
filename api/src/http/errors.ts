/** Maps errors to HTTP answers for the legacy REST API (one exhaustive switch). */
import type { ErrorRequestHandler } from 'express';
import { DomainError, type DomainErrorCode } from '../domain-error.ts';
import { reportServerError } from '../log-context.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isConnectionLost, RETRY_AFTER_SECONDS } from '../db/connection-errors.ts';

/** The HTTP status of a domain error code. */
export function httpStatus(code: DomainErrorCode): number {
  switch (code) {
    case 'BAD_USER_INPUT': return 400;
    case 'UNAUTHENTICATED': return 401;
    case 'FORBIDDEN': return 403;
    case 'NOT_FOUND': return 404;
    case 'CONFLICT': return 409;
    case 'PAYLOAD_TOO_LARGE': return 413;
    case 'UNSUPPORTED_MEDIA_TYPE': return 415;
    case 'LOCKED': return 423;
    case 'RATE_LIMITED': return 429;
    case 'UNAVAILABLE': return 503;
    default: {
      const never: never = code;
      return never;
    }
  }
}

interface HttpishError { status?: number; statusCode?: number; type?: string; expose?: boolean; message?: string }

/**
 * Last express error handler: domain errors keep their message; body-parser errors become 4xx; a
 * lost database connection is a 503 with Retry-After.
 */
export function errorHandler(): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof DomainError) {
      res.status(httpStatus(err.code)).json({ code: err.code, message: err.message, ...err.details });
      return;
    }
    const e = err as HttpishError;
    const status = e.status ?? e.statusCode;
    if (e.type === 'entity.parse.failed') {
      res.status(400).json({ code: 'BAD_USER_INPUT', message: 'The request body is not valid JSON' });
      return;
    }
    if (e.type === 'entity.too.large') {
      res.status(413).json({ code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' });
      return;
    }
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ code: 'BAD_USER_INPUT', message: e.expose && e.message ? e.message : 'Bad request' });
      return;
    }
    if (isConnectionLost(err)) {
      req.ctx?.logger.warn('database connection lost during a request', { err: err instanceof Error ? err : new Error(String(err)) });
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
      return;
    }
    req.ctx?.logger.error('request failed', { err: err instanceof Error ? err : new Error(String(err)) });
    reportServerError(err);
    res.status(500).json({ code: 'INTERNAL_SERVER_ERROR', message: 'Something went wrong on our side. Please try again later' });
  };
}
