/**
 * Decisions that sibling schema checks share, made in one place so the siblings never disagree:
 * which of type-widened / type-narrowed / type-changed a type change is, and whether each bound
 * was tightened or relaxed. Each check file reports only its own outcome.
 */
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { isArray, isObject, type Document, type JsonObject, type JsonPath } from '../../rulesets/lib/openapi/types.js';
import type { NamedDiff, OperationDiff, ParameterDiff } from './description-tree.js';
import type { Direction } from './model.js';
import { quote } from './messages.js';
import { keyword, typesOf, type FlatSchema, type Located } from './schema.js';
import { allowsAnything, baseAt, equal, isSchema, revisionAt, type KeywordPair, type SchemaNodeDiff } from './tree.js';

export interface Decided<Outcome extends string> {
  outcome: Outcome;
  path: JsonPath;
  basePath: JsonPath;
  message: string;
}

/** The type change at a node, if any. */
export function typeChange(
  node: SchemaNodeDiff,
  label: string,
  textual = false,
): Decided<'type-changed' | 'type-widened' | 'type-narrowed'> | undefined {
  const { base: b, revision: r } = node;
  const at = (name: string, flat = r) => flat.keywords.get(name)?.path ?? flat.path;
  const bt = typesOf(b);
  const rt = typesOf(r);
  // Where values are sent as text, a string allows every number and boolean: `1.5` and `true` are
  // the same characters under both types.
  const widerThan = (x: Set<string>, y: Set<string>) =>
    [...y].every(
      (t) =>
        x.has(t) ||
        (t === 'integer' && x.has('number')) ||
        (textual && x.has('string') && (t === 'integer' || t === 'number' || t === 'boolean')),
    );
  if (bt.size === 0 && rt.size > 0)
    return {
      outcome: 'type-narrowed',
      path: at('type'),
      basePath: b.path,
      message: `${label} is now restricted to type ${[...rt].join('|')}`,
    };
  if (bt.size > 0 && rt.size === 0)
    return {
      outcome: 'type-widened',
      path: r.path,
      basePath: at('type', b),
      message: `${label} no longer restricts its type (was ${[...bt].join('|')})`,
    };
  if (bt.size > 0 && !equal([...bt].sort(), [...rt].sort())) {
    const outcome = widerThan(rt, bt) ? 'type-widened' : widerThan(bt, rt) ? 'type-narrowed' : 'type-changed';
    return {
      outcome,
      path: at('type'),
      basePath: at('type', b),
      message: `the type of ${label} changed from ${[...bt].join('|')} to ${[...rt].join('|')}`,
    };
  }
  return undefined;
}

/**
 * A query parameter's `allowEmptyValue` that changed: `refused` when the base allowed an empty
 * value (`?status=`) and the revision does not (a narrower request: attack o34r17 B11), `allowed`
 * for the reverse. The keyword applies to query parameters only (OpenAPI 3.0/3.1).
 */
export function emptyValueChange(node: ParameterDiff): Decided<'refused' | 'allowed'> | undefined {
  const { base, revision } = node;
  if (!base || !revision || revision.in !== 'query' || base.in !== 'query') return undefined;
  const before = base.parameter.allowEmptyValue === true;
  const after = revision.parameter.allowEmptyValue === true;
  if (before === after) return undefined;
  const at = (side: typeof base) =>
    side.parameter.allowEmptyValue !== undefined ? [...side.path, 'allowEmptyValue'] : side.path;
  return {
    outcome: before ? 'refused' : 'allowed',
    path: at(revision),
    basePath: at(base),
    message: before
      ? `query parameter ${revision.name} no longer allows an empty value (allowEmptyValue removed): \`?${revision.name}=\` is refused`
      : `query parameter ${revision.name} now allows an empty value (allowEmptyValue: true)`,
  };
}

/** Keyword → +1 when a larger value allows less (lower bounds), -1 when a smaller one does. */
const BOUNDS: Record<string, 1 | -1> = {
  minimum: 1,
  exclusiveMinimum: 1,
  minLength: 1,
  minItems: 1,
  minProperties: 1,
  minContains: 1,
  maximum: -1,
  exclusiveMaximum: -1,
  maxLength: -1,
  maxItems: -1,
  maxProperties: -1,
  maxContains: -1,
};

