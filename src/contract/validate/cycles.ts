/**
 * Schemas that apply themselves to the same value without end (`A: {allOf: [$ref: B]}`,
 * `B: {allOf: [$ref: A]}`): ajv would recurse on them until the stack overflows, so they are found
 * first and reported instead of compiled.
 */
import { lookupLocalRef } from '../../../rulesets/lib/openapi/resolve.js';
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import type { OpenApiDocument } from '../../../rulesets/lib/rule.js';

/** Keywords that apply a subschema to the same value (no descent into a member or an item). */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const;
const DESCENDING_SINGLE = [
  'items',
  'additionalProperties',
  'additionalItems',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
] as const;
const DESCENDING_MAPS = ['properties', 'patternProperties'] as const;

/** A schema object of the description. */
type SchemaNode = Record<string, unknown>;
type Edge = { to: SchemaNode; ref?: string };
interface Edges {
  /** The schemas applied to the same value. */
  inPlace: Edge[];
  /** The schemas of its members and items. */
  descending: SchemaNode[];
}

/**
 * Finds chains of `$ref`s through allOf/anyOf/oneOf/not/if/then/else/dependentSchemas (keywords
 * that apply a schema to the same value) that come back to where they started, as
 * `#/a → #/b → #/a`. What one call explores is kept for the next, so each schema of the
 * description is visited once however many response schemas reach it.
 */
export class InPlaceCycles {
  private readonly edges = new Map<SchemaNode, Edges>();
  private readonly colour = new Map<SchemaNode, 'grey' | 'black'>();
  /** Schemas on a cycle, with the cycle. */
  private readonly cycleAt = new Map<SchemaNode, string>();

  constructor(private readonly document: OpenApiDocument) {}

  /** The first such cycle reachable from `root`, or undefined. */
  from(root: unknown): string | undefined {
    if (!isObject(root)) return undefined;
    const seen = new Set<SchemaNode>([root]);
    const pending: SchemaNode[] = [root];
    for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
      const out = this.edgesOf(node);
      if (!this.colour.has(node)) this.search(node);
      const cycle = this.cycleAt.get(node);
      if (cycle) return cycle;
      for (const next of [...out.inPlace.map((e) => e.to), ...out.descending]) {
        if (!seen.has(next)) {
          seen.add(next);
          pending.push(next);
        }
      }
    }
    return undefined;
  }

  private target(node: unknown): Edge | undefined {
    if (!isObject(node)) return undefined;
    if (typeof node.$ref === 'string') {
      const found = lookupLocalRef(this.document, node.$ref);
      return found && isObject(found.value) ? { to: found.value, ref: node.$ref } : undefined;
    }
    return { to: node };
  }

  /** A schema's edges: to the schemas applied to the same value, and to those of its members and items. */
  private edgesOf(node: SchemaNode): Edges {
    const known = this.edges.get(node);
    if (known) return known;
    const inPlace: Edge[] = [];
    const descending: SchemaNode[] = [];
    const add = (child: unknown) => {
      const edge = this.target(child);
      if (edge) inPlace.push(edge);
    };
    if (typeof node.$ref === 'string') add(node);
    for (const key of IN_PLACE_LISTS) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach(add);
    }
    for (const key of IN_PLACE_SINGLE) add(node[key]);
    if (isObject(node.dependentSchemas)) Object.values(node.dependentSchemas).forEach(add);
    const descend = (child: unknown) => {
      const edge = this.target(child);
      if (edge) descending.push(edge.to);
    };
    for (const key of DESCENDING_SINGLE) descend(node[key]);
    if (Array.isArray(node.items)) node.items.forEach(descend);
    if (Array.isArray(node.prefixItems)) node.prefixItems.forEach(descend);
    for (const key of DESCENDING_MAPS) {
      const map = node[key];
      if (isObject(map)) Object.values(map).forEach(descend);
    }
    const result = { inPlace, descending };
    this.edges.set(node, result);
    return result;
  }

  /** Iterative depth-first search over in-place edges (grey = on the current chain), recording the cycles it meets. */
  private search(start: SchemaNode): void {
    const stack: Array<{ node: SchemaNode; next: number; ref?: string }> = [{ node: start, next: 0 }];
    this.colour.set(start, 'grey');
    for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
      const edge = this.edgesOf(frame.node).inPlace[frame.next++];
      if (edge === undefined) {
        this.colour.set(frame.node, 'black');
        stack.pop();
        continue;
      }
      const state = this.colour.get(edge.to);
      if (state === 'grey') {
        // Named from the schema the chain comes back to (the `$ref` that closes it names it).
        const on = stack.slice(stack.findIndex((f) => f.node === edge.to));
        const refs = [edge.ref, ...on.slice(1).map((f) => f.ref), edge.ref].filter((r): r is string => r !== undefined);
        const cycle = refs.length > 0 ? refs.join(' → ') : 'a schema that contains itself';
        for (const f of on) if (!this.cycleAt.has(f.node)) this.cycleAt.set(f.node, cycle);
      } else if (state === undefined) {
        this.colour.set(edge.to, 'grey');
        stack.push({ node: edge.to, next: 0, ...(edge.ref ? { ref: edge.ref } : {}) });
      }
    }
  }
}
