/**
 * Checks on one live response: the status is documented, the Content-Type matches a documented
 * media type, the body matches the documented schema (ajv is the schema authority; Dredd's
 * OpenAPI 3 parser ignores `format`, `pattern` and `allOf`), and the platform's conventions hold
 * on the payload (no bare array, createdTimestamp, date-time and national-identifier forms,
 * Problem Details for errors).
 *
 * Schemas: OpenAPI 3.0 schemas are converted to JSON Schema (draft 7) with
 * @openapi-contrib/openapi-schema-to-json-schema (`nullable`, `readOnly`/`writeOnly`, `example`,
 * boolean `exclusiveMinimum`/`exclusiveMaximum`), 3.1 schemas are used as JSON Schema 2020-12.
 * The converted description is added to ajv once, and each response schema is compiled once, by
 * its JSON pointer, the first time a response needs it; `$ref`s resolve inside the description.
 */
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { collectProperties, HTTP_METHODS, isObject, lookupLocalRef, resolve } from '../../rulesets/lib/openapi.js';
import type { JsonPath, OpenApiDocument } from '../../rulesets/lib/rule.js';
import { show } from '../../rulesets/lib/rule.js';
import type { Finding } from '../report/finding.js';
import { checkNationalIdValue, isNationalIdName, isPlatformDateTime } from './conventions.js';
import { documentedResponse, type ContractDescription, type OperationModel, type ResponseModel } from './description.js';
import { contractFinding } from './finding.js';
import { DEFAULT_MAX_BODY_BYTES, describeBytes, type HttpResponse } from './http.js';
import { PatternGuard, patternLocation, type PatternProblem } from './patterns.js';

// A CommonJS package whose default export TypeScript sees as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const DOCUMENT_ID = 'urn:vottur:description';

type Compiled = { validate: ValidateFunction } | { unavailable: string };

export class SchemaValidators {
  private ajv?: Ajv | Ajv2020;
  private readonly cache = new Map<string, Compiled>();
  private withDiscriminator = true;
  /** The description's patterns run in linear time; what is wrong with them, once per run. */
  readonly patterns = new PatternGuard();
  private readonly cycles: InPlaceCycles;

  constructor(private readonly description: ContractDescription) {
    this.cycles = new InPlaceCycles(description.data);
  }

  /** The validator for the schema at `path` in the description, compiled once. */
  validatorFor(path: JsonPath): Compiled {
    const key = schemaRef(path);
    const cached = this.cache.get(key);
    if (cached) return cached;
    let compiled: Compiled;
    // A schema that applies itself to the same value (`A: {allOf: [$ref: B]}`, `B: {allOf: [$ref: A]}`)
    // never ends: ajv would recurse until the stack overflows.
    const cycle = this.cycles.from(valueAt(this.description.data, path));
    if (cycle) {
      compiled = { unavailable: `it applies itself to the same value without end (${cycle}); break the cycle` };
      this.cache.set(key, compiled);
      return compiled;
    }
    try {
      compiled = this.compile(key);
    } catch (error) {
      const message = (error as Error).message;
      if (this.withDiscriminator && /discriminator/i.test(message)) {
        // ajv supports `discriminator` only without `mapping` and with `const`/`enum` tags; fall
        // back to plain `oneOf` semantics for the whole description.
        this.withDiscriminator = false;
        this.ajv = undefined;
        this.cache.clear();
        return this.validatorFor(path);
      }
      compiled = { unavailable: message.split('\n')[0]! };
    }
    this.cache.set(key, compiled);
    return compiled;
  }

  private compile(key: string): Compiled {
    this.ajv ??= this.createAjv();
    const validate = this.ajv.getSchema(key);
    return validate ? { validate } : { unavailable: `no schema at ${key}` };
  }

  private createAjv(): Ajv | Ajv2020 {
    const options = {
      strict: false,
      validateSchema: false,
      allErrors: true,
      verbose: true,
      logger: false as const,
      discriminator: this.withDiscriminator,
      code: { regExp: this.patterns.engine },
    };
    const ajv = this.description.openapi === '3.1' ? new Ajv2020(options) : new Ajv(options);
    addFormats(ajv);
    const document = this.description.openapi === '3.1' ? this.prepare31() : this.convert30();
    ajv.addSchema(document as object, DOCUMENT_ID);
    return ajv;
  }

