/**
 * The comparison: builds the diff tree of the two descriptions once (description-tree.ts), walks
 * it, and asks every check registered for a node's level (checks/index.ts) about the node; each
 * change a check reports is recorded as a `Change` naming its check. The schemas a node holds are
 * compared on the schema diff tree (tree.ts): each pair of schemas visited once per scope, `$ref`s
 * followed and `allOf` merged (schema.ts), the schema checks asked at every node, then the walk
 * descends into properties, subschemas, alternatives and conditions.
 */
import {
  isArray,
  isObject,
  PATH_ITEM_METHODS,
  type Document,
  type JsonObject,
  type JsonPath,
} from '../../rulesets/lib/openapi/types.js';
import {
  PARAMETER_SCHEMA_CHECKS,
  SCHEMA_NODE_CHECKS,
  SCOPE_DIRECTION,
  TREE_CHECKS,
  type CheckId,
  type SchemaScope,
} from './checks.js';
import { check as limitReached } from './checks/diff-schema-limit-reached.js';
import {
  diffDescriptionTree,
  mediaTypeEssence,
  type HeaderDiff,
  type MediaTypeDiff,
  type OperationDiff,
  type ResponseDiff,
  type SchemaSlot,
} from './description-tree.js';
import type { CheckContext, SchemaCheckContext, TreeLevel, TreeLevels } from './model.js';
import { flatten, flattenParts, MAX_ALLOF_DEPTH, type FlatSchema, type Located } from './schema.js';
import { MAX_REF_HOPS, resolve } from '../../rulesets/lib/openapi/resolve.js';
import {
  hasBranch,
  hiddenProperty,
  memberLabel,
  positionSchema,
  removedOperation,
  SUBSCHEMA_LABEL,
  subschemaChange,
  type SubschemaKeyword,
} from './shared-decisions.js';
import {
  isSunsetHeader,
  operationLifecycle,
  parameterLifecycle,
  propertyLifecycle,
  sunsetHeaderValue,
} from './sunset.js';
import { diffSchemaNode, isSchema, type SchemaNodeDiff } from './tree.js';

export interface Change {
  check: CheckId;
  /** Where in the revision (for something removed: the closest place that still exists). */
  path: JsonPath;
  /** Where in the base. */
  basePath: JsonPath;
  message: string;
  /** `GET /v2/users/{nationalId}` (as in the revision, or the base for a removed operation). */
  operation?: string;
  operationId?: string;
  /** For a change in a shared component: the other operations it reaches (it is compared once). */
  alsoReaches?: string[];
}

/** How a property's schema is reached from its object: the allOf parts that define it, and whether the revision requires it. */
interface PropertyMember {
  baseParts?: Located[];
  revisionParts?: Located[];
  required?: boolean;
}

export interface RemovedOperation {
  operation: string;
  deprecated: boolean;
  basePath: JsonPath;
  path: JsonPath;
}

export interface Comparison {
  changes: Change[];
  removedOperations: RemovedOperation[];
}

/** How deep the walk descends into schemas (properties, items, subschemas): far beyond any real description, still bounded. */
export const MAX_SCHEMA_DEPTH = 64;

/** The view of a side a bound left unread: nothing known of it. */
function emptyFlat(path: JsonPath): FlatSchema {
  return {
    path,
    keywords: new Map(),
    keywordParts: new Map(),
    properties: new Map(),
    propertyParts: new Map(),
    required: new Set(),
    requiredPath: path,
    propertiesPath: [...path, 'properties'],
  };
}

class Comparer {
  readonly changes: Change[] = [];
  readonly removedOperations: RemovedOperation[] = [];
  /** Pairs already compared, with the changes they gave (a range of `changes`). */
  private readonly visited = new Map<string, { start: number; end: number }>();
  /**
   * The last operation listed in each change's `alsoReaches`: operations are walked one after the
   * other, so this is the membership check, in constant time (a search of the list made the
   * listing quadratic in the operations a shared component reaches).
   */
  private readonly lastReached = new Map<Change, string>();
  /** The operation whose nodes are walked, named on every change found there. */
  private operation?: { text: string; operationId?: string };
  /**
   * Places whose changes the diff-sunset-* checks own while a `Sunset` header is compared: the
   * keyword its value was read from on each side (and the whole header when the revision drops it),
   * so one moved, deleted or reformatted sunset is one finding, not also a header enum/const change.
   */
  private owned?: { base: JsonPath[]; revision: JsonPath[] };

