/**
 * Structural validation of an OpenAPI 3.0/3.1 description against the official schemas, with
 * the messages Spectral's `oas3-schema` rule gives. The validators are the ones Spectral ships
 * precompiled (ajv standalone code that needs only ajv's runtime and ajv-formats), so nothing of
 * Spectral's engine is loaded; the error processing below follows Spectral's
 * `oasDocumentSchema` function (Apache-2.0, stoplightio/spectral, packages/rulesets/src/oas/functions/oasDocumentSchema.ts).
 */
import { createRequire } from 'node:module';
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
const validators = requireHere()('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js') as Record<
  'oas3_0' | 'oas3_1' | 'oas3_2',
  Validator
>;

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