  /** A copy of the description with every schema converted from OpenAPI 3.0 to JSON Schema. */
  private convert30(): OpenApiDocument {
    const data = this.description.data;
    const copy = jsonCopy(data);
    const keep = this.withDiscriminator ? (['discriminator'] as const) : ([] as const);
    for (const path of schemaRoots(data)) {
      const schema = valueAt(data, path);
      if (!isObject(schema)) continue;
      const converted = fromSchema(schema as never, {
        cloneSchema: true,
        strictMode: false,
        removeWriteOnly: true,
        keepNotSupported: [...keep],
        beforeTransform: (schema: any) => fixExclusiveBounds(schema),
      }) as Record<string, unknown>;
      delete converted.$schema;
      setAt(copy, path, converted);
    }
    return copy;
  }

  private prepare31(): OpenApiDocument {
    const copy = jsonCopy(this.description.data);
    if (!this.withDiscriminator) stripKey(copy, 'discriminator');
    return copy;
  }
}

/** A deep copy (a JSON round trip: the parsed description may hold values structuredClone refuses). */
function jsonCopy(document: OpenApiDocument): OpenApiDocument {
  return JSON.parse(JSON.stringify(document)) as OpenApiDocument;
}

/** `exclusiveMaximum: true` (OpenAPI 3.0, draft 4) → the draft 7 number form. */
function fixExclusiveBounds(schema: any): any {
  if (!isObject(schema)) return schema;
  for (const [flag, bound] of [['exclusiveMaximum', 'maximum'], ['exclusiveMinimum', 'minimum']] as const) {
    if (schema[flag] === true && typeof schema[bound] === 'number') {
      schema[flag] = schema[bound];
      delete schema[bound];
    } else if (typeof schema[flag] === 'boolean') delete schema[flag];
  }
  return schema;
}

/**
 * Where the description's schemas start: component schemas and the schemas of parameters,
 * headers and media types (in components and under paths). The converter descends from there.
 */
export function schemaRoots(document: OpenApiDocument): JsonPath[] {
  const roots: JsonPath[] = [];
  const content = (node: unknown, path: JsonPath) => {
    if (!isObject(node) || !isObject(node.content)) return;
    for (const [mediaType, media] of Object.entries(node.content)) if (isObject(media) && media.schema !== undefined) roots.push([...path, 'content', mediaType, 'schema']);
  };
  const withSchema = (node: unknown, path: JsonPath) => {
    if (!isObject(node) || typeof node.$ref === 'string') return;
    if (node.schema !== undefined) roots.push([...path, 'schema']);
    content(node, path);
  };
  const headers = (node: unknown, path: JsonPath) => {
    if (isObject(node) && isObject(node.headers)) for (const [name, header] of Object.entries(node.headers)) withSchema(header, [...path, 'headers', name]);
  };
  const list = (node: unknown, path: JsonPath) => {
    if (Array.isArray(node)) node.forEach((parameter, index) => withSchema(parameter, [...path, index]));
  };
  const response = (node: unknown, path: JsonPath) => {
    if (!isObject(node) || typeof node.$ref === 'string') return;
    content(node, path);
    headers(node, path);
  };
  const components = document.components;
  if (isObject(components)) {
    if (isObject(components.schemas)) for (const name of Object.keys(components.schemas)) roots.push(['components', 'schemas', name]);
    for (const [section, visit] of [
      ['parameters', withSchema],
      ['headers', withSchema],
      ['requestBodies', response],
      ['responses', response],
    ] as const) {
      if (isObject(components[section])) for (const [name, node] of Object.entries(components[section])) visit(node, ['components', section, name]);
    }
  }
  if (isObject(document.paths)) {
    for (const [pathKey, item] of Object.entries(document.paths)) {
      if (!isObject(item)) continue;
      list(item.parameters, ['paths', pathKey, 'parameters']);
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const at: JsonPath = ['paths', pathKey, method];
        list(operation.parameters, [...at, 'parameters']);
        response(operation.requestBody, [...at, 'requestBody']);
        if (isObject(operation.responses)) for (const [status, node] of Object.entries(operation.responses)) response(node, [...at, 'responses', status]);
      }
    }
  }
  return roots;
}

