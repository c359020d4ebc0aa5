import fc from 'fast-check';
import type { JsonSchema, Operation } from './openapi-operations';

/**
 * Strings that break naive code: unicode edge cases (NUL, lone surrogates, bidi override,
 * zero-width, combining marks, case-folding traps, line separators), injection payloads
 * (SQL, HTML, template, path traversal) and sizes around the limits.
 */
export const edgeStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  'zero\u200bwidth',
  '\ufeffbom',
  '𝒜😀👩‍👩‍👧',
  'e\u0301\u0301\u0301',
  'İıßﬀ',
  '\r\nSet-Cookie: x=1',
  '\t\v\f',
  '\u0085\u2028\u2029',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; drop table users; --",
  "%' union select token_hash from sessions --",
  '\\',
  '../../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%00',
  '${7*7}{{7*7}}',
  'a'.repeat(257),
  'é'.repeat(2100),
  '9'.repeat(400),
];

const edgeString = fc.constantFrom(...edgeStrings);

const anyString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 },
  { arbitrary: edgeString, weight: 4 },
);

const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  Number.MIN_VALUE,
);

/** Any JSON value: the "wrong type" of a field. */
const wrongValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  edgeNumbers,
  edgeString,
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
);

export interface IdPool {
  /** Ids that exist in the database (own and foreign rows), to reach past "not found". */
  known: readonly string[];
}

/** A value for a schema: usually plausible, sometimes at the edges, sometimes the wrong type. */
export function valueFor(schema: JsonSchema, ids: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const plausible = plausibleFor(schema, ids, depth);
  return fc.oneof({ arbitrary: plausible, weight: 6 }, { arbitrary: wrongValue, weight: 1 });
}

function plausibleFor(schema: JsonSchema, ids: IdPool, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, ids, depth + 1)));
  if (schema.allOf?.length) return valueFor(schema.allOf[0]!, ids, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), edgeString);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      if (depth > 3 || !schema.properties)
        return fc.dictionary(anyString, wrongValue, { maxKeys: 3 });
      const entries = Object.entries(schema.properties).map(
        ([key, property]) =>
          [
            key,
            fc.option(valueFor(property, ids, depth + 1), { nil: undefined, freq: 5 }),
          ] as const,
      );
      const known = fc.tuple(...entries.map(([, arbitrary]) => arbitrary));
      // Sometimes an unknown key too (mass assignment: rules, email, accountId…).
      const extra = fc.option(
        fc.tuple(
          fc.constantFrom('rules', 'email', 'accountId', 'id', '__proto__', 'constructor'),
          wrongValue,
        ),
        { nil: undefined, freq: 4 },
      );
      return fc.tuple(known, extra).map(([values, more]) => {
        const object: Record<string, unknown> = {};
        entries.forEach(([key], index) => {
          if (values[index] !== undefined) object[key] = values[index];
        });
        if (more) Object.defineProperty(object, more[0], { value: more[1], enumerable: true });
        return object;
      });
    }
    case 'array':
      return fc.array(schema.items ? valueFor(schema.items, ids, depth + 1) : wrongValue, {
        maxLength: depth > 2 ? 2 : 6,
      });
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }),
        edgeNumbers,
      );
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), edgeNumbers);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringFor(schema, ids);
    default:
      return wrongValue;
  }
}

function stringFor(schema: JsonSchema, ids: IdPool): fc.Arbitrary<string> {
  const sized = fc.string({
    minLength: Math.max(0, (schema.maxLength ?? 40) - 2),
    maxLength: (schema.maxLength ?? 40) + 2,
  });
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(
        { arbitrary: ids.known.length ? fc.constantFrom(...ids.known) : fc.uuid(), weight: 4 },
        { arbitrary: fc.uuid(), weight: 2 },
        { arbitrary: edgeString, weight: 1 },
      );
    case 'email':
      return fc.oneof(fc.emailAddress(), edgeString, fc.constant('a@b'), fc.constant('<x@y.z>'));
    case 'date':
      return fc.oneof(
        fc.constantFrom('2026-11-25', '2026-11-28', '2026-02-30', '1900-01-01', '9999-12-31'),
        edgeString,
      );
    case 'date-time':
      return fc.oneof(
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        edgeString,
      );
    default:
      break;
  }
  if (schema.pattern) {
    let matching: fc.Arbitrary<string>;
    try {
      matching = fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      matching = anyString;
    }
    return fc.oneof({ arbitrary: matching, weight: 3 }, { arbitrary: anyString, weight: 1 });
  }
  return fc.oneof({ arbitrary: anyString, weight: 4 }, { arbitrary: sized, weight: 1 });
}

export interface HostileRequest {
  method: string;
  pathValues: Record<string, string>;
  rawPath: boolean;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body: string | undefined;
  cookie: 'session' | 'none' | 'garbage';
}

