import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { redactOneTimeLinkToken } from './one-time-link-page';

/** What a log line tells of a request (the logger's `req` serializer too). */
export function requestFields(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}): Record<string, unknown> {
  return {
    method: request.method,
    // Opening a sign-in page puts the link's token in the URL: it must not reach the log.
    url: redactOneTimeLinkToken(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * One access-log line per answered request, as a web server writes it: who asked what, the
 * status and the time. Fastify's default writes two (incoming, completed), each serialising the
 * request; under load at info level that cost a quarter of what a route could answer. The
 * request id binds every line of a request (`reqId`). Errors keep Fastify's own lines.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Below the level logged, the line's fields (the URL redacted, the address) are not built.
    const log = reply.log as typeof reply.log & { isLevelEnabled?(level: string): boolean };
    if (log.isLevelEnabled?.(error ? 'error' : 'info') === false) return;
    const fields = {
      req: requestFields(request),
      res: { statusCode: reply.statusCode },
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}
