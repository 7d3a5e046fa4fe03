/**
 * A schema's `allOf` merged into one view, with `$ref`s followed (and their OpenAPI 3.1 sibling
 * keywords kept): the one allOf-flattening of vottur, shared by lint (`collectProperties`), diff
 * (`src/diff/schema.ts`) and the contract tests (the request generators' `flattenSchema`, the
 * plan's example bodies), so that a schema split into `allOf` parts reads the same everywhere.
 * `allOfLayers` is the walk; `flatten` and each consumer merge its layers by their own rules.
 */
import { mergeKeyword } from './allof-keywords.js';
import { MAX_SCHEMA_DEPTH, noteLimit } from './limits.js';
import { referenceOf, resolve, resolveToSiblings, type Resolved } from './resolve.js';
import { isArray, isObject, type Document, type JsonPath, type Schema } from './types.js';

export interface Located {
  value: unknown;
  path: JsonPath;
}

export interface FlatSchema {
  /** Where the schema is defined (after `$ref`s): findings point here. */
  path: JsonPath;
  /**
   * Every keyword but `allOf`/`properties`/`required`, each combined over the parts that define it
   * (allof-keywords.ts: types intersected, the tightest bound, …); a definition that cannot be
   * combined is kept under a name of its own (`format (allOf part 2)`).
   */
  keywords: Map<string, Located>;
  /**
   * Every definition of a subschema keyword (`items`, `additionalProperties`, …), outermost first,
   * where several parts define it: a value must match all of them (`keywords` holds the first).
   */
  keywordParts: Map<string, Located[]>;
  /**
   * Where the parts allow no value together: a `false` part (OpenAPI 3.1), one that allows nothing
   * (`not: {}`), or keywords whose definitions share no value (`type: string` and `type: integer`).
   */
  allowsNothing?: JsonPath;
  properties: Map<string, Located>;
  /**
   * Every definition of a property, outermost first, where several `allOf` parts define it: the
   * value must match all of them (`properties` holds only the outermost). Absent for a property
   * defined once.
   */
  propertyParts: Map<string, Located[]>;
  required: Set<string>;
  /** Where `required` (or, when absent, the schema) is. */
  requiredPath: JsonPath;
  propertiesPath: JsonPath;
}

/** One schema object that takes part in an allOf merge, and where it is. */
export interface AllOfLayer {
  schema: Schema;
  path: JsonPath;
  /**
   * True when the schema's `not` was pushed through by De Morgan (`not: {not: X}`,
   * `not: {anyOf: [{not: A}, {not: B}]}`, …): read as the layers it stands for, after it.
   */
  doubleNegation?: boolean;
  /**
   * True when the schema's `if`/`then`/`else` was rewritten as what it stands for (a `false` or
   * `true` branch: `{if: X, else: false}` is X, `{if: X, then: false}` is not X, a conditional
   * whose branches are both `true` is nothing): read as the layers it stands for, after it.
   */
  conditional?: boolean;
  /** Where the rewrite left a negation that cannot be pushed through: the schema under it (`not` X). */
  negates?: Located;
}

/** Keywords a composing schema may have beside its `not`/`anyOf`/`allOf`/`oneOf` and still be only that. */
const ANNOTATIONS = new Set(['description', 'title', '$comment']);

/**
 * How many levels, and how many schemas in all, a negation is pushed through: beyond either the
 * `not` is left as it is, and compared as one (a change under it is breaking, never silent).
 */
const MAX_NEGATION_DEPTH = 64;
const MAX_NEGATION_STEPS = 4096;
/** How many schemas one merge reads in all to learn which of its parts allow nothing. */
const MAX_TRUTH_STEPS = 16 * MAX_NEGATION_STEPS;

/** The one composing keyword of a schema that has nothing else but annotations, or undefined. */
function onlyKeyword(schema: Schema): 'not' | 'anyOf' | 'allOf' | 'oneOf' | undefined {
  let found: 'not' | 'anyOf' | 'allOf' | 'oneOf' | undefined;
  for (const key of Object.keys(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (found || (key !== 'not' && key !== 'anyOf' && key !== 'allOf' && key !== 'oneOf')) return undefined;
    found = key;
  }
  return found;
}

/** Deep equality of two read values, bounded (deeper than the bound: not equal). */
function same(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 256) return false;
  if (isArray(a) || isArray(b)) {
    return isArray(a) && isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i], depth + 1));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key], depth + 1));
}

