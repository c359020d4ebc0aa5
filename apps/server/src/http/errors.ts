import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError, ErrorCode } from '@portal/contract';
import { isDatabaseBusy } from '../db/client';
import { DomainError } from '../services/domain-error';
import type { RateLimitState } from '../services/rate-limit';
import { errorStatus } from './error-status';
import { RequestValidationError } from './request-validation';

/** Maps Fastify's own error codes to ours, so a client never sees a framework detail. */
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request.too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request.malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request.malformed_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'request.malformed_json',
  FST_REQ_FILE_TOO_LARGE: 'request.too_large',
  FST_PARTS_LIMIT: 'request.too_large',
  FST_FILES_LIMIT: 'request.too_large',
  FST_FIELDS_LIMIT: 'request.invalid',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'request.unsupported_media_type',
};

/**
 * How long a client waits before it tries again when no database connection was free: a few
 * queries' time, as the pool frees connections in milliseconds once a burst has passed.
 */
const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      request.log.warn({ code: error.code, reason: error.reason }, 'request refused');
      const body: ApiError = { message: error.code };
      if (error.fieldErrors?.length) body.errors = error.fieldErrors;
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (error.rateLimitMax !== undefined && error.retryAfterSeconds !== undefined) {
        writeRateLimitHeaders(reply, {
          limit: error.rateLimitMax,
          remaining: 0,
          resetSeconds: error.retryAfterSeconds,
        });
      }
      return reply.code(errorStatus[error.code]).send(body);
    }
    if (error instanceof RequestValidationError) {
      const errors = error.fieldErrors;
      request.log.warn({ errors }, 'invalid request');
      return reply.code(400).send({ message: 'request.invalid', errors } satisfies ApiError);
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) {
      request.log.warn({ code: known }, error.message);
      return reply.code(errorStatus[known]).send({ message: known } satisfies ApiError);
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && !error.code)) {
      request.log.warn({ err: error.message }, 'malformed body');
      return reply.code(400).send({ message: 'request.malformed_json' } satisfies ApiError);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.warn({ err: error.message }, 'request refused');
      const code: ErrorCode = error.statusCode === 404 ? 'request.not_found' : 'request.invalid';
      return reply.code(error.statusCode).send({ message: code } satisfies ApiError);
    }
    if (isDatabaseBusy(error)) {
      // A load to wait out, not a fault: the client is told when to try again.
      request.log.warn({ err: error.message }, 'database busy');
      reply.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      return reply
        .code(errorStatus['server.busy'])
        .send({ message: 'server.busy' } satisfies ApiError);
    }
    // The stack goes to the log only; the client gets a code it can translate.
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'server.internal' } satisfies ApiError);
  });
}

/**
 * The `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds) headers of an
 * answer whose call a rate limit counted, so a client can slow down before it is refused.
 */
export function writeRateLimitHeaders(reply: FastifyReply, state: RateLimitState): void {
  reply.header('ratelimit-limit', String(state.limit));
  reply.header('ratelimit-remaining', String(state.remaining));
  reply.header('ratelimit-reset', String(state.resetSeconds));
}

/** The JSON 404 of the API; never the SPA's HTML. */
export function sendApiNotFound(reply: FastifyReply): void {
  reply.code(404).send({ message: 'request.not_found' } satisfies ApiError);
}

/**
 * Refusals Fastify's router makes before any route runs (a malformed %-escape in the path, a path
 * parameter longer than maxParamLength) get the same error shape and headers as every other
 * refusal (no hook runs for them, so the headers are set here).
 */
export function frameworkErrors(headersFor: (url: string) => Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    request.log.warn({ code: error.code }, 'request refused by the router');
    void reply
      .code(tooLong ? 414 : 400)
      .headers({ ...headersFor(request.url), 'x-request-id': request.id })
      .send({ message: tooLong ? 'request.too_large' : 'request.invalid' } satisfies ApiError);
  };
}

/**
 * Connection-level refusals, answered by hand on the socket before any request exists (headers
 * above Node's 16 KiB, a malformed request line, a client too slow to send its request): our
 * error shape instead of Fastify's, as its default handler does otherwise.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'request.too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request.invalid']
        : [400, 'request.invalid'];
  this.log.debug({ err: error }, 'client error');
  const body = JSON.stringify({ message: code } satisfies ApiError);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