  constructor(
    private readonly base: Document,
    private readonly revision: Document,
    private readonly now: Date,
  ) {}

  private add(check: CheckId, path: JsonPath, basePath: JsonPath, message: string): void {
    if (
      this.owned &&
      (this.owned.base.some((prefix) => startsWith(basePath, prefix)) ||
        this.owned.revision.some((prefix) => startsWith(path, prefix)))
    )
      return;
    this.changes.push({
      check,
      path,
      basePath,
      message,
      ...(this.operation
        ? {
            operation: this.operation.text,
            ...(this.operation.operationId ? { operationId: this.operation.operationId } : {}),
          }
        : {}),
    });
  }

  /** Asks every check registered for a level about one node of it. */
  private ask<L extends TreeLevel>(level: L, node: TreeLevels[L]): void {
    for (const check of TREE_CHECKS[level]) check.detect(node, this.context(check.id));
  }

  private context(id: CheckId): CheckContext {
    return {
      base: this.base,
      revision: this.revision,
      now: this.now,
      report: (path, basePath, message) => this.add(id, path, basePath, message),
    };
  }

  compare(): Comparison {
    const tree = diffDescriptionTree(this.base, this.revision);
    this.ask('description', tree);
    for (const webhook of tree.webhooks) {
      this.ask('webhook', webhook);
      if (webhook.base && webhook.revision) {
        this.operation = { text: `webhook ${webhook.name}` };
        this.walkReversed('webhook', webhook.base, webhook.revision);
        this.operation = undefined;
      }
    }
    for (const scheme of tree.securitySchemes) this.ask('security-scheme', scheme);
    for (const path of tree.paths) {
      this.operation = undefined;
      this.ask('path', path);
      for (const operation of path.operations) this.walkOperation(operation);
    }
    return { changes: this.changes, removedOperations: this.removedOperations };
  }

  private walkOperation(node: OperationDiff): void {
    this.operation = { text: node.text, ...(node.operationId ? { operationId: node.operationId } : {}) };
    const removed = removedOperation(node);
    this.ask('lifecycle', operationLifecycle(node, this.base, this.revision));
    if (removed)
      this.removedOperations.push({
        operation: node.text,
        deprecated: removed.outcome === 'deprecated-operation-removed',
        basePath: removed.basePath,
        path: removed.path,
      });
    this.ask('operation', node);
    for (const parameter of node.parameters) {
      this.ask('parameter', parameter);
      const lifecycle = parameterLifecycle(parameter, node.text);
      if (lifecycle) this.ask('lifecycle', lifecycle);
      for (const check of PARAMETER_SCHEMA_CHECKS) check.detect(parameter, this.context(check.id));
      if (parameter.schema) this.compareSlot(parameter.schema);
    }
    if (node.requestBody) {
      this.ask('request-body', node.requestBody);
      this.walkContent(node.requestBody.content);
    }
    for (const response of node.responses) this.walkResponse(response);
    if (node.security) this.ask('security', node.security);
    for (const callback of node.callbacks) {
      this.ask('callback', callback);
      if (callback.base && callback.revision) this.walkCallback(callback.name, callback.base, callback.revision);
    }
  }

  /** A callback on both sides: each URL expression both have is a path item the API calls, compared reversed. */
  private walkCallback(name: string, base: Located, revision: Located): void {
    const b = resolve(this.base, base.value, base.path);
    const r = resolve(this.revision, revision.value, revision.path);
    if (!isObject(b.value) || !isObject(r.value)) return;
    for (const [expression, item] of Object.entries(b.value)) {
      if (expression.startsWith('x-') || r.value[expression] === undefined) continue;
      this.walkReversed(
        `callback ${name} (${expression})`,
        { value: item, path: [...b.path, expression] },
        { value: r.value[expression], path: [...r.path, expression] },
      );
    }
  }

