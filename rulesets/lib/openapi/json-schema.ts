/**
 * A description's schemas as ajv validates them, for the lint rule that checks examples
 * (platform-example-valid) and for the contract tests' response checks (src/contract/validate/),
 * so that an example and a live body are judged by the same validator.
 *
 * OpenAPI 3.0 schemas are converted to JSON Schema (draft 7) with
 * @openapi-contrib/openapi-schema-to-json-schema (`nullable`, `readOnly`/`writeOnly`, `example`,
 * boolean `exclusiveMinimum`/`exclusiveMaximum`); 3.1 schemas are JSON Schema 2020-12 already.
 * The converted description (or, for the example rule, the part of it its failing examples reach:
 * `schemaForm`) is added to ajv once under one id, and a schema is compiled by its JSON pointer
 * when it is first asked for; `$ref`s resolve inside the description.
 *
 * The packages are required when the first validator is made, not imported: most lint runs of
 * small documents need none, and under Spectral's ruleset loader this module runs as CommonJS
 * code given a `require` (as ./../oas-schema.ts and ./../patterns.ts do).
 */
import { createRequire } from 'node:module';
import type { Ajv as AjvClass, ErrorObject } from 'ajv';
import type { Ajv2020 as Ajv2020Class } from 'ajv/dist/2020.js';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { show } from '../rule.js';
import { PATH_ITEM_METHODS, isArray, isObject, type Document, type JsonPath } from './types.js';
import { resolve } from './resolve.js';

export type DescriptionAjv = AjvClass | Ajv2020Class;

export const DOCUMENT_ID = 'urn:vottur:description';

function requireHere(): NodeJS.Require {
  try {
    return createRequire(import.meta.url);
  } catch {
    return require;
  }
}