/** Every bound (numeric and string bounds in both exclusive forms, counts, multipleOf, uniqueItems) that changed, tightened or relaxed. */
export function boundChanges(
  node: SchemaNodeDiff,
  label: string,
): Array<Decided<'constraint-tightened' | 'constraint-relaxed'>> {
  const { base: b, revision: r } = node;
  const decided: Array<Decided<'constraint-tightened' | 'constraint-relaxed'>> = [];
  const add = (tightened: boolean, name: string, message: string) =>
    decided.push({
      outcome: tightened ? 'constraint-tightened' : 'constraint-relaxed',
      path: r.keywords.get(name)?.path ?? r.path,
      basePath: b.keywords.get(name)?.path ?? b.path,
      message,
    });
  for (const [name, sign] of Object.entries(BOUNDS)) {
    const bv = keyword(b, name);
    const rv = keyword(r, name);
    if (equal(bv, rv)) continue;
    let tightened: boolean;
    if (typeof bv === 'boolean' || typeof rv === 'boolean')
      tightened = rv === true; // 3.0's exclusiveMinimum/Maximum flags
    else if (bv === undefined) tightened = true;
    else if (rv === undefined) tightened = false;
    else tightened = (Number(rv) - Number(bv)) * sign > 0;
    add(
      tightened,
      name,
      `${label}: ${name} ${bv === undefined ? 'added' : rv === undefined ? 'removed' : 'changed'} (${bv === undefined ? '(none)' : quote(bv)} → ${rv === undefined ? '(none)' : quote(rv)})`,
    );
  }
  const bm = keyword(b, 'multipleOf');
  const rm = keyword(r, 'multipleOf');
  if (!equal(bm, rm))
    add(
      rm !== undefined && (bm === undefined || Number(rm) % Number(bm) === 0),
      'multipleOf',
      `${label}: multipleOf ${quote(bm ?? '(none)')} → ${quote(rm ?? '(none)')}`,
    );
  const bu = keyword(b, 'uniqueItems') === true;
  const ru = keyword(r, 'uniqueItems') === true;
  if (bu !== ru) add(ru, 'uniqueItems', `${label}: items ${ru ? 'must now be unique' : 'no longer have to be unique'}`);
  return decided;
}

/** Keywords holding one subschema, and how messages name the place their subschema constrains. */
export const SUBSCHEMA_LABEL = {
  additionalProperties: (label: string) => `${label}{*}`,
  propertyNames: (label: string) => `${label} (property names)`,
  unevaluatedProperties: (label: string) => `${label} (unevaluated properties)`,
  items: (label: string) => `${label}[]`,
  contains: (label: string) => `${label} (contains)`,
  unevaluatedItems: (label: string) => `${label} (unevaluated items)`,
  contentSchema: (label: string) => `${label} (content schema)`,
} as const;
export type SubschemaKeyword = keyof typeof SUBSCHEMA_LABEL;

/** What became of a subschema keyword: each outcome carries the sides it has. */
export type SubschemaChange =
  | { outcome: 'added'; revision: Located }
  | { outcome: 'removed'; base: Located }
  | { outcome: 'compare' | 'unmodelled'; base: Located; revision: Located };

/**
 * A keyword holding one subschema: `added` (the values must now also match it: narrower),
 * `removed` (wider), `compare` (on both sides, schemas: compared inside by the walk, a `false` too),
 * or `unmodelled` (changed in a way no check models: a value that is no schema). `true` and `{}`
 * allow anything, so they count as absent. `additionalProperties: false` has its own checks.
 */
export function subschemaChange(node: SchemaNodeDiff, name: SubschemaKeyword): SubschemaChange | undefined {
  const pair = node[name];
  if (!pair) return undefined;
  const bv = pair.base && !allowsAnything(pair.base.value) ? pair.base : undefined;
  const rv = pair.revision && !allowsAnything(pair.revision.value) ? pair.revision : undefined;
  if (!bv && !rv) return undefined;
  if (name === 'additionalProperties' && (bv?.value === false || rv?.value === false)) {
    if (bv?.value === false && rv?.value === false) return undefined;
    return bv && rv ? { outcome: 'unmodelled', base: bv, revision: rv } : undefined;
  }
  if (!bv) return rv ? { outcome: 'added', revision: rv } : undefined;
  if (!rv) return { outcome: 'removed', base: bv };
  if (isSchema(bv.value) && isSchema(rv.value)) return { outcome: 'compare', base: bv, revision: rv };
  return equal(bv.value, rv.value) ? undefined : { outcome: 'unmodelled', base: bv, revision: rv };
}

