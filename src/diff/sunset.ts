/**
 * Deprecation and sunset as the platform means them: a deprecated operation, parameter or property
 * keeps answering until its sunset, and the platform's design guide (versioning.md) promises at least
 * six months' notice before a version is retired. The sunset is read from where descriptions put
 * it: the `x-sunset` extension (oasdiff's, an RFC 3339 date) on the operation, parameter or schema,
 * for an operation also a `Sunset` response header (RFC 8594, an HTTP-date) whose example,
 * examples, default, const or single enum value gives the date, and the `x-sunset` of its path item. The catalogue's own descriptions mark no
 * deprecation at all, so these two are what the field uses.
 */
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { isArray, isObject, type Document, type JsonObject, type JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { OperationDiff, ParameterDiff } from './description-tree.js';
import { keyword, type FlatSchema } from './schema.js';

/** The notice the platform promises before a deprecated thing goes, in months. */
export const NOTICE_MONTHS = 6;
/** Where the promise is written, as messages name it. */
export const NOTICE_SOURCE = "the platform's design guide (versioning.md) promises at least six months' notice";

export interface Sunset {
  /** As written. */
  value: unknown;
  /** The date it names; undefined when the value is not a date. */
  date?: Date;
  path: JsonPath;
  /** `x-sunset`, or `Sunset header` of a response. */
  source: string;
}

/** One side of a thing that may be deprecated: its flag, its sunset, and where it is. */
export interface LifecycleSide {
  deprecated: boolean;
  sunset?: Sunset;
  path: JsonPath;
}

/**
 * An operation, parameter or property on both sides, as far as its deprecation goes; `revision` is
 * absent when the revision removed it (`removedAt` is then the closest place that remains), `base`
 * when it is new.
 */
export interface LifecycleDiff {
  thing: 'operation' | 'parameter' | 'property';
  /** How messages name it: `operation DELETE /v1/users/{id}`, `query parameter q of GET /v1/users`. */
  text: string;
  base?: LifecycleSide;
  revision?: LifecycleSide;
  removedAt: JsonPath;
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?)?$/;
// RFC 9110 IMF-fixdate, the form RFC 8594's Sunset header takes: `Sat, 31 Dec 2022 23:59:59 GMT`.
const HTTP_DATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** The date a sunset value names, or undefined when it is not one of the two forms. */
export function sunsetDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!RFC3339.test(text) && !HTTP_DATE.test(text)) return undefined;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function sunsetAt(value: unknown, path: JsonPath, source: string): Sunset {
  const date = sunsetDate(value);
  return { value, ...(date ? { date } : {}), path, source };
}

/** `x-sunset` on an operation, parameter or schema object. */
export function ownSunset(object: JsonObject, path: JsonPath): Sunset | undefined {
  return object['x-sunset'] === undefined ? undefined : sunsetAt(object['x-sunset'], [...path, 'x-sunset'], 'x-sunset');
}

/** The value a `Sunset` header declares, where it is, and the keyword that holds it. */
export interface HeaderValue {
  value: unknown;
  path: JsonPath;
  /**
   * The keyword the value was read from (`…/schema/enum`, `…/examples`): a change there is a change
   * of the sunset, which the diff-sunset-* checks judge, not the generic header checks.
   */
  keyword: JsonPath;
}

/**
 * The value a `Sunset` header declares, read from every place a header carries one: its `example`,
 * the `value` of an entry of its `examples` map, and its schema's `const`, `default`, `example`, first
 * `examples` item (3.1) or only `enum` value.
 */
export function sunsetHeaderValue(document: Document, header: JsonObject, path: JsonPath): HeaderValue | undefined {
  if (header.example !== undefined)
    return { value: header.example, path: [...path, 'example'], keyword: [...path, 'example'] };
  if (isObject(header.examples))
    for (const [name, entry] of Object.entries(header.examples)) {
      const example = resolve(document, entry, [...path, 'examples', name]);
      if (isObject(example.value) && example.value.value !== undefined)
        return { value: example.value.value, path: [...example.path, 'value'], keyword: [...path, 'examples'] };
    }
  const schema = resolve(document, header.schema, [...path, 'schema']);
  if (!isObject(schema.value)) return undefined;
  for (const key of ['const', 'default', 'example'] as const)
    if (schema.value[key] !== undefined)
      return { value: schema.value[key], path: [...schema.path, key], keyword: [...schema.path, key] };
  if (isArray(schema.value.examples) && schema.value.examples.length > 0)
    return {
      value: schema.value.examples[0],
      path: [...schema.path, 'examples', 0],
      keyword: [...schema.path, 'examples'],
    };
  if (isArray(schema.value.enum) && schema.value.enum.length === 1)
    return { value: schema.value.enum[0], path: [...schema.path, 'enum', 0], keyword: [...schema.path, 'enum'] };
  return undefined;
}