interface Packages {
  Ajv: typeof AjvClass;
  Ajv2020: typeof Ajv2020Class;
  addFormats: (ajv: AjvClass | Ajv2020Class) => unknown;
  fromSchema: (schema: object, options: object) => Record<string, unknown>;
}
let packages: Packages | undefined;
function load(): Packages {
  if (!packages) {
    const load = requireHere();
    const ajv = load('ajv') as { Ajv: typeof AjvClass };
    const ajv2020 = load('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020Class };
    const formats = load('ajv-formats') as { default?: Packages['addFormats'] } & Packages['addFormats'];
    const converter = load('@openapi-contrib/openapi-schema-to-json-schema') as { fromSchema: Packages['fromSchema'] };
    packages = {
      Ajv: ajv.Ajv,
      Ajv2020: ajv2020.Ajv2020,
      addFormats: formats.default ?? formats,
      fromSchema: converter.fromSchema,
    };
  }
  return packages;
}

/** `3.1` for an OpenAPI 3.1 or 3.2 description (both JSON Schema 2020-12), `3.0` for the rest. */
export function schemaDialect(document: Document): '3.0' | '3.1' {
  const version =
    typeof document.openapi === 'string' || typeof document.openapi === 'number' ? String(document.openapi) : '';
  return /^3\.[12]/.test(version) ? '3.1' : '3.0';
}

export interface DescriptionAjvOptions {
  /** ajv's `discriminator` keyword (refused by ajv for some descriptions: then build again without). */
  discriminator: boolean;
  /** The engine of the description's `pattern`s (a linear-time one: they are hostile input). */
  regExp: RegExpEngine;
  /** Collect every error (the contract checks), or stop at the first (enough to say an example is wrong). */
  allErrors: boolean;
}

/**
 * An ajv instance holding the description's schemas in JSON Schema form, under DOCUMENT_ID: all of
 * them, or (`reaching`) the schemas at those paths and every schema they reach, which is all ajv
 * ever reads when asked about those paths (see `schemaForm`).
 */
export function createDescriptionAjv(
  document: Document,
  options: DescriptionAjvOptions,
  reaching?: readonly JsonPath[],
): DescriptionAjv {
  const { Ajv, Ajv2020, addFormats } = load();
  const settings = {
    strict: false,
    validateSchema: false,
    allErrors: options.allErrors,
    verbose: true,
    logger: false as const,
    discriminator: options.discriminator,
    // No optimisation pass over the generated code: it only drops unused names and folds constants
    // (the same verdicts and errors), and was ~45 % of compiling; each validator here judges a few
    // examples or responses, so compiling costs more than the slower code it leaves.
    code: { regExp: options.regExp, optimize: false },
  };
  const dialect = schemaDialect(document);
  const ajv = dialect === '3.1' ? new Ajv2020(settings) : new Ajv(settings);
  addFormats(ajv);
  const form =
    reaching === undefined
      ? preparedDescription(document, options.discriminator)
      : schemaForm(document, options.discriminator).reaching(reaching);
  ajv.addSchema(form, DOCUMENT_ID);
  return ajv;
}

/** Each description's JSON Schema form, per `discriminator` setting: ajv does not change what it is given. */
const prepared = new WeakMap<Document, Map<boolean, Document>>();

/**
 * The description with its schemas in JSON Schema form (what ajv is given under DOCUMENT_ID),
 * converted once per description and shared by every validator made for it: the example rule's
 * ajv and interpreter, and the contract tests' ajv. Callers must not change it.
 */
export function preparedDescription(document: Document, discriminator: boolean): Document {
  let forms = prepared.get(document);
  if (!forms) prepared.set(document, (forms = new Map<boolean, Document>()));
  let form = forms.get(discriminator);
  if (!form) {
    form =
      schemaDialect(document) === '3.1'
        ? prepare31(document, discriminator)
        : schemaForm(document, discriminator).whole();
    forms.set(discriminator, form);
  }
  return form;
}

/**
 * The description's JSON Schema form as `preparedDescription` makes it, one schema root (see
 * `schemaRoots`) converted at a time, when something first reads it. The example rule reads the
 * schemas of examples and what they reference, about half of a large description's schemas
 * (Cloudflare: 5,359 of 12,115 roots), and gives ajv only the part its failing examples reach:
 * converting every root and ajv's walk of the whole converted copy were a fifth of Cloudflare's
 * lint. Every value read is the one `preparedDescription` holds at the same path.
 */
export interface SchemaForm {
  /** The value at `path` of the JSON Schema form. */
  at(path: JsonPath): unknown;
  /** A description in which the JSON Schema form's value at `path` is found by walking down from the root. */
  holding(path: JsonPath): Document;
  /**
   * A description holding the schema roots of `paths` and every root they reach through local
   * references, for ajv; the whole form where that part cannot be told to be all ajv reads: a
   * reference that is not a local JSON pointer to a schema root, a path outside every root, or an
   * `$id` or anchor anywhere (ajv registers those from the whole description).
   */
  reaching(paths: readonly JsonPath[]): Document;
  /** The whole form (what `preparedDescription` gives): a copy of the description with every root converted, sharing the roots converted already. */
  whole(): Document;
}

const forms = new WeakMap<Document, Map<boolean, SchemaForm>>();

/** The description's JSON Schema form, converted as it is read (one per description and `discriminator` setting). */
export function schemaForm(document: Document, discriminator: boolean): SchemaForm {
  let byDiscriminator = forms.get(document);
  if (!byDiscriminator) forms.set(document, (byDiscriminator = new Map<boolean, SchemaForm>()));
  let form = byDiscriminator.get(discriminator);
  if (!form) {
    form = schemaDialect(document) === '3.1' ? wholeForm(document, discriminator) : lazyForm30(document, discriminator);
    byDiscriminator.set(discriminator, form);
  }
  return form;
}

/** 3.1 descriptions are copied whole (a copy with no conversion: cheap beside the 3.0 converter). */
function wholeForm(document: Document, discriminator: boolean): SchemaForm {
  const whole = () => preparedDescription(document, discriminator);
  return { at: (path) => valueAt(whole(), path), holding: whole, reaching: whole, whole };
}

/** A path's key in maps of paths (list indices and their decimal strings alike, as JSON pointers have them). */
function pathKey(path: readonly (string | number)[]): string {
  return JSON.stringify(path.map(String));
}

/** The segments of a local JSON pointer reference (`#/components/schemas/X`), or undefined for any other reference. */
export function localPointer(ref: string): string[] | undefined {
  if (!ref.startsWith('#/')) return undefined;
  try {
    return ref
      .slice(2)
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return undefined;
  }
}

/** Keys by which ajv registers a schema under a name of its own, from anywhere in the description. */
const IDENTIFYING = new Set(['$id', '$anchor', '$dynamicAnchor', '$recursiveAnchor']);

/** Whether any object of the description has an identifying key (iterative: nesting is bounded only by the reader). */
function hasIdentifiers(document: unknown): boolean {
  const stack: unknown[] = [document];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (isArray(node)) {
      for (const item of node) if (typeof item === 'object' && item !== null) stack.push(item);
    } else if (isObject(node)) {
      for (const key in node) {
        if (key.charCodeAt(0) === 36 && IDENTIFYING.has(key)) return true; // `$`
        const item = node[key];
        if (typeof item === 'object' && item !== null) stack.push(item);
      }
    }
  }
  return false;
}