/** An `if` branch (`then`, `else`) on one side that restricts anything. */
export function hasBranch<Side extends 'base' | 'revision'>(
  pair: KeywordPair | undefined,
  side: Side,
): pair is KeywordPair & Record<Side, Located> {
  return pair?.[side] !== undefined && !allowsAnything(pair[side].value);
}

/** A property a caller never sees in this direction: read-only ones are not sent in requests, write-only ones not received in responses. */
export function hiddenProperty(document: Document, node: unknown, direction: Direction): boolean {
  const value = resolve(document, node, []).value;
  return isObject(value) && (direction === 'request' ? value.readOnly === true : value.writeOnly === true);
}

/** How messages name a property of the place `label`: `… property email` after a media type or status, `label.email` inside a schema. */
export function memberLabel(label: string, name: string): string {
  return label.endsWith(')') || /^response \S+$/.test(label) ? `${label} property ${name}` : `${label}.${name}`;
}

/**
 * The entries of a map of schemas (`patternProperties`, `dependentSchemas`) that the revision added
 * or removed, each with where to report it; an entry that allows anything constrains nothing and is
 * left out.
 */
export function schemaMapEntries(
  node: SchemaNodeDiff,
  pair: KeywordPair | undefined,
  side: 'added' | 'removed',
): Array<{ entry: string; path: JsonPath; basePath: JsonPath }> {
  if (!pair) return [];
  const base = isObject(pair.base?.value) ? pair.base.value : {};
  const revision = isObject(pair.revision?.value) ? pair.revision.value : {};
  const basePath = pair.base?.path ?? node.base.path;
  const revisionPath = pair.revision?.path ?? node.revision.path;
  const [present, absent] = side === 'added' ? [revision, base] : [base, revision];
  return Object.entries(present)
    .filter(([entry, value]) => absent[entry] === undefined && !allowsAnything(value))
    .map(([entry]) =>
      side === 'added'
        ? { entry, path: [...revisionPath, entry], basePath }
        : { entry, path: revisionPath, basePath: [...basePath, entry] },
    );
}

/**
 * An operation the revision no longer has: removed with its path, removed from a path that remains,
 * or removed after being deprecated (the versioning rules judge that one); where to report it is
 * the revision's path item, or `paths` when the path is gone too.
 */
export function removedOperation(node: OperationDiff):
  | {
      outcome: 'path-removed' | 'operation-removed' | 'deprecated-operation-removed';
      path: JsonPath;
      basePath: JsonPath;
    }
  | undefined {
  if (!node.base || node.revision) return undefined;
  const outcome =
    node.base.operation.deprecated === true
      ? 'deprecated-operation-removed'
      : node.revisionPathItem
        ? 'operation-removed'
        : 'path-removed';
  return { outcome, path: node.revisionPathItem?.path ?? ['paths'], basePath: node.base.path };
}

/** How a security scheme makes callers authenticate: its type, where the key goes, the HTTP scheme, the OAuth flows. */
export function authenticationShape(scheme: unknown): string {
  if (!isObject(scheme)) return JSON.stringify(null);
  return JSON.stringify([
    scheme.type,
    scheme.in,
    scheme.name,
    typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : undefined,
    isObject(scheme.flows) ? Object.keys(scheme.flows).sort() : null,
  ]);
}

/** A 2xx status (`200`, `2XX`): the answer callers act on. */
export function successStatus(status: string): boolean {
  return /^2/.test(status);
}

/** A named entry (a link, a callback) added, removed or changed, with where to report it. */
export function namedEntryChange(
  node: NamedDiff,
): { outcome: 'added' | 'removed' | 'changed'; path: JsonPath; basePath: JsonPath } | undefined {
  if (node.base && !node.revision)
    return {
      outcome: 'removed',
      path: node.revisionMapDeclared ? node.revisionMapPath : node.revisionHolderPath,
      basePath: node.base.path,
    };
  if (!node.base && node.revision) return { outcome: 'added', path: node.revision.path, basePath: node.baseMapPath };
  if (node.base && node.revision && node.changed)
    return { outcome: 'changed', path: node.revision.path, basePath: node.base.path };
  return undefined;
}

