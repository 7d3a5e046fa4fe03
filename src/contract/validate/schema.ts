/**
 * Schema validation of live bodies: ajv is the schema authority (Dredd's OpenAPI 3 parser ignores
 * `format`, `pattern` and `allOf`). OpenAPI 3.0 schemas are converted to JSON Schema (draft 7)
 * with @openapi-contrib/openapi-schema-to-json-schema (`nullable`, `readOnly`/`writeOnly`,
 * `example`, boolean `exclusiveMinimum`/`exclusiveMaximum`), 3.1 schemas are used as JSON Schema
 * 2020-12. The converted description is added to ajv once, and each response schema is compiled
 * once, by its JSON pointer, the first time a response needs it; `$ref`s resolve inside the
 * description. A schema that applies itself to the same value without end is refused before ajv
 * sees it (cycles.ts), and ajv's errors are put in words here.
 */
import { fromSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { HTTP_METHODS, isObject } from '../../../rulesets/lib/openapi/types.js';
import type { JsonPath, OpenApiDocument } from '../../../rulesets/lib/rule.js';
import { show } from '../../../rulesets/lib/rule.js';
import type { ContractDescription } from '../description.js';
import { PatternGuard } from '../patterns.js';
import { InPlaceCycles } from './cycles.js';

// A CommonJS package: TypeScript sees its `module.exports` (what the import gives) as the
// namespace, and its `default` is the same function.
const addFormats = addFormatsModule.default;

const DOCUMENT_ID = 'urn:vottur:description';

export type Compiled = { validate: ValidateFunction } | { unavailable: string };

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
      const message = error instanceof Error ? error.message : String(error);
      if (this.withDiscriminator && /discriminator/i.test(message)) {
        // ajv supports `discriminator` only without `mapping` and with `const`/`enum` tags; fall
        // back to plain `oneOf` semantics for the whole description.
        this.withDiscriminator = false;
        this.ajv = undefined;
        this.cache.clear();
        return this.validatorFor(path);
      }
      compiled = { unavailable: firstLine(message) };
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
    ajv.addSchema(document, DOCUMENT_ID);
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
      const converted: Record<string, unknown> = fromSchema(schema, {
        cloneSchema: true,
        strictMode: false,
        removeWriteOnly: true,
        keepNotSupported: [...keep],
        beforeTransform: fixExclusiveBounds,
      });
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
  const copy: unknown = JSON.parse(JSON.stringify(document));
  return isObject(copy) ? copy : {};
}

function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end);
}

/** `exclusiveMaximum: true` (OpenAPI 3.0, draft 4) → the draft 7 number form, in place (the node itself is returned). */
function fixExclusiveBounds(schema: object): object {
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

/** The value at `path` (objects and arrays of the description only), or undefined. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const segment of path) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

function setAt(root: unknown, path: JsonPath, value: unknown): void {
  const parent = valueAt(root, path.slice(0, -1));
  const last = path.at(-1);
  if (last === undefined) return;
  if (Array.isArray(parent)) parent[Number(last)] = value;
  else if (isObject(parent)) parent[last] = value;
}

function stripKey(node: unknown, key: string): void {
  if (Array.isArray(node)) node.forEach((item) => stripKey(item, key));
  else if (isObject(node)) {
    delete node[key];
    for (const value of Object.values(node)) stripKey(value, key);
  }
}

function schemaRef(path: JsonPath): string {
  return `${DOCUMENT_ID}#${path.map((segment) => `/${encodeURIComponent(String(segment).replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}`;
}

/**
 * ajv's errors minus the ones other rules report better: `format: date-time` (contract-date-time
 * holds every date-time to the stricter platform form) and the `if`/branch summary errors.
 */
export function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
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
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'required':
      return `${at} has no \`${params.missingProperty}\`, which the schema requires`;
    case 'additionalProperties':
      return `${at} has \`${params.additionalProperty}\`, which the schema does not allow`;
    case 'type':
      return `${at} is ${showJson(error.data)} (${jsonType(error.data)}); expected ${params.type}`;
    case 'enum':
      return `${at} is ${show(error.data)}; expected one of ${listed(params.allowedValues).map((v) => show(v)).join(', ')}`;
    case 'const':
      return `${at} is ${show(error.data)}; expected ${show(params.allowedValue)}`;
    case 'format':
      return `${at} is ${show(error.data)}; expected the format ${params.format}`;
    case 'pattern':
      return `${at} is ${show(error.data)}; expected it to match ${show(params.pattern)}`;
    case 'oneOf': {
      // ajv names the first two branches that matched, or gives null when none did.
      const passing = params.passingSchemas ? listed(params.passingSchemas) : undefined;
      return `${at} matches ${passing ? `more than one` : 'none'} of the schemas in oneOf${passing ? ` (${passing.join(', ')})` : ''}`;
    }
    case 'anyOf':
      return `${at} matches none of the schemas in anyOf`;
    default:
      return `${at} is ${show(error.data)}: ${error.message ?? error.keyword}`;
  }
}

/** An error parameter ajv gives as a list, as one. */
function listed(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
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
