import type { TestServer } from '../test-server';

/** A JSON Schema as @fastify/swagger writes it from the zod schemas (the parts we read). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Operation {
  method: string;
  /** OpenAPI template, e.g. `/api/refill/drums/{id}/qgraph`. */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema }>;
  headers: Array<{ name: string; schema: JsonSchema }>;
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | undefined;
  tags: string[];
  /** `GET /api/x/{id}`: how the suites name a case. */
  name: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        parameters?: Array<{ in: string; name: string; schema?: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/**
 * Every operation the server publishes in /api/openapi.json. The suites walk this list instead of
 * a hand-written one, so an endpoint that lands later (spare parts, say) is covered at once.
 */
export async function listOperations(server: TestServer): Promise<Operation[]> {
  const response = await server.request('/api/openapi.json');
  if (response.status !== 200) throw new Error(`/api/openapi.json answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const upper = method.toUpperCase();
      operations.push({
        method: upper,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        query: parameters
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        headers: parameters
          .filter((parameter) => parameter.in === 'header')
          .map((parameter) => ({ name: parameter.name, schema: parameter.schema ?? {} })),
        body: operation.requestBody?.content?.['application/json']?.schema,
        tags: operation.tags ?? [],
        name: `${upper} ${path}`,
      });
    }
  }
  return operations;
}

/** Fills an OpenAPI path template; values are URL-encoded unless `raw`. */
export function fillPath(
  template: string,
  values: Record<string, string>,
  { raw = false }: { raw?: boolean } = {},
): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = values[name] ?? '';
    // A lone surrogate cannot be percent-encoded; the invalid byte sequences are tried raw.
    return raw ? value : encodeURIComponent(wellFormed(value));
  });
}

export const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Lone surrogates replaced by U+FFFD (String.prototype.toWellFormed, not in our ES2023 lib). */
function wellFormed(value: string): string {
  return value.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
}
