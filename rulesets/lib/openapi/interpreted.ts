/**
 * An interpreting validator for the description's examples, in front of ajv's compiled one.
 *
 * ajv generates and compiles code for every schema it is asked about: on a large description,
 * where nearly every example has a schema of its own and is checked once, compiling was ~90 % of
 * platform-example-valid's time (~2 s of Box's 2,313 examples against ~0.15 s to interpret them).
 * @cfworker/json-schema walks the schema instead. It is used only for a verdict of "valid": an
 * example it does not pass (or a schema it cannot be trusted with) goes to ajv, whose verdict and
 * errors make the finding. So a finding can differ only where the interpreter passes an example
 * ajv fails; test/lint/example-interpreter.test.ts runs both over every example of the fixtures
 * and the corpus, and the following is built so that it cannot happen by design:
 *
 * - It reads the same JSON Schema form of the description as ajv (`schemaForm`, converted root by
 *   root as it is read), copied, because @cfworker/json-schema annotates the schemas it dereferences.
 * - `pattern` and `format` are never run by it: each node's pair becomes one format of ours that
 *   runs the description's pattern on vottur's linear-time engine (the patterns are hostile input)
 *   and ajv-formats' own check, for strings, as ajv does. ajv-formats' number formats (`int32`,
 *   `int64`) become the `integer` type and bounds they check, for numbers.
 * - A schema node holding a keyword whose meaning differs between the two or that runs a pattern
 *   the interpreter would compile itself (`discriminator`, `patternProperties`,
 *   `unevaluated*`, `dependencies`, dynamic and recursive references, `$id`, `multipleOf`, a number format it does not know, a non-string `pattern` or `format`) is
 *   untrusted, and so is every schema from which one can be reached: their examples go to ajv.
 * - References are resolved from the draft 2019-09 rules for 3.0 descriptions, where keywords
 *   beside a `$ref` apply (as in ajv), not draft 7's, where they would be ignored.
 * - A value holding a number that is not finite (YAML `.inf`, `.nan`), which ajv's `number`
 *   refuses and the interpreter accepts, goes to ajv.
 */
import { createRequire } from 'node:module';
import { localPointer, schemaDialect, schemaForm, type SchemaForm } from './json-schema.js';
import { isArray, isObject, type Document, type JsonPath } from './types.js';

interface SafeTest {
  test(text: string): boolean;
}
type FormatCheck = (value: string) => boolean;
type FormatDefinition = boolean | RegExp | FormatCheck | { type?: string; validate?: RegExp | FormatCheck | boolean };

interface Interpreter {
  validate(
    instance: unknown,
    schema: unknown,
    draft: string,
    lookup: Record<string, unknown>,
    shortCircuit: boolean,
  ): { valid: boolean };
  format: Record<string, (value: string) => boolean>;
}

interface Packages {
  interpreter: Interpreter;
  formats: Record<string, FormatDefinition>;
}

function requireHere(): NodeJS.Require {
  try {
    return createRequire(import.meta.url);
  } catch {
    return require;
  }
}

let packages: Packages | undefined;
function load(): Packages {
  if (!packages) {
    const load = requireHere();
    packages = {
      interpreter: load('@cfworker/json-schema') as Interpreter,
      formats: (load('ajv-formats/dist/formats') as { fullFormats: Record<string, FormatDefinition> }).fullFormats,
    };
  }
  return packages;
}

/** Keywords the interpreter is not trusted with (see above). */
const UNTRUSTED = [
  'discriminator',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependencies',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$id',
  '$anchor',
  '$schema',
  'nullable',
];
const SUBSCHEMA = [
  'additionalItems',
  'items',
  'contains',
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];
const SUBSCHEMA_LISTS = ['items', 'prefixItems', 'allOf', 'anyOf', 'oneOf'];
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'dependentSchemas'];

const INT32 = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

/** The format name of one node's `pattern` and `format` together (one per distinct pair, for the process). */
const FORMAT_PREFIX = 'vottur:';

