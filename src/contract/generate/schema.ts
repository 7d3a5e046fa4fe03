/**
 * What the request generators need to know of a schema: its `$ref`s followed and its `allOf`
 * merged into one flat set of constraints, so a generator reads `minLength` or `required` in one
 * place whichever way the description spells them. Branches (`oneOf`/`anyOf`) stay as branches.
 */
import { allOfLayers } from '../../../rulesets/lib/openapi/flatten.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { compileSafePattern } from '../../../rulesets/lib/patterns.js';
import type { OpenApiDocument } from '../../../rulesets/lib/rule.js';
import { isNationalIdParameter } from '../conventions.js';
import { IdIndex, schemaLinks } from '../schema-work.js';
import { checkDeadline } from './deadline.js';

export { pointerAt } from '../schema-work.js';

export interface FlatSchema {
  types: string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  items?: FlatSchema;
  /** `uniqueItems: true`: the generators make the items distinct. */
  uniqueItems?: boolean;
  /** `contains`, with `minContains`/`maxContains`: that many items of it are put in. */
  contains?: FlatSchema;
  minContains?: number;
  maxContains?: number;
  properties: Map<string, FlatSchema>;
  required: string[];
  /** `minProperties`/`maxProperties`: optional, then additional, properties added or left out to fit. */
  minProperties?: number;
  maxProperties?: number;
  additionalProperties: boolean;
  /** The schema of additional properties, when `additionalProperties` is one. */
  additional?: FlatSchema;
  /** `patternProperties`, in order: names an additional property may take, with their schemas. */
  patternProperties?: Array<[string, FlatSchema]>;
  /** `propertyNames`' `pattern`: every name of an additional property matches it. */
  propertyNamesPattern?: string;
  /**
   * Size keywords whose value is no whole number of at least 0 (`minItems: .inf` in YAML, `-1`,
   * `2.5`), in words: no value is known valid for such a schema (verify.ts refuses them all).
   */
  unusable?: string[];
  nullable: boolean;
  branches?: FlatSchema[];
  example?: unknown;
  default?: unknown;
  /** True when the schema (or the name it is found under) says it holds a national identifier. */
  nationalId: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /**
   * Properties left out for the direction the schema is read in: `readOnly` ones in a request
   * (never sent, and `required` on them applies to answers only), `writeOnly` ones in an answer.
   */
  omitted?: string[];
  /**
   * A `minLength`/`minItems` of 1 that the description does not write but its parameter implies
   * (`allowEmptyValue` not set, or a path segment): values keep to it, and no case tests it.
   */
  impliedNonEmpty?: boolean;
  /**
   * The characters the value's location carries as they are (a header's, a cookie's: alphabet.ts):
   * a pattern is drawn over them, so that its values are ones HTTP delivers unchanged.
   */
  alphabet?: string;
  /**
   * True when the schema lies deeper than flattening reads (`MAX_FLATTEN_DEPTH`) and was left
   * empty: the generators make nothing of what it says (contract-generation-limit says so).
   */
  truncated?: boolean;
  /**
   * True when flattening had used its node budget (`MAX_FLATTEN_NODES`) before it reached this
   * schema, which was then left empty (and `truncated`): a schema wide at every level (8 required
   * properties each `$ref`ing the next level, 12 levels) has millions of members within the depth
   * bound; the generators make nothing of what it says (contract-generation-limit says so).
   */
  oversized?: boolean;
}

/** Which way a schema is read: the properties of a request leave out `readOnly`, of an answer `writeOnly`. */
export type Direction = 'request' | 'response';

/** How deep (`items`, `properties`, `oneOf`/`anyOf` levels) a schema is flattened for the generators. */
export const MAX_FLATTEN_DEPTH = 8;
const MAX_DEPTH = MAX_FLATTEN_DEPTH;

/**
 * How many schema nodes (`items`, properties, branches, `contains`, …) one input's schema is
 * flattened into at most, whatever its depth (issue 34, o34r12 B4: 8 required properties per level
 * made 8^8 nodes within the depth bound; the coverage and fuzz phases then ran past 60 s and 3 GB).
 * The nodes past it are left empty and marked `oversized`; the values generated are bounded by it.
 */