function valueAt(document: OpenApiDocument, path: JsonPath): unknown {
  let node: any = document;
  for (const segment of path) node = node?.[segment];
  return node;
}

function setAt(document: OpenApiDocument, path: JsonPath, value: unknown): void {
  let node: any = document;
  for (const segment of path.slice(0, -1)) node = node?.[segment];
  if (node && typeof node === 'object') node[path[path.length - 1]!] = value;
}

function stripKey(node: unknown, key: string): void {
  if (Array.isArray(node)) node.forEach((item) => stripKey(item, key));
  else if (isObject(node)) {
    delete node[key];
    for (const value of Object.values(node)) stripKey(value, key);
  }
}

/** Keywords that apply a subschema to the same value (no descent into a member or an item). */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const;
const DESCENDING_SINGLE = ['items', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'] as const;
const DESCENDING_MAPS = ['properties', 'patternProperties'] as const;

type Edge = { to: object; ref?: string };

/**
 * Finds chains of `$ref`s through allOf/anyOf/oneOf/not/if/then/else/dependentSchemas (keywords
 * that apply a schema to the same value) that come back to where they started, as
 * `#/a → #/b → #/a`. What one call explores is kept for the next, so each schema of the
 * description is visited once however many response schemas reach it.
 */
export class InPlaceCycles {
  private readonly edges = new Map<object, { inPlace: Edge[]; descending: object[] }>();
  private readonly colour = new Map<object, 'grey' | 'black'>();
  /** Schemas on a cycle, with the cycle. */
  private readonly cycleAt = new Map<object, string>();

  constructor(private readonly document: OpenApiDocument) {}

  /** The first such cycle reachable from `root`, or undefined. */
  from(root: unknown): string | undefined {
    const start = isObject(root) ? root : undefined;
    if (!start) return undefined;
    const seen = new Set<object>([start]);
    const pending: object[] = [start];
    while (pending.length > 0) {
      const node = pending.pop()!;
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
  private edgesOf(node: Record<string, any>): { inPlace: Edge[]; descending: object[] } {
    const known = this.edges.get(node);
    if (known) return known;
    const inPlace: Edge[] = [];
    const descending: object[] = [];
    const add = (child: unknown) => {
      const edge = this.target(child);
      if (edge) inPlace.push(edge);
    };
    if (typeof node.$ref === 'string') add(node);
    for (const key of IN_PLACE_LISTS) if (Array.isArray(node[key])) node[key].forEach(add);
    for (const key of IN_PLACE_SINGLE) add(node[key]);
    if (isObject(node.dependentSchemas)) Object.values(node.dependentSchemas).forEach(add);
    const descend = (child: unknown) => {
      const edge = this.target(child);
      if (edge) descending.push(edge.to);
    };
    for (const key of DESCENDING_SINGLE) descend(node[key]);
    if (Array.isArray(node.items)) node.items.forEach(descend);
    if (Array.isArray(node.prefixItems)) node.prefixItems.forEach(descend);
    for (const key of DESCENDING_MAPS) if (isObject(node[key])) Object.values(node[key]).forEach(descend);
    const result = { inPlace, descending };
    this.edges.set(node, result);
    return result;
  }

  /** Iterative depth-first search over in-place edges (grey = on the current chain), recording the cycles it meets. */
  private search(start: object): void {
    const stack: Array<{ node: object; next: number; ref?: string }> = [{ node: start, next: 0 }];
    this.colour.set(start, 'grey');
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!;
      const out = this.edgesOf(frame.node as Record<string, any>).inPlace;
      if (frame.next >= out.length) {
        this.colour.set(frame.node, 'black');
        stack.pop();
        continue;
      }
      const edge = out[frame.next++]!;
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

function schemaRef(path: JsonPath): string {
  return `${DOCUMENT_ID}#${path.map((segment) => `/${encodeURIComponent(String(segment).replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}`;
}

// ---------------------------------------------------------------------------------------------
// Media types

export interface MediaType {
  type: string;
  subtype: string;
  /** Lower-case `type/subtype`, parameters dropped. */
  essence: string;
}

export function parseMediaType(value: string | null | undefined): MediaType | undefined {
  if (!value) return undefined;
  const essence = value.split(';')[0]!.trim().toLowerCase();
  const match = /^([a-z0-9!#$&^_.+*-]+)\/([a-z0-9!#$&^_.+*-]+)$/.exec(essence);
  return match ? { type: match[1]!, subtype: match[2]!, essence } : undefined;
}

/** Does an actual media type match a documented key (`application/json`, `application/*`, `*\/*`)? */
export function mediaTypeMatches(actual: MediaType, documented: string): boolean {
  const doc = parseMediaType(documented);
  if (!doc) return false;
  return (doc.type === '*' || doc.type === actual.type) && (doc.subtype === '*' || doc.subtype === actual.subtype);
}

export function isJsonMediaType(media: MediaType | undefined): boolean {
  return media !== undefined && (media.subtype === 'json' || media.subtype.endsWith('+json'));
}

/** The documented media type an actual Content-Type falls under: exact matches win over ranges. */
function matchingMediaType(response: ResponseModel, actual: MediaType): string | undefined {
  const keys = Object.keys(response.content);
  return keys.find((key) => parseMediaType(key)?.essence === actual.essence) ?? keys.find((key) => mediaTypeMatches(actual, key));
}

// ---------------------------------------------------------------------------------------------
// Checks

export interface ResponseCheckContext {
  description: ContractDescription;
  validators: SchemaValidators;
  op: OperationModel;
  /** `GET /v2/users/0101302989`, for messages. */
  exchange: string;
  request: NonNullable<Finding['request']>;
  /** Status names accepted for the request, for messages (e.g. "the not-found probe"). */
  probe: string;
}

const MAX_SCHEMA_ERRORS = 5;

export function checkResponse(ctx: ResponseCheckContext, response: HttpResponse): Finding[] {
  const { description, op } = ctx;
  const findings: Finding[] = [];
  const add = (id: Parameters<typeof contractFinding>[0], message: string, path?: JsonPath, severity?: Finding['severity']) =>
    findings.push(contractFinding(id, description.displayPath, { op, message, request: ctx.request, ...(path ? { path } : {}), ...(severity ? { severity } : {}) }));
  const status = response.status;
  const documented = documentedResponse(op, status);
  const contentType = response.headers.get('content-type');
  const media = parseMediaType(contentType);
  const hasBody = response.body.length > 0;

  if (!documented) {
    const listed = op.responses.map((r) => r.status).join(', ') || 'none';
    add('contract-status-documented', `${ctx.exchange} (${ctx.probe}) answered ${status}, which the description does not document for ${op.label} (documented: ${listed}); document ${status} or answer a documented status`, [...op.path, 'responses']);
  }

  // Parse JSON once for every check that needs it.
  let json: { ok: true; value: unknown } | { ok: false; error: string } | undefined;
  // A body cut at the size limit is not parsed: its end is missing, not malformed.
  if (hasBody && !response.truncated && (isJsonMediaType(media) || (!media && /^\s*[[{]/.test(response.body)))) {
    try {
      json = { ok: true, value: JSON.parse(response.body) };
    } catch (error) {
      json = { ok: false, error: (error as Error).message };
    }
  }

  if (documented) {
    const documentedTypes = Object.keys(documented.content);
    if (hasBody && documentedTypes.length === 0 && status !== 204) {
      add('contract-content-type', `${ctx.exchange} answered ${status} with a body${contentType ? ` (${contentType})` : ''}, but the description documents no content for ${documented.status}; document the media type and schema, or send no body`, documented.path);
    } else if (hasBody && documentedTypes.length > 0) {
      if (!media) {
        add('contract-content-type', `${ctx.exchange} answered ${status} with a body but ${contentType ? `an unreadable Content-Type ${show(contentType)}` : 'no Content-Type'}; expected ${documentedTypes.join(' or ')}`, [...documented.path, 'content']);
      } else {
        const key = matchingMediaType(documented, media);
        if (!key) {
          add('contract-content-type', `${ctx.exchange} answered ${status} with Content-Type ${show(contentType)}; the description documents ${documentedTypes.join(' or ')} for ${documented.status}`, [...documented.path, 'content']);
        } else {
          findings.push(...schemaFindings(ctx, documented, key, json, response, status));
        }
      }
    } else if (!hasBody && documentedTypes.length > 0 && status !== 204 && status !== 304 && ctx.request.method !== 'HEAD') {
      const withSchema = documentedTypes.filter((key) => documented.content[key]!.schema !== undefined);
      if (withSchema.length > 0) add('contract-schema', `${ctx.exchange} answered ${status} with an empty body; the description documents ${withSchema.join(' or ')} content for ${documented.status}`, [...documented.path, 'content']);
    }
  }

  if (json && !json.ok && !(documented && Object.keys(documented.content).length > 0 && media && matchingMediaType(documented, media))) {
    // Not reported by the schema check above: say it here, once.
    add('contract-schema', `${ctx.exchange} answered ${status} with Content-Type ${show(contentType ?? 'none')} but a body that is not valid JSON (${json.error})`);
  }

  if (json?.ok) findings.push(...conventionFindings(ctx, json.value, status, media, documented));
  if (status >= 400) findings.push(...problemDetailsFindings(ctx, response, media, json));
  return findings;
}

function schemaFindings(
  ctx: ResponseCheckContext,
  documented: ResponseModel,
  mediaKey: string,
  json: { ok: true; value: unknown } | { ok: false; error: string } | undefined,
  response: HttpResponse,
  status: number,
): Finding[] {
  const media = documented.content[mediaKey]!;
  const schemaPath: JsonPath = [...documented.path, 'content', mediaKey, 'schema'];
  const findings: Finding[] = [];
  const add = (message: string, path: JsonPath = schemaPath) => findings.push(contractFinding('contract-schema', ctx.description.displayPath, { op: ctx.op, message, path, request: ctx.request }));
  if (!isJsonMediaType(parseMediaType(mediaKey)) && !/^\*|\/\*$/.test(mediaKey)) return findings;
  if (response.truncated) {
    add(`${ctx.exchange} answered ${status} with ${tooLarge(response)}, so it was not checked against the schema`);
    return findings;
  }
  if (!json) return findings;
  if (!json.ok) {
    add(`${ctx.exchange} answered ${status} with a body that is not valid JSON (${json.error}); the description documents ${mediaKey}`);
    return findings;
  }
  if (media.schema === undefined) return findings;
  const compiled = ctx.validators.validatorFor(schemaPath);
  findings.push(...patternFindings(ctx, ctx.validators.patterns.takeProblems()));
  if ('unavailable' in compiled) {
    add(`the schema for ${ctx.op.label} ${documented.status} ${mediaKey} could not be compiled, so the body was not checked: ${compiled.unavailable}`);
    return findings;
  }
  let valid: boolean;
  try {
    valid = compiled.validate(json.value) as boolean;
  } catch (error) {
    // A safety net behind InPlaceCycles: a schema ajv cannot finish (e.g. too deep) is reported, not thrown.
    add(`the schema for ${ctx.op.label} ${documented.status} ${mediaKey} could not be checked on this body: ${(error as Error).message}`);
    return findings;
  }
  if (valid) return findings;
  const errors = relevantErrors(compiled.validate.errors ?? []);
  for (const error of errors.slice(0, MAX_SCHEMA_ERRORS)) add(`${ctx.exchange} answered ${status}: ${describeResponseSchemaError(error)}`);
  if (errors.length > MAX_SCHEMA_ERRORS) add(`${ctx.exchange} answered ${status}: ${errors.length - MAX_SCHEMA_ERRORS} more schema errors not shown`);
  return findings;
}

/** "a body larger than the 5 MB limit (vottur reads no more than that)". */
function tooLarge(response: HttpResponse): string {
  return `a body larger than the ${describeBytes(response.limitBytes ?? DEFAULT_MAX_BODY_BYTES)} limit (vottur reads no more of an answer than that)`;
}

/** contract-pattern findings, each at the pattern in the description. */
function patternFindings(ctx: ResponseCheckContext, problems: PatternProblem[]): Finding[] {
  return problems.map((problem) =>
    contractFinding('contract-pattern', ctx.description.displayPath, {
      message: `the pattern \`${problem.pattern}\` ${problem.text}`,
      path: patternLocation(ctx.description.data, problem.pattern) ?? [],
    }),
  );
}

/**
 * ajv's errors minus the ones other rules report better: `format: date-time` (contract-date-time
 * holds every date-time to the stricter platform form) and the `if`/branch summary errors.
 */
function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const result = errors.filter((error) => !(error.keyword === 'format' && error.params.format === 'date-time') && error.keyword !== 'if');
  // When a oneOf/anyOf failed, its branch errors explain nothing on their own: keep the summary.
  const unions = result.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.schemaPath);
  return result.filter((e) => !unions.some((prefix) => e.schemaPath !== prefix && e.schemaPath.startsWith(prefix.replace(/\/(oneOf|anyOf)$/, '/$1/'))));
}

function where(instancePath: string): string {
  return instancePath ? `\`${instancePath}\`` : 'the body';
}

export function describeResponseSchemaError(error: ErrorObject): string {
  const at = where(error.instancePath);
  const params = error.params as Record<string, any>;
  switch (error.keyword) {
    case 'required':
      return `${at} has no \`${params.missingProperty}\`, which the schema requires`;
    case 'additionalProperties':
      return `${at} has \`${params.additionalProperty}\`, which the schema does not allow`;
    case 'type':
      return `${at} is ${showJson(error.data)} (${jsonType(error.data)}); expected ${params.type}`;
    case 'enum':
      return `${at} is ${show(error.data)}; expected one of ${(params.allowedValues as unknown[]).map((v) => show(v)).join(', ')}`;
    case 'const':
      return `${at} is ${show(error.data)}; expected ${show(params.allowedValue)}`;
    case 'format':
      return `${at} is ${show(error.data)}; expected the format ${params.format}`;
    case 'pattern':
      return `${at} is ${show(error.data)}; expected it to match ${show(params.pattern)}`;
    case 'oneOf':
      return `${at} matches ${params.passingSchemas ? `more than one` : 'none'} of the schemas in oneOf${params.passingSchemas ? ` (${(params.passingSchemas as number[]).join(', ')})` : ''}`;
    case 'anyOf':
      return `${at} matches none of the schemas in anyOf`;
    default:
      return `${at} is ${show(error.data)}: ${error.message ?? error.keyword}`;
  }
}

/** Like `show`, but strings keep their quotes, so `"true"` is told apart from `true`. */
function showJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return `\`${text.length > 80 ? `${text.slice(0, 77)}...` : text}\``;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a number';
  return `a ${typeof value}`;
}

// ---------------------------------------------------------------------------------------------
// Conventions on the payload

const LOOKS_LIKE_DATE_TIME = /^\d{4}-\d{1,2}-\d{1,2}[Tt ]\d{1,2}:\d{2}/;
const COLLECTION_COMPANIONS = new Set(['pageInfo', 'totalCount', 'count', 'total', 'links', 'meta', 'cursor', 'nextCursor']);

function conventionFindings(ctx: ResponseCheckContext, body: unknown, status: number, media: MediaType | undefined, documented: ResponseModel | undefined): Finding[] {
  const findings: Finding[] = [];
  const add = (id: Parameters<typeof contractFinding>[0], message: string) => findings.push(contractFinding(id, ctx.description.displayPath, { op: ctx.op, message, request: ctx.request }));

  if (Array.isArray(body)) {
    add('contract-no-bare-array', `${ctx.exchange} answered ${status} with a bare JSON array (${body.length} item${body.length === 1 ? '' : 's'}); a response body is an object, with the collection in a named member such as \`{ "data": [...] }\``);
  }

  const isProblem = media?.essence === 'application/problem+json';
  if (status >= 200 && status < 300 && isObject(body) && !isProblem) {
    for (const missing of objectsWithoutCreatedTimestamp(body).slice(0, 3)) {
      add('contract-created-timestamp', `${ctx.exchange} answered ${status} with ${missing === '' ? 'a data object' : `the data object at \`${missing}\``} that has no createdTimestamp; every returned data object carries createdTimestamp (when the data was created)`);
    }
  }

  // The documented schema tells which strings are date-times and which are dates.
  const schemaPath = documented && media ? schemaPathFor(documented, media) : undefined;
  const schema = schemaPath ? documented!.content[schemaPath]!.schema : undefined;
  const dateTimeProblems: string[] = [];
  const nationalIdProblems: string[] = [];
  walkPayload(ctx.description.data, schema, body, '', undefined, 'unknown', (value, pointer, key, format, keyKind) => {
    // A key of a map (e.g. Problem Details `fields`, parameter name → message) is not a field name.
    if (key !== undefined && keyKind !== 'map' && isNationalIdName(key)) {
      const problem = checkNationalIdValue(value);
      if (problem) nationalIdProblems.push(`\`${pointer}\` is ${show(value)}, which ${problem.problem}`);
    }
    if (typeof value !== 'string' || format === 'date') return;
    const candidate = format === 'date-time' || LOOKS_LIKE_DATE_TIME.test(value) || (key !== undefined && /Timestamp$/.test(key));
    if (candidate && !isPlatformDateTime(value)) dateTimeProblems.push(`\`${pointer}\` is ${show(value)}${dateTimeHint(value)}`);
  });
  for (const problem of dateTimeProblems.slice(0, 5)) {
    add('contract-date-time', `${ctx.exchange} answered ${status}: ${problem}; expected the platform's date-time form yyyy-MM-ddThh:mm:ss.sssZ`);
  }
  if (dateTimeProblems.length > 5) add('contract-date-time', `${ctx.exchange} answered ${status}: ${dateTimeProblems.length - 5} more date-time values not in the platform's form`);
  for (const problem of nationalIdProblems.slice(0, 5)) {
    add('contract-national-id', `${ctx.exchange} answered ${status}: ${problem}; a national identifier is ten digits without a hyphen (##########)`);
  }
  if (nationalIdProblems.length > 5) add('contract-national-id', `${ctx.exchange} answered ${status}: ${nationalIdProblems.length - 5} more national identifiers not in the platform's form`);
  return findings;
}

function schemaPathFor(documented: ResponseModel, media: MediaType): string | undefined {
  const key = matchingMediaType(documented, media);
  return key && documented.content[key]!.schema !== undefined ? key : undefined;
}

/** What is wrong with a date-time string, and the right form of it when it can be read. */
function dateTimeHint(value: string): string {
  const reasons: string[] = [];
  if (/^\d{4}-\d{2}-\d{2} /.test(value)) reasons.push('a space instead of T');
  if (/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:?\d{2})?$/.test(value)) reasons.push('no fraction of a second');
  if (/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) reasons.push('no zone (Z or ±hh:mm)');
  if (/[+-]\d{4}$/.test(value)) reasons.push('a zone without a colon');
  if (/t|z$/.test(value)) reasons.push('a lower-case t or z');
  const parsed = new Date(value);
  const suggestion = Number.isNaN(parsed.getTime()) ? '' : `, e.g. \`${parsed.toISOString()}\``;
  return `${reasons.length ? ` (${reasons.join(', ')})` : ''}${suggestion ? ` — write it as${suggestion.slice(1)}` : ''}`;
}

/**
 * The data objects of a 2xx body that lack createdTimestamp: the body itself, or — when the body
 * is a collection wrapper (array members plus paging members only) — the objects in its arrays.
 */
function objectsWithoutCreatedTimestamp(body: Record<string, unknown>): string[] {
  if ('createdTimestamp' in body) return [];
  const entries = Object.entries(body);
  const arrays = entries.filter(([, value]) => Array.isArray(value));
  const isWrapper = arrays.length > 0 && entries.every(([key, value]) => Array.isArray(value) || COLLECTION_COMPANIONS.has(key));
  if (!isWrapper) return [''];
  const missing: string[] = [];
  for (const [key, list] of arrays) {
    (list as unknown[]).forEach((item, index) => {
      if (isObject(item) && !('createdTimestamp' in item)) missing.push(`/${key}/${index}`);
    });
  }
  return missing;
}

/** How a value's key is known: a property the schema declares, a key of a map (`additionalProperties`), or no schema. */
type KeyKind = 'property' | 'map' | 'unknown';
type Visit = (value: unknown, pointer: string, key: string | undefined, format: string | undefined, keyKind: KeyKind) => void;

/**
 * Walks a payload alongside its schema (as far as the schema can be followed: `$ref`, `allOf`,
 * `oneOf`/`anyOf` branches merged, `items`, `additionalProperties`), calling `visit` for every value
 * with the `format` the schema declares for it.
 */
function walkPayload(document: OpenApiDocument, schema: unknown, value: unknown, pointer: string, key: string | undefined, keyKind: KeyKind, visit: Visit, depth = 0): void {
  if (depth > 64) return;
  const resolved = schema === undefined ? undefined : resolve(document, schema, []).value;
  const format = typeof resolved?.format === 'string' ? resolved.format : undefined;
  visit(value, pointer || '/', key, format, keyKind);
  if (Array.isArray(value)) {
    const items = resolved?.items ?? branchValue(document, resolved, 'items');
    value.forEach((item, index) => walkPayload(document, isObject(items) ? items : undefined, item, `${pointer}/${index}`, undefined, 'unknown', visit, depth + 1));
    return;
  }
  if (!isObject(value)) return;
  const properties = resolved ? propertiesOf(document, resolved) : new Map<string, unknown>();
  const additional = isObject(resolved?.additionalProperties) ? resolved!.additionalProperties : undefined;
  for (const [name, child] of Object.entries(value)) {
    const declared = properties.get(name);
    const kind: KeyKind = declared !== undefined ? 'property' : additional !== undefined ? 'map' : 'unknown';
    walkPayload(document, declared ?? additional, child, `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, name, kind, visit, depth + 1);
  }
}

function propertiesOf(document: OpenApiDocument, schema: Record<string, any>): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [name, entry] of collectProperties(document, schema, [])) result.set(name, entry.schema);
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (!Array.isArray(schema[key])) continue;
    for (const branch of schema[key]) for (const [name, entry] of collectProperties(document, branch, [])) if (!result.has(name)) result.set(name, entry.schema);
  }
  return result;
}

function branchValue(document: OpenApiDocument, schema: Record<string, any> | undefined, keyword: string): unknown {
  if (!schema) return undefined;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (!Array.isArray(schema[key])) continue;
    for (const branch of schema[key]) {
      const value = resolve(document, branch, []).value;
      if (isObject(value) && value[keyword] !== undefined) return value[keyword];
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Problem Details

function problemDetailsFindings(
  ctx: ResponseCheckContext,
  response: HttpResponse,
  media: MediaType | undefined,
  json: { ok: true; value: unknown } | { ok: false; error: string } | undefined,
): Finding[] {
  const status = response.status;
  const contentType = response.headers.get('content-type');
  /** What is wrong, as phrases of one message; `advice` ones alone make a warning. */
  const problems: Array<{ text: string; advice?: boolean }> = [];
  const isProblemType = media?.essence === 'application/problem+json';
  if (response.body.length === 0) {
    problems.push({ text: 'no body' });
  } else if (response.truncated) {
    if (!isProblemType) problems.push({ text: `Content-Type ${show(contentType ?? 'none')} instead of application/problem+json` });
    problems.push({ text: tooLarge(response) });
  } else {
    if (!isProblemType) problems.push({ text: `Content-Type ${show(contentType ?? 'none')} instead of application/problem+json` });
    if (json && !json.ok) problems.push({ text: `a body that is not valid JSON (${json.error})` });
    else if (!json) {
      if (isProblemType) problems.push({ text: 'a body that is not JSON' });
    } else if (!isObject(json.value)) {
      problems.push({ text: `${Array.isArray(json.value) ? 'an array' : show(json.value)} instead of an object` });
    } else {
      const body = json.value;
      if (typeof body.type !== 'string') {
        const legacy = isObject(body.error) || (typeof body.code === 'number' && typeof body.message === 'string') ? ' (the older `{ error: { code, message } }` form)' : '';
        problems.push({ text: `${body.type === undefined ? 'no `type`' : `\`type\` ${show(body.type)}, not a string`}${legacy}` });
      }
      if (body.status === undefined) problems.push({ text: 'no `status`', advice: true });
      else if (body.status !== status) problems.push({ text: `\`status\` ${show(body.status)}, which must equal the HTTP status ${status}` });
    }
  }
  if (problems.length === 0) return [];
  const severity = problems.every((p) => p.advice) ? 'warn' : undefined;
  const fix = problems.every((p) => p.advice) ? `add \`"status": ${status}\`` : `answer errors with Problem Details (RFC 7807): application/problem+json with \`type\` (e.g. \`https://httpstatuses.org/${status}\`), \`title\` and \`status\``;
  return [
    contractFinding('contract-problem-details', ctx.description.displayPath, {
      op: ctx.op,
      request: ctx.request,
      message: `${ctx.exchange} answered ${status} with ${problems.map((p) => p.text).join(', ')}; ${fix}`,
      ...(severity ? { severity } : {}),
    }),
  ];
}