export type PatternEngine = (pattern: string) => SafeTest;

/** Registers, once, the format that checks a string against `format` (ajv-formats) and `pattern` (the safe engine). */
function stringFormat(
  format: string | undefined,
  pattern: string | undefined,
  engine: PatternEngine,
): string | undefined {
  const { interpreter, formats } = load();
  const definition = format === undefined ? undefined : formats[format];
  let check: FormatCheck | undefined;
  if (definition instanceof RegExp) check = (value) => definition.test(value);
  else if (typeof definition === 'function') check = definition;
  else if (isObject(definition) && (definition.type ?? 'string') === 'string') {
    const validate = definition.validate;
    if (validate instanceof RegExp) check = (value) => validate.test(value);
    else if (typeof validate === 'function') check = validate;
  }
  if (check === undefined && pattern === undefined) return undefined;
  const name = `${FORMAT_PREFIX}${JSON.stringify([check ? format : null, pattern ?? null])}`;
  if (!Object.hasOwn(interpreter.format, name)) {
    const safe = pattern === undefined ? undefined : engine(pattern);
    const formatCheck = check;
    interpreter.format[name] = (value) => (safe === undefined || safe.test(value)) && (formatCheck?.(value) ?? true);
  }
  return name;
}

/** Rewrites one node for the interpreter, in place; true when the node cannot be trusted to it. */
function rewrite(node: Record<string, unknown>, engine: PatternEngine): boolean {
  let untrusted = UNTRUSTED.some((keyword) => Object.hasOwn(node, keyword));
  delete node.patternProperties;
  // ajv tests `data / multipleOf` with parseInt, which fails large quotients (1e21 and up) that are whole.
  if (node.multipleOf !== undefined) untrusted = true;
  const { format, pattern } = node;
  if ((format !== undefined && typeof format !== 'string') || (pattern !== undefined && typeof pattern !== 'string'))
    untrusted = true;
  delete node.format;
  delete node.pattern;
  const name = stringFormat(
    typeof format === 'string' ? format : undefined,
    typeof pattern === 'string' ? pattern : undefined,
    engine,
  );
  if (name !== undefined) node.format = name;
  if (typeof format === 'string') {
    const definition = load().formats[format];
    if (isObject(definition) && !(definition instanceof RegExp) && definition.type === 'number') {
      // ajv-formats' number formats, as the keywords they amount to (for numbers only, as there).
      const then =
        format === 'int32' ? { type: 'integer', ...INT32 } : format === 'int64' ? { type: 'integer' } : undefined;
      if (format === 'int32' || format === 'int64')
        node.allOf = [...(isArray(node.allOf) ? node.allOf : []), { if: { type: 'number' }, then }];
      else if (format !== 'float' && format !== 'double') untrusted = true;
    }
  }
  return untrusted;
}

/** The node a local reference (`#/components/schemas/X`) points at in the description's JSON Schema form, or undefined. */
function localTarget(form: SchemaForm, ref: string): unknown {
  if (ref === '#') return form.at([]);
  const segments = localPointer(ref);
  return segments === undefined ? undefined : form.at(segments);
}

export type ExampleVerdict = (schemaPath: JsonPath, value: unknown) => boolean;

/**
 * A function that answers true when the example is valid against the schema at `schemaPath`
 * (as ajv would find it), and false when ajv must decide. Nothing is done ahead: a schema is
 * rewritten for the interpreter, and checked for untrusted keywords, when an example first needs
 * it, and a reference is looked up when the interpreter follows it.
 */
