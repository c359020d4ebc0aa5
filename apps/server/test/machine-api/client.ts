import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { z } from 'zod';
import type { paths } from '@portal/contract/machine-api/v1';

/** The machines' document, the parts the conformance check reads. */
export interface MachineDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        responses: Record<
          string,
          { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }
        >;
      }
    >
  >;
  components: { schemas: Record<string, unknown> };
}

/** A schema with every `#/components/schemas/…` reference replaced by the schema itself. */
function inlined(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components));
  if (schema === null || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return inlined(components[ref.slice('#/components/schemas/'.length)], components);
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inlined(value, components)]),
  );
}

/**
 * Fails a call whose answer the document does not describe: a status the operation does not
 * list, a media type it does not declare, a JSON body its schema refuses (an error code it does
 * not list, a field it does not have). With the typed paths, this is how the project's own
 * tests keep the document and the server together.
 */
export function conformsToDocument(document: MachineDocument): Middleware {
  const validators = new Map<unknown, z.ZodType>();
  const validatorOf = (schema: unknown) => {
    let validator = validators.get(schema);
    if (!validator) {
      validator = z.fromJSONSchema(inlined(schema, document.components.schemas) as never);
      validators.set(schema, validator);
    }
    return validator;
  };
  return {
    async onResponse({ request, response, schemaPath }) {
      const name = `${request.method} ${schemaPath} → ${response.status}`;
      const operation = document.paths[schemaPath]?.[request.method.toLowerCase()];
      if (!operation) throw new Error(`${request.method} ${schemaPath} is not in the document`);
      const answer = operation.responses[String(response.status)];
      if (!answer) throw new Error(`${name}: the document does not list this status`);
      const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      const media = answer.content?.[mediaType];
      if (answer.content && !media) {
        throw new Error(`${name}: answered ${mediaType || 'no type'}, not a declared media type`);
      }
      if (media && mediaType === 'application/json') {
        const body: unknown = await response.clone().json();
        const checked = validatorOf(media.schema).safeParse(body);
        if (!checked.success) {
          throw new Error(
            `${name}: the body is not what the document says: ${z.prettifyError(checked.error)}\n${JSON.stringify(body)}`,
          );
        }
      }
      return undefined;
    },
  };
}

export type MachineClient = Client<paths>;

/** A typed client of the machines' API on `baseUrl`, with a key, checked against `document`. */
export function machineClient(
  baseUrl: string,
  document: MachineDocument,
  key?: string,
): MachineClient {
  const client = createClient<paths>({
    baseUrl,
    headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
  });
  client.use(conformsToDocument(document));
  return client;
}
