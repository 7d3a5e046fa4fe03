/**
 * The comparison: walks both descriptions once, operation by operation, and records every change
 * as a `Change` naming its check (see checks.ts). Operations are matched by method and path
 * template with parameter names blanked (`/users/{id}` and `/users/{userId}` are one path);
 * parameters by location and name (path parameters by position); schemas through `$ref`s and
 * `allOf` (schema.ts), each pair of schemas visited once per scope.
 */
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import {
  componentsOf,
  HTTP_METHODS,
  isArray,
  isObject,
  type Document,
  type JsonObject,
  type JsonPath,
  type Operation,
  type Parameter,
  type PathItem,
} from '../../rulesets/lib/openapi/types.js';
import { schemaCheckId, SCOPE_DIRECTION, type CheckId, type SchemaChange, type SchemaScope } from './checks.js';
import { SCHEMA_NODE_CHECKS } from './checks/index.js';
import { quote, shorten } from './messages.js';
import {
  hasBranch,
  hiddenProperty,
  memberLabel,
  SUBSCHEMA_LABEL,
  subschemaChange,
  type SubschemaKeyword,
} from './shared-decisions.js';
import type { SchemaCheckContext } from './model.js';
import { fingerprint, flatten, type FlatSchema, type Located } from './schema.js';
import {
  allowsAnything,
  baseAt,
  equal,
  diffSchemaNode,
  revisionAt,
  type KeywordPair,
  type SchemaNodeDiff,
} from './tree.js';

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

interface OperationEntry {
  method: string;
  pathKey: string;
  operation: Operation;
  path: JsonPath;
  pathItem: PathItem;
  pathItemPath: JsonPath;
}