export const MAX_FLATTEN_NODES = 2_000;

function emptyFlat(): FlatSchema {
  return {
    types: [],
    properties: new Map(),
    required: [],
    additionalProperties: true,
    nullable: false,
    nationalId: false,
  };
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A size keyword (`minLength`, `maxItems`) only as JSON Schema allows it: a whole number, not negative. */
function sizeOr(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

const SIZE_KEYWORDS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
] as const;

/** The first unusable size keyword of the schema or one nested in it (a bounded walk), in words. */
export function unusableSize(schema: FlatSchema, depth = 0): string | undefined {
  if (depth > MAX_DEPTH + 1) return undefined;
  if (schema.unusable?.[0] !== undefined) return schema.unusable[0];
  const children = [
    ...(schema.items ? [schema.items] : []),
    ...(schema.contains ? [schema.contains] : []),
    ...(schema.additional ? [schema.additional] : []),
    ...schema.properties.values(),
    ...(schema.branches ?? []),
  ];
  for (const child of children) {
    const found = unusableSize(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A `multipleOf` only as JSON Schema allows it: above zero. */
function positiveOr(value: unknown): number | undefined {
  const number = numberOr(value);
  return number !== undefined && number > 0 ? number : undefined;
}

/**
 * The schema's constraints in one object. `name` is the parameter or property name it is found
 * under (a national identifier is recognised by name as well as by format or pattern).
 */
export function flattenSchema(
  document: OpenApiDocument,
  schema: unknown,
  name?: string,
  direction: Direction = 'request',
): FlatSchema {
  // One work bound for everything generation does with the input (issue 34, o34r13 N1): a schema
  // whose expansion is past it is not read at all, so nothing (the generators, openapi-sampler,
  // ajv) walks it, and the input is a contract-generation-limit finding.
  if (
    generationWork(document, schema) > MAX_GENERATION_WORK ||
    generationWork(document, schema, MAX_DEPTH, 0, true) > MAX_VALUE_NODES
  ) {
    const flat = emptyFlat();
    if (name !== undefined && isNationalIdParameter(name)) flat.nationalId = true;
    return Object.assign(flat, { truncated: true, oversized: true });
  }
  return flatten(document, schema, name, direction, 0, { left: MAX_FLATTEN_NODES });
}

/**
 * How many schema nodes reading a value of the schema may visit, at most, before a schema is not
 * read (issue 34, o34r13 N1). Every node is counted where it is reached: through every `$ref`,
 * every `allOf`/`anyOf`/`oneOf` branch (ajv evaluates them all against one value, and
 * openapi-sampler merges every `allOf` part), every item and property, and an array's items
 * `minItems` times, an object's additional properties `minProperties` times.
 */
export const MAX_GENERATION_WORK = 20_000;
/**
 * How many members a value of the schema must have, at most (required properties, `minItems` items,
 * `minProperties` properties, over every level): each of the generated phases' values is made,
 * and checked, whole, hundreds of times per input (arrays of 8 arrays of 8, 4 levels deep, took
 * the fuzz phase 25 s). Past it the input is not read either.
 */
export const MAX_VALUE_NODES = 1_000;
/** How deep optional properties count towards the work (openapi-sampler writes all of them to this depth). */
const OPTIONAL_WORK_DEPTH = 4;
/** The largest `minItems`/`minProperties` counted as copies (openapi-sampler makes sizes up to it, candidates.ts). */
const MAX_WORK_COPIES = 64;

/**
 * The work of reading a value of the schema (see `MAX_GENERATION_WORK`): the size of the schema's
 * expansion, computed without expanding it (each node's count is kept per depth, so a chain of 30
 * schemas each `anyOf` the next twice is counted in 30 steps as 2³⁰). Local `$ref`s are followed;
 * a cycle counts once where it closes; members deeper than `depthBound` (by default the flattening
 * depth: nothing generates them) are not counted, nor optional properties deeper than `optionalDepth`.
 */
export function generationWork(
  document: OpenApiDocument,
  root: unknown,
  depthBound: number = MAX_DEPTH,
  optionalDepth: number = OPTIONAL_WORK_DEPTH,
  /** Only the members a value must have: one `oneOf`/`anyOf` branch (the largest), no optional item. */
  mandatoryOnly = false,
): number {
  const memo = new Map<unknown, number[]>();
  const open = new Set<unknown>();
  const ids = new IdIndex(document);
  const target = (node: unknown): unknown => {
    let at = node;
    for (let hops = 0; isObject(at) && typeof at.$ref === 'string' && hops < 64; hops++) at = ids.resolve(at.$ref)[0];
    return at;
  };
  const work = (node: unknown, depth: number): number => {
    const schema = target(node);
    if (!isObject(schema)) return 1;
    if (open.has(schema)) return 1;
    const known = memo.get(schema)?.[depth];
    if (known !== undefined) return known;
    open.add(schema);
    let total = 1;
    const same = (member: unknown) => {
      total += work(member, depth);
    };
    // Every way the schema reaches another in place (schema-work.ts, the one list of them): the
    // branches, and `not`, `if`/`then`/`else`, `dependentSchemas`, discriminator targets, `$dynamicRef`.
    const links = schemaLinks(document, schema, ids);
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const parts = links.inPlace.filter((_, index) => links.by[index] === keyword);
      if (mandatoryOnly) total += Math.max(0, ...parts.map((part: unknown) => work(part, depth)));
      else for (const part of parts) same(part);
    }
    links.inPlace.forEach((part, index) => {
      const by = links.by[index];
      // `$ref` is followed above (`target`); the branches just now.
      if (by === 'allOf' || (!mandatoryOnly && by !== '$ref' && by !== 'anyOf' && by !== 'oneOf')) same(part);
    });
    if (depth < depthBound) {
      // A size past `MAX_WORK_COPIES` is left out by the generators (and openapi-sampler is not run
      // on it), with a finding of its own (limits.ts): it counts once.
      const copies = (size: unknown) =>
        typeof size === 'number' && Number.isFinite(size) && size > 1 && size <= MAX_WORK_COPIES ? size : 1;
      const properties = isObject(schema.properties) ? schema.properties : {};
      const requiredNames = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
      for (const key of Object.keys(properties)) {
        const mandatory = requiredNames.includes(key);
        if (mandatory || depth < optionalDepth) total += work(properties[key], depth + 1);
      }
      const items = !mandatoryOnly || (typeof schema.minItems === 'number' && schema.minItems > 0);
      if (schema.items !== undefined && items) total += copies(schema.minItems) * work(schema.items, depth + 1);
      if (Array.isArray(schema.prefixItems) && items)
        for (const item of schema.prefixItems as unknown[]) total += work(item, depth + 1);
      if (schema.contains !== undefined) total += work(schema.contains, depth + 1);
      if (isObject(schema.additionalProperties))
        total += copies(schema.minProperties) * work(schema.additionalProperties, depth + 1);
      if (isObject(schema.patternProperties))
        for (const member of Object.values(schema.patternProperties))
          total += copies(schema.minProperties) * work(member, depth + 1);
    }
    open.delete(schema);
    const counts = memo.get(schema) ?? [];
    counts[depth] = total;
    memo.set(schema, counts);
    return total;
  };
  return work(root, 0);
}

function flatten(
  document: OpenApiDocument,
  schema: unknown,
  name: string | undefined,
  direction: Direction,
  depth: number,
  budget: { left: number },
): FlatSchema {
  const flat = emptyFlat();
  const omitted = new Set<string>();
  if (name !== undefined && isNationalIdParameter(name)) flat.nationalId = true;
  // The node budget of the whole flattening (every node counts, one cut at the depth bound too):
  // past it a schema is left empty, and says so.
  if (budget.left <= 0) {
    if (typeof schema !== 'object' || schema === null || Object.keys(schema).length > 0)
      Object.assign(flat, { truncated: true, oversized: true });
    return flat;
  }
  budget.left--;
  if (depth > MAX_DEPTH) {
    if (isObject(schema) && Object.keys(schema).length > 0) flat.truncated = true;
    return flat;
  }
  // The shared allOf walk (rulesets/lib/openapi/flatten.ts); the constraints are merged here.
  for (const { schema: layer } of allOfLayers(document, schema, [], MAX_DEPTH)) {
    const type = layer.type;
    if (typeof type === 'string' && !flat.types.includes(type)) flat.types.push(type);
    if (Array.isArray(type))
      for (const t of type) if (typeof t === 'string' && !flat.types.includes(t)) flat.types.push(t);
    if (layer.nullable === true || (Array.isArray(type) && type.includes('null'))) flat.nullable = true;
    if (typeof layer.format === 'string') flat.format ??= layer.format;
    if (typeof layer.pattern === 'string') flat.pattern ??= layer.pattern;
    if (Array.isArray(layer.enum)) flat.enum ??= layer.enum;
    if (layer.const !== undefined) flat.const ??= layer.const;
    for (const keyword of SIZE_KEYWORDS) {
      const value: unknown = (layer as Record<string, unknown>)[keyword];
      if (value !== undefined && sizeOr(value) === undefined)
        (flat.unusable ??= []).push(
          `${keyword} ${typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? '').slice(0, 40)} is no whole number of at least 0`,
        );
    }
    flat.minLength = sizeOr(layer.minLength) ?? flat.minLength;
    flat.maxLength = sizeOr(layer.maxLength) ?? flat.maxLength;
    // 3.0 writes exclusive bounds as booleans beside the bound; 3.1 as the bound itself.
    if (typeof layer.exclusiveMinimum === 'number' && Number.isFinite(layer.exclusiveMinimum)) {
      flat.minimum = layer.exclusiveMinimum;
      flat.exclusiveMinimum = true;
    } else {
      flat.minimum = numberOr(layer.minimum) ?? flat.minimum;
      if (layer.exclusiveMinimum === true) flat.exclusiveMinimum = true;
    }
    if (typeof layer.exclusiveMaximum === 'number' && Number.isFinite(layer.exclusiveMaximum)) {
      flat.maximum = layer.exclusiveMaximum;
      flat.exclusiveMaximum = true;
    } else {
      flat.maximum = numberOr(layer.maximum) ?? flat.maximum;
      if (layer.exclusiveMaximum === true) flat.exclusiveMaximum = true;
    }
    flat.multipleOf = positiveOr(layer.multipleOf) ?? flat.multipleOf;
    flat.minItems = sizeOr(layer.minItems) ?? flat.minItems;
    flat.maxItems = sizeOr(layer.maxItems) ?? flat.maxItems;
    if (layer.items !== undefined && !flat.items)
      flat.items = flatten(document, layer.items, undefined, direction, depth + 1, budget);
    if (layer.uniqueItems === true) flat.uniqueItems = true;
    if (layer.contains !== undefined && !flat.contains)
      flat.contains = flatten(document, layer.contains, undefined, direction, depth + 1, budget);
    flat.minContains = sizeOr((layer as Record<string, unknown>).minContains) ?? flat.minContains;
    flat.maxContains = sizeOr((layer as Record<string, unknown>).maxContains) ?? flat.maxContains;
    flat.minProperties = sizeOr(layer.minProperties) ?? flat.minProperties;
    flat.maxProperties = sizeOr(layer.maxProperties) ?? flat.maxProperties;
    if (isObject(layer.additionalProperties) && !flat.additional)
      flat.additional = flatten(document, layer.additionalProperties, undefined, direction, depth + 1, budget);
    if (isObject(layer.patternProperties) && !flat.patternProperties)
      flat.patternProperties = Object.entries(layer.patternProperties)
        .slice(0, 8)
        .map(([pattern, inner]) => [pattern, flatten(document, inner, undefined, direction, depth + 1, budget)]);
    if (isObject(layer.propertyNames) && typeof layer.propertyNames.pattern === 'string')
      flat.propertyNamesPattern ??= layer.propertyNames.pattern;
    if (isObject(layer.properties)) {
      for (const key of Object.keys(layer.properties)) {
        if (flat.properties.has(key) || omitted.has(key)) continue;
        const property = flatten(document, layer.properties[key], key, direction, depth + 1, budget);
        if (direction === 'request' ? property.readOnly : property.writeOnly) omitted.add(key);
        else flat.properties.set(key, property);
      }
    }
    if (layer.readOnly === true) flat.readOnly = true;
    if (layer.writeOnly === true) flat.writeOnly = true;
    if (Array.isArray(layer.required))
      for (const key of layer.required)
        if (typeof key === 'string' && !flat.required.includes(key)) flat.required.push(key);
    if (layer.additionalProperties === false) flat.additionalProperties = false;
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(layer[keyword]) && !flat.branches)
        flat.branches = layer[keyword].map((branch: unknown) =>
          flatten(document, branch, name, direction, depth + 1, budget),
        );
    }
    if (layer.example !== undefined) flat.example ??= layer.example;
    if (layer.default !== undefined) flat.default ??= layer.default;
  }
  if (omitted.size > 0) {
    flat.omitted = [...omitted];
    flat.required = flat.required.filter((key) => !omitted.has(key));
  }
  if (flat.types.length === 0) {
    if (flat.properties.size > 0 || flat.required.length > 0) flat.types.push('object');
    else if (flat.items) flat.types.push('array');
  }
  if (flat.format === 'national-id' || flat.format === 'kennitala') flat.nationalId = true;
  if (flat.nationalId && !flat.types.includes('string') && flat.types.length > 0) flat.nationalId = false;
  return flat;
}

/**
 * Whether a string matches a description's pattern, in linear time: the one safe-pattern module
 * (rulesets/lib/patterns.ts) reads it with JavaScript's meanings and runs it on RE2.
 * `undefined` when that engine cannot run the pattern (backreferences, lookaround).
 */
export function safeMatches(pattern: string, value: string): boolean | undefined {
  // Matching is linear, but hundreds of values of a long pattern are matched per input: the run's
  // budget is checked before each (generate/deadline.ts).
  checkDeadline();
  const compiled = compileSafePattern(pattern);
  return compiled.ok ? compiled.regex.test(value) : undefined;
}

/**
 * A value with the properties its schema leaves out for the direction removed, at every depth:
 * an example's `id` that is `readOnly` is not sent.
 */
export function withoutOmitted(value: unknown, schema: FlatSchema, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value))
    return schema.items ? value.map((item) => withoutOmitted(item, schema.items as FlatSchema, depth + 1)) : value;
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (schema.omitted?.includes(key)) continue;
    const property = schema.properties.get(key);
    out[key] = property ? withoutOmitted(member, property, depth + 1) : member;
  }
  return out;
}