  /**
   * A webhook's or a callback's path item on both sides, compared with the direction reversed: the
   * request the API sends is what its subscriber receives (compared as a response body is: a
   * property removed, an enum value added break the subscriber), and the answer the API expects is
   * what the subscriber sends (compared as a request body is). They were one review warning, and
   * breaking changes inside passed `--gate` (attack o34r17 B10).
   */
  private walkReversed(label: string, base: Located, revision: Located): void {
    const b = resolve(this.base, base.value, base.path);
    const r = resolve(this.revision, revision.value, revision.path);
    if (!isObject(b.value) || !isObject(r.value)) return;
    for (const method of PATH_ITEM_METHODS) {
      const bo = b.value[method];
      const ro = r.value[method];
      if (!isObject(bo) || !isObject(ro)) continue;
      const where = `${label} ${method.toUpperCase()}`;
      this.compareContentReversed(
        'response-body',
        `${where} request body the API sends`,
        resolve(this.base, bo.requestBody, [...b.path, method, 'requestBody']),
        resolve(this.revision, ro.requestBody, [...r.path, method, 'requestBody']),
      );
      const br = isObject(bo.responses) ? bo.responses : {};
      const rr = isObject(ro.responses) ? ro.responses : {};
      for (const status of Object.keys(br)) {
        if (rr[status] === undefined) continue;
        this.compareContentReversed(
          'request-body',
          `${where} response ${status} the subscriber answers`,
          resolve(this.base, br[status], [...b.path, method, 'responses', status]),
          resolve(this.revision, rr[status], [...r.path, method, 'responses', status]),
        );
      }
    }
  }

  /** The schemas of the media types both sides of a reversed body have (a missing schema is any value). */
  private compareContentReversed(scope: SchemaScope, label: string, base: Located, revision: Located): void {
    if (!isObject(base.value) || !isObject(revision.value)) return;
    const bc = isObject(base.value.content) ? base.value.content : {};
    const rc = isObject(revision.value.content) ? revision.value.content : {};
    for (const [mediaType, media] of Object.entries(bc)) {
      const match = Object.keys(rc).find((other) => mediaTypeEssence(other) === mediaTypeEssence(mediaType));
      if (match === undefined) continue;
      const bs = isObject(media) ? media.schema : undefined;
      const other = rc[match];
      const rs = isObject(other) ? other.schema : undefined;
      if (bs === undefined && rs === undefined) continue;
      const at = (path: JsonPath, name: string, schema: unknown) => [
        ...path,
        'content',
        name,
        ...(schema === undefined ? [] : ['schema']),
      ];
      this.compareSchema(
        scope,
        `${label} (${match})`,
        bs ?? true,
        at(base.path, mediaType, bs),
        rs ?? true,
        at(revision.path, match, rs),
      );
    }
  }

  private walkResponse(node: ResponseDiff): void {
    if (!node.base || !node.revision) {
      this.ask('response', node);
      return;
    }
    // A shared response is compared once; its changes are listed under every operation it reaches.
    const key = `response|${fingerprintPath(node.base.path)}|${fingerprintPath(node.revision.path)}`;
    if (this.seen(key)) return;
    const range = this.enter(key);
    this.ask('response', node);
    for (const header of node.headers) {
      this.owned = this.sunsetOwned(header);
      this.ask('header', header);
      if (header.schema) this.compareSlot(header.schema);
      this.owned = undefined;
    }
    this.walkContent(node.content);
    for (const link of node.links) this.ask('link', link);
    range.end = this.changes.length;
  }

  /** What the sunset checks own in a `Sunset` header whose value is read as the sunset (see `owned`). */
  private sunsetOwned(header: HeaderDiff): { base: JsonPath[]; revision: JsonPath[] } | undefined {
    if (!isSunsetHeader(header.revisionName ?? header.name)) return undefined;
    const read = (document: Document, side: HeaderDiff['base']) =>
      side && isObject(side.value) ? sunsetHeaderValue(document, side.value, side.path) : undefined;
    const b = read(this.base, header.base);
    const r = read(this.revision, header.revision);
    if (!b && !r) return undefined;
    return {
      base: [...(b ? [b.keyword] : []), ...(b && !header.revision && header.base ? [header.base.path] : [])],
      revision: r ? [r.keyword] : [],
    };
  }