/**
 * The pattern a schema imposes: an empty pattern matches every string, so it is no pattern, and
 * `''` → `'^x$'` is a pattern added (not changed), `'^x$'` → `''` a pattern removed.
 */
export function effectivePattern(flat: FlatSchema): unknown {
  const value = keyword(flat, 'pattern');
  return value === '' ? undefined : value;
}

/**
 * The schema that constrains array position `index` on one side: its `prefixItems` entry, else the
 * `items` schema (which applies to every position after the prefix); undefined where nothing does.
 * So `prefixItems` added beside an existing `items` moves the first positions from one schema to
 * another (compared), rather than constraining them for the first time.
 */
export function positionSchema(
  node: SchemaNodeDiff,
  side: 'base' | 'revision',
  index: number,
): (Located & { from: 'prefixItems' | 'items' }) | undefined {
  const prefix = node.prefixItems?.[side];
  const entry = prefix && isArray(prefix.value) ? prefix.value[index] : undefined;
  if (prefix && entry !== undefined)
    return allowsAnything(entry) ? undefined : { value: entry, path: [...prefix.path, index], from: 'prefixItems' };
  const items = node.items?.[side];
  return items && !allowsAnything(items.value) ? { ...items, from: 'items' } : undefined;
}

/**
 * The discriminator of a schema on both sides, its mappings, and where each side's discriminator is:
 * undefined unless both sides have a discriminator object (its addition or removal is its own check).
 */
export function discriminatorMappings(node: SchemaNodeDiff):
  | {
      base: JsonObject;
      revision: JsonObject;
      baseMapping: JsonObject;
      revisionMapping: JsonObject;
      where: JsonPath;
      was: JsonPath;
    }
  | undefined {
  const pair = node.discriminator;
  if (!pair) return undefined;
  const bd = pair.base?.value;
  const rd = pair.revision?.value;
  if (!isObject(bd) || !isObject(rd)) return undefined;
  return {
    base: bd,
    revision: rd,
    baseMapping: isObject(bd.mapping) ? bd.mapping : {},
    revisionMapping: isObject(rd.mapping) ? rd.mapping : {},
    where: revisionAt(pair, node),
    was: baseAt(pair, node),
  };
}

/** Per property named in `dependentRequired` on either side, the names it newly requires and no longer requires. */
export function dependentRequiredChanges(pair: KeywordPair): { key: string; added: string[]; removed: string[] }[] {
  const names = (value: unknown, key: string): string[] =>
    isObject(value) && isArray(value[key]) ? value[key].map(String) : [];
  const bv = pair.base?.value;
  const rv = pair.revision?.value;
  const keys = new Set([...(isObject(bv) ? Object.keys(bv) : []), ...(isObject(rv) ? Object.keys(rv) : [])]);
  return [...keys].map((key) => {
    const before = names(bv, key);
    const after = names(rv, key);
    return {
      key,
      added: after.filter((name) => !before.includes(name)),
      removed: before.filter((name) => !after.includes(name)),
    };
  });
}

/**
 * The URL expressions of a callback both sides have that the revision no longer has, and the ones it
 * has (extensions left out): a callback whose expression is gone is diff-operation-callback-url-removed
 * (breaking), which then stands for the callback's change (diff-operation-callback-changed says no more).
 */
export function callbackExpressions(
  node: NamedDiff,
  documents: { base: Document; revision: Document },
): { removed: string[]; kept: string[]; basePath: JsonPath; path: JsonPath } | undefined {
  if (!node.base || !node.revision) return undefined;
  const base = resolve(documents.base, node.base.value, node.base.path);
  const revision = resolve(documents.revision, node.revision.value, node.revision.path);
  if (!isObject(base.value) || !isObject(revision.value)) return undefined;
  const revisionValue = revision.value;
  const expressions = (value: JsonObject) => Object.keys(value).filter((expression) => !expression.startsWith('x-'));
  return {
    removed: expressions(base.value).filter((expression) => revisionValue[expression] === undefined),
    kept: expressions(revisionValue),
    basePath: base.path,
    path: revision.path,
  };
}
