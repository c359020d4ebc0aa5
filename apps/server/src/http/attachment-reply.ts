import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A stored file sent to be saved, never rendered inline: under its own name, in a sandbox that
 * runs nothing, and never cached by a shared cache. The bytes are streamed as the client reads them.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { content: Readable; sizeBytes: number; fileName: string; contentType: string },
): FastifyReply {
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .header('content-length', file.sizeBytes)
    .send(file.content);
}