  private walkContent(content: MediaTypeDiff[]): void {
    for (const media of content) {
      this.ask('media-type', media);
      if (media.schema) this.compareSlot(media.schema);
      if (media.itemSchema) this.compareSlot(media.itemSchema);
    }
  }

  private compareSlot(slot: SchemaSlot): void {
    const { base, revision } = anySchemaWhereAbsent(slot);
    this.compareSchema(slot.scope, slot.label, base.value, base.path, revision.value, revision.path);
    if (slot.repeated) this.compareRepetition(slot, slot.repeated);
  }

  /**
   * A query parameter that became a form-exploded array of what it was (or the reverse): the
   * scalar is a list of exactly one value, so the array's own keywords are compared against that
   * (`minItems: 2` or `maxItems: 0` refuse the one value callers sent: attack o34r17 B1), beside
   * the scalar compared with the array's `items` (compareSlot).
   */
  private compareRepetition(slot: SchemaSlot, repeated: NonNullable<SchemaSlot['repeated']>): void {
    const { array, scalar } = repeated;
    if (!isObject(array.value)) return;
    // The array without its `items` (compared already), and the list of one value it replaces or
    // is replaced by, with only the keywords the array writes (a list of one meets uniqueItems).
    const { items: _items, ...counts } = array.value;
    const one: JsonObject = { type: 'array' };
    for (const name of ['minItems', 'maxItems', 'minContains', 'maxContains'] as const)
      if (counts[name] !== undefined) one[name] = 1;
    if (counts.uniqueItems !== undefined) one.uniqueItems = counts.uniqueItems;
    const label = `${slot.label} (as a list: one value is a list of one)`;
    if (repeated.change === 'added') this.compareSchema(slot.scope, label, one, scalar, counts, array.path);
    else this.compareSchema(slot.scope, label, counts, array.path, one, scalar);
  }

  /** Compares two schemas; `label` names the place for messages (`response 200 (application/json) property email`). */
  compareSchema(
    scope: SchemaScope,
    label: string,
    baseNode: unknown,
    basePath: JsonPath,
    revisionNode: unknown,
    revisionPath: JsonPath,
    depth = 0,
    member: PropertyMember = {},
  ): void {
    // Where a merge stopped at a bound (allOf nesting, a $ref chain): reported, never silent.
    let cut: JsonPath | undefined;
    const onLimit = (at: JsonPath) => (cut ??= at);
    // A boolean schema (3.1) is a schema too: `true` reads as `{}`, `false` as a schema that allows
    // nothing (it was left out of the walk, and `a: true` → `a: false` read as "0 changes").
    const baseBoolean = booleanSchema(this.base, member.baseParts ?? [{ value: baseNode, path: basePath }]);
    const revisionBoolean = booleanSchema(
      this.revision,
      member.revisionParts ?? [{ value: revisionNode, path: revisionPath }],
    );
    if (baseBoolean?.allowsNothing && revisionBoolean?.allowsNothing) return;
    const b0 = baseBoolean
      ? emptyFlat(baseBoolean.path)
      : member.baseParts
        ? flattenParts(this.base, member.baseParts, onLimit)
        : flatten(this.base, baseNode, basePath, onLimit);
    const baseCut = cut;
    cut = undefined;
    const r0 = revisionBoolean
      ? emptyFlat(revisionBoolean.path)
      : member.revisionParts
        ? flattenParts(this.revision, member.revisionParts, onLimit)
        : flatten(this.revision, revisionNode, revisionPath, onLimit);
    const revisionCut = cut;
    // An allOf whose parts allow no value together (a `false` part, `type: string` beside
    // `type: integer`) is `false` too, reported where the parts meet.
    const baseNothing = baseBoolean?.allowsNothing || b0?.allowsNothing !== undefined;
    const revisionNothing = revisionBoolean?.allowsNothing || r0?.allowsNothing !== undefined;
    if (baseNothing && revisionNothing) return;
    const allowsNothing = baseNothing ? 'base' : revisionNothing ? 'revision' : undefined;
    const tooDeep = depth > MAX_SCHEMA_DEPTH;
    const limit =
      tooDeep || baseCut || revisionCut
        ? {
            what: tooDeep
              ? `schemas nested more than ${MAX_SCHEMA_DEPTH} levels deep`
              : `allOf nested more than ${MAX_ALLOF_DEPTH} levels deep or a chain of more than ${MAX_REF_HOPS} $refs`,
            path: revisionCut ?? revisionPath,
            basePath: baseCut ?? basePath,
          }
        : undefined;
    // A side the bound left unread still gets its node, so the limit is reported there.
    const b = b0?.allowsNothing ? emptyFlat(b0.allowsNothing) : (b0 ?? (limit ? emptyFlat(basePath) : undefined));
    const r = r0?.allowsNothing ? emptyFlat(r0.allowsNothing) : (r0 ?? (limit ? emptyFlat(revisionPath) : undefined));
    if (!b || !r) return;
    const key = `${scope}|${fingerprintPath(b.path)}|${fingerprintPath(r.path)}${member.required ? '|required' : ''}`;
    if (this.seen(key)) return;
    const range = this.enter(key);
    try {
      this.compareSchemaNode(scope, label, b, r, depth, member.required === true, limit, allowsNothing);
    } finally {
      range.end = this.changes.length;
    }
  }

