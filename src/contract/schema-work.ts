/**
 * How much work a schema can make of one value (issue 34, o34r14 BRK-1, BRK-2): the one list of
 * the ways a schema reaches another (`schemaLinks`), and the measure of validating a value with it
 * (`validationWork`) that the contract tests take before ajv compiles or runs a schema, for an
 * answer as for a request. ajv applies every `allOf`/`anyOf`/`oneOf` branch, `not`, `if`/`then`/
 * `else`, `dependentSchemas` and `$ref` target to the same value; `oneOf` must try every branch
 * whatever its options (two valid branches fail it), and with `allErrors` every failing branch's
 * errors are kept: a chain of 30 schemas each `oneOf` the next twice is 2³⁰ applications to one
 * `{}` and took 4.7 GB. No option of ajv bounds that; the schema's expansion is measured instead.
 */
import { COMPARISONS_PER_APPLICATION, valueSizedWork } from '../../rulesets/lib/openapi/example-work.js';
import { isObject } from '../../rulesets/lib/openapi/types.js';
import type { OpenApiDocument } from '../../rulesets/lib/rule.js';

/** The value at a JSON Pointer (`/components/schemas/A`) of the document, or undefined. */
export function pointerAt(document: OpenApiDocument, pointer: string): unknown {
  let at: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[segment];
  }
  return at;
}

/** Keywords that apply a schema to the value itself. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const;
/** Keywords whose schema applies to every member of an object (conservatively: every key). */
const ANY_MEMBER = ['additionalProperties', 'unevaluatedProperties', 'propertyNames'] as const;
/** Keywords whose schema applies to every item of an array (conservatively: every index). */
const ANY_ITEM = ['additionalItems', 'unevaluatedItems', 'contains'] as const;

/** Where one schema leads: to schemas applied to the value itself, and to those of its members and items. */
export interface SchemaLinks {
  /** Applied to the same value: references, combinators, conditionals, `dependentSchemas`, discriminator targets. */
  inPlace: unknown[];
  /** The keyword each of `inPlace` is reached by (`$ref`, `oneOf`, `discriminator`, …), in the same order. */
  by: string[];
  /** Applied to the member of that name (`properties`). */
  member: Array<[string, unknown]>;
  /** Applied to any member (`patternProperties`, `additionalProperties`, `propertyNames`, `unevaluatedProperties`). */
  anyMember: unknown[];
  /** Applied to the item at that index (`prefixItems`, a list of `items`). */
  item: Array<[number, unknown]>;
  /** Applied to any item (`items`, `additionalItems`, `contains`, `unevaluatedItems`). */
  anyItem: unknown[];
}

/**
 * Every way the schema reaches another, resolved through the description: `$ref` (a local
 * pointer, or an `$id`/`$anchor` ajv registers), `$dynamicRef` (every `$dynamicAnchor` of that
 * name), the combinators, `not`, `if`/`then`/`else`, `dependentSchemas` and draft 7's schema
 * `dependencies`, a `discriminator`'s `mapping` targets (those not among the branches), and the
 * members' and items' keywords. Unresolvable references lead nowhere (ajv refuses them itself).
 */