/** True for a response header named `Sunset` (header names compare without case). */
export function isSunsetHeader(name: string): boolean {
  return name.toLowerCase() === 'sunset';
}

/**
 * An operation's sunset: its `x-sunset`, else the first `Sunset` response header that states a
 * value, else the `x-sunset` of its path item (a path item's sunset applies to each of its
 * operations that announces none of its own).
 */
export function operationSunset(
  document: Document,
  operation: JsonObject,
  path: JsonPath,
  pathItem?: { item: JsonObject; path: JsonPath },
): Sunset | undefined {
  const own = ownSunset(operation, path);
  if (own) return own;
  const responses = isObject(operation.responses) ? operation.responses : {};
  for (const [status, entry] of Object.entries(responses)) {
    const response = resolve(document, entry, [...path, 'responses', status]);
    if (!isObject(response.value) || !isObject(response.value.headers)) continue;
    for (const [name, entryHeader] of Object.entries(response.value.headers)) {
      if (!isSunsetHeader(name)) continue;
      const header = resolve(document, entryHeader, [...response.path, 'headers', name]);
      if (!isObject(header.value)) continue;
      const found = sunsetHeaderValue(document, header.value, header.path);
      if (found) return sunsetAt(found.value, found.path, `Sunset header of response ${status}`);
    }
  }
  if (pathItem) {
    const inherited = ownSunset(pathItem.item, pathItem.path);
    if (inherited) return { ...inherited, source: 'x-sunset of its path item' };
  }
  return undefined;
}

/** The moment from which a sunset is far enough away: six months after `now`. */
export function noticeEnd(now: Date): Date {
  const end = new Date(now.getTime());
  end.setUTCMonth(end.getUTCMonth() + NOTICE_MONTHS);
  return end;
}

/** `2027-05-31` for a midnight date, else the full ISO form. */
export function showDate(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

/** A thing deprecated in the base with a sunset still to come, removed by the revision: removed before its sunset. */
export function removedBeforeSunset(node: LifecycleDiff, now: Date): Date | undefined {
  const date = node.base?.sunset?.date;
  return node.base?.deprecated && !node.revision && date && date.getTime() > now.getTime() ? date : undefined;
}

/** An operation's deprecation on both sides. */
export function operationLifecycle(node: OperationDiff, base: Document, revision: Document): LifecycleDiff {
  const side = (
    document: Document,
    found: OperationDiff['base'],
    pathItem: OperationDiff['basePathItem'],
  ): LifecycleSide | undefined => {
    if (!found) return undefined;
    const item = pathItem && isObject(pathItem.item) ? { item: pathItem.item, path: pathItem.path } : undefined;
    const sunset = operationSunset(document, found.operation, found.path, item);
    return { deprecated: found.operation.deprecated === true, ...(sunset ? { sunset } : {}), path: found.path };
  };
  const b = side(base, node.base, node.basePathItem);
  const r = side(revision, node.revision, node.revisionPathItem);
  return {
    thing: 'operation',
    text: `operation ${node.text}`,
    ...(b ? { base: b } : {}),
    ...(r ? { revision: r } : {}),
    removedAt: node.revisionPathItem?.path ?? ['paths'],
  };
}

/** A parameter's deprecation on both sides (a parameter moved to another location is not removed). */
export function parameterLifecycle(node: ParameterDiff, operation: string): LifecycleDiff | undefined {
  if (node.movedTo) return undefined;
  const side = (found: ParameterDiff['base']): LifecycleSide | undefined => {
    if (!found) return undefined;
    const sunset = ownSunset(found.parameter, found.path);
    return { deprecated: found.parameter.deprecated === true, ...(sunset ? { sunset } : {}), path: found.path };
  };
  const b = side(node.base);
  const r = side(node.revision);
  const named = node.revision ?? node.base;
  return {
    thing: 'parameter',
    text: `${named?.in ?? ''} parameter ${named?.name ?? node.key} of ${operation}`,
    ...(b ? { base: b } : {}),
    ...(r ? { revision: r } : {}),
    removedAt: node.operation.revision,
  };
}

/** A property's deprecation on both sides, read from its (allOf-merged) schema. */
export function propertyLifecycle(
  label: string,
  base: FlatSchema | undefined,
  revision: FlatSchema | undefined,
  removedAt: JsonPath,
): LifecycleDiff {
  const side = (flat: FlatSchema | undefined): LifecycleSide | undefined => {
    if (!flat) return undefined;
    const own = flat.keywords.get('x-sunset');
    const sunset = own ? sunsetAt(own.value, own.path, 'x-sunset') : undefined;
    return { deprecated: keyword(flat, 'deprecated') === true, ...(sunset ? { sunset } : {}), path: flat.path };
  };
  const b = side(base);
  const r = side(revision);
  return { thing: 'property', text: label, ...(b ? { base: b } : {}), ...(r ? { revision: r } : {}), removedAt };
}