  /**
   * True when a pair was compared already: the changes it gave then also reach the operation
   * compared now, so a change to a shared component is listed under every operation using it.
   */
  private seen(key: string): boolean {
    const range = this.visited.get(key);
    if (!range) return false;
    const operation = this.operation?.text;
    if (operation) {
      for (let i = range.start; i < Math.min(range.end, this.changes.length); i++) {
        const change = this.changes[i];
        if (!change || change.operation === undefined || change.operation === operation) continue;
        if (this.lastReached.get(change) === operation) continue;
        this.lastReached.set(change, operation);
        (change.alsoReaches ??= []).push(operation);
      }
    }
    return true;
  }

  private enter(key: string): { start: number; end: number } {
    const range = { start: this.changes.length, end: Number.POSITIVE_INFINITY };
    this.visited.set(key, range);
    return range;
  }

  /**
   * One node of the schema diff tree: every registered schema check is asked about it (each in its
   * own file under checks/), then the walk descends into the subschemas.
   */
  private compareSchemaNode(
    scope: SchemaScope,
    label: string,
    b: FlatSchema,
    r: FlatSchema,
    depth: number,
    required: boolean,
    limit?: SchemaCheckContext['limit'],
    allowsNothing?: 'base' | 'revision',
  ): void {
    // Against `false`, what the other side allows is all gone (or all new): that is the one change,
    // so both sides are read as empty and only it is compared (nothing below it).
    const documents = { base: this.base, revision: this.revision };
    const node = allowsNothing
      ? { ...diffSchemaNode(emptyFlat(b.path), emptyFlat(r.path), documents), allowsNothing }
      : diffSchemaNode(b, r, documents);
    const context = (id: CheckId): SchemaCheckContext => ({
      label,
      requiredInRevision: required,
      direction: SCOPE_DIRECTION[scope],
      textual: scope === 'request-parameter',
      base: this.base,
      revision: this.revision,
      now: this.now,
      report: (path, basePath, message) => this.add(id, path, basePath, message),
    });
    if (limit) {
      // Only the limit is reported at a node the walk could not read whole: comparing what was
      // read of it would report changes that are not there.
      limitReached.detect(node, { ...context(limitReached.id), limit });
      return;
    }
    for (const check of SCHEMA_NODE_CHECKS) check.detect(node, context('id' in check ? check.id : check.ids[scope]));
    if (allowsNothing) return;

    // Object keywords.
    this.compareObject(scope, label, b, r, depth);
    this.compareSubschema(scope, label, node, 'additionalProperties', depth);
    this.compareSubschema(scope, label, node, 'propertyNames', depth);
    this.compareSubschema(scope, label, node, 'unevaluatedProperties', depth);
    this.compareSchemaMap(scope, label, node, 'patternProperties', depth);
    this.compareSchemaMap(scope, label, node, 'dependentSchemas', depth);

    // Array keywords.
    this.compareSubschema(scope, label, node, 'items', depth);
    this.comparePrefixItems(scope, label, node, depth);
    this.compareSubschema(scope, label, node, 'contains', depth);
    this.compareSubschema(scope, label, node, 'unevaluatedItems', depth);

    // Composition and conditions.
    for (const alternatives of [node.alternatives.oneOf, node.alternatives.anyOf]) {
      if (!alternatives) continue;
      for (const { index, base, revision } of alternatives.paired)
        this.compareSchema(
          scope,
          `${label} (${alternatives.composition} #${index + 1})`,
          base.value,
          base.path,
          revision.value,
          revision.path,
          depth + 1,
        );
    }
    this.compareConditional(scope, label, node, depth);
    this.compareSubschema(scope, label, node, 'contentSchema', depth);
  }