/** json-schema-traverse's keywords whose value maps names to schemas: ajv reads no key of that map as a keyword. */
const PROPS_KEYWORDS = new Set(['$defs', 'definitions', 'properties', 'patternProperties', 'dependencies']);

/**
 * Whether ajv could register an identifier from `node` as it walks a schema it is given
 * (json-schema-traverse with `allKeys`): an identifying key on any object but a map of names to
 * schemas (`properties: {$id: {...}}` names a property `$id`). Every other object and list is
 * read, more than ajv reads (it skips `enum`, `default` and lists of no schema keyword), so a
 * false answer is sure. With `roots`, the schema roots met are left out and handed to `onRoot`.
 */
function mayRegisterIdentifiers(node: unknown, roots?: RootTree, onRoot?: (key: string) => void): boolean {
  const stack: { node: unknown; names: boolean; at: RootTree | undefined }[] = [{ node, names: false, at: roots }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { node: value, names, at } = next;
    if (typeof value !== 'object' || value === null) continue;
    const list = isArray(value);
    for (const key of Object.keys(value)) {
      if (!list && !names && IDENTIFYING.has(key)) return true;
      const item = (value as Record<string, unknown>)[key];
      if (typeof item !== 'object' || item === null) continue;
      const below = at?.next?.get(key);
      if (below?.root) {
        onRoot?.(below.root.key);
        continue;
      }
      stack.push({ node: item, names: !list && !names && PROPS_KEYWORDS.has(key) && !isArray(item), at: below });
    }
  }
  return false;
}

/** Every string `$ref` under `node` (iterative). */
function refsUnder(node: unknown, found: (ref: string) => boolean): boolean {
  const stack: unknown[] = [node];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (isArray(next)) {
      for (const item of next) if (typeof item === 'object' && item !== null) stack.push(item);
    } else if (isObject(next)) {
      for (const key in next) {
        const item = next[key];
        if (key === '$ref' && typeof item === 'string') {
          if (!found(item)) return false;
        } else if (typeof item === 'object' && item !== null) stack.push(item);
      }
    }
  }
  return true;
}

/** Sets `value` at `path` of `root`, making each missing container on the way of the kind `original` has there. */
function place(root: Document, original: unknown, path: JsonPath, value: unknown): void {
  let node: unknown = root;
  let source = original;
  for (const [i, segment] of path.entries()) {
    source = isArray(source) ? source[Number(segment)] : isObject(source) ? source[segment] : undefined;
    const last = i === path.length - 1;
    const holder = node;
    const existing = isArray(holder) ? holder[Number(segment)] : isObject(holder) ? holder[segment] : undefined;
    const next = last ? value : (existing ?? (isArray(source) ? [] : {}));
    if (last || existing === undefined) {
      if (isArray(holder)) holder[Number(segment)] = next;
      else if (isObject(holder)) holder[segment] = next;
    }
    node = next;
  }
}

/** A list or plain object (what JSON.stringify writes member by member, as `whole` copies it). */
function isContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A value as a JSON round trip leaves it (undefined for a member JSON leaves out; null in a list). */
function jsonValue(value: unknown, inList: boolean): unknown {
  const text = JSON.stringify(value) as string | undefined;
  return text === undefined ? (inList ? null : undefined) : JSON.parse(text);
}

