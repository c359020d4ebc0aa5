import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

const zodSerializerCompiler = createSerializerCompiler({});

/** A JSON Schema as text, without what only its input side leaves open (unknown fields). */
const shape = (schema: object) =>
  JSON.stringify(schema, (key, value: unknown) =>
    key === 'additionalProperties' ? undefined : value,
  );

/**
 * The JSON Schema of what a route answers, or undefined when only Zod can write it: a codec, a
 * transform or a default changes the value on its way out, so the schema's two sides differ (or
 * one cannot be written as JSON Schema at all).
 */
export function responseJsonSchema(schema: z.ZodType): object | undefined {
  try {
    const given = z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
    const written = z.toJSONSchema(schema, { io: 'input', target: 'draft-07' });
    return shape(given) === shape(written) ? given : undefined;
  } catch {
    return undefined;
  }
}

type Write = (data: unknown) => string;

/** One writer per schema, whichever routes answer with it (the error schemas are shared). */
const writers = new WeakMap<z.ZodType, Write | null>();

function jsonWriter(schema: z.ZodType): Write | null {
  let write = writers.get(schema);
  if (write === undefined) {
    const jsonSchema = responseJsonSchema(schema);
    write = jsonSchema ? (fastJsonStringify(jsonSchema) as Write) : null;
    writers.set(schema, write);
  }
  return write;
}

/**
 * Answers are written by fast-json-stringify, compiled from the response schema, as Fastify does
 * with JSON Schema: it writes only the declared fields, in order, with no validation pass. Zod
 * checking every answer before `JSON.stringify` took a tenth of a signed-in read under load. A
 * schema JSON Schema cannot express keeps Zod's encoder. Compiled at a route's first answer, not
 * at start-up, where every route's schemas cost half a second of a cold start.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = (routeSchema) => {
  let write: Write | undefined;
  return (data) => {
    write ??= jsonWriter(routeSchema.schema) ?? zodSerializerCompiler(routeSchema);
    return write(data);
  };
};
