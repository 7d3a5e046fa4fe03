/**
 * Structural validation of an OpenAPI 3.0/3.1 description against the official schemas, with
 * the messages Spectral's `oas3-schema` rule gives. The validators are the ones Spectral ships
 * precompiled (ajv standalone code that needs only ajv's runtime and ajv-formats), so nothing of
 * Spectral's engine is loaded; the error processing below follows Spectral's
 * `oasDocumentSchema` function (Apache-2.0, stoplightio/spectral, packages/rulesets/src/oas/functions/oasDocumentSchema.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { compileFunction } from 'node:vm';
import { editDistance } from './conventions.js';
import { lookupLocalRef } from './openapi/resolve.js';
import { type Document, isArray, isObject } from './openapi/types.js';
import type { JsonPath } from './rule.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/**
 * Required, not imported: a 1 MB CommonJS file imported from ESM is first scanned by Node for its
 * named exports (cjs-module-lexer), ~100 ms of every `vottur lint` start-up; `require` skips that.
 * Under Spectral's ruleset loader (`spectral lint -r`, `extends`) this module runs as CommonJS
 * code given a `require`, and `import.meta.url` (rewritten to use `__filename`) throws.
 */
function requireHere(): NodeJS.Require {
  try {
    return createRequire(import.meta.url);
  } catch {
    return require;
  }
}
const VALIDATORS = '@stoplight/spectral-rulesets/dist/oas/schemas/validators.js';

/**
 * ajv's standalone code checks `uniqueItems` on arrays of objects pairwise: n²/2 deep comparisons,
 * before any rule runs (issue 34, B13: 100,000 `tags` took 151 s, 40,000 parameters of one
 * operation 106 s). Each such loop
 *
 *     if (c > 1) e: for (; c--;) for (s = c; s--;) if (equal(data[c], data[s])) { …error(i: c, j: s)… }
 *
 * is rewritten to take the same pair from `duplicatePair`, which finds it in one pass by a canonical
 * key of each item: linear in the array's size, whatever the array is.
 */
const PAIRWISE =
  /if \(([\w$]+) > 1\)(\s*)([\w$]+): for \(; \1--;\)\s*for \(([\w$]+) = \1; \4--;\)\s*if \([\w$]+\(([\w$]+)\[\1\], \5\[\4\]\)\) \{/g;

/** How many pairwise loops the loaded validators had rewritten (the test reads it: none may remain). */
export const uniqueItemsRewrite = { rewritten: 0, remaining: 0 };

function loadValidators(): Record<'oas3_0' | 'oas3_1' | 'oas3_2', Validator> {
  const require = requireHere();
  try {
    const file = require.resolve(VALIDATORS);
    const source = readFileSync(file, 'utf8').replace(
      PAIRWISE,
      (_all, c: string, space: string, label: string, s: string, data: string) => {
        uniqueItemsRewrite.rewritten++;
        return `if (${c} > 1)${space}${label}: for (let d$ = duplicatePair$(${data}); d$ !== undefined && ((${c} = d$[0]), (${s} = d$[1]), true); d$ = undefined) {`;
      },
    );
    uniqueItemsRewrite.remaining = (source.match(/for \(([\w$]+) = ([\w$]+); \1--;\)/g) ?? []).length;
    const module = { exports: {} as Record<string, unknown> };
    const run = compileFunction(source, ['exports', 'require', 'module', '__filename', '__dirname', 'duplicatePair$'], {
      filename: file,
    }) as (...parameters: unknown[]) => void;
    run(module.exports, createRequire(file), module, file, dirname(file), duplicatePair);
    return module.exports as Record<'oas3_0' | 'oas3_1' | 'oas3_2', Validator>;
  } catch {
    // Under Spectral's loader (no file system paths of its own): the validators as shipped.
    return require(VALIDATORS) as Record<'oas3_0' | 'oas3_1' | 'oas3_2', Validator>;
  }
}

/**
 * The pair ajv's pairwise loop reports, or undefined: the last item equal to an earlier one, and the
 * last of those earlier ones (`[i, j]`, i > j). Equality is ajv's (fast-deep-equal on parsed data):
 * key order does not matter, 0 equals -0, NaN equals NaN.
 */
export function duplicatePair(items: readonly unknown[]): [number, number] | undefined {
  const last = new Map<string, number>();
  let found: [number, number] | undefined;
  for (let i = 0; i < items.length; i++) {
    const key = canonical(items[i]);
    const earlier = last.get(key);
    if (earlier !== undefined) found = [i, earlier];
    last.set(key, i);
  }
  return found;
}

let unequal = 0;

/** A key equal for two values exactly when ajv's `equal` finds them equal. */
function canonical(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isNaN(value) ? 'NaN' : `n${String(value)}`;
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return 'u';
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
      // fast-deep-equal compares `constructor`, `valueOf` and `toString` as members: an own one that
      // is not a plain value makes the object equal to nothing else.
      const own = value as Record<string, unknown>;
      for (const special of ['constructor', 'valueOf', 'toString'])
        if (Object.hasOwn(own, special) && typeof own[special] !== 'string' && typeof own[special] !== 'number')
          return `#${++unequal}`;
      const prototype = Object.getPrototypeOf(value) === Object.prototype ? '' : '~';
      return `${prototype}{${Object.keys(own)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonical(own[key])}`)
        .join(',')}}`;
    }
    default:
      return `#${++unequal}`;
  }
}

