/**
 * Other values to offer ajv before an input is reported as a contract-generation-limit (issue 34,
 * attack B1): when no draw of the fuzz phase's generator is a value its schema accepts, these are
 * tried in turn — the schema's own `const`, `enum`, `example`, `examples` and `default`; values
 * composed from the candidates of its members (each enum value, each branch, each type, `null`,
 * a number between two whole ones for a `oneOf` that an integer matches twice, the known values of
 * a `format`, required properties alone); and a second, independent generator, Redocly's
 * openapi-sampler, run on the description's own schema (it reads `prefixItems`,
 * `dependentRequired`, formats and recursion its own way). Only a value ajv accepts is ever used.
 */
import { sample } from 'openapi-sampler';
import type { JsonPath, OpenApiDocument } from '../../../rulesets/lib/rule.js';
import { isMultiple, multipleNear, numberRange } from './number-range.js';
import { pointerAt, safeMatches, type FlatSchema } from './schema.js';
import { patternSamples, validValue } from './cases.js';

/** Candidates per schema at most: each is one ajv validation, and they are made again at every level. */
const MAX_CANDIDATES = 12;
/** How deep candidates are composed (properties, items, branches); deeper members are left out. */
const MAX_CANDIDATE_DEPTH = 6;

/** Values of the formats JSON Schema names that ajv-formats checks, shortest first (a `maxLength` keeps some). */
const FORMAT_SAMPLES: Record<string, readonly string[]> = {
  'date-time': ['2024-05-02T09:30:00Z', '2024-05-02T09:30:00.000Z'],
  date: ['2024-05-02'],
  time: ['09:30:00Z', '09:30:00+00:00'],
  duration: ['P1D', 'PT1H', 'P1Y2M3DT4H5M6S'],
  byte: ['YQ==', 'dm90dHVy'],
  binary: ['a'],
  'json-pointer': ['/a', ''],
  'relative-json-pointer': ['0', '1/a'],
  'uri-template': ['/a/{b}', 'https://example.is/{id}'],
  hostname: ['example.is', 'a.is'],
  'idn-hostname': ['example.is'],
  uri: ['https://example.is/', 'urn:a'],
  url: ['https://example.is/'],
  iri: ['https://example.is/'],
  'uri-reference': ['/a', 'https://example.is/'],
  'iri-reference': ['/a'],
  email: ['a@example.is', 'vottur@example.is'],
  'idn-email': ['a@example.is'],
  uuid: ['3fa85f64-5717-4562-b3fc-2c963f66afa6', 'f0000000-0000-4000-8000-000000000000'],
  ipv4: ['192.0.2.1'],
  ipv6: ['2001:db8::1', '::1'],
  regex: ['^a$', 'a'],
  password: ['a'],
};

/** Every `n`-th candidate of each list in turn, so that a composed value takes the k-th candidate of each member. */
function interleave(lists: readonly unknown[][]): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; out.length < MAX_CANDIDATES * 2 && lists.some((list) => i < list.length); i++)
    for (const list of lists) if (i < list.length) out.push(list[i]);
  return out;
}