/**
 * `not: node` written as schemas a value must all match (De Morgan, each `$ref` followed):
 * `not {not X}` = X; `not {anyOf: [A, B]}` = (not A) and (not B); `not {allOf: [A]}` and
 * `not {oneOf: [A]}` = not A; `not {allOf: [A, A]}` = not A (identical branches collapse; the
 * branches' negations are compared). Undefined where the negation cannot be pushed through (a
 * schema with constraints of its own, an `allOf` of different branches, a `oneOf` of several):
 * that `not` is compared as a `not`, and a change under it is breaking (diff-*-not-changed).
 */
function negation(
  document: Document,
  node: unknown,
  at: JsonPath,
  depth: number,
  budget: { steps: number },
): Located[] | undefined {
  if (depth > MAX_NEGATION_DEPTH || ++budget.steps > MAX_NEGATION_STEPS) return undefined;
  const { value, path } = resolve(document, node, at);
  if (!isObject(value)) return undefined;
  const keyword = onlyKeyword(value);
  if (keyword === 'not') {
    const inner = resolve(document, value.not, [...path, 'not']);
    return isObject(inner.value) ? [{ value: inner.value, path: inner.path }] : undefined;
  }
  if (keyword === undefined) return undefined;
  const branches = value[keyword];
  if (!isArray(branches) || branches.length === 0) return undefined;
  const negated: Located[][] = [];
  for (const [index, branch] of branches.entries()) {
    const one = negation(document, branch, [...path, keyword, index], depth + 1, budget);
    if (!one) return undefined;
    negated.push(one);
  }
  if (keyword === 'anyOf') return negated.flat();
  if (keyword === 'oneOf' && branches.length > 1) return undefined;
  const first = negated[0];
  if (!first) return undefined;
  const firstValues = first.map((part) => part.value);
  return negated.every((one) =>
    same(
      one.map((part) => part.value),
      firstValues,
    ),
  )
    ? first
    : undefined;
}

/**
 * Whether a schema allows every value (true), no value (false), or something between (undefined):
 * `true`, `{}`, `false`, `not` of either, and `allOf`/`anyOf`/`oneOf` that decide it. Bounded.
 */
function truth(document: Document, node: unknown, at: JsonPath, depth = 0, budget = { steps: 0 }): boolean | undefined {
  // Bounded in schemas read as well as in depth: 64 branches on each of 64 levels is no answer to wait for.
  if (depth > MAX_NEGATION_DEPTH || ++budget.steps > MAX_NEGATION_STEPS) return undefined;
  const { value, path } = resolve(document, node, at);
  if (typeof value === 'boolean') return value;
  if (!isObject(value)) return undefined;
  if (Object.keys(value).every((key) => ANNOTATIONS.has(key))) return true;
  const keyword = onlyKeyword(value);
  if (keyword === 'not') {
    const inner = truth(document, value.not, [...path, 'not'], depth + 1, budget);
    return inner === undefined ? undefined : !inner;
  }
  if (keyword === undefined) return undefined;
  const branches = value[keyword];
  if (!isArray(branches) || branches.length === 0 || branches.length > 64) return undefined;
  const each = branches.map((branch, index) => truth(document, branch, [...path, keyword, index], depth + 1, budget));
  if (keyword === 'allOf') return each.includes(false) ? false : each.every((one) => one === true) ? true : undefined;
  if (keyword === 'anyOf') return each.includes(true) ? true : each.every((one) => one === false) ? false : undefined;
  return each.length === 1 ? each[0] : undefined;
}

/**
 * A schema's `if`/`then`/`else` written as schemas a value must all match, where a branch (or the
 * condition) allows everything or nothing: `{if: X, else: false}` = X (and `then`);
 * `{if: X, then: false}` = not X (and `else`; pushed through by De Morgan where it can be, else
 * `negates` X); branches both absent or `true` = nothing; `if: true` = `then`, `if: false` = `else`.
 * Undefined for a conditional it cannot rewrite (two real branches, or both `false`): that is
 * compared as a conditional, and a change of its
 * condition is breaking (diff-*-condition-changed).
 */