/** `/users/{userId}/x` → `/users/{}/x`. */
function templateKey(pathKey: string): string {
  return pathKey.replace(/\{[^}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}

function pathParameterNames(pathKey: string): string[] {
  return [...pathKey.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');
}

const same = equal;

/** An operation's `operationId`, when it is a string. */
function operationIdOf(operation: Operation): string | undefined {
  return typeof operation.operationId === 'string' ? operation.operationId : undefined;
}

/** An operation's `tags`, when they are a list. */
function tagsOf(operation: Operation): unknown[] {
  return isArray(operation.tags) ? operation.tags : [];
}

function pathItems(document: Document): Map<string, { pathKey: string; item: PathItem; path: JsonPath }> {
  const result = new Map<string, { pathKey: string; item: PathItem; path: JsonPath }>();
  if (!isObject(document.paths)) return result;
  // Templates that two paths of the same document share (`/a/{x}` and `/a/{y}`) are keyed as written.
  const templates = new Map<string, number>();
  for (const pathKey of Object.keys(document.paths))
    templates.set(templateKey(pathKey), (templates.get(templateKey(pathKey)) ?? 0) + 1);
  for (const [pathKey, node] of Object.entries(document.paths)) {
    const resolved = resolve(document, node, ['paths', pathKey]);
    const key = (templates.get(templateKey(pathKey)) ?? 0) > 1 ? pathKey : templateKey(pathKey);
    if (isObject(resolved.value)) result.set(key, { pathKey, item: resolved.value, path: resolved.path });
  }
  return result;
}

/** The methods a path item holds operations under: OpenAPI 3.0/3.1's, and 3.2's `query`. */
const PATH_ITEM_METHODS: readonly string[] = [...HTTP_METHODS, 'query'];

/** A path item's operations by method, OpenAPI 3.2's `additionalOperations` (any other method, e.g. `COPY`) included. */
function operationsOf(item: { pathKey: string; item: PathItem; path: JsonPath }): Map<string, OperationEntry> {
  const result = new Map<string, OperationEntry>();
  const members: JsonObject = item.item;
  for (const method of PATH_ITEM_METHODS) {
    const operation = members[method];
    if (isObject(operation))
      result.set(method, {
        method,
        pathKey: item.pathKey,
        operation,
        path: [...item.path, method],
        pathItem: item.item,
        pathItemPath: item.path,
      });
  }
  const additional = members.additionalOperations;
  if (isObject(additional)) {
    for (const [name, operation] of Object.entries(additional)) {
      const method = name.toLowerCase();
      if (isObject(operation) && !result.has(method))
        result.set(method, {
          method,
          pathKey: item.pathKey,
          operation,
          path: [...item.path, 'additionalOperations', name],
          pathItem: item.item,
          pathItemPath: item.path,
        });
    }
  }
  return result;
}

interface ParameterEntry {
  key: string;
  name: string;
  in: string;
  parameter: Parameter;
  path: JsonPath;
}

/** Path-level and operation-level parameters, the operation's winning; path parameters keyed by position. */
function parametersOf(document: Document, entry: OperationEntry): Map<string, ParameterEntry> {
  const result = new Map<string, ParameterEntry>();
  const positions = pathParameterNames(entry.pathKey);
  const add = (list: unknown, at: JsonPath) => {
    if (!isArray(list)) return;
    list.forEach((node, index) => {
      const resolved = resolve(document, node, [...at, 'parameters', index]);
      const parameter = resolved.value;
      if (!isObject(parameter) || typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return;
      const name = parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name;
      const position = parameter.in === 'path' ? positions.indexOf(parameter.name) : -1;
      const key = parameter.in === 'path' && position >= 0 ? `path#${position}` : `${parameter.in}:${name}`;
      result.set(key, { key, name: parameter.name, in: parameter.in, parameter, path: resolved.path });
    });
  };
  add(entry.pathItem.parameters, entry.pathItemPath);
  add(entry.operation.parameters, entry.path);
  return result;
}

const DEFAULT_STYLE: Record<string, string> = { query: 'form', cookie: 'form', path: 'simple', header: 'simple' };
function serialisation(parameter: Parameter): string {
  const style = typeof parameter.style === 'string' ? parameter.style : (DEFAULT_STYLE[String(parameter.in)] ?? 'form');
  const explode = typeof parameter.explode === 'boolean' ? parameter.explode : style === 'form';
  return `${style}${explode ? ', explode' : ''}`;
}

/** Security requirement: scheme name → scopes. */
type Requirement = Map<string, string[]>;

function requirements(list: unknown): Requirement[] | undefined {
  if (!isArray(list)) return undefined;
  return list
    .filter(isObject)
    .map(
      (req) => new Map(Object.entries(req).map(([name, scopes]) => [name, isArray(scopes) ? scopes.map(String) : []])),
    );
}

export class Comparer {
  readonly changes: Change[] = [];
  readonly removedOperations: RemovedOperation[] = [];
  /** Pairs already compared, with the changes they gave (a range of `changes`). */
  private readonly visited = new Map<string, { start: number; end: number }>();
  /** Base security scheme name → the revision's name for the same scheme (renamed components). */
  private readonly schemeNames = new Map<string, string>();
  private operation?: { text: string; operationId?: string };

  constructor(
    private readonly base: Document,
    private readonly revision: Document,
  ) {}

  private add(check: CheckId, path: JsonPath, basePath: JsonPath, message: string): void {
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

  compare(): Comparison {
    this.compareInfo();
    this.compareWebhooks();
    this.matchSecuritySchemes();
    const basePaths = pathItems(this.base);
    const revisionPaths = pathItems(this.revision);
    for (const [key, baseItem] of basePaths) {
      const revisionItem = revisionPaths.get(key);
      const baseOperations = operationsOf(baseItem);
      if (!revisionItem) {
        for (const [method, op] of baseOperations) this.removed(op, method, ['paths'], 'diff-path-removed');
        continue;
      }
      if (revisionItem.pathKey !== baseItem.pathKey) {
        this.operation = undefined;
        this.add(
          'diff-path-parameter-renamed',
          revisionItem.path,
          baseItem.path,
          `path ${baseItem.pathKey} is now written ${revisionItem.pathKey}; the URLs callers send are the same`,
        );
      }
      const revisionOperations = operationsOf(revisionItem);
      for (const [method, op] of baseOperations) {
        const revisionOp = revisionOperations.get(method);
        if (!revisionOp) this.removed(op, method, revisionItem.path, 'diff-operation-removed');
        else this.compareOperation(op, revisionOp);
      }
      for (const [method, op] of revisionOperations) {
        if (baseOperations.has(method)) continue;
        this.operation = { text: `${method.toUpperCase()} ${op.pathKey}`, operationId: operationIdOf(op.operation) };
        this.add(
          'diff-operation-added',
          op.path,
          baseItem.path,
          `operation ${method.toUpperCase()} ${op.pathKey} was added`,
        );
      }
    }
    for (const [key, revisionItem] of revisionPaths) {
      if (basePaths.has(key)) continue;
      this.operation = undefined;
      const methods = [...operationsOf(revisionItem).keys()].map((m) => m.toUpperCase());
      this.add(
        'diff-path-added',
        revisionItem.path,
        ['paths'],
        `path ${revisionItem.pathKey} was added (${methods.join(', ') || 'no operations'})`,
      );
    }
    return { changes: this.changes, removedOperations: this.removedOperations };
  }

  private removed(
    op: OperationEntry,
    method: string,
    where: JsonPath,
    check: 'diff-path-removed' | 'diff-operation-removed',
  ): void {
    const text = `${method.toUpperCase()} ${op.pathKey}`;
    this.operation = { text, operationId: operationIdOf(op.operation) };
    const deprecated = op.operation.deprecated === true;
    this.removedOperations.push({ operation: text, deprecated, basePath: op.path, path: where });
    if (deprecated)
      this.add('diff-deprecated-operation-removed', where, op.path, `deprecated operation ${text} was removed`);
    else
      this.add(
        check,
        where,
        op.path,
        check === 'diff-path-removed'
          ? `path ${op.pathKey} was removed, and with it ${text}, which was not deprecated`
          : `operation ${text} was removed without first being deprecated`,
      );
  }

  private compareInfo(): void {
    const baseInfo: JsonObject = isObject(this.base.info) ? this.base.info : {};
    const revisionInfo: JsonObject = isObject(this.revision.info) ? this.revision.info : {};
    for (const field of ['title', 'description']) {
      if (!same(baseInfo[field], revisionInfo[field]))
        this.add(
          'diff-api-description-changed',
          ['info', ...(revisionInfo[field] !== undefined ? [field] : [])],
          ['info', field],
          `info.${field} changed`,
        );
    }
    const urls = (document: Document) =>
      isArray(document.servers) ? document.servers.filter(isObject).map((server) => String(server.url)) : [];
    const baseUrls = urls(this.base);
    const revisionUrls = urls(this.revision);
    if (!same(baseUrls, revisionUrls)) {
      this.add(
        'diff-server-url-changed',
        this.revision.servers !== undefined ? ['servers'] : [],
        ['servers'],
        `servers changed from ${baseUrls.join(', ') || '(none)'} to ${revisionUrls.join(', ') || '(none)'}`,
      );
    }
  }

  /** Webhooks (OpenAPI 3.1): the API calls its subscribers, so one removed is a call they no longer get. */
  private compareWebhooks(): void {
    const baseHooks: JsonObject = isObject(this.base.webhooks) ? this.base.webhooks : {};
    const revisionHooks: JsonObject = isObject(this.revision.webhooks) ? this.revision.webhooks : {};
    this.operation = undefined;
    for (const name of Object.keys(baseHooks)) {
      if (revisionHooks[name] === undefined)
        this.add(
          'diff-webhook-removed',
          this.revision.webhooks !== undefined ? ['webhooks'] : [],
          ['webhooks', name],
          `webhook ${name} was removed`,
        );
    }
    for (const name of Object.keys(revisionHooks)) {
      if (baseHooks[name] === undefined)
        this.add(
          'diff-webhook-added',
          ['webhooks', name],
          this.base.webhooks !== undefined ? ['webhooks'] : [],
          `webhook ${name} was added`,
        );
    }
  }

  private matchSecuritySchemes(): void {
    const baseNode = componentsOf(this.base)?.securitySchemes;
    const revisionNode = componentsOf(this.revision)?.securitySchemes;
    const baseSchemes: JsonObject = isObject(baseNode) ? baseNode : {};
    const revisionSchemes: JsonObject = isObject(revisionNode) ? revisionNode : {};
    const definition = (document: Document, node: unknown) => fingerprint(document, node);
    for (const [name, node] of Object.entries(baseSchemes)) {
      if (revisionSchemes[name] !== undefined) {
        this.schemeNames.set(name, name);
        this.compareScheme(name, node, name, revisionSchemes[name]);
        continue;
      }
      const print = definition(this.base, node);
      const renamed = Object.keys(revisionSchemes).find(
        (other) => baseSchemes[other] === undefined && definition(this.revision, revisionSchemes[other]) === print,
      );
      if (renamed) this.schemeNames.set(name, renamed);
    }
  }

  private compareScheme(name: string, baseNode: unknown, revisionName: string, revisionNode: unknown): void {
    const baseScheme = resolve(this.base, baseNode, ['components', 'securitySchemes', name]);
    const revisionScheme = resolve(this.revision, revisionNode, ['components', 'securitySchemes', revisionName]);
    const b = baseScheme.value;
    const r = revisionScheme.value;
    if (!isObject(b) || !isObject(r)) return;
    this.operation = undefined;
    const shape = (s: JsonObject) =>
      JSON.stringify([
        s.type,
        s.in,
        s.name,
        typeof s.scheme === 'string' ? s.scheme.toLowerCase() : undefined,
        isObject(s.flows) ? Object.keys(s.flows).sort() : null,
      ]);
    if (shape(b) !== shape(r)) {
      this.add(
        'diff-security-scheme-type-changed',
        revisionScheme.path,
        baseScheme.path,
        `security scheme ${name} changed how callers authenticate (${shape(b)} → ${shape(r)})`,
      );
      return;
    }
    if (isObject(b.flows) && isObject(r.flows)) {
      for (const flow of Object.keys(b.flows)) {
        const bf = b.flows[flow];
        const rf = r.flows[flow];
        if (isObject(bf) && isObject(rf) && bf.tokenUrl !== rf.tokenUrl) {
          this.add(
            'diff-security-token-url-changed',
            [...revisionScheme.path, 'flows', flow, 'tokenUrl'],
            [...baseScheme.path, 'flows', flow, 'tokenUrl'],
            `the token URL of security scheme ${name} (${flow}) changed from ${String(bf.tokenUrl)} to ${String(rf.tokenUrl)}`,
          );
        }
      }
    }
  }

  private compareOperation(b: OperationEntry, r: OperationEntry): void {
    const text = `${r.method.toUpperCase()} ${r.pathKey}`;
    this.operation = { text, operationId: operationIdOf(r.operation) };
    const bo = b.operation;
    const ro = r.operation;
    if (bo.deprecated !== true && ro.deprecated === true)
      this.add('diff-operation-deprecated', [...r.path, 'deprecated'], b.path, `${text} was marked deprecated`);
    if (bo.deprecated === true && ro.deprecated !== true)
      this.add('diff-operation-undeprecated', r.path, [...b.path, 'deprecated'], `${text} is no longer deprecated`);
    if (bo.operationId !== ro.operationId)
      this.add(
        'diff-operation-id-changed',
        ro.operationId !== undefined ? [...r.path, 'operationId'] : r.path,
        [...b.path, 'operationId'],
        `operationId changed from ${quote(bo.operationId ?? '(none)')} to ${quote(ro.operationId ?? '(none)')}`,
      );
    for (const field of ['summary', 'description'] as const) {
      if (bo[field] !== ro[field])
        this.add(
          `diff-operation-${field}-changed`,
          ro[field] !== undefined ? [...r.path, field] : r.path,
          [...b.path, field],
          `the ${field} of ${text} changed`,
        );
    }
    if (!same([...tagsOf(bo)].sort(), [...tagsOf(ro)].sort()))
      this.add(
        'diff-operation-tags-changed',
        ro.tags !== undefined ? [...r.path, 'tags'] : r.path,
        [...b.path, 'tags'],
        `the tags of ${text} changed from [${tagsOf(bo).join(', ')}] to [${tagsOf(ro).join(', ')}]`,
      );
    this.compareParameters(b, r);
    this.compareRequestBody(b, r);
    this.compareResponses(b, r);
    this.compareSecurity(b, r);
  }

  private compareParameters(b: OperationEntry, r: OperationEntry): void {
    const baseParameters = parametersOf(this.base, b);
    const revisionParameters = parametersOf(this.revision, r);
    const moved = new Set<string>();
    for (const [key, bp] of baseParameters) {
      const rp = revisionParameters.get(key);
      if (!rp) {
        const elsewhere = [...revisionParameters.values()].find(
          (other) => !baseParameters.has(other.key) && other.name.toLowerCase() === bp.name.toLowerCase(),
        );
        if (elsewhere) {
          moved.add(elsewhere.key);
          this.add(
            'diff-request-parameter-location-changed',
            [...elsewhere.path, 'in'],
            [...bp.path, 'in'],
            `parameter ${bp.name} moved from the ${bp.in} to the ${elsewhere.in}`,
          );
        } else {
          this.add('diff-request-parameter-removed', r.path, bp.path, `${bp.in} parameter ${bp.name} was removed`);
        }
        continue;
      }
      const label = `${rp.in} parameter ${rp.name}`;
      const bRequired = bp.parameter.required === true;
      const rRequired = rp.parameter.required === true;
      if (!bRequired && rRequired)
        this.add(
          'diff-request-parameter-became-required',
          [...rp.path, 'required'],
          bp.path,
          `${label} became required`,
        );
      if (bRequired && !rRequired)
        this.add(
          'diff-request-parameter-became-optional',
          rp.parameter.required !== undefined ? [...rp.path, 'required'] : rp.path,
          [...bp.path, 'required'],
          `${label} became optional`,
        );
      if (serialisation(bp.parameter) !== serialisation(rp.parameter))
        this.add(
          'diff-request-parameter-style-changed',
          rp.path,
          bp.path,
          `${label} is serialised as ${serialisation(rp.parameter)}, was ${serialisation(bp.parameter)}`,
        );
      if (bp.parameter.deprecated !== true && rp.parameter.deprecated === true)
        this.add(
          'diff-request-parameter-deprecated',
          [...rp.path, 'deprecated'],
          bp.path,
          `${label} was marked deprecated`,
        );
      if (bp.parameter.description !== rp.parameter.description)
        this.add(
          'diff-request-parameter-description-changed',
          rp.parameter.description !== undefined ? [...rp.path, 'description'] : rp.path,
          [...bp.path, 'description'],
          `the description of ${label} changed`,
        );
      this.compareSchema('request-parameter', label, bp.parameter.schema, [...bp.path, 'schema'], rp.parameter.schema, [
        ...rp.path,
        'schema',
      ]);
    }
    for (const [key, rp] of revisionParameters) {
      if (baseParameters.has(key) || moved.has(key)) continue;
      const required = rp.parameter.required === true;
      this.add(
        required ? 'diff-request-parameter-added-required' : 'diff-request-parameter-added-optional',
        rp.path,
        b.path,
        `${required ? 'required' : 'optional'} ${rp.in} parameter ${rp.name} was added`,
      );
    }
  }

  private compareRequestBody(b: OperationEntry, r: OperationEntry): void {
    const bb = resolve(this.base, b.operation.requestBody, [...b.path, 'requestBody']);
    const rb = resolve(this.revision, r.operation.requestBody, [...r.path, 'requestBody']);
    if (!isObject(bb.value) && !isObject(rb.value)) return;
    if (!isObject(bb.value)) {
      const required = isObject(rb.value) && rb.value.required === true;
      this.add(
        required ? 'diff-request-body-added-required' : 'diff-request-body-added-optional',
        rb.path,
        b.path,
        `a ${required ? 'required' : 'optional'} request body was added`,
      );
      return;
    }
    if (!isObject(rb.value)) {
      this.add('diff-request-body-removed', r.path, bb.path, 'the request body was removed');
      return;
    }
    const bRequired = bb.value.required === true;
    const rRequired = rb.value.required === true;
    if (!bRequired && rRequired)
      this.add(
        'diff-request-body-became-required',
        [...rb.path, 'required'],
        bb.path,
        'the request body became required',
      );
    if (bRequired && !rRequired)
      this.add(
        'diff-request-body-became-optional',
        rb.value.required !== undefined ? [...rb.path, 'required'] : rb.path,
        [...bb.path, 'required'],
        'the request body became optional',
      );
    this.compareContent(
      'request-body',
      'request body',
      bb.value.content,
      [...bb.path, 'content'],
      rb.value.content,
      [...rb.path, 'content'],
      rb.path,
    );
  }

  private compareContent(
    scope: 'request-body' | 'response-body',
    label: string,
    baseContent: unknown,
    basePath: JsonPath,
    revisionContent: unknown,
    revisionPath: JsonPath,
    holderPath: JsonPath,
  ): void {
    const bc: JsonObject = isObject(baseContent) ? baseContent : {};
    const rc: JsonObject = isObject(revisionContent) ? revisionContent : {};
    const normal = (mediaType: string) => (mediaType.split(';')[0] ?? '').trim().toLowerCase();
    const schemaOf = (media: unknown) => (isObject(media) ? media.schema : undefined);
    const revisionByType = new Map(Object.keys(rc).map((mediaType) => [normal(mediaType), mediaType]));
    const baseTypes = new Set(Object.keys(bc).map(normal));
    const removedCheck =
      scope === 'request-body' ? 'diff-request-body-media-type-removed' : 'diff-response-media-type-removed';
    const addedCheck =
      scope === 'request-body' ? 'diff-request-body-media-type-added' : 'diff-response-media-type-added';
    for (const mediaType of Object.keys(bc)) {
      const match = revisionByType.get(normal(mediaType));
      if (match === undefined) {
        this.add(
          removedCheck,
          isObject(revisionContent) ? revisionPath : holderPath,
          [...basePath, mediaType],
          `media type ${mediaType} of the ${label} was removed`,
        );
        continue;
      }
      this.compareSchema(
        scope,
        `${label} (${match})`,
        schemaOf(bc[mediaType]),
        [...basePath, mediaType, 'schema'],
        schemaOf(rc[match]),
        [...revisionPath, match, 'schema'],
      );
      // OpenAPI 3.2: the schema of each item of a streamed body (`text/event-stream`, JSON Lines).
      const itemSchemaOf = (media: unknown) => (isObject(media) ? media.itemSchema : undefined);
      const bItems = itemSchemaOf(bc[mediaType]);
      const rItems = itemSchemaOf(rc[match]);
      if (bItems !== undefined || rItems !== undefined) {
        this.compareSchema(
          scope,
          `${label} (${match} items)`,
          bItems ?? {},
          [...basePath, mediaType, ...(bItems !== undefined ? ['itemSchema'] : [])],
          rItems ?? {},
          [...revisionPath, match, ...(rItems !== undefined ? ['itemSchema'] : [])],
        );
      }
    }
    for (const mediaType of Object.keys(rc)) {
      if (!baseTypes.has(normal(mediaType)))
        this.add(
          addedCheck,
          [...revisionPath, mediaType],
          basePath,
          `media type ${mediaType} of the ${label} was added`,
        );
    }
  }

  private compareResponses(b: OperationEntry, r: OperationEntry): void {
    const br: JsonObject = isObject(b.operation.responses) ? b.operation.responses : {};
    const rr: JsonObject = isObject(r.operation.responses) ? r.operation.responses : {};
    const responsesPath = [...r.path, 'responses'];
    for (const status of Object.keys(br)) {
      const baseResponse = resolve(this.base, br[status], [...b.path, 'responses', status]);
      if (rr[status] === undefined) {
        const success = /^2/.test(status);
        this.add(
          success ? 'diff-response-success-status-removed' : 'diff-response-status-removed',
          r.operation.responses !== undefined ? responsesPath : r.path,
          baseResponse.path,
          `response ${status} was removed`,
        );
        continue;
      }
      const revisionResponse = resolve(this.revision, rr[status], [...responsesPath, status]);
      const bv = baseResponse.value;
      const rv = revisionResponse.value;
      if (!isObject(bv) || !isObject(rv)) continue;
      const key = `response|${fingerprintPath(baseResponse.path)}|${fingerprintPath(revisionResponse.path)}`;
      if (this.seen(key)) continue;
      const range = this.enter(key);
      const label = `response ${status}`;
      if (bv.description !== rv.description)
        this.add(
          'diff-response-description-changed',
          [...revisionResponse.path, 'description'],
          [...baseResponse.path, 'description'],
          `the description of ${label} changed`,
        );
      this.compareHeaders(
        label,
        bv.headers,
        [...baseResponse.path, 'headers'],
        rv.headers,
        [...revisionResponse.path, 'headers'],
        revisionResponse.path,
      );
      this.compareContent(
        'response-body',
        label,
        bv.content,
        [...baseResponse.path, 'content'],
        rv.content,
        [...revisionResponse.path, 'content'],
        revisionResponse.path,
      );
      range.end = this.changes.length;
    }
    for (const status of Object.keys(rr)) {
      if (br[status] === undefined)
        this.add(
          'diff-response-status-added',
          [...responsesPath, status],
          [...b.path, 'responses'],
          `response ${status} was added; callers may not handle it`,
        );
    }
  }

  private compareHeaders(
    label: string,
    baseHeaders: unknown,
    basePath: JsonPath,
    revisionHeaders: unknown,
    revisionPath: JsonPath,
    holderPath: JsonPath,
  ): void {
    const bh: JsonObject = isObject(baseHeaders) ? baseHeaders : {};
    const rh: JsonObject = isObject(revisionHeaders) ? revisionHeaders : {};
    const revisionByName = new Map(Object.keys(rh).map((name) => [name.toLowerCase(), name]));
    const baseNames = new Set(Object.keys(bh).map((name) => name.toLowerCase()));
    for (const name of Object.keys(bh)) {
      const baseHeader = resolve(this.base, bh[name], [...basePath, name]);
      const match = revisionByName.get(name.toLowerCase());
      if (match === undefined) {
        this.add(
          'diff-response-header-removed',
          isObject(revisionHeaders) ? revisionPath : holderPath,
          baseHeader.path,
          `header ${name} of the ${label} was removed`,
        );
        continue;
      }
      const revisionHeader = resolve(this.revision, rh[match], [...revisionPath, match]);
      if (!isObject(baseHeader.value) || !isObject(revisionHeader.value)) continue;
      if (baseHeader.value.required === true && revisionHeader.value.required !== true) {
        this.add(
          'diff-response-header-became-optional',
          revisionHeader.path,
          [...baseHeader.path, 'required'],
          `header ${match} of the ${label} is no longer always sent`,
        );
      }
      this.compareSchema(
        'response-header',
        `header ${match} of the ${label}`,
        baseHeader.value.schema,
        [...baseHeader.path, 'schema'],
        revisionHeader.value.schema,
        [...revisionHeader.path, 'schema'],
      );
    }
    for (const name of Object.keys(rh)) {
      if (!baseNames.has(name.toLowerCase()))
        this.add(
          'diff-response-header-added',
          [...revisionPath, name],
          basePath,
          `header ${name} of the ${label} was added`,
        );
    }
  }

  private compareSecurity(b: OperationEntry, r: OperationEntry): void {
    const baseOwn = requirements(b.operation.security);
    const revisionOwn = requirements(r.operation.security);
    const baseReqs = baseOwn ?? requirements(this.base.security) ?? [];
    const revisionReqs = revisionOwn ?? requirements(this.revision.security) ?? [];
    const basePath = baseOwn ? [...b.path, 'security'] : ['security'];
    const revisionPath = revisionOwn
      ? [...r.path, 'security']
      : this.revision.security !== undefined
        ? ['security']
        : r.path;
    // The operation compared (compareOperation names it before comparing its security).
    const text = this.operation?.text ?? `${r.method.toUpperCase()} ${r.pathKey}`;
    const anonymous = (reqs: Requirement[]) => reqs.length === 0 || reqs.some((req) => req.size === 0);
    if (anonymous(baseReqs) && anonymous(revisionReqs)) return;
    if (anonymous(baseReqs)) {
      for (const name of new Set(revisionReqs.flatMap((req) => [...req.keys()])))
        this.add(
          'diff-security-scheme-added',
          revisionPath,
          basePath,
          `${text} now requires security scheme ${name}; it needed none`,
        );
      return;
    }
    if (anonymous(revisionReqs)) {
      this.add('diff-security-removed', revisionPath, basePath, `${text} no longer requires authentication`);
      return;
    }
    // Base requirements with scheme names as the revision calls them.
    const renamed = baseReqs.map(
      (req) => new Map([...req].map(([name, scopes]) => [this.schemeNames.get(name) ?? name, scopes])),
    );
    const setKey = (req: Requirement) => [...req.keys()].sort().join('+');
    const unmatchedRevision = new Set(revisionReqs.map((_, index) => index));
    const unmatchedBase: Requirement[] = [];
    for (const req of renamed) {
      const index = revisionReqs.findIndex((other, i) => unmatchedRevision.has(i) && setKey(other) === setKey(req));
      if (index < 0) {
        unmatchedBase.push(req);
        continue;
      }
      unmatchedRevision.delete(index);
      const other = revisionReqs[index];
      if (!other) continue;
      for (const [name, scopes] of req) {
        const now = other.get(name) ?? [];
        const added = now.filter((scope) => !scopes.includes(scope));
        const removed = scopes.filter((scope) => !now.includes(scope));
        if (added.length)
          this.add(
            'diff-security-scope-added',
            revisionPath,
            basePath,
            `${text} now requires scope${added.length > 1 ? 's' : ''} ${added.join(', ')} of ${name}`,
          );
        if (removed.length)
          this.add(
            'diff-security-scope-removed',
            revisionPath,
            basePath,
            `${text} no longer requires scope${removed.length > 1 ? 's' : ''} ${removed.join(', ')} of ${name}`,
          );
      }
    }
    const remaining = [...unmatchedRevision].flatMap((index) => revisionReqs[index] ?? []);
    for (const req of unmatchedBase) {
      // The same alternative with more schemes ANDed in: those schemes are now required.
      const superset = remaining.findIndex((other) => [...req.keys()].every((name) => other.has(name)));
      if (superset >= 0) {
        const [other] = remaining.splice(superset, 1);
        for (const name of other?.keys() ?? [])
          if (!req.has(name))
            this.add(
              'diff-security-scheme-added',
              revisionPath,
              basePath,
              `${text} now also requires security scheme ${name}`,
            );
        continue;
      }
      this.add(
        'diff-security-scheme-removed',
        revisionPath,
        basePath,
        `${text} no longer accepts security scheme${req.size > 1 ? 's' : ''} ${[...req.keys()].join(' + ')}`,
      );
    }
    for (const req of remaining) {
      this.add(
        'diff-security-alternative-added',
        revisionPath,
        basePath,
        `${text} also accepts security scheme${req.size > 1 ? 's' : ''} ${[...req.keys()].join(' + ')}`,
      );
    }
  }

  private schema(scope: SchemaScope, change: SchemaChange, path: JsonPath, basePath: JsonPath, message: string): void {
    this.add(schemaCheckId(scope, change), path, basePath, message);
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
  ): void {
    if (depth > 24) return;
    const b = flatten(this.base, baseNode, basePath);
    const r = flatten(this.revision, revisionNode, revisionPath);
    if (!b || !r) return;
    const key = `${scope}|${fingerprintPath(b.path)}|${fingerprintPath(r.path)}`;
    if (this.seen(key)) return;
    const range = this.enter(key);
    try {
      this.compareSchemaNode(scope, label, b, r, depth);
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
        if (change?.operation === undefined || change.operation === operation) continue;
        change.alsoReaches ??= [];
        if (!change.alsoReaches.includes(operation)) change.alsoReaches.push(operation);
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
  private compareSchemaNode(scope: SchemaScope, label: string, b: FlatSchema, r: FlatSchema, depth: number): void {
    const node = diffSchemaNode(b, r);
    const context = (id: CheckId): SchemaCheckContext => ({
      label,
      direction: SCOPE_DIRECTION[scope],
      base: this.base,
      revision: this.revision,
      report: (path, basePath, message) => this.add(id, path, basePath, message),
      unmodelled: (pair) => this.unmodelled(scope, label, pair, node),
    });
    for (const check of SCHEMA_NODE_CHECKS)
      check.detect(node, context('id' in check ? check.id : schemaCheckId(scope, check.change)));

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
    for (const composition of ['oneOf', 'anyOf'] as const) this.compareVariants(scope, label, composition, b, r, depth);
    this.compareConditional(scope, label, node, depth);
    this.compareSubschema(scope, label, node, 'contentSchema', depth);
  }

  /** A keyword no check models (or an extension) changed: needs review, with both values. */
  private unmodelled(scope: SchemaScope, label: string, pair: KeywordPair, node: SchemaNodeDiff): void {
    const show = (side?: Located) => (side ? shorten(JSON.stringify(side.value) ?? String(side.value)) : '(none)');
    this.schema(
      scope,
      'keyword-changed',
      revisionAt(pair, node),
      baseAt(pair, node),
      `${label}: ${pair.keyword} changed from ${show(pair.base)} to ${show(pair.revision)}`,
    );
  }

  /** A keyword holding one subschema, on both sides: compared inside (its additions and removals are checks of their own). */
  private compareSubschema(
    scope: SchemaScope,
    label: string,
    node: SchemaNodeDiff,
    name: SubschemaKeyword,
    depth: number,
  ): void {
    const found = subschemaChange(node, name);
    const place = SUBSCHEMA_LABEL[name](label);
    if (found?.outcome === 'compare')
      this.compareSchema(
        scope,
        place,
        found.base!.value,
        found.base!.path,
        found.revision!.value,
        found.revision!.path,
        depth + 1,
      );
    else if (found?.outcome === 'unmodelled') this.unmodelled(scope, place, node[name]!, node);
  }

  /** `patternProperties` and `dependentSchemas`: subschemas by name, compared inside where both sides have the entry (entries added or removed are checks of their own). */
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
      if (isObject(value) && isObject(rm[entry]))
        this.compareSchema(
          scope,
          `${label} (${name} ${entry})`,
          value,
          [...basePath, entry],
          rm[entry],
          [...revisionPath, entry],
          depth + 1,
        );
      else if (!same(value, rm[entry]))
        this.unmodelled(
          scope,
          label,
          {
            keyword: `${name}/${entry}`,
            base: { value, path: [...basePath, entry] },
            revision: { value: rm[entry], path: [...revisionPath, entry] },
          },
          node,
        );
    }
  }

  /** `prefixItems`: the positions set on both sides are compared inside (positions added or removed are checks of their own). */
  private comparePrefixItems(scope: SchemaScope, label: string, node: SchemaNodeDiff, depth: number): void {
    const pair = node.prefixItems;
    if (!pair) return;
    const bl = isArray(pair.base?.value) ? pair.base.value : [];
    const rl = isArray(pair.revision?.value) ? pair.revision.value : [];
    const basePath = pair.base?.path ?? node.base.path;
    const revisionPath = pair.revision?.path ?? node.revision.path;
    for (let i = 0; i < Math.max(bl.length, rl.length); i++) {
      const bi = bl[i];
      const ri = rl[i];
      const bSet = bi !== undefined && !allowsAnything(bi);
      const rSet = ri !== undefined && !allowsAnything(ri);
      if (!bSet || !rSet) continue;
      if (isObject(bi) && isObject(ri))
        this.compareSchema(scope, `${label}[${i}]`, bi, [...basePath, i], ri, [...revisionPath, i], depth + 1);
      else if (!same(bi, ri))
        this.unmodelled(
          scope,
          label,
          {
            keyword: `prefixItems/${i}`,
            base: { value: bi, path: [...basePath, i] },
            revision: { value: ri, path: [...revisionPath, i] },
          },
          node,
        );
    }
  }

  /** `if`/`then`/`else`: branches on both sides are compared inside (a changed condition and branches added or removed are checks of their own). */
  private compareConditional(scope: SchemaScope, label: string, node: SchemaNodeDiff, depth: number): void {
    for (const branch of ['then', 'else'] as const) {
      const pair = node[branch];
      if (
        pair &&
        hasBranch(pair, 'base') &&
        hasBranch(pair, 'revision') &&
        isObject(pair.base!.value) &&
        isObject(pair.revision!.value)
      ) {
        this.compareSchema(
          scope,
          `${label} (${branch})`,
          pair.base!.value,
          pair.base!.path,
          pair.revision!.value,
          pair.revision!.path,
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
      if (!rp || (hiddenProperty(this.base, bp.value, direction) && hiddenProperty(this.revision, rp.value, direction)))
        continue;
      // A read-only or write-only flip is reported by the property's own comparison.
      this.compareSchema(scope, memberLabel(label, name), bp.value, bp.path, rp.value, rp.path, depth + 1);
    }
  }

  /** Alternatives are paired by what they allow (so reordering or renaming is no change), then by position. */
  private compareVariants(
    scope: SchemaScope,
    label: string,
    composition: 'oneOf' | 'anyOf',
    b: FlatSchema,
    r: FlatSchema,
    depth: number,
  ): void {
    const bl = b.keywords.get(composition);
    const rl = r.keywords.get(composition);
    const baseList = bl && isArray(bl.value) ? bl.value : [];
    const revisionList = rl && isArray(rl.value) ? rl.value : [];
    // Where the lists are (a list with members is there; the schema itself otherwise).
    const baseListPath = bl?.path ?? b.path;
    const revisionListPath = rl?.path ?? r.path;
    if (!baseList.length && !revisionList.length) return;
    // Written the same way: paired by position (the common case, without computing fingerprints).
    const written = (list: unknown[]) => list.map((node) => JSON.stringify(node));
    const samePositions = baseList.length === revisionList.length && same(written(baseList), written(revisionList));
    const basePrints = samePositions ? written(baseList) : baseList.map((node) => fingerprint(this.base, node));
    const revisionPrints = samePositions
      ? written(revisionList)
      : revisionList.map((node) => fingerprint(this.revision, node));
    if (samePositions) {
      baseList.forEach((node, index) =>
        this.compareSchema(
          scope,
          `${label} (${composition} #${index + 1})`,
          node,
          [...baseListPath, index],
          revisionList[index],
          [...revisionListPath, index],
          depth + 1,
        ),
      );
      return;
    }
    // Paired one to one by what they allow (two alternatives may allow the same values: each pairs once);
    // paired alternatives may still differ in annotations or extensions, so they are compared too.
    const pairedRevision = new Set<number>();
    const unmatchedBase: number[] = [];
    baseList.forEach((node, bi) => {
      const ri = revisionPrints.findIndex((print, index) => print === basePrints[bi] && !pairedRevision.has(index));
      if (ri < 0) {
        unmatchedBase.push(bi);
        return;
      }
      pairedRevision.add(ri);
      if (!same(node, revisionList[ri]))
        this.compareSchema(
          scope,
          `${label} (${composition} #${ri + 1})`,
          node,
          [...baseListPath, bi],
          revisionList[ri],
          [...revisionListPath, ri],
          depth + 1,
        );
    });
    const unmatchedRevision = revisionList.map((_, index) => index).filter((index) => !pairedRevision.has(index));
    const pairs = Math.min(unmatchedBase.length, unmatchedRevision.length);
    for (let i = 0; i < pairs; i++) {
      const bi = unmatchedBase[i];
      const ri = unmatchedRevision[i];
      if (bi === undefined || ri === undefined) break;
      this.compareSchema(
        scope,
        `${label} (${composition} #${ri + 1})`,
        baseList[bi],
        [...baseListPath, bi],
        revisionList[ri],
        [...revisionListPath, ri],
        depth + 1,
      );
    }
    for (const bi of unmatchedBase.slice(pairs))
      this.schema(
        scope,
        'variant-removed',
        rl?.path ?? r.path,
        [...baseListPath, bi],
        `${label}: ${composition} alternative #${bi + 1} was removed`,
      );
    for (const ri of unmatchedRevision.slice(pairs))
      this.schema(
        scope,
        'variant-added',
        [...revisionListPath, ri],
        bl?.path ?? b.path,
        `${label}: ${composition} alternative #${ri + 1} was added`,
      );
  }
}

function fingerprintPath(path: JsonPath): string {
  return path.map(String).join('\u0000');
}

export function compareDescriptions(base: Document, revision: Document): Comparison {
  return new Comparer(base, revision).compare();
}