function distinct(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value) ?? 'undefined';
    if (value === undefined || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An own property, even one named `__proto__` (an assignment would set the prototype instead). */
function put(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function numberCandidates(schema: FlatSchema, integer: boolean): number[] {
  const range = numberRange(schema, integer);
  if (range === undefined) return [];
  const { lowest, highest } = range;
  const multiple = schema.multipleOf;
  const fits = (value: number) =>
    Number.isFinite(value) &&
    value >= lowest &&
    value <= highest &&
    (!integer || Number.isInteger(value)) &&
    (!multiple || isMultiple(value, multiple));
  const whole = [0, 1, -1, lowest, highest, Math.ceil(lowest), Math.floor(highest)];
  const halves = integer ? [] : [0.5, 1.5, -0.5, lowest + 0.5, highest - 0.5, (lowest + highest) / 2];
  const multiples = multiple
    ? [multipleNear(lowest, multiple, 'up'), multipleNear(highest, multiple, 'down'), multiple]
    : [];
  return [...whole, ...halves, ...multiples].filter(fits);
}

function stringCandidates(schema: FlatSchema): string[] {
  const fits = (value: string) => {
    const length = [...value].length;
    return length >= (schema.minLength ?? 0) && (schema.maxLength === undefined || length <= schema.maxLength);
  };
  const { branches: _branches, ...plain } = schema;
  const made = validValue({ ...plain, types: ['string'] }, MAX_CANDIDATE_DEPTH);
  const known = schema.format !== undefined ? (FORMAT_SAMPLES[schema.format] ?? []) : [];
  // A pattern beside a format (`uri` matching `^z`): a value of the pattern, then one of the format.
  const { pattern } = schema;
  const joined =
    typeof made === 'string' && pattern !== undefined
      ? known.map((value) => `${made}${value}`).filter((value) => safeMatches(pattern, value) === true)
      : [];
  // Other values of the pattern, shortest first: one of them may be what the other keywords (or HTTP) allow.
  const matching =
    pattern === undefined
      ? []
      : [...new Set(patternSamples(pattern, 64, schema.alphabet))]
          .filter((value) => safeMatches(pattern, value) === true)
          .sort((a, b) => a.length - b.length)
          .slice(0, MAX_CANDIDATES);
  return [...known, ...(typeof made === 'string' ? [made] : []), ...joined, ...matching, 'a', 'ab', 'abc'].filter(fits);
}

/** Candidate values of a flattened schema, composed from its members' (bounded in number and depth). */
export function flatCandidates(schema: FlatSchema, depth = 0): unknown[] {
  if (depth > MAX_CANDIDATE_DEPTH) return [];
  if (schema.const !== undefined) return [schema.const];
  const own: unknown[] = [];
  if (schema.example !== undefined) own.push(schema.example);
  if (schema.default !== undefined) own.push(schema.default);
  if (schema.enum && schema.enum.length > 0) return distinct([...own, ...schema.enum]).slice(0, MAX_CANDIDATES);
  // A national identifier: one with a valid check digit (a pattern's ten digits mostly have none).
  if (schema.nationalId) return distinct([...own, validValue(schema, MAX_CANDIDATE_DEPTH)]);
  const byType: unknown[][] = [];
  const types = schema.types.length > 0 ? schema.types : ['string'];
  for (const type of types) {
    switch (type) {
      case 'null':
        byType.push([null]);
        break;
      case 'integer':
      case 'number':
        byType.push(numberCandidates(schema, type === 'integer'));
        break;
      case 'boolean':
        byType.push([true, false]);
        break;
      case 'array':
        byType.push(arrayCandidates(schema, depth));
        break;
      case 'object':
        byType.push(objectCandidates(schema, depth));
        break;
      default:
        byType.push(stringCandidates(schema));
    }
  }
  if (schema.nullable) byType.push([null]);
  const branches = (schema.branches ?? []).map((branch) => {
    const values = flatCandidates(branch, depth + 1);
    // A branch that only adds `required` to the object around it: its values on the object's own.
    const [base] = byType
      .flat()
      .filter((value) => typeof value === 'object' && value !== null && !Array.isArray(value));
    return base === undefined
      ? values
      : values.map((value) =>
          typeof value === 'object' && value !== null && !Array.isArray(value)
            ? merged(base as Record<string, unknown>, value as Record<string, unknown>)
            : value,
        );
  });
  return distinct([...own, ...interleave(branches), ...interleave(byType)]).slice(0, MAX_CANDIDATES);
}

function merged(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) put(out, key, value);
  for (const [key, value] of Object.entries(over)) put(out, key, value);
  return out;
}

function arrayCandidates(schema: FlatSchema, depth: number): unknown[][] {
  const items = schema.items ? flatCandidates(schema.items, depth + 1) : ['a'];
  const fewest = Math.min(schema.minItems ?? 0, 16);
  const out: unknown[][] = [];
  if (fewest === 0) out.push([]);
  for (let k = 0; k < Math.min(items.length, MAX_CANDIDATES); k++) {
    const count = Math.max(1, fewest);
    // Distinct items where there are enough of them (`uniqueItems`), else copies.
    out.push(Array.from({ length: count }, (_, i) => items[schema.uniqueItems ? (k + i) % items.length : k]));
  }
  return out;
}

function objectCandidates(schema: FlatSchema, depth: number): Array<Record<string, unknown>> {
  const members = new Map<string, unknown[]>();
  for (const key of schema.required) {
    const property = schema.properties.get(key);
    members.set(key, property ? flatCandidates(property, depth + 1) : ['a']);
  }
  const out: Array<Record<string, unknown>> = [];
  const longest = Math.max(1, ...[...members.values()].map((values) => values.length));
  for (let k = 0; k < Math.min(longest, 6); k++) {
    const object: Record<string, unknown> = {};
    let complete = true;
    for (const [key, values] of members) {
      if (values.length === 0) complete = false;
      else put(object, key, values[k % values.length]);
    }
    if (complete) out.push(object);
  }
  // The optional properties too, for a minProperties the required ones do not reach.
  if ((schema.minProperties ?? 0) > schema.required.length && out[0] !== undefined) {
    const all = { ...out[0] };
    for (const [key, property] of schema.properties)
      if (!(key in all)) {
        const [value] = flatCandidates(property, depth + 1);
        if (value !== undefined) put(all, key, value);
      }
    out.push(all);
  }
  return out;
}

/** The schema at a path of the description (no `$ref` followed: openapi-sampler follows them itself). */
function schemaAtPath(document: OpenApiDocument, path: JsonPath): unknown {
  let at: unknown = document;
  for (const segment of path) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string | number, unknown>)[segment];
  }
  return at;
}

/** Sizes openapi-sampler makes in full (`minItems: 100000000` is that many items): beyond them it is not run. */
const MAX_SAMPLER_SIZE = 64;

/**
 * True when every size of the schema and its members is small and all of it was read (no
 * truncated member, no unusable size): openapi-sampler has no bounds of its own.
 */