  /** A keyword holding one subschema, on both sides: compared inside (its additions, removals and other changes are checks of their own). */
  private compareSubschema(
    scope: SchemaScope,
    label: string,
    node: SchemaNodeDiff,
    name: SubschemaKeyword,
    depth: number,
  ): void {
    const found = subschemaChange(node, name);
    if (found?.outcome !== 'compare') return;
    // Several allOf parts' subschemas: a value must match all of them (a `false` among them is all there is).
    const parts = (flat: FlatSchema, side: Located) => (side.value === false ? undefined : flat.keywordParts.get(name));
    const baseParts = parts(node.base, found.base);
    const revisionParts = parts(node.revision, found.revision);
    this.compareSchema(
      scope,
      SUBSCHEMA_LABEL[name](label),
      found.base.value,
      found.base.path,
      found.revision.value,
      found.revision.path,
      depth + 1,
      { ...(baseParts ? { baseParts } : {}), ...(revisionParts ? { revisionParts } : {}) },
    );
  }

  /** `patternProperties` and `dependentSchemas`: subschemas by name, compared inside where both sides have the entry (entries added, removed or no schema are checks of their own). */
  private compareSchemaMap(
    scope: SchemaScope,
    label: string,
    node: SchemaNodeDiff,
    name: 'patternProperties' | 'dependentSchemas',
    depth: number,
  ): void {
    const pair = node[name];
    if (!pair) return;
    const bm: JsonObject = isObject(pair.base?.value) ? pair.base.value : {};
    const rm: JsonObject = isObject(pair.revision?.value) ? pair.revision.value : {};
    const basePath = pair.base?.path ?? node.base.path;
    const revisionPath = pair.revision?.path ?? node.revision.path;
    for (const [entry, value] of Object.entries(bm)) {
      if (rm[entry] === undefined) continue;
      if (isSchema(value) && isSchema(rm[entry]))
        this.compareSchema(
          scope,
          `${label} (${name} ${entry})`,
          value,
          [...basePath, entry],
          rm[entry],
          [...revisionPath, entry],
          depth + 1,
        );
    }
  }

  /**
   * `prefixItems`: each position constrained on both sides is compared inside, where the schema of a
   * position is its `prefixItems` entry or else `items` (so a prefix added beside `items` compares
   * the `items` schema with the new entry); positions constrained on one side only are checks of
   * their own (prefix-items-added / -removed, keyword-changed).
   */
  private comparePrefixItems(scope: SchemaScope, label: string, node: SchemaNodeDiff, depth: number): void {
    const pair = node.prefixItems;
    if (!pair) return;
    const bl = isArray(pair.base?.value) ? pair.base.value : [];
    const rl = isArray(pair.revision?.value) ? pair.revision.value : [];
    for (let i = 0; i < Math.max(bl.length, rl.length); i++) {
      const b = positionSchema(node, 'base', i);
      const r = positionSchema(node, 'revision', i);
      // Both from `items`: compared once, as items, not per position.
      if (!b || !r || (b.from === 'items' && r.from === 'items')) continue;
      if (isSchema(b.value) && isSchema(r.value))
        this.compareSchema(scope, `${label}[${i}]`, b.value, b.path, r.value, r.path, depth + 1);
    }
  }