export function schemaLinks(document: OpenApiDocument, schema: Record<string, unknown>, ids: IdIndex): SchemaLinks {
  const inPlace: unknown[] = [];
  const by: string[] = [];
  const add = (keyword: string, ...schemas: unknown[]) => {
    for (const found of schemas) {
      inPlace.push(found);
      by.push(keyword);
    }
  };
  if (typeof schema.$ref === 'string') add('$ref', ...ids.resolve(schema.$ref, false, schema));
  if (typeof schema.$dynamicRef === 'string') add('$dynamicRef', ...ids.resolve(schema.$dynamicRef, true, schema));
  for (const keyword of IN_PLACE_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) add(keyword, ...(list as unknown[]));
  }
  for (const keyword of IN_PLACE_SINGLE) if (schema[keyword] !== undefined) add(keyword, schema[keyword]);
  for (const keyword of ['dependentSchemas', 'dependencies'] as const) {
    const map = schema[keyword];
    if (isObject(map)) for (const value of Object.values(map)) if (isObject(value)) add(keyword, value);
  }
  const discriminator = schema.discriminator;
  if (isObject(discriminator) && isObject(discriminator.mapping)) {
    // A target the branches hold already is counted with them; any other one is one more.
    const branches = new Set(
      [
        ...(Array.isArray(schema.oneOf) ? (schema.oneOf as unknown[]) : []),
        ...(Array.isArray(schema.anyOf) ? (schema.anyOf as unknown[]) : []),
      ]
        .flatMap((branch: unknown) =>
          isObject(branch) && typeof branch.$ref === 'string' ? ids.resolve(branch.$ref) : [branch],
        )
        .filter(isObject),
    );
    for (const target of Object.values(discriminator.mapping)) {
      if (typeof target !== 'string') continue;
      const ref = target.includes('#') || target.includes('/') ? target : `#/components/schemas/${target}`;
      for (const found of ids.resolve(ref))
        if (!branches.has(found as Record<string, unknown>)) add('discriminator', found);
    }
  }
  const member: Array<[string, unknown]> = isObject(schema.properties) ? Object.entries(schema.properties) : [];
  const anyMember: unknown[] = [];
  if (isObject(schema.patternProperties)) anyMember.push(...Object.values(schema.patternProperties));
  for (const keyword of ANY_MEMBER) if (isObject(schema[keyword])) anyMember.push(schema[keyword]);
  const item: Array<[number, unknown]> = [];
  const anyItem: unknown[] = [];
  if (Array.isArray(schema.prefixItems)) (schema.prefixItems as unknown[]).forEach((s, i) => item.push([i, s]));
  if (Array.isArray(schema.items)) (schema.items as unknown[]).forEach((s, i) => item.push([i, s]));
  else if (isObject(schema.items)) anyItem.push(schema.items);
  for (const keyword of ANY_ITEM) if (isObject(schema[keyword])) anyItem.push(schema[keyword]);
  return { inPlace, by, member, anyMember, item, anyItem };
}

/** The description's `$id`s and anchors, found once, for references that are no local pointer. */
export class IdIndex {
  private ids?: Map<string, Array<Record<string, unknown>>>;
  private dynamic?: Map<string, Array<Record<string, unknown>>>;
  /** The embedded schema resource (an object with its own `$id`) each object below one stands in. */
  private resourceOf?: WeakMap<object, Record<string, unknown>>;

  constructor(private readonly document: OpenApiDocument) {}

  /**
   * The schemas a reference may name (conservatively: every one that matches it). A fragment is
   * resolved against the schema resource `from` (the schema holding the reference) stands in: under
   * an embedded `$id`, `#/$defs/a` is that resource's, not the document's (JSON Schema 2020-12, 8.2.1).
   */
  resolve(ref: string, dynamicRef = false, from?: object): unknown[] {
    if (ref.startsWith('#/') || ref === '#') {
      const found = pointerAt(this.resourceAround(from) ?? this.document, ref.slice(1));
      return found === undefined ? [] : [found];
    }
    this.index();
    const resource = this.resourceAround(from);
    if (resource !== undefined && ref.startsWith('#')) {
      // A plain name under a `$id`: that resource's `$anchor` (or `$dynamicAnchor`) of the name.
      const name = ref.slice(1);
      const own = this.anchorsIn(resource, name);
      if (own.length > 0) return own;
    }
    const hash = ref.indexOf('#');
    const base = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? '' : ref.slice(hash + 1);
    const out: unknown[] = [];
    if (fragment !== '' && !fragment.startsWith('/')) {
      out.push(...(this.ids?.get(`#${fragment}`) ?? []));
      if (dynamicRef) out.push(...(this.dynamic?.get(fragment) ?? []));
    }
    if (base !== '') {
      const tail = base.replace(/^(\.\/)+/, '');
      for (const [id, schemas] of this.ids ?? [])
        if (!id.startsWith('#') && (id === base || id.endsWith(`/${tail}`) || id.endsWith(tail)))
          for (const schema of schemas) out.push(fragment.startsWith('/') ? pointerAt(schema, fragment) : schema);
    }
    return out.filter((schema) => schema !== undefined);
  }

