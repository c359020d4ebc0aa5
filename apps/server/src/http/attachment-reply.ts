import type { FastifyReply } from 'fastify';

/**
 * A stored file sent to be saved, never rendered inline: under its own name, in a sandbox that
 * runs nothing, and never cached by a shared cache.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { bytes: Buffer; fileName: string; contentType: string },
): FastifyReply {
  return reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