/** Schema roots by path, as a tree of segments: the root a path lies in is found without building a key per prefix. */
interface RootTree {
  root?: { key: string; path: JsonPath };
  next?: Map<string, RootTree>;
}

function lazyForm30(document: Document, discriminator: boolean): SchemaForm {
  const roots = new Map<string, JsonPath>();
  const tree: RootTree = {};
  for (const path of schemaRoots(document)) {
    const key = pathKey(path);
    roots.set(key, path);
    let node = tree;
    for (const segment of path) {
      node.next ??= new Map<string, RootTree>();
      let child = node.next.get(String(segment));
      if (!child) node.next.set(String(segment), (child = {}));
      node = child;
    }
    node.root = { key, path };
  }
  const keep = discriminator ? ['discriminator'] : [];
  const data: Document = {};
  const converted = new Set<string>();
  let wholeForm: Document | undefined;
  /**
   * A JSON copy of the description with each root's converted form in its place (the rest
   * converted now): the containers on the way to a root copied member by member, every other
   * value by a JSON round trip, so no root is copied only to be replaced.
   */
  const whole = (): Document => {
    if (wholeForm) return wholeForm;
    const copy = (node: unknown, at: RootTree): unknown => {
      const list = isArray(node);
      const out: unknown[] | Record<string, unknown> = list ? [] : {};
      for (const key of Object.keys(node as object)) {
        const value = (node as Record<string, unknown>)[key];
        const next = at.next?.get(key);
        // rootValue is defined below; whole() is called only after this function has returned.
        const member = next?.root
          ? rootValue(next.root.key)
          : next && isContainer(value)
            ? copy(value, next)
            : jsonValue(value, list);
        if (member === undefined) continue;
        if (list) (out as unknown[])[Number(key)] = member;
        else (out as Record<string, unknown>)[key] = member;
      }
      return out;
    };
    const result = copy(document, tree);
    return (wholeForm = isObject(result) ? result : {});
  };
  // No schema root lies inside another: the first found on the way down is the path's.
  const rootOf = (path: JsonPath): string | undefined => {
    let node: RootTree | undefined = tree;
    for (const segment of path) {
      node = node.next?.get(String(segment));
      if (!node) return undefined;
      if (node.root) return node.root.key;
    }
    return undefined;
  };
  /** The root's JSON Schema form in `data`, converted when first asked for (from a JSON copy of the root, as the whole copy has it). */
  const rootValue = (key: string): unknown => {
    const path = roots.get(key) ?? [];
    if (!converted.has(key)) {
      converted.add(key);
      const value = valueAt(document, path);
      if (value !== undefined) {
        const copy: unknown = JSON.parse(JSON.stringify(value) ?? 'null');
        place(data, document, path, isObject(copy) ? convertSchema30(copy, keep) : copy);
      }
    }
    return valueAt(data, path);
  };
  /**
   * Whether ajv, given the whole form, would register an identifier anywhere (then it is given the
   * whole form, never a part). Read on the description outside the roots, and on the converted form
   * of each root whose text holds an identifying key at all: the converter drops keywords such as
   * `example` (Box's examples hold `$id`s) and never adds one.
   */
  const identifiers = (): boolean => {
    if (!hasIdentifiers(document)) return false;
    const rootsWithKeys: string[] = [];
    const outside = mayRegisterIdentifiers(document, tree, (key) => {
      if (hasIdentifiers(valueAt(document, roots.get(key) ?? []))) rootsWithKeys.push(key);
    });
    return outside || rootsWithKeys.some((key) => mayRegisterIdentifiers(rootValue(key)));
  };
  let identified: boolean | undefined;
  return {
    at(path) {
      // With an `$id` or anchor, ajv will be given the whole form: it is made at once, not root by root first.
      if ((identified ??= identifiers())) return valueAt(whole(), path);
      const key = rootOf(path);
      if (key === undefined) return valueAt(whole(), path);
      rootValue(key);
      return valueAt(data, path);
    },
    holding(path) {
      const key = rootOf(path);
      if (key === undefined || (identified ??= identifiers())) return whole();
      rootValue(key);
      return data;
    },
    reaching(paths) {
      if ((identified ??= identifiers())) return whole();
      const part: Document = {};
      const included = new Set<string>();
      const queue: string[] = [];
      const include = (path: JsonPath): boolean => {
        const key = rootOf(path);
        if (key === undefined) return false;
        if (!included.has(key)) {
          included.add(key);
          queue.push(key);
        }
        return true;
      };
      if (!paths.every(include)) return whole();
      for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
        const value = rootValue(key);
        if (value === undefined) continue;
        place(part, document, roots.get(key) ?? [], value);
        const local = refsUnder(value, (ref) => {
          const segments = localPointer(ref);
          return segments !== undefined && include(segments);
        });
        if (!local) return whole();
      }
      return part;
    },
    whole,
  };
}

