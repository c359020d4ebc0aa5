/** An OpenAPI 3.1 document as @fastify/swagger writes it (the parts read here). */
export interface Document {
  info: Record<string, unknown>;
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, unknown>;
  tags?: Array<{ name: string; description: string }>;
  [key: string]: unknown;
}

interface MediaType {
  schema?: Record<string, unknown>;
  example?: unknown;
}

interface Answer {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, MediaType>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string }>;
  responses?: Record<string, Answer>;
}

/** Every tag an operation may carry, with what its operations are about. */
export const tagDescriptions: Record<string, string> = {
  health: 'Whether the server is up and ready.',
  locales: "The web app's translations.",
  users: 'Sign-up, sign-in, the signed-in person, their sessions and their data.',
  auth: 'Single sign-on: finding the identity provider of an address, leaving for it, coming back.',
  passkeys: 'Passkeys: adding, naming and removing them, signing in and proving it again with one.',
  live: 'What changed, as it happens: the event stream and who is on an item.',
  catalog: 'The cable and drum type catalogue.',
  refill:
    "The account's drums, their readings and alerts, refill requests, collections, proposals.",
  spareparts: 'Spare parts: search, cart and quotes.',
  documents: 'Statements, delivery notes and offers as PDF; the monthly statement by mail.',
  exports: 'Every list as a CSV or XLSX file, under the filters its screen shows.',
  integration: "The account's API keys, sensor devices and webhook endpoints.",
  notifications: "The signed-in person's notifications.",
  team: "The account's members, invitations and audit trail.",
  invitations: 'Reading and accepting an invitation.',
  registration: 'A company asking for an account.',
  backoffice: "The provider's staff: accounts, registrations, the inbox and its items.",
  dev: 'Development helpers (never in production).',
  readings: 'Sensor readings sent by machines.',
  drums: "The account's drums, read by machines.",
  lorawan: 'Uplinks from a LoRaWAN network server.',
};

/** What an answer means, where its route gives no sentence of its own. */
const statusDescriptions: Record<string, string> = {
  '200': 'Done',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'Done, nothing to answer',
  '400': 'The request is malformed, or a field is invalid (`errors` says which)',
  '401': 'No valid session or key',
  '403': 'Not allowed to this person or key',
  '404': 'Not found, or not visible to this person',
  '409': 'Refused in the current state',
  '413': 'The body is too large',
  '415': 'The body is not of a type this operation reads',
  '422': 'The Idempotency-Key was used before with another body',
  '429': 'Too many calls: retry after `Retry-After` seconds',
  '503': 'The server is restarting: retry after `Retry-After` seconds',
};

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `POST /api/refill/drums/{id}/readings` → `postRefillDrumsByIdReadings`. */
export function derivedOperationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, 'by-$1'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method, ...words]
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}

const rateLimitHeaders = {
  'RateLimit-Limit': {
    description: 'Calls this key may make in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Remaining': {
    description: 'Calls left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window starts again.',
    schema: { type: 'integer', minimum: 0 },
  },
};
const retryAfterHeader = {
  description: 'Seconds to wait before the next call.',
  schema: { type: 'integer', minimum: 0 },
};
const idempotentReplayedHeader = {
  description:
    '`true` when this is the stored answer to an earlier call with the same Idempotency-Key.',
  schema: { type: 'string', enum: ['true'] },
};

/** What Fastify writes itself while the server closes, before any route runs. */
const closingAnswer: Answer = {
  description: statusDescriptions['503'],
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          statusCode: { type: 'integer' },
          error: { type: 'string' },
          message: { type: 'string' },
        },
        required: ['statusCode', 'error', 'message'],
      },
      example: { statusCode: 503, error: 'Service Unavailable', message: 'Service Unavailable' },
    },
  },
};

/**
 * The last hand on a document: each operation has an operationId (its route's, or one derived
 * from its method and path), a description (its summary when it has no other), tags declared at
 * the top, a sentence per answer and an example of each error; components no operation uses are
 * left out. In the machines' document, every answer also declares the rate-limit headers, 429
 * and 503 `Retry-After`, an operation that takes an `Idempotency-Key` the `Idempotent-Replayed`
 * header of its answers, and an answer with a named schema its example.
 */
export function finishDocument(document: Document, { machine }: { machine: boolean }): Document {
  const paths = structuredClone(document.paths ?? {});
  const components = structuredClone(document.components ?? {});
  const schemas = (components.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!methods.includes(method)) continue;
      operation.operationId ??= derivedOperationId(method, path);
      if (!operation.description && operation.summary) operation.description = operation.summary;
      for (const tag of operation.tags ?? []) usedTags.add(tag);
      const idempotent = (operation.parameters ?? []).some(
        (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
      );
      if (machine) operation.responses = { ...operation.responses, '503': closingAnswer };
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (!answer.description || answer.description === 'Default Response')
          answer.description = statusDescriptions[status] ?? 'Answer';
        for (const media of Object.values(answer.content ?? {})) {
          media.example ??= exampleOf(media.schema, schemas);
          if (media.example === undefined) delete media.example;
        }
        if (!machine) continue;
        answer.headers = {
          ...answer.headers,
          ...rateLimitHeaders,
          ...(status === '429' || status === '503' ? { 'Retry-After': retryAfterHeader } : {}),
          ...(idempotent && (status.startsWith('2') || status === '422')
            ? { 'Idempotent-Replayed': idempotentReplayedHeader }
            : {}),
        };
      }
    }
  }
  const finished: Document = {
    ...document,
    tags: [...usedTags]
      .filter((tag) => tag in tagDescriptions)
      .sort()
      .map((name) => ({ name, description: tagDescriptions[name]! })),
    paths,
  };
  const used = referencedSchemas({ paths, webhooks: document.webhooks }, schemas);
  components.schemas = Object.fromEntries(
    Object.entries(schemas).filter(([name]) => used.has(name)),
  );
  finished.components = components;
  return finished;
}

/**
 * An answer's example: its schema's own (a named schema's first `examples`), or, for an error
 * answer, its first code.
 */
function exampleOf(
  schema: Record<string, unknown> | undefined,
  schemas: Record<string, Record<string, unknown>>,
): unknown {
  if (!schema) return undefined;
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  const resolved = ref ? schemas[ref.replace('#/components/schemas/', '')] : schema;
  if (!resolved) return undefined;
  const examples = resolved.examples;
  if (Array.isArray(examples) && examples.length) return examples[0];
  const message = (resolved.properties as Record<string, { enum?: unknown[] }> | undefined)
    ?.message;
  if (message?.enum?.length) return { message: message.enum[0] };
  return undefined;
}

/** The component schemas reachable from the operations and webhooks. */
function referencedSchemas(
  roots: unknown,
  schemas: Record<string, Record<string, unknown>>,
): Set<string> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, child] of Object.entries(value)) {
      if (
        key === '$ref' &&
        typeof child === 'string' &&
        child.startsWith('#/components/schemas/')
      ) {
        const name = child.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(child);
    }
  };
  visit(roots);
  return used;
}