  /** `if`/`then`/`else`: branches on both sides are compared inside (a changed condition and branches added or removed are checks of their own). */
  private compareConditional(scope: SchemaScope, label: string, node: SchemaNodeDiff, depth: number): void {
    for (const branch of ['then', 'else'] as const) {
      const pair = node[branch];
      if (
        pair?.base &&
        pair.revision &&
        hasBranch(pair, 'base') &&
        hasBranch(pair, 'revision') &&
        isSchema(pair.base.value) &&
        isSchema(pair.revision.value)
      ) {
        this.compareSchema(
          scope,
          `${label} (${branch})`,
          pair.base.value,
          pair.base.path,
          pair.revision.value,
          pair.revision.path,
          depth + 1,
        );
      }
    }
  }

  /** Properties on both sides (and visible in this direction) are compared inside; added, removed and requiredness are checks of their own. */
  private compareObject(scope: SchemaScope, label: string, b: FlatSchema, r: FlatSchema, depth: number): void {
    const direction = SCOPE_DIRECTION[scope];
    for (const [name, bp] of b.properties) {
      const rp = r.properties.get(name);
      if (!hiddenProperty(this.base, bp.value, direction))
        this.ask(
          'lifecycle',
          propertyLifecycle(
            memberLabel(label, name),
            flatten(this.base, bp.value, bp.path),
            rp ? flatten(this.revision, rp.value, rp.path) : undefined,
            r.properties.size ? r.propertiesPath : r.path,
          ),
        );
      if (!rp || (hiddenProperty(this.base, bp.value, direction) && hiddenProperty(this.revision, rp.value, direction)))
        continue;
      // A read-only or write-only flip is reported by the property's own comparison. A property
      // that several allOf parts define is all of their definitions (a part that narrows it counts).
      const baseParts = b.propertyParts.get(name);
      const revisionParts = r.propertyParts.get(name);
      this.compareSchema(scope, memberLabel(label, name), bp.value, bp.path, rp.value, rp.path, depth + 1, {
        ...(baseParts ? { baseParts } : {}),
        ...(revisionParts ? { revisionParts } : {}),
        required: r.required.has(name),
      });
    }
  }
}

/**
 * A boolean schema, after `$ref`s: `false` (allows no value) where any of the parts a value must
 * all match is `false`, `true` where every part is `true`; undefined where a part is a schema object
 * (a `true` part beside objects adds nothing, and the allOf merge leaves it out).
 */
function booleanSchema(
  document: Document,
  parts: readonly Located[],
): { allowsNothing: boolean; path: JsonPath } | undefined {
  const resolved = parts.map((part) => resolve(document, part.value, part.path));
  const nothing = resolved.find((part) => part.value === false);
  if (nothing) return { allowsNothing: true, path: nothing.path };
  const first = resolved[0];
  if (first && resolved.every((part) => part.value === true)) return { allowsNothing: false, path: first.path };
  return undefined;
}

/**
 * A slot's sides, where a side has no schema at all read as `true` (any value), as `schema: {}` is:
 * a response media type or header whose `schema` was deleted takes any value, which was compared
 * as nothing (0 changes; attack o34r17 B4). A request body's schema added or removed is its own
 * check (diff-request-body-schema-added / -removed), so there a missing side stays missing.
 */
function anySchemaWhereAbsent(slot: SchemaSlot): { base: Located; revision: Located } {
  const { base, revision } = slot;
  if (slot.scope === 'request-body' || (base.value === undefined) === (revision.value === undefined))
    return { base, revision };
  // Read at the holder (the media type, the header): the `schema` key is not there.
  const absent = (side: Located): Located =>
    side.value === undefined ? { value: true, path: side.path.slice(0, -1) } : side;
  return { base: absent(base), revision: absent(revision) };
}

function fingerprintPath(path: JsonPath): string {
  return path.map(String).join('\u0000');
}

/** `now` is the moment sunsets are judged against. */
export function compareDescriptions(base: Document, revision: Document, now = new Date()): Comparison {
  return new Comparer(base, revision, now).compare();
}

function startsWith(path: JsonPath, prefix: JsonPath): boolean {
  return prefix.length <= path.length && prefix.every((segment, i) => String(segment) === String(path[i]));
}