  /** The embedded schema resource `node` stands in, or undefined for the document's own. */
  private resourceAround(node: object | undefined): Record<string, unknown> | undefined {
    if (node === undefined) return undefined;
    this.index();
    return this.resourceOf?.get(node);
  }

  /** The schemas of `resource` (not of a resource embedded in it) declaring the anchor `name`. */
  private anchorsIn(resource: Record<string, unknown>, name: string): unknown[] {
    return [...(this.ids?.get(`#${name}`) ?? [])].filter(
      (node) => (this.resourceOf?.get(node) ?? undefined) === resource,
    );
  }

  private index(): void {
    if (this.ids) return;
    this.ids = new Map();
    this.dynamic = new Map();
    const resourceOf = new WeakMap<object, Record<string, unknown>>();
    this.resourceOf = resourceOf;
    const add = (map: Map<string, Array<Record<string, unknown>>>, key: string, node: Record<string, unknown>) => {
      const list = map.get(key) ?? [];
      list.push(node);
      map.set(key, list);
    };
    const stack: unknown[] = [this.document];
    const seen = new Set<unknown>();
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (typeof node !== 'object' || node === null || seen.has(node)) continue;
      seen.add(node);
      // What the node's members stand in: the node itself when it has its own `$id` (below the root).
      const around =
        !Array.isArray(node) && node !== this.document && typeof (node as Record<string, unknown>).$id === 'string'
          ? (node as Record<string, unknown>)
          : resourceOf.get(node);
      if (around !== undefined) resourceOf.set(node, around);
      for (const value of Object.values(node) as unknown[])
        if (typeof value === 'object' && value !== null && around !== undefined && !resourceOf.has(value))
          resourceOf.set(value, around);
      if (!Array.isArray(node)) {
        const record = node as Record<string, unknown>;
        if (typeof record.$id === 'string') add(this.ids, record.$id, record);
        if (typeof record.$anchor === 'string') add(this.ids, `#${record.$anchor}`, record);
        if (typeof record.$dynamicAnchor === 'string') {
          add(this.ids, `#${record.$dynamicAnchor}`, record);
          add(this.dynamic, record.$dynamicAnchor, record);
        }
      }
      for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
}

/**
 * How many schema applications (one schema applied to one value node, counted as often as ajv
 * applies it) checking one value may take, at most, before ajv is not run on it (issue 34,
 * o34r14): an answer against its schema, a request input's value against its own. ajv makes some
 * millions a second; an ordinary answer of 5 MB takes some hundred thousand; a `oneOf` chain of
 * 30 takes 2³⁰ on `{}`.
 */
export const MAX_VALIDATION_WORK = 1_000_000;

/** How deep below the value the measure follows members and items: the depth answers are checked to. */
export const VALIDATION_WORK_DEPTH = 64;

/*
 * What a keyword whose work grows with the value costs (`uniqueItems` pair by pair, a `pattern`
 * over a long string, issue 34, o34r15 item 2; an `enum` or `const` by its comparisons, o34r17
 * B9): `valueSizedWork`, shared with the lint example
 * rule (rulesets/lib/openapi/example-work.ts).
 */

/** Steps the measure itself takes at most; past them the schema counts as past the bound. */
const MAX_MEASURE_STEPS = 500_000;

/** What one schema applied to a value makes: its applications there, and those of each member and item. */
interface Spread {
  /** Schemas applied to the value itself (this one and every one it reaches in place). */
  here: number;
  /** Per named member, the work of the schemas applied to it. */
  member: Map<string, number>;
  anyMember: number;
  item: Map<number, number>;
  anyItem: number;
}

/**
 * The measure of validating values with the schemas of one description, remembered across calls
 * (each schema is measured once per depth however many roots reach it).
 */
export class ValidationWork {
  private readonly memo = new Map<Record<string, unknown>, Array<Spread | undefined>>();
  private readonly links = new Map<Record<string, unknown>, SchemaLinks>();
  private readonly ids: IdIndex;
  private steps = 0;
  /** Which keywords of the description make the work depend on the values too. */
  private readonly valueSized: ValueSized;

