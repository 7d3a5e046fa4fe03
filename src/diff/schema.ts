/**
 * Schemas as the diff sees them: `$ref`s followed and `allOf` merged into one view, so a schema
 * that was extracted into a component, renamed, or split into `allOf` parts compares equal to
 * the inline original.
 */
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { isArray, isObject, type Document, type JsonPath, type Schema } from '../../rulesets/lib/openapi/types.js';

export interface Located {
  value: unknown;
  path: JsonPath;
}

export interface FlatSchema {
  /** Where the schema is defined (after `$ref`s): findings point here. */
  path: JsonPath;
  /** Every keyword but `allOf`/`properties`/`required`: the first definition wins. */
  keywords: Map<string, Located>;
  properties: Map<string, Located>;
  required: Set<string>;
  /** Where `required` (or, when absent, the schema) is. */
  requiredPath: JsonPath;
  propertiesPath: JsonPath;
}

/**
 * The diff's allOf merge, in this one function: follows `$ref`s (with their 3.1 siblings) and
 * merges `allOf` parts into one view (depth-limited, cycle-safe). Undefined for a non-object.
 * Where a keyword is defined in several parts, the outermost definition wins.
 */
export function flatten(document: Document, node: unknown, path: JsonPath): FlatSchema | undefined {
  // A `$ref` with sibling keywords (OpenAPI 3.1) is the siblings and the target together.
  const withSiblings = isObject(node) && typeof node.$ref === 'string' && Object.keys(node).some((key) => key !== '$ref');
  const root = withSiblings ? { value: node, path } : resolve(document, node, path);
  if (!isObject(root.value)) return undefined;
  const flat: FlatSchema = { path: root.path, keywords: new Map(), properties: new Map(), required: new Set(), requiredPath: root.path, propertiesPath: [...root.path, 'properties'] };
  const seen = new Set<unknown>();
  const visit = (schema: Schema, at: JsonPath, depth: number, outermost: boolean) => {
    if (seen.has(schema) || depth > 16) return;
    seen.add(schema);
    for (const [key, value] of Object.entries<unknown>(schema)) {
      if (key === 'allOf' || key === 'properties' || key === 'required' || key === '$ref') continue;
      if (!flat.keywords.has(key)) flat.keywords.set(key, { value, path: [...at, key] });
    }
    if (isObject(schema.properties)) {
      if (outermost || flat.properties.size === 0) flat.propertiesPath = [...at, 'properties'];
      for (const [name, value] of Object.entries(schema.properties)) if (!flat.properties.has(name)) flat.properties.set(name, { value, path: [...at, 'properties', name] });
    }
    if (isArray(schema.required)) {
      if (outermost || flat.required.size === 0) flat.requiredPath = [...at, 'required'];
      for (const name of schema.required) if (typeof name === 'string') flat.required.add(name);
    }
    if (typeof schema.$ref === 'string') {
      const target = resolve(document, { $ref: schema.$ref }, at);
      if (isObject(target.value)) visit(target.value, target.path, depth + 1, false);
    }
    if (isArray(schema.allOf)) {
      schema.allOf.forEach((part, index) => {
        const resolved = resolve(document, part, [...at, 'allOf', index]);
        if (isObject(resolved.value)) visit(resolved.value, resolved.path, depth + 1, false);
      });
    }
  };
  visit(root.value, root.path, 0, true);
  return flat;
}

export function keyword(flat: FlatSchema, name: string): unknown {
  return flat.keywords.get(name)?.value;
}

/** The declared types, without `null` (nullability is compared on its own). */
export function typesOf(flat: FlatSchema): Set<string> {
  const type = keyword(flat, 'type');
  const list = typeof type === 'string' ? [type] : isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
  return new Set(list.filter((t) => t !== 'null'));
}

export function isNullable(flat: FlatSchema): boolean {
  const type = keyword(flat, 'type');
  return keyword(flat, 'nullable') === true || type === 'null' || (isArray(type) && type.includes('null'));
}

const IGNORED_IN_FINGERPRINT = new Set(['description', 'example', 'examples', 'title', 'externalDocs', 'deprecated', 'xml']);

/**
 * A canonical text of what a schema allows, independent of where its parts are defined and of
 * documentation: two schemas with the same fingerprint are equivalent for the diff.
 */
export function fingerprint(document: Document, node: unknown, depth = 0, stack: unknown[] = []): string {
  const resolved = resolve(document, node, []);
  const value = resolved.value;
  if (depth > 12) return '…';
  if (isArray(value)) return `[${value.map((item) => fingerprint(document, item, depth + 1, stack)).join(',')}]`;
  if (!isObject(value)) return JSON.stringify(value ?? null);
  if (stack.includes(value)) return '↺';
  stack.push(value);
  const keys = Object.keys(value).filter((key) => !IGNORED_IN_FINGERPRINT.has(key) && !key.startsWith('x-')).sort();
  const text = `{${keys.map((key) => `${JSON.stringify(key)}:${fingerprint(document, value[key], depth + 1, stack)}`).join(',')}}`;
  stack.pop();
  return text;
}