/** The id ajv knows the schema at `path` of the description by. */
export function schemaRef(path: JsonPath): string {
  return `${DOCUMENT_ID}#${path.map((segment) => `/${encodeURIComponent(String(segment).replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}`;
}

/** One schema root of a copy converted from OpenAPI 3.0 to JSON Schema, in place (the converted root is returned). */
export function convertSchema30(schema: Record<string, unknown>, keep: string[]): Record<string, unknown> {
  const { fromSchema } = load();
  const converted = fromSchema(schema, {
    cloneSchema: false,
    strictMode: false,
    removeWriteOnly: true,
    keepNotSupported: keep,
    beforeTransform: fixExclusiveBounds,
  });
  delete converted.$schema;
  return converted;
}

function prepare31(data: Document, discriminator: boolean): Document {
  const copy = jsonCopy(data);
  if (!discriminator) stripKey(copy, 'discriminator');
  writeOnlyNotRequired(copy, copy);
  return copy;
}

/** src/lint/json.ts MAX_NESTING (rulesets/lib does not import src/lint). */
const MAX_COPY_DEPTH = 1000;

/**
 * `required` on a `writeOnly` property applies to requests only (OpenAPI 3.1 keeps the keyword as
 * an annotation): dropped from `required`, as the 3.0 conversion's `removeWriteOnly` does, so an
 * answer is never expected to carry a password it was sent.
 */
function writeOnlyNotRequired(document: Document, node: unknown, depth = 0): void {
  // The node is a JSON copy of the description, which nests at most 1000 levels (src/lint/json.ts
  // MAX_NESTING: deeper is refused when read): this bound is reached only by a refused document.
  if (depth > MAX_COPY_DEPTH) return;
  if (isArray(node)) node.forEach((item) => writeOnlyNotRequired(document, item, depth + 1));
  else if (isObject(node)) {
    const { properties, required } = node;
    if (isObject(properties) && isArray(required)) {
      node.required = required.filter((name) => {
        if (typeof name !== 'string') return true;
        const property = properties[name];
        const target =
          isObject(property) && typeof property.$ref === 'string' ? resolve(document, property, []).value : property;
        return !(isObject(property) && property.writeOnly === true) && !(isObject(target) && target.writeOnly === true);
      });
    }
    for (const value of Object.values(node)) writeOnlyNotRequired(document, value, depth + 1);
  }
}

/** A deep copy (a JSON round trip: the parsed description may hold values structuredClone refuses). */
function jsonCopy(document: Document): Document {
  const copy: unknown = JSON.parse(JSON.stringify(document));
  return isObject(copy) ? copy : {};
}

/** `exclusiveMaximum: true` (OpenAPI 3.0, draft 4) → the draft 7 number form, in place (the node itself is returned). */
function fixExclusiveBounds(schema: object): object {
  if (!isObject(schema)) return schema;
  for (const [flag, bound] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const) {
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
export function schemaRoots(document: Document): JsonPath[] {
  const roots: JsonPath[] = [];
  const content = (node: unknown, path: JsonPath) => {
    if (!isObject(node) || !isObject(node.content)) return;
    for (const [mediaType, media] of Object.entries(node.content))
      if (isObject(media) && media.schema !== undefined) roots.push([...path, 'content', mediaType, 'schema']);
  };
  const withSchema = (node: unknown, path: JsonPath) => {
    if (!isObject(node) || typeof node.$ref === 'string') return;
    if (node.schema !== undefined) roots.push([...path, 'schema']);
    content(node, path);
  };
  const headers = (node: unknown, path: JsonPath) => {
    if (isObject(node) && isObject(node.headers))
      for (const [name, header] of Object.entries(node.headers)) withSchema(header, [...path, 'headers', name]);
  };
  const list = (node: unknown, path: JsonPath) => {
    if (isArray(node)) node.forEach((parameter, index) => withSchema(parameter, [...path, index]));
  };
  const response = (node: unknown, path: JsonPath) => {
    if (!isObject(node) || typeof node.$ref === 'string') return;
    content(node, path);
    headers(node, path);
  };
  const components = document.components;
  if (isObject(components)) {
    if (isObject(components.schemas))
      for (const name of Object.keys(components.schemas)) roots.push(['components', 'schemas', name]);
    for (const [section, visit] of [
      ['parameters', withSchema],
      ['headers', withSchema],
      ['requestBodies', response],
      ['responses', response],
    ] as const) {
      if (isObject(components[section]))
        for (const [name, node] of Object.entries(components[section])) visit(node, ['components', section, name]);
    }
  }
  if (isObject(document.paths)) {
    for (const [pathKey, item] of Object.entries(document.paths)) {
      if (!isObject(item)) continue;
      list(item.parameters, ['paths', pathKey, 'parameters']);
      const methods: Array<[string, unknown, JsonPath]> = PATH_ITEM_METHODS.map((method) => [
        method,
        item[method],
        ['paths', pathKey, method],
      ]);
      if (isObject(item.additionalOperations))
        for (const [method, node] of Object.entries(item.additionalOperations))
          methods.push([method, node, ['paths', pathKey, 'additionalOperations', method]]);
      for (const [, operation, at] of methods) {
        if (!isObject(operation)) continue;
        list(operation.parameters, [...at, 'parameters']);
        response(operation.requestBody, [...at, 'requestBody']);
        if (isObject(operation.responses))
          for (const [status, node] of Object.entries(operation.responses))
            response(node, [...at, 'responses', status]);
      }
    }
  }
  return roots;
}

/** The value at `path` (objects and arrays of the description only), or undefined. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const segment of path) {
    if (isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
  }
  return node;
}

function stripKey(node: unknown, key: string): void {
  if (isArray(node)) node.forEach((item) => stripKey(item, key));
  else if (isObject(node)) {
    delete node[key];
    for (const value of Object.values(node)) stripKey(value, key);
  }
}

/**
 * ajv's errors minus the ones other rules report better: `format: date-time` (contract-date-time
 * holds every date-time to the stricter platform form) and the `if`/branch summary errors.
 */
export function relevantErrors(errors: ErrorObject[]): ErrorObject[] {
  const result = errors.filter(
    (error) => !(error.keyword === 'format' && error.params.format === 'date-time') && error.keyword !== 'if',
  );
  // When a oneOf/anyOf failed, its branch errors explain nothing on their own: keep the summary.
  const unions = result.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').map((e) => e.schemaPath);
  return result.filter(
    (e) =>
      !unions.some(
        (prefix) => e.schemaPath !== prefix && e.schemaPath.startsWith(prefix.replace(/\/(oneOf|anyOf)$/, '/$1/')),
      ),
  );
}

/** One ajv error in words: where in the value (a JSON pointer, or `the body`), what is wrong, what the schema expects. */
export function describeSchemaError(error: ErrorObject, whole = 'the body'): string {
  const at = error.instancePath ? `\`${error.instancePath}\`` : whole;
  const params: Record<string, unknown> = error.params;
  switch (error.keyword) {
    case 'required':
      return `${at} has no \`${String(params.missingProperty)}\`, which the schema requires`;
    case 'additionalProperties':
      return `${at} has \`${String(params.additionalProperty)}\`, which the schema does not allow`;
    case 'type':
      return `${at} is ${showJson(error.data)} (${jsonType(error.data)}); expected ${String(params.type)}`;
    case 'enum':
      return `${at} is ${show(error.data)}; expected one of ${listed(params.allowedValues)
        .map((v) => show(v))
        .join(', ')}`;
    case 'const':
      return `${at} is ${show(error.data)}; expected ${show(params.allowedValue)}`;
    case 'format':
      return `${at} is ${show(error.data)}; expected the format ${String(params.format)}`;
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
