import fc from 'fast-check';

/**
 * fast-check arbitraries from a route's own JSON schema (TypeBox output): `valid` stays inside
 * the schema, `hostile` is what the public internet sends instead (non-finite and huge numbers,
 * control characters, lone surrogates, overlong and empty strings, wrong types).
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

const CONTROL_CHARS = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];
const SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b'];
const TRICKY_TEXT = ['\u202e', '\ufeff', '\u200b', '🙂', '海港外汇', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', '\\u0000', ' ', '\t\n\r'];

/** Strings every text field must refuse or survive. */
export const hostileString = (maxLength = 100): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(''),
    fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROL_CHARS), fc.string({ maxLength: 8 })).map(([a, c, b]) => `${a}${c}${b}`),
    fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...SURROGATES), fc.string({ maxLength: 8 })).map(([a, s, b]) => `${a}${s}${b}`),
    fc.constantFrom(...TRICKY_TEXT),
    fc.constant('x'.repeat(Math.min(maxLength + 1, 300_000))),
    fc.constant('字'.repeat(Math.min(maxLength + 1, 300_000))),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('Infinity', '-Infinity', 'NaN', '1e309', '-1e309', '9'.repeat(400), '-0', '0x10', ' 1', '1.5', '-1', '0', '1e3', 'true', 'null', '[]', '{}'),
  );

/** Any JSON-ish value of the wrong type (objects and arrays included). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 2, -(2 ** 63), 1e300, [], {}, [1, 2], { a: 1 }, ['x']),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A value inside the schema (what a well-behaved client sends). */
export function validOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? Math.max(min + 1_000_000, 1_000_000);
      return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max }));
    }
    case 'number': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 60, 60, Math.max(minLength, 60));
      return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ unit: 'grapheme', minLength, maxLength }));
    }
    case 'array':
      return fc.array(schema.items ? validOf(schema.items) : fc.string(), { maxLength: 4 });
    case 'object':
      return objectOf(schema, validOf);
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A value that breaks the schema or the shared input rules. */
export function hostileOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const numeric = type === 'integer' || type === 'number';
  const edges: unknown[] = numeric
    ? [(schema.minimum ?? 0) - 1, (schema.maximum ?? 2 ** 53) + 1, 2 ** 64, -(2 ** 64), 0.5, -0]
    : [];
  return fc.oneof(
    { weight: 3, arbitrary: hostileString(schema.maxLength ?? 100) },
    { weight: 2, arbitrary: wrongType },
    { weight: numeric ? 2 : 0, arbitrary: edges.length > 0 ? fc.constantFrom(...edges) : fc.constant(0) },
    { weight: 1, arbitrary: fc.array(validOf(schema), { minLength: 2, maxLength: 3 }) },
  );
}

function objectOf(schema: JsonSchema, leaf: (s: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) model[k] = leaf(v);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
}

/**
 * One request's fields from an object schema: each field valid, hostile or left out, sometimes an
 * unknown field or a hostile field name on top.
 */
export function fieldsOf(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const props = schema?.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props)) {
    model[k] = fc.oneof({ weight: 3, arbitrary: validOf(v) }, { weight: 2, arbitrary: hostileOf(v) });
  }
  const base = fc.record(model, { requiredKeys: [] });
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'a\u0000b', '\ud800')), fc.oneof(hostileString(), wrongType), { maxKeys: 2 }) },
  );
  return fc.tuple(base, extra).map(([b, e]) => ({ ...e, ...b }));
}
