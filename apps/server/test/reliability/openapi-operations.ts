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
  /**
   * A machine's operation (/api/v1, its own document): a bearer key opens it, never a session,
   * and it has its own access suite (bearer-access.test.ts).
   */
  bearer: boolean;
}

interface OpenApiDocument {
  components?: { schemas?: Record<string, unknown> };
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

/** A part of a document with each `#/components/schemas/…` reference replaced by its schema. */
function inlined<T>(value: T, components: Record<string, unknown>): T {
  if (Array.isArray(value)) return value.map((item: unknown) => inlined(item, components)) as T;
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return inlined(components[ref.slice('#/components/schemas/'.length)], components) as T;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, inlined(child, components)]),
  ) as T;
}

/** Registered routes that are the API's description, not operations of it. */
const descriptionRoutes = [
  /^\/api\/openapi\.json$/,
  /^\/api\/v1\/openapi\.json$/,
  /^\/api\/docs(\/|$)/,
];

/** The portal's document, and the machines' (bearer-key operations). */
const documents = [
  { url: '/api/openapi.json', bearer: false },
  { url: '/api/v1/openapi.json', bearer: true },
];

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/** `/api/x/{id}` → `/api/x/:id`, the router's spelling. */
const routerPath = (template: string) => template.replace(/\{([^}]+)\}/g, ':$1');

/**
 * Every API operation, derived from the routes the router holds (not a hand-written list), with
 * the schemas the OpenAPI documents give it (/api/openapi.json, and /api/v1/openapi.json for the
 * machines' operations). The suites walk this list, so an endpoint that lands
 * later is fuzzed and access-tested at once; one the document does not describe (hidden, or
 * without a schema) is in `undescribed`, which the suites require to be empty.
 */
export async function listOperations(server: TestServer): Promise<Operation[]> {
  const { operations } = await apiSurface(server);
  return operations;
}

/** The registered API routes, as operations, and those the OpenAPI documents lack. */
export async function apiSurface(
  server: TestServer,
): Promise<{ operations: Operation[]; undescribed: string[] }> {
  const described = new Map<string, Operation>();
  for (const { url, bearer } of documents) {
    const response = await server.request(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const served = (await response.json()) as OpenApiDocument;
    // The suites read each schema whole: named ones are components the operations refer to.
    const document = inlined(served, served.components?.schemas ?? {});
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const parameters = operation.parameters ?? [];
        const upper = method.toUpperCase();
        described.set(`${upper} ${routerPath(path)}`, {
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
          bearer,
        });
      }
    }
  }
  const operations: Operation[] = [];
  const undescribed: string[] = [];
  const seen = new Set<string>();
  for (const route of server.app.registeredRoutes) {
    // HEAD twins of GET routes are the router's own; the description is not an operation.
    if (route.method === 'HEAD' || !isApiRoute(route.url)) continue;
    if (descriptionRoutes.some((pattern) => pattern.test(route.url))) continue;
    const key = `${route.method} ${route.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const operation = described.get(key);
    if (operation) operations.push(operation);
    else undescribed.push(key);
  }
  return { operations, undescribed };
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