const headerSafe = fc
  .string({ maxLength: 60 })
  .map((value) => value.replace(/[^\x20-\x7e]/g, '').trim());

/** Content types a client (or an attacker's form) might send. */
const contentTypes = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=----x',
      'application/xml',
      '',
    ),
    weight: 3,
  },
);

/** One hostile request for an operation: body, query, path, headers and method all vary. */
export function hostileRequest(
  operation: Operation,
  ids: IdPool,
  ourOrigin: string,
  pathCandidates: Record<string, readonly string[]> = {},
): fc.Arbitrary<HostileRequest> {
  const pathValue = (name: string) =>
    fc.oneof(
      {
        arbitrary: fc.constantFrom(
          ...(pathCandidates[name] ?? []),
          ...(ids.known.length ? ids.known : ['x']),
        ),
        weight: 4,
      },
      { arbitrary: fc.uuid(), weight: 1 },
      { arbitrary: anyString.filter((value) => value.length > 0), weight: 2 },
    );
  const pathValues = fc.record(
    Object.fromEntries(operation.pathParams.map((name) => [name, pathValue(name)])),
  ) as fc.Arbitrary<Record<string, string>>;

  const declaredQuery = operation.query.map(({ name, schema }) =>
    fc.option(
      valueFor(schema, ids).map(
        (value) =>
          [name, typeof value === 'string' ? value : JSON.stringify(value)] as [string, string],
      ),
      { nil: undefined, freq: 3 },
    ),
  );
  const query = fc
    .tuple(fc.tuple(...declaredQuery), fc.array(fc.tuple(anyString, anyString), { maxLength: 2 }))
    .map(([declared, extra]) => [
      ...declared.filter((entry): entry is [string, string] => entry !== undefined),
      ...extra,
    ]);

  const jsonBody = operation.body
    ? valueFor(operation.body, ids).map((value) => JSON.stringify(value))
    : fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value));
  const body = fc.oneof(
    { arbitrary: jsonBody, weight: 16 },
    { arbitrary: fc.json({ maxDepth: 3 }), weight: 1 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"__proto__":{"x":1}}',
        'null',
        '""',
        '\u0000',
      ),
      weight: 1,
    },
    // Above the 16 KiB JSON limit.
    {
      arbitrary: fc
        .integer({ min: 16 * 1024, max: 40 * 1024 })
        .map((n) => JSON.stringify({ x: 'a'.repeat(n) })),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );

  // fast-check's objects may have no prototype, which String() cannot convert.
  const headerText = (value: unknown) => (typeof value === 'string' ? value : fc.stringify(value));

  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
  const method = fc.oneof(
    { arbitrary: fc.constant(operation.method), weight: 9 },
    { arbitrary: fc.constantFrom(...methods), weight: 1 },
  );

  const declaredHeaders = operation.headers.map(({ name, schema }) =>
    fc.option(
      valueFor(schema, ids).map(
        (value) => [name, headerText(value).replace(/[^\x20-\x7e]/g, '')] as const,
      ),
      { nil: undefined, freq: 6 },
    ),
  );
  const headers = fc
    .record({
      declared: fc.tuple(...declaredHeaders),
      contentType: contentTypes,
      origin: fc.oneof(
        { arbitrary: fc.constant(ourOrigin), weight: 16 },
        {
          arbitrary: fc.constantFrom(
            '',
            'null',
            'https://evil.example',
            `${ourOrigin}.evil.example`,
          ),
          weight: 1,
        },
      ),
      timezone: fc.option(
        fc.oneof(
          fc.constantFrom(
            'Europe/Paris',
            'America/New_York',
            'Etc/GMT+12',
            '../../etc/passwd',
            'Not/AZone',
          ),
          headerSafe,
        ),
        { nil: undefined },
      ),
      acceptLanguage: fc.option(
        fc.oneof(fc.constantFrom('fr', 'en-GB,en;q=0.8', '*', 'xx'), headerSafe),
        { nil: undefined },
      ),
      forwardedFor: fc.option(fc.constantFrom('203.0.113.9', '1.1.1.1, 2.2.2.2', 'garbage'), {
        nil: undefined,
      }),
    })
    .map(({ declared, contentType, origin, timezone, acceptLanguage, forwardedFor }) => {
      const result: Record<string, string> = {};
      for (const entry of declared) if (entry) result[entry[0]] = entry[1];
      if (contentType) result['content-type'] = contentType;
      if (origin) result.origin = origin;
      if (timezone !== undefined) result.timezone = timezone;
      if (acceptLanguage !== undefined) result['accept-language'] = acceptLanguage;
      if (forwardedFor) result['x-forwarded-for'] = forwardedFor;
      return result;
    });

  return fc.record({
    method,
    pathValues,
    rawPath: fc.boolean(),
    query,
    headers,
    body,
    cookie: fc.constantFrom('session', 'session', 'session', 'session', 'none', 'garbage'),
  });
}
