import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ApiError, ErrorCode } from '@portal/contract';
import { HttpError } from './http-error';
import { RequestValidationError } from './request-validation';

/** Maps Fastify's own error codes to ours, so a client never sees a framework detail. */
const fastifyCodes: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'request.too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'request.unsupported_media_type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'request.malformed_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'request.malformed_json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'request.malformed_json' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'request.too_large' },
  FST_PARTS_LIMIT: { status: 413, code: 'request.too_large' },
  FST_FILES_LIMIT: { status: 413, code: 'request.too_large' },
  FST_FIELDS_LIMIT: { status: 400, code: 'request.invalid' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'request.unsupported_media_type' },
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      request.log.warn({ code: error.code }, 'request refused');
      const body: ApiError = { message: error.code };
      if (error.fieldErrors?.length) body.errors = error.fieldErrors;
      return reply
        .code(error.statusCode)
        .headers(error.headers ?? {})
        .send(body);
    }
    if (error instanceof RequestValidationError) {
      const errors = error.fieldErrors;
      request.log.warn({ errors }, 'invalid request');
      return reply.code(400).send({ message: 'request.invalid', errors } satisfies ApiError);
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) {
      request.log.warn({ code: known.code }, error.message);
      return reply.code(known.status).send({ message: known.code } satisfies ApiError);
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
    // The stack goes to the log only; the client gets a code it can translate.
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ message: 'server.internal' } satisfies ApiError);
  });
}

/** The JSON 404 of the API; never the SPA's HTML. */
export function sendApiNotFound(reply: FastifyReply): void {
  reply.code(404).send({ message: 'request.not_found' } satisfies ApiError);
}
