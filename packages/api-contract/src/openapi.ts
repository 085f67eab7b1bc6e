/**
 * The OpenAPI 3.1 description of /api, generated from the same TypeBox schemas and operations table
 * the gateway's tests check answers against. `npm run openapi` writes it to docs/api/openapi.json;
 * the gateway serves it at GET /api/openapi.json.
 */
import { IsSchema, Type, type TSchema } from 'typebox';
import { operations, type Operation } from './operations.ts';
import * as schemas from './schemas.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const COMPONENT = '#/components/schemas/';

/** Every exported schema gets a component of its name; nested uses become $refs. */
const named = new Map<object, string>();
// Sorted: a module namespace lists its names sorted in Node but in declaration order under Vite.
for (const [name, value] of Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) if (typeof value === 'object' && !Array.isArray(value) && IsSchema(value)) named.set(value, name);

/** A TypeBox schema as JSON Schema 2020-12 for the document: named schemas by $ref, cyclic refs pointed at their component. */
function toJson(node: unknown, self?: string): Json {
  if (Array.isArray(node)) return node.map((n) => toJson(n));
  if (typeof node !== 'object' || node === null) return node as Json;
  const name = named.get(node);
  if (name !== undefined && name !== self) return { $ref: COMPONENT + name };
  const record = node as Record<string, unknown>;
  // Type.Cyclic: { $defs: { Name: … }, $ref: 'Name' }; inside it, { $ref: 'Name' }.
  if (typeof record.$ref === 'string') {
    if (record.$defs && self !== undefined) return toJson((record.$defs as Record<string, unknown>)[record.$ref], self);
    return { $ref: record.$ref.startsWith('#') ? record.$ref : COMPONENT + record.$ref };
  }
  // `$id` (TypeBox names cyclic definitions with it) would rebase every $ref inside.
  return Object.fromEntries(Object.keys(record).filter((k) => k !== '$id').map((k) => [k, toJson(record[k])]));
}

const ENVELOPE = Type.Object({
  code: Type.Number({ description: 'Envelope code: 1 success; 402 sign-in needed and 409 session revoked (both end the session); 0 or the error kind otherwise.' }),
  msg: Type.String({ description: "Message in the caller's language." }),
  time: Type.Number({ description: 'Server time, Unix seconds.' }),
  data: Type.Unknown(),
});

function requestBody(op: Operation): Json | undefined {
  if (op.bodyType === 'multipart/form-data') return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } } } };
  if (op.bodyType === 'video/mp4') return { required: true, content: { 'video/mp4': { schema: {} }, 'application/octet-stream': { schema: {} } } };
  if (op.bodyType === 'text/html') return { required: true, content: { 'text/html': { schema: { type: 'string' } } } };
  if (op.body) return { required: true, content: { 'application/json': { schema: toJson(op.body) } } };
  return undefined;
}

function parameters(op: Operation): Json[] {
  const lang: Json = { $ref: '#/components/parameters/lang' };
  if (!op.query) return [lang];
  const q = op.query as TSchema & { properties: Record<string, TSchema & { description?: string }>; required?: string[] };
  return [
    lang,
    ...Object.entries(q.properties).map(([name, schema]) => ({ name, in: 'query', required: q.required?.includes(name) ?? false, ...(schema.description ? { description: schema.description } : {}), schema: toJson(schema) })),
  ];
}

const SECURITY: Record<Operation['access'], Json[]> = {
  public: [{ signature: [], signatureTime: [] }],
  session: [
    { signature: [], signatureTime: [], sessionCookie: [] },
    { signature: [], signatureTime: [], sessionToken: [] },
  ],
  admin: [
    { signature: [], signatureTime: [], sessionCookie: [] },
    { signature: [], signatureTime: [], sessionToken: [] },
  ],
};

export function openApiDocument(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [id, op] of Object.entries(operations) as [string, Operation][]) {
    const body = requestBody(op);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: id,
      summary: op.summary,
      tags: [op.path.split('/')[2] ?? 'api'],
      ...(op.access === 'admin' ? { description: 'Admins only: HTTP 403 `forbidden` for other users.' } : {}),
      parameters: parameters(op),
      ...(body ? { requestBody: body } : {}),
      // Downloads are plain links: no signature headers.
      security: op.responseType ? [] : SECURITY[op.access],
      responses: {
        '200': op.responseType
          ? { description: 'Success: a download.', content: { [op.responseType]: { schema: toJson(op.data) } } }
          : { description: 'Success: envelope code 1.', content: { 'application/json': { schema: { allOf: [{ $ref: `${COMPONENT}Envelope` }, { type: 'object', properties: { data: toJson(op.data) } }] } } } },
        default: { description: 'Failure: the HTTP status tells the kind, `data.error` the stable code, `data.fields` per-field messages.', content: { 'application/json': { schema: { $ref: `${COMPONENT}ErrorEnvelope` } } } },
      },
    };
  }
  const components: Record<string, Json> = {
    Envelope: toJson(ENVELOPE),
    ErrorEnvelope: { allOf: [{ $ref: `${COMPONENT}Envelope` }, { type: 'object', properties: { data: { $ref: `${COMPONENT}ErrorData` } } }] },
  };
  for (const [schema, name] of named) components[name] = toJson(schema, name);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Brokerwise /api',
      version: '1.0.0',
      description:
        'The JSON API the Brokerwise web app uses. Every answer is an envelope `{code, msg, time, data}`; `msg` is in the language of the `lang` header. Every request carries the signature headers `timestamp` (Unix seconds) and `sign` (hex SHA-256 of timestamp + salt). Calls are rate-limited per address (HTTP 429 with Retry-After). Third parties should prefer the keyed read API under /v1 (see /developers).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      parameters: { lang: { name: 'lang', in: 'header', required: false, description: 'Answer language (default: from Accept-Language, else en).', schema: { type: 'string', enum: ['en', 'zh-cn'] } } },
      securitySchemes: {
        signatureTime: { type: 'apiKey', in: 'header', name: 'timestamp', description: 'Unix seconds, within 300 s of the server clock.' },
        signature: { type: 'apiKey', in: 'header', name: 'sign', description: 'Lowercase hex SHA-256 of `timestamp + salt`.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'bw_session', description: 'Set by sign-in; cookie sessions also send `x-csrf-token` (the `bw_csrf` cookie) on POST.' },
        sessionToken: { type: 'apiKey', in: 'header', name: 'token', description: 'The `userInfo.token` of sign-in (no CSRF check).' },
      },
    },
  };
}

/** The document as committed and served: two-space JSON with a final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