function rewrittenIf(
  document: Document,
  schema: Schema,
  at: JsonPath,
): { parts: Located[]; negates?: Located } | undefined {
  if (schema.if === undefined) return undefined;
  const branch = (name: 'if' | 'then' | 'else'): Located | undefined =>
    schema[name] === undefined ? undefined : { value: schema[name], path: [...at, name] };
  const condition = branch('if');
  const then = branch('then');
  const otherwise = branch('else');
  const truthOf = (part: Located | undefined): boolean | undefined =>
    part === undefined ? true : truth(document, part.value, part.path);
  const keep = (part: Located | undefined): Located[] => (part && truthOf(part) !== true ? [part] : []);
  const conditionTruth = truthOf(condition);
  if (conditionTruth === true) return truthOf(then) === false ? undefined : { parts: keep(then) };
  if (conditionTruth === false) return truthOf(otherwise) === false ? undefined : { parts: keep(otherwise) };
  const thenTruth = truthOf(then);
  const elseTruth = truthOf(otherwise);
  if (thenTruth === true && elseTruth === true) return { parts: [] };
  if (!condition || (thenTruth === false && elseTruth === false)) return undefined;
  if (elseTruth === false) return { parts: [condition, ...keep(then)] };
  if (thenTruth !== false) return undefined;
  const pushed = negation(document, condition.value, condition.path, 0, { steps: 0 });
  if (pushed) return { parts: [...pushed, ...keep(otherwise)] };
  return { parts: keep(otherwise), negates: condition };
}

/** The schemas a schema's `not` stands for when it can be pushed through (see `negation`). */
function pushedNot(document: Document, schema: Schema, at: JsonPath): Located[] | undefined {
  if (schema.not === undefined) return undefined;
  return negation(document, schema.not, [...at, 'not'], 0, { steps: 0 });
}

/** How many `allOf`/`$ref` levels a merge reads: far beyond any real description, still bounded. */
export const MAX_ALLOF_DEPTH = MAX_SCHEMA_DEPTH;

/**
 * Told where a merge stopped at a limit (`allOf` nesting deeper than its `maxDepth`, a `$ref`
 * chain longer than MAX_REF_HOPS): what lies beyond was not read, so a caller that must never be
 * silent about it (the diff, a gate) reports it.
 */
export type OnLimit = (at: JsonPath) => void;

/** Told where a part allows no value at all (`false`, `not: {}`): the whole schema then allows none. */
export type OnNothing = (at: JsonPath) => void;

/**
 * The schema objects an allOf merge reads, outermost first: the schema (after `$ref`s; a `$ref`
 * with OpenAPI 3.1 sibling keywords is the siblings, then the target), then each `allOf` part in
 * order, depth first, each part after `$ref`s. Each object once (cycle-safe), at most `maxDepth`
 * levels deep (`onLimit` is told where it stopped). Empty for a non-object.
 */
