import { z } from 'zod';

/**
 * The bytes of a file, as OpenAPI 3.1 describes a binary body. Typed as the bytes a route
 * sends: no serializer runs on them, the schema only describes them.
 */
const FileBytesSchema = z
  .string()
  .meta({ contentMediaType: 'application/octet-stream' }) as unknown as z.ZodType<Uint8Array>;

export const mediaTypes = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/**
 * A stream of Server-Sent Events (`text/event-stream`), written by the route as events come: the
 * schema only describes it.
 */
export function eventStreamAnswer(description: string) {
  return {
    description,
    content: { 'text/event-stream': { schema: z.string() as unknown as z.ZodType<never> } },
  };
}

/**
 * A success that is a file download, described with its real media types: the routes stream or
 * send bytes, which Fastify writes as they are (no serializer runs on a stream or a buffer).
 */
export function fileAnswer(description: string, ...kinds: Array<keyof typeof mediaTypes>) {
  return {
    description,
    content: Object.fromEntries(
      kinds.map((kind) => [mediaTypes[kind], { schema: FileBytesSchema }]),
    ),
  };
}