export function exampleInterpreter(document: Document, engine: PatternEngine): ExampleVerdict {
  const { interpreter } = load();
  const source = schemaForm(document, true);
  /** Each schema node's copy for the interpreter (the prepared description is shared: never changed). */
  const copies = new Map<object, Record<string, unknown>>();
  const untrusted = new Set<object>();
  const copyOf = (node: Record<string, unknown>): Record<string, unknown> => {
    let copy = copies.get(node);
    if (copy) return copy;
    copy = { ...node };
    copies.set(node, copy);
    if (rewrite(copy, engine)) untrusted.add(node);
    for (const keyword of SUBSCHEMA) {
      const child = copy[keyword];
      if (isObject(child)) copy[keyword] = copyOf(child);
    }
    for (const keyword of SUBSCHEMA_LISTS) {
      const list = copy[keyword];
      if (isArray(list)) copy[keyword] = list.map((child) => (isObject(child) ? copyOf(child) : child));
    }
    for (const keyword of SUBSCHEMA_MAPS) {
      const map = copy[keyword];
      if (isObject(map))
        copy[keyword] = Object.fromEntries(
          Object.entries(map).map(([key, child]) => [key, isObject(child) ? copyOf(child) : child]),
        );
    }
    return copy;
  };
  const targets = new Map<string, Record<string, unknown> | undefined>();
  const target = (ref: string): Record<string, unknown> | undefined => {
    if (targets.has(ref)) return targets.get(ref);
    const node = localTarget(source, ref);
    const found = isObject(node) ? node : undefined;
    targets.set(ref, found);
    return found;
  };
  /** Schemas from which no untrusted schema can be reached (through subschemas and references). */
  const clean = new Set<object>();
  /** Schemas from which one can: each walk that finds one marks the way it took there, so the next stops sooner. */
  const tainted = new Set<object>();
  const trusted = (start: Record<string, unknown>): boolean => {
    if (clean.has(start)) return true;
    if (tainted.has(start)) return false;
    /** Each visited schema and the one it was first reached from (every schema on that chain reaches it). */
    const from = new Map<object, object | undefined>([[start, undefined]]);
    const stack: Record<string, unknown>[] = [start];
    const taint = (at: object): false => {
      for (let node: object | undefined = at; node !== undefined; node = from.get(node)) tainted.add(node);
      return false;
    };
    const push = (child: unknown, parent: object) => {
      if (!isObject(child) || clean.has(child) || from.has(child)) return;
      from.set(child, parent);
      stack.push(child);
    };
    for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
      if (tainted.has(node)) return taint(node);
      copyOf(node);
      if (untrusted.has(node)) return taint(node);
      for (const keyword of SUBSCHEMA) push(node[keyword], node);
      for (const keyword of SUBSCHEMA_LISTS) {
        const list = node[keyword];
        if (isArray(list)) for (const child of list) push(child, node);
      }
      for (const keyword of SUBSCHEMA_MAPS) {
        const map = node[keyword];
        if (isObject(map)) for (const child of Object.values(map)) push(child, node);
      }
      if (typeof node.$ref === 'string') {
        const next = target(node.$ref);
        // Another file's schema, an anchor: ajv's to judge (or refuse).
        if (!next) return taint(node);
        push(next, node);
      }
    }
    // Everything reachable from here was visited and found trusted.
    for (const node of from.keys()) clean.add(node);
    return true;
  };
  // The interpreter looks a `$ref` up by its text (no base URI: every reference is local here).
  const lookup: Record<string, unknown> = new Proxy(
    {},
    {
      get: (_, ref) => {
        const node = typeof ref === 'string' ? target(ref) : undefined;
        return node ? copyOf(node) : undefined;
      },
    },
  );
  const draft = schemaDialect(document) === '3.1' ? '2020-12' : '2019-09';
  return (schemaPath, value) => {
    const schema = source.at(schemaPath);
    if (!isObject(schema) || hasNonFinite(value) || !trusted(schema)) return false;
    try {
      return interpreter.validate(value, copyOf(schema), draft, lookup, true).valid;
    } catch {
      return false; // a runaway recursion: ajv decides
    }
  };
}

function hasNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (isArray(value)) return value.some(hasNonFinite);
  if (isObject(value)) return Object.values(value).some(hasNonFinite);
  return false;
}