export function allOfLayers(
  document: Document,
  node: unknown,
  path: JsonPath,
  maxDepth = MAX_ALLOF_DEPTH,
  onLimit?: OnLimit,
  onNothing?: OnNothing,
): AllOfLayer[] {
  // A `$ref` with sibling keywords (OpenAPI 3.1) is the siblings and the target together.
  // A chain of `$ref`s stops at one with siblings, which is read with its target (issue 34, N3).
  const root = resolveToSiblings(document, node, path);
  if ('limitReached' in root && root.limitReached) onLimit?.(root.path);
  // Whether a schema read allows nothing, bounded per schema and per merge: where a bound cuts the
  // answer short it is unknown, and a caller that must not be silent is told (`onLimit`).
  let truthSteps = 0;
  const checkNothing = (value: unknown, at: JsonPath) => {
    if (!onNothing) return;
    if (truthSteps > MAX_TRUTH_STEPS) {
      onLimit?.(at);
      return;
    }
    const budget = { steps: 0 };
    const answer = truth(document, value, at, 0, budget);
    truthSteps += budget.steps;
    if (answer === false) onNothing(at);
    else if (answer === undefined && budget.steps > MAX_NEGATION_STEPS) onLimit?.(at);
  };
  checkNothing(root.value, root.path);
  if (!isObject(root.value)) return [];
  const layers: AllOfLayer[] = [];
  const seen = new Set<unknown>();
  // Depth first, outermost first, on a stack of its own (the schemas still to read, the next on top).
  const pending: { schema: Schema; at: JsonPath; depth: number }[] = [{ schema: root.value, at: root.path, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { schema, at, depth } = next;
    if (seen.has(schema)) continue;
    if (depth > maxDepth) {
      noteLimit(document, at, `\`allOf\` and \`$ref\` nested more than ${maxDepth} deep`);
      onLimit?.(at);
      continue;
    }
    seen.add(schema);
    const pushed = pushedNot(document, schema, at);
    const conditional = rewrittenIf(document, schema, at);
    layers.push({
      schema,
      path: at,
      ...(pushed ? { doubleNegation: true } : {}),
      ...(conditional ? { conditional: true } : {}),
      ...(conditional?.negates ? { negates: conditional.negates } : {}),
    });
    const parts: { schema: Schema; at: JsonPath; depth: number }[] = [];
    const part = (resolved: Resolved) => {
      if (resolved.limitReached) onLimit?.(resolved.path);
      // A part that allows nothing (`false`, `not: {}`) is no layer, but the whole allows nothing:
      // it was dropped, and `allOf: [false]` read as no change (attack o34r17 B2).
      checkNothing(resolved.value, resolved.path);
      if (isObject(resolved.value)) parts.push({ schema: resolved.value, at: resolved.path, depth: depth + 1 });
    };
    // `not: {not: X}` is X (and every De Morgan form of it), `{if: X, else: false}` is X: read as
    // more parts, so a change inside compares as the change itself.
    for (const located of [...(pushed ?? []), ...(conditional?.parts ?? [])])
      part(resolve(document, located.value, located.path));
    const ref = referenceOf(schema);
    // The keyword as written: a `$dynamicRef` is not a `$ref` (resolve.ts judges whether it may be followed as one).
    if (ref !== undefined)
      part(resolveToSiblings(document, typeof schema.$ref === 'string' ? { $ref: ref } : { $dynamicRef: ref }, at));
    if (isArray(schema.allOf))
      schema.allOf.forEach((one, index) => part(resolve(document, one, [...at, 'allOf', index])));
    pending.push(...parts.reverse());
  }
  return layers;
}

/**
 * The allOf merge: follows `$ref`s (with their 3.1 siblings) and
 * merges `allOf` parts into one view (depth-limited, cycle-safe). Undefined for a non-object.
 * A keyword several parts define is combined by what it means (allof-keywords.ts), and a part that
 * allows nothing makes the whole allow nothing (`allowsNothing`).
 */
export function flatten(document: Document, node: unknown, path: JsonPath, onLimit?: OnLimit): FlatSchema | undefined {
  let nothing: JsonPath | undefined;
  const flat = mergeLayers(allOfLayers(document, node, path, MAX_ALLOF_DEPTH, onLimit, (at) => (nothing ??= at)));
  if (flat && nothing && !flat.allowsNothing) flat.allowsNothing = nothing;
  return flat;
}

/**
 * Several schemas a value must match at once (the definitions of one property in several `allOf`
 * parts) merged as `flatten` merges one schema's `allOf`: the parts' layers in order.
 */
export function flattenParts(document: Document, parts: readonly Located[], onLimit?: OnLimit): FlatSchema | undefined {
  let nothing: JsonPath | undefined;
  const onNothing = (at: JsonPath) => (nothing ??= at);
  const flat = mergeLayers(
    parts.flatMap((part) => allOfLayers(document, part.value, part.path, MAX_ALLOF_DEPTH, onLimit, onNothing)),
  );
  if (flat && nothing && !flat.allowsNothing) flat.allowsNothing = nothing;
  return flat;
}

/** The `{anyOf: […]}` objects `addNegation` makes: the negations several layers define together. */
const combinedNegations = new WeakSet<object>();

/**
 * A `not` a layer defines, added to the merge: several layers' `not`s (not A and not B) are one
 * `not: {anyOf: [A, B]}`, so a change under any of them is a change of the merged `not`, never
 * hidden behind the first.
 */
function addNegation(flat: FlatSchema, negation: Located): void {
  const first = flat.keywords.get('not');
  if (!first) {
    flat.keywords.set('not', negation);
    return;
  }
  const earlier =
    isObject(first.value) && combinedNegations.has(first.value) && isArray(first.value.anyOf)
      ? first.value.anyOf
      : [first.value];
  const combined = { anyOf: [...earlier, negation.value] };
  combinedNegations.add(combined);
  flat.keywords.set('not', { value: combined, path: first.path });
}

/**
 * One more definition of a keyword, combined with what the merge holds (allof-keywords.ts): a value
 * must match every part, so nothing a later part forbids is dropped.
 */
function addKeyword(flat: FlatSchema, key: string, located: Located, separate: Map<string, number>): void {
  const first = flat.keywords.get(key);
  if (!first) {
    flat.keywords.set(key, located);
    return;
  }
  const merged = mergeKeyword(key, first, located);
  if (merged.kind === 'value') flat.keywords.set(key, merged.located);
  else if (merged.kind === 'nothing') flat.allowsNothing ??= merged.path;
  else if (merged.kind === 'part') flat.keywordParts.set(key, [...(flat.keywordParts.get(key) ?? [first]), located]);
  else {
    // Kept under a name of its own, numbered in the order the parts are read, so a change of it is a change.
    const count = (separate.get(key) ?? 1) + 1;
    separate.set(key, count);
    flat.keywords.set(`${key} (allOf part ${count})`, located);
  }
}

function mergeLayers(layers: AllOfLayer[]): FlatSchema | undefined {
  const outermost = layers[0];
  if (!outermost) return undefined;
  const flat: FlatSchema = {
    path: outermost.path,
    keywords: new Map(),
    keywordParts: new Map(),
    properties: new Map(),
    propertyParts: new Map(),
    required: new Set(),
    requiredPath: outermost.path,
    propertiesPath: [...outermost.path, 'properties'],
  };
  // How many definitions of a keyword were kept under names of their own (see addKeyword).
  const separate = new Map<string, number>();
  for (const { schema, path: at, doubleNegation, conditional, negates } of layers) {
    const isOutermost = schema === outermost.schema;
    // A second conditional (another layer's `if` already read) is the negation it amounts to,
    // not (X and not then, or not X and not else), so a change in it is never hidden by the first.
    const second = !conditional && schema.if !== undefined && flat.keywords.has('if');
    if (second)
      addNegation(flat, {
        value: {
          anyOf: [
            { allOf: [schema.if, { not: schema.then ?? true }] },
            { allOf: [{ not: schema.if }, { not: schema.else ?? true }] },
          ],
        },
        path: [...at, 'if'],
      });
    for (const [key, value] of Object.entries<unknown>(schema)) {
      if (second && (key === 'if' || key === 'then' || key === 'else')) continue;
      if (key === 'allOf' || key === 'properties' || key === 'required' || key === '$ref') continue;
      // A negation pushed through was read as the layers it stands for.
      if (key === 'not' && doubleNegation) continue;
      // So was a conditional rewritten (what it leaves unpushed is a `not`, below).
      if (conditional && (key === 'if' || key === 'then' || key === 'else')) continue;
      if (key === 'not') addNegation(flat, { value, path: [...at, key] });
      else addKeyword(flat, key, { value, path: [...at, key] }, separate);
    }
    if (negates) addNegation(flat, negates);
    if (isObject(schema.properties)) {
      if (isOutermost || flat.properties.size === 0) flat.propertiesPath = [...at, 'properties'];
      for (const [name, value] of Object.entries(schema.properties)) {
        const located = { value, path: [...at, 'properties', name] };
        const first = flat.properties.get(name);
        if (!first) flat.properties.set(name, located);
        else flat.propertyParts.set(name, [...(flat.propertyParts.get(name) ?? [first]), located]);
      }
    }
    if (isArray(schema.required)) {
      if (isOutermost || flat.required.size === 0) flat.requiredPath = [...at, 'required'];
      for (const name of schema.required) if (typeof name === 'string') flat.required.add(name);
    }
  }
  // OpenAPI 3.0's `nullable` widens only the schema it is written in: a part with a `type` and
  // without `nullable: true` (a `$ref`'d string, say) refuses `null` whatever the others say
  // (o34r18 B15: `{nullable: true, allOf: [{$ref: Cur}]}` read as still taking null).
  if (flat.keywords.get('nullable')?.value === true) {
    const refusing = layers.find(({ schema }) => schema.type !== undefined && schema.nullable !== true);
    if (refusing) flat.keywords.set('nullable', { value: false, path: [...refusing.path, 'type'] });
  }
  return flat;
}

/**
 * All properties a schema declares, including through `allOf` and local `$ref`s: the shared
 * allOf flattening (`flatten.ts`), with the properties of the `allOf` parts listed before the
 * schema's own (an outer definition of a name wins).
 */
export function collectProperties(
  document: Document,
  schema: unknown,
  path: JsonPath,
): Map<string, { schema: unknown; path: JsonPath }> {
  const result = new Map<string, { schema: unknown; path: JsonPath }>();
  const flat = flatten(document, schema, path);
  if (!flat) return result;
  const own: [string, { schema: unknown; path: JsonPath }][] = [];
  for (const [name, entry] of flat.properties) {
    const item = { schema: entry.value, path: entry.path };
    if (entry.path.length === flat.path.length + 2 && entry.path[flat.path.length] === 'properties')
      own.push([name, item]);
    else result.set(name, item);
  }
  for (const [name, item] of own) result.set(name, item);
  return result;
}