  constructor(
    private readonly document: OpenApiDocument,
    private readonly depth: number = VALIDATION_WORK_DEPTH,
  ) {
    this.ids = new IdIndex(document);
    this.valueSized = valueSizedKeywords(document);
  }

  /**
   * The most schema applications one value node of a value may take under `schema` counted along
   * any path of members and items (`here` at each level, plus the heaviest member or item below):
   * the schemas applied in place add up (2 branches that each reach `E` apply `E` twice), while
   * members of different names, and an object's members against an array's items, do not (a value
   * is one or the other), so a recursive `Node {left: Node, right: Node}` is linear in the depth,
   * not 2^depth. Infinity past `MAX_MEASURE_STEPS`.
   */
  of(schema: unknown): number {
    this.steps = 0;
    try {
      return this.total(schema, 0);
    } catch (error) {
      // A chain of in-place references deeper than the stack is past any bound too (ajv's would overflow).
      if (error instanceof TooLong || error instanceof RangeError) return Number.POSITIVE_INFINITY;
      throw error;
    }
  }

  /**
   * Whether checking `value` against `schema` stays within `limit` schema applications
   * (`MAX_VALIDATION_WORK` unless told). Cheap first: the schema's own measure (`of`) times the
   * value's nodes; past that, the applications are counted along the value itself (each distinct
   * schema once per value node, with how many times ajv applies it there), stopping at the limit.
   */
  within(schema: unknown, value: unknown, limit: number = MAX_VALIDATION_WORK): boolean {
    const nodes = countNodes(value, limit);
    // The measure counts applications only: with `uniqueItems`, `pattern` or an `enum`/`const` of
    // objects the value is walked; scalar entries cost at most the longest list on each application.
    // (A schema given from outside the description is looked at too.)
    const own = typeof schema === 'object' && schema !== null ? valueSizedKeywords(schema) : undefined;
    const walk = this.valueSized.walk || own?.walk === true;
    const perApplication = 1 + Math.max(this.valueSized.scalars, own?.scalars ?? 0) / COMPARISONS_PER_APPLICATION;
    if (!walk && this.of(schema) * nodes * perApplication <= limit) return true;
    return this.alongValue(schema, value, limit) <= limit;
  }

  /**
   * The schema applications checking `value` takes (ajv's count, or more: every `if`/`then`/`else`,
   * every pattern property and `additionalProperties` on every member), counted past `limit` no further.
   */
  alongValue(schema: unknown, value: unknown, limit: number = MAX_VALIDATION_WORK): number {
    this.steps = 0;
    try {
      return this.countAlong(schema, value, limit);
    } catch (error) {
      if (error instanceof TooLong || error instanceof RangeError) return Number.POSITIVE_INFINITY;
      throw error;
    }
  }