const validators = loadValidators();

export interface SchemaProblem {
  message: string;
  path: JsonPath;
}

/** Spectral's cleaning of an ajv message: double quotes, lower-case "not", the property named. */
function cleanMessage(property: string | null, message: string | undefined): string {
  if (typeof message !== 'string') return '';
  const cleaned = message.replace(/['"]/g, '"').replace(/NOT/g, 'not');
  return property === null ? cleaned : `"${property}" property ${cleaned}`;
}

/** The allowed value nearest to what was written, as Spectral suggests it (Levenshtein distance). */
function bestMatch(value: string, allowed: unknown[]): string | null {
  const matches = allowed
    .filter((candidate): candidate is string => typeof candidate === 'string')
    .map((candidate) => ({ value: candidate, weight: editDistance(value, candidate) }))
    .sort((a, b) => a.weight - b.weight);
  const best = matches[0];
  if (!best) return null;
  return allowed.length === 1 || best.weight < best.value.length ? best.value : null;
}

function problemOf(document: Document, error: AjvError): SchemaProblem | undefined {
  if (error.keyword === 'if') return undefined;
  const path: string[] =
    error.instancePath === ''
      ? []
      : error.instancePath
          .slice(1)
          .split('/')
          .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const property = path.at(-1) ?? null;
  let message: string;
  switch (error.keyword) {
    case 'additionalProperties': {
      const additional = String(error.params.additionalProperty);
      path.push(additional);
      message = `Property "${additional}" is not expected to be here`;
      break;
    }
    case 'enum': {
      const allowed = isArray(error.params.allowedValues) ? error.params.allowedValues : [];
      const printed = allowed.map((value) => JSON.stringify(value)).join(', ');
      const value = isObject(document) ? lookupLocalRef(document, `#${error.instancePath}`)?.value : undefined;
      const match = typeof value === 'string' ? bestMatch(value, allowed) : null;
      message = `${cleanMessage(property, error.message)}: ${printed}${match !== null ? `. Did you mean "${match}"?` : ''}`;
      break;
    }
    case 'errorMessage':
      message = String(error.message);
      break;
    default:
      message = cleanMessage(property, error.message);
  }
  return { message, path };
}

/** Every structural problem of an OpenAPI 3.0 or 3.1 description (3.1 when `openapi` starts with 3.1). */
export function validateOpenApiStructure(document: Document): SchemaProblem[] {
  const version =
    typeof document.openapi === 'string' || typeof document.openapi === 'number' ? String(document.openapi) : '';
  const validator = version.startsWith('3.2')
    ? validators.oas3_2
    : version.startsWith('3.1')
      ? validators.oas3_1
      : validators.oas3_0;
  validator(document);
  const problems: SchemaProblem[] = [];
  for (const error of validator.errors ?? []) {
    const problem = problemOf(document, error);
    if (problem) problems.push(problem);
  }
  return problems;
}