function samplerBounded(schema: FlatSchema, depth = 0): boolean {
  if (depth > MAX_CANDIDATE_DEPTH + 4) return false;
  if (schema.truncated || schema.unusable !== undefined) return false;
  for (const size of [schema.minItems, schema.minLength, schema.minProperties, schema.minContains])
    if (size !== undefined && size > MAX_SAMPLER_SIZE) return false;
  const members = [
    ...(schema.items ? [schema.items] : []),
    ...(schema.contains ? [schema.contains] : []),
    ...(schema.additional ? [schema.additional] : []),
    ...schema.properties.values(),
    ...(schema.branches ?? []),
    ...(schema.patternProperties ?? []).map(([, member]) => member),
  ];
  return members.every((member) => samplerBounded(member, depth + 1));
}

/** Schema nodes the required-only value of a schema may visit: beyond it openapi-sampler is not run deep. */
const MAX_REQUIRED_NODES = 2_000;
/** How deep openapi-sampler composes a required-only value (a `required` chain 20 levels deep, issue 34 N4). */
const MAX_REQUIRED_DEPTH = 64;

/**
 * True when the value made of the schema's required members only (what openapi-sampler makes with
 * `skipNonRequired`) is small: its walk of the description's own schema (local `$ref`s followed,
 * the first of each `oneOf`/`anyOf`, every `allOf` part, the items of an array that must have
 * some) visits at most `MAX_REQUIRED_NODES` schemas, and every size on the way is small. A
 * `required` chain deeper than the generators' depths has such a value; the flattened schema,
 * truncated there, cannot say so.
 */
function requiredValueBounded(document: OpenApiDocument, root: unknown): boolean {
  let visits = 0;
  // Each schema with the number of copies of it the value holds (the minItems of the arrays around it).
  const stack: Array<{ at: unknown; copies: number }> = [{ at: root, copies: 1 }];
  while (stack.length > 0) {
    const next = stack.pop() as { at: unknown; copies: number };
    const { copies } = next;
    let node = next.at;
    for (let hops = 0; isRecord(node) && typeof node.$ref === 'string' && hops < 64; hops++) {
      const ref = node.$ref;
      if (!ref.startsWith('#')) return false;
      node = pointerAt(document, ref.slice(1));
    }
    if (typeof node === 'boolean') continue;
    if (!isRecord(node)) return false;
    visits += copies;
    if (visits > MAX_REQUIRED_NODES) return false;
    for (const key of ['minItems', 'minLength', 'minProperties', 'minContains'])
      if (typeof node[key] === 'number' && node[key] > MAX_SAMPLER_SIZE) return false;
    const properties = isRecord(node.properties) ? node.properties : {};
    if (Array.isArray(node.required))
      for (const name of node.required)
        if (typeof name === 'string' && name in properties) stack.push({ at: properties[name], copies });
    // One push per member: a spread of an allOf of 300,000 members would overflow the stack.
    const push = (members: unknown[], times = copies) => {
      for (const at of members) stack.push({ at, copies: times });
    };
    if (Array.isArray(node.allOf)) push(node.allOf as unknown[]);
    for (const key of ['oneOf', 'anyOf'])
      if (Array.isArray(node[key]) && (node[key] as unknown[]).length > 0) push([(node[key] as unknown[])[0]]);
    if (typeof node.minItems === 'number' && node.minItems > 0 && node.items !== undefined)
      push([node.items], copies * node.minItems);
    if (Array.isArray(node.prefixItems)) push(node.prefixItems as unknown[]);
  }
  return true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * openapi-sampler's values of the schema at `path`: all properties, and required ones alone; and,
 * where the schema nests deeper than the generators go but its required-only value is small, that
 * value composed to its full depth.
 */
function samplerCandidates(document: OpenApiDocument, path: JsonPath, flat: FlatSchema): unknown[] {
  const schema = schemaAtPath(document, path);
  // A schema past the work bound (schema.ts `MAX_GENERATION_WORK`) is not given to openapi-sampler,
  // which has no bounds of its own (an `allOf` chain through `$ref` ran it for minutes).
  if (typeof schema !== 'object' || schema === null || flat.oversized) return [];
  const runs: Array<{ skipNonRequired: boolean; maxSampleDepth: number }> = samplerBounded(flat)
    ? [
        { skipNonRequired: false, maxSampleDepth: 4 },
        { skipNonRequired: true, maxSampleDepth: 4 },
      ]
    : [];
  if (requiredValueBounded(document, schema)) runs.push({ skipNonRequired: true, maxSampleDepth: MAX_REQUIRED_DEPTH });
  const out: unknown[] = [];
  for (const run of runs) {
    try {
      out.push(sample(schema, { skipReadOnly: true, quiet: true, ...run }, document));
    } catch {
      // A schema openapi-sampler cannot read: no candidate from it.
    }
  }
  return out;
}

/**
 * The candidates of an input, in the order they are tried: the flattened schema's own and composed
 * ones, then openapi-sampler's of the description's schema at `path`.
 */
export function candidateValues(document: OpenApiDocument, path: JsonPath, schema: FlatSchema): unknown[] {
  return distinct([...flatCandidates(schema), ...samplerCandidates(document, path, schema)]);
}