  private countAlong(schema: unknown, value: unknown, limit: number): number {
    let total = 0;
    let steps = 0;
    const pending: Array<[unknown, Map<Record<string, unknown>, number>]> = [];
    const start = new Map<Record<string, unknown>, number>();
    if (isObject(schema)) start.set(schema, 1);
    pending.push([value, start]);
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const [node, entry] = next;
      const applied = this.closure(entry);
      steps += applied.size;
      for (const [applies, times] of applied) total += times * (1 + valueSizedWork(applies, node));
      // Every schema counted was applied at least once: the steps taken stay within the work counted.
      if (total > limit || steps > limit) return Number.POSITIVE_INFINITY;
      if (Array.isArray(node)) {
        node.forEach((item: unknown, index) => {
          const below = new Map<Record<string, unknown>, number>();
          for (const [applies, times] of applied) {
            const links = this.linksOf(applies);
            for (const [at, child] of links.item) if (at === index) addTo(below, child, times);
            for (const child of links.anyItem) addTo(below, child, times);
          }
          if (below.size > 0) pending.push([item, below]);
        });
      } else if (isObject(node)) {
        for (const key of Object.keys(node)) {
          const below = new Map<Record<string, unknown>, number>();
          for (const [applies, times] of applied) {
            const links = this.linksOf(applies);
            for (const [name, child] of links.member) if (name === key) addTo(below, child, times);
            for (const child of links.anyMember) addTo(below, child, times);
          }
          if (below.size > 0) pending.push([node[key], below]);
        }
      }
    }
    return total;
  }

  /**
   * The schemas applied to one value node, each with how many times: those given and every one
   * they reach in place (a multiplicity flows to every in-place child; an in-place cycle is cut).
   */
  private closure(entry: Map<Record<string, unknown>, number>): Map<Record<string, unknown>, number> {
    // Reverse post-order of the in-place graph from the entry schemas: each schema's count is whole before it flows on.
    const order: Array<Record<string, unknown>> = [];
    const state = new Map<Record<string, unknown>, 'open' | 'done'>();
    for (const root of entry.keys()) {
      if (state.has(root)) continue;
      const stack: Array<{ node: Record<string, unknown>; next: number }> = [{ node: root, next: 0 }];
      state.set(root, 'open');
      for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
        const children = this.linksOf(frame.node).inPlace;
        const child = children[frame.next++];
        if (frame.next > children.length) {
          state.set(frame.node, 'done');
          order.push(frame.node);
          stack.pop();
          continue;
        }
        if (isObject(child) && !state.has(child)) {
          state.set(child, 'open');
          stack.push({ node: child, next: 0 });
        }
      }
    }
    const place = new Map(order.map((node, index) => [node, index]));
    const times = new Map(entry);
    for (let i = order.length - 1; i >= 0; i--) {
      const node = order[i] as Record<string, unknown>;
      const count = times.get(node) ?? 0;
      // An edge to a schema finished later (an ancestor on the search) closes a cycle: ajv's recursion, cut here.
      for (const child of this.linksOf(node).inPlace)
        if (isObject(child) && (place.get(child) ?? i) < i) times.set(child, (times.get(child) ?? 0) + count);
    }
    return times;
  }

  private total(schema: unknown, depth: number): number {
    const { spread } = this.spread(schema, depth, new Map());
    if (!spread) return 1;
    const members = spread.anyMember + Math.max(0, ...spread.member.values());
    const items = spread.anyItem + Math.max(0, ...spread.item.values());
    return spread.here + Math.max(members, items);
  }

  private linksOf(schema: Record<string, unknown>): SchemaLinks {
    let known = this.links.get(schema);
    if (!known) this.links.set(schema, (known = schemaLinks(this.document, schema, this.ids)));
    return known;
  }

  /**
   * `open`: the schemas being measured at this depth, by their place on the chain (an in-place
   * cycle counts once where it closes). `low` is the earliest place a cycle met below went back to:
   * a result cut by a cycle to a schema still open above is not kept (measured again from
   * elsewhere, it is whole), as in Tarjan's search.
   */
  private spread(schema: unknown, depth: number, open: Map<unknown, number>): { spread?: Spread; low: number } {
    if (!isObject(schema)) return { low: Number.POSITIVE_INFINITY };
    const known = this.memo.get(schema)?.[depth];
    if (known) return { spread: known, low: Number.POSITIVE_INFINITY };
    const place = open.get(schema);
    if (place !== undefined) return { spread: emptySpread(), low: place };
    if (++this.steps > MAX_MEASURE_STEPS) throw new TooLong();
    const here = open.size;
    open.set(schema, here);
    const links = this.linksOf(schema);
    const out = emptySpread();
    let low = Number.POSITIVE_INFINITY;
    for (const child of links.inPlace) {
      const { spread: inner, low: innerLow } = this.spread(child, depth, open);
      low = Math.min(low, innerLow);
      if (!inner) continue;
      out.here += inner.here;
      out.anyMember += inner.anyMember;
      out.anyItem += inner.anyItem;
      for (const [name, work] of inner.member) out.member.set(name, (out.member.get(name) ?? 0) + work);
      for (const [index, work] of inner.item) out.item.set(index, (out.item.get(index) ?? 0) + work);
      this.steps += inner.member.size + inner.item.size;
    }
    if (depth < this.depth) {
      const below = (child: unknown) => this.total(child, depth + 1);
      for (const [name, child] of links.member) out.member.set(name, (out.member.get(name) ?? 0) + below(child));
      for (const child of links.anyMember) out.anyMember += below(child);
      for (const [index, child] of links.item) out.item.set(index, (out.item.get(index) ?? 0) + below(child));
      for (const child of links.anyItem) out.anyItem += below(child);
    }
    open.delete(schema);
    if (low >= here) {
      const list = this.memo.get(schema) ?? [];
      list[depth] = out;
      this.memo.set(schema, list);
      low = Number.POSITIVE_INFINITY;
    }
    return { spread: out, low };
  }
}