/**
 * The schema of a parameter whose empty value is refused — a query parameter without
 * `allowEmptyValue`, a path parameter (an empty segment reaches another route) — with a
 * `minLength` (strings) or `minItems` (arrays, and `minLength` on their string items) of 1.
 */
/**
 * The schema with the alphabet its location carries (alphabet.ts) on it and on its items, properties
 * and branches (a header array's items travel in the same header), bounded by the flattening depth.
 */
export function carriedBy(schema: FlatSchema, alphabet: string, depth = 0): FlatSchema {
  if (depth > MAX_FLATTEN_DEPTH) return schema;
  const out: FlatSchema = { ...schema, alphabet };
  if (schema.items) out.items = carriedBy(schema.items, alphabet, depth + 1);
  if (schema.properties.size > 0)
    out.properties = new Map(
      [...schema.properties].map(([key, member]) => [key, carriedBy(member, alphabet, depth + 1)] as const),
    );
  if (schema.branches) out.branches = schema.branches.map((branch) => carriedBy(branch, alphabet, depth + 1));
  return out;
}

export function nonEmpty(schema: FlatSchema): FlatSchema {
  const types = schema.types.filter((type) => type !== 'null');
  const out: FlatSchema = { ...schema };
  if (types.includes('array') || (types.length === 0 && schema.items)) {
    if ((schema.minItems ?? 0) < 1) Object.assign(out, { minItems: 1, impliedNonEmpty: true });
    if (schema.items) out.items = nonEmpty(schema.items);
  } else if (types.length === 0 || types.includes('string')) {
    if ((schema.minLength ?? 0) < 1) Object.assign(out, { minLength: 1, impliedNonEmpty: true });
  }
  if (schema.branches) out.branches = schema.branches.map(nonEmpty);
  return out;
}
