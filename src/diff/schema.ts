/**
 * Schemas as the diff sees them: `$ref`s followed and `allOf` merged into one view, so a schema
 * that was extracted into a component, renamed, or split into `allOf` parts compares equal to
 * the inline original.
 */
import { referenceOf, resolve, resolveToSiblings } from '../../rulesets/lib/openapi/resolve.js';
import { isArray, isObject, type Document } from '../../rulesets/lib/openapi/types.js';

// The allOf merge is shared with lint: one flattening of `allOf` for every view of a schema.
export {
  flatten,
  flattenParts,
  MAX_ALLOF_DEPTH,
  type FlatSchema,
  type Located,
} from '../../rulesets/lib/openapi/flatten.js';
import type { FlatSchema } from '../../rulesets/lib/openapi/flatten.js';

export function keyword(flat: FlatSchema, name: string): unknown {
  return flat.keywords.get(name)?.value;
}

/** The declared types, without `null` (nullability is compared on its own). */
export function typesOf(flat: FlatSchema): Set<string> {
  const type = keyword(flat, 'type');
  const list =
    typeof type === 'string' ? [type] : isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
  const types = new Set(list.filter((t) => t !== 'null'));
  // An integer is a number: `[number, integer]` allows what `number` does.
  if (types.has('number')) types.delete('integer');
  return types;
}

/**
 * Whether the schema allows null, in its description's version: OpenAPI 3.0's `nullable: true`,
 * or `null` among the types. From 3.1 on `nullable` is no keyword and allows nothing: a 3.0
 * description moved to 3.1 with `nullable: true` kept no longer allows null (attack o34r15 B11).
 */
export function isNullable(flat: FlatSchema, document: Document): boolean {
  const type = keyword(flat, 'type');
  return (
    (keyword(flat, 'nullable') === true && nullableIsKeyword(document)) ||
    type === 'null' ||
    (isArray(type) && type.includes('null'))
  );
}

/** `nullable` is a keyword of OpenAPI 3.0 (and of Swagger 2.0, read as 3.0), no later version's. */
function nullableIsKeyword(document: Document): boolean {
  const version = isObject(document) ? document.openapi : undefined;
  return !(typeof version === 'string' && /^3\.(?:[1-9]|\d{2,})\./.test(version));
}

const IGNORED_IN_FINGERPRINT = new Set([
  'description',
  'example',
  'examples',
  'title',
  'externalDocs',
  'deprecated',
  'xml',
]);

/**
 * Members whose value is a map of names (property names, media types, statuses, header names):
 * there every key counts, so a property called `description`, `title` or `x-id` is read like any
 * other (it was left out, and its type changing inside a webhook or a callback read as no change).
 */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  'dependentRequired',
  '$defs',
  'definitions',
  'mapping',
  'content',
  'encoding',
  'headers',
  'responses',
  'callbacks',
  'links',
  'paths',
  'webhooks',
  'pathItems',
  'schemas',
  'parameters',
  'requestBodies',
  'securitySchemes',
  'scopes',
  'variables',
]);

/**
 * How deep a fingerprint reads (objects and arrays, `$ref`s followed). It was 12, and silently:
 * a callback's request schema changed four properties down read as "0 changes". A description
 * nests at most MAX_NESTING (1000) levels; only `$ref` chains lead deeper than this bound.
 */
export const MAX_FINGERPRINT_DEPTH = 256;

/** Told apart on every call: two fingerprints that reach the bound are never equal. */
let beyondBound = 0;

/**
 * A canonical text of what a schema allows, independent of where its parts are defined and of
 * documentation: two schemas with the same fingerprint are equivalent for the diff. Beyond
 * MAX_FINGERPRINT_DEPTH the text is unique, so what was not read counts as changed (a change
 * reported, never one hidden).
 */
export function fingerprint(
  document: Document,
  node: unknown,
  depth = 0,
  stack: unknown[] = [],
  names = false,
): string {
  // A `$ref` with sibling keywords (OpenAPI 3.1: `{$ref: B, unevaluatedProperties: false}`) is the
  // siblings and the target together, as the allOf merge reads it (flatten.ts): resolving it alone
  // dropped the siblings, and removing one read as "0 changes" (issue 34, N3).
  let value = resolveToSiblings(document, node, []).value;
  let withSiblings = referenceOf(value) !== undefined;
  // Siblings that only document (`description`) change nothing: the target alone.
  if (
    withSiblings &&
    isObject(value) &&
    Object.keys(value).every(
      (key) => key === '$ref' || key === '$dynamicRef' || IGNORED_IN_FINGERPRINT.has(key) || key.startsWith('x-'),
    )
  ) {
    value = resolve(document, value, []).value;
    withSiblings = false;
  }
  if (depth > MAX_FINGERPRINT_DEPTH) return `…${++beyondBound}`;
  if (isArray(value)) return `[${value.map((item) => fingerprint(document, item, depth + 1, stack)).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value ?? null);
  if (stack.includes(value)) return '↺';
  stack.push(value);
  const keys = Object.keys(value)
    .filter((key) => names || (!IGNORED_IN_FINGERPRINT.has(key) && !key.startsWith('x-')))
    .sort();
  const text = `{${keys
    .map((key) => {
      // The target of a `$ref` beside siblings, followed (its text alone names no schema).
      const member = withSiblings && (key === '$ref' || key === '$dynamicRef') ? { [key]: value[key] } : value[key];
      return `${JSON.stringify(key)}:${fingerprint(document, member, depth + 1, stack, !names && NAME_MAPS.has(key))}`;
    })
    .join(',')}}`;
  stack.pop();
  return text;
}