function addTo(map: Map<Record<string, unknown>, number>, child: unknown, times: number): void {
  if (isObject(child)) map.set(child, (map.get(child) ?? 0) + times);
}

/** The objects, arrays and scalars of a JSON value, counted up to just past `limit`. */
function countNodes(value: unknown, limit: number): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && count <= limit) {
    const node = stack.pop();
    count++;
    if (typeof node === 'object' && node !== null) for (const child of Object.values(node)) stack.push(child);
  }
  return count;
}

/** Which keywords make checking a value cost more than its applications. */
interface ValueSized {
  /** `uniqueItems: true`, a `pattern` string, or an `enum`/`const` with an object or array: the value must be walked. */
  walk: boolean;
  /** The most scalar entries one `enum`/`const` compares a value with. */
  scalars: number;
}

/** The value-sized keywords anywhere in the document (a loop, not a recursion). */
function valueSizedKeywords(document: object): ValueSized {
  let scalars = 0;
  const stack: unknown[] = [document];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== 'object' || node === null) continue;
    if (!Array.isArray(node)) {
      const record = node as Record<string, unknown>;
      if (record.uniqueItems === true || typeof record.pattern === 'string') return { walk: true, scalars };
      const entries = [...(Array.isArray(record.enum) ? (record.enum as unknown[]) : [])];
      if (Object.hasOwn(record, 'const')) entries.push(record.const);
      if (entries.some((entry) => typeof entry === 'object' && entry !== null)) return { walk: true, scalars };
      scalars = Math.max(scalars, entries.length);
    }
    for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) stack.push(value);
  }
  return { walk: false, scalars };
}

function emptySpread(): Spread {
  return { here: 1, member: new Map(), anyMember: 0, item: new Map(), anyItem: 0 };
}

class TooLong extends Error {}

const measures = new WeakMap<object, ValidationWork>();

/** The description's one measure (what it has measured is kept for the next schema and value). */
export function validationWork(document: OpenApiDocument): ValidationWork {
  let measure = measures.get(document);
  if (!measure) measures.set(document, (measure = new ValidationWork(document)));
  return measure;
}

/** "checking it takes more than 1,000,000 schema applications …", for the findings of the bound. */
export function pastValidationWork(): string {
  return `checking it takes more than ${MAX_VALIDATION_WORK.toLocaleString('en')} schema applications (every allOf/anyOf/oneOf branch, $ref, not, if/then/else, dependentSchemas and discriminator target, through every member and item; uniqueItems' comparisons of every pair of items, a pattern's match on a long string and an enum's or const's comparisons counted too), the most vottur runs on one value`;
}
