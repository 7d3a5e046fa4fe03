import { defineRule, printPath, show, type JsonPath, type Problem } from '../lib/rule.js';
import { MAX_SCHEMA_DEPTH, noteLimit } from '../lib/openapi/limits.js';
import { encodePointer } from '../lib/openapi/pointer.js';
import { effectiveSchema, resolve, schemaTypes } from '../lib/openapi/resolve.js';
import { collectProperties } from '../lib/openapi/flatten.js';
import { type Document, isArray, isObject, isRef, type Schema } from '../lib/openapi/types.js';
import { mediaTypes, statusClass } from '../lib/openapi/views.js';
import { MEDIA_TYPE } from '../lib/conventions.js';
import { mayBeJson } from '../lib/openapi/media-type.js';

function isErrorStatus(status: string): boolean {
  return ['4', '5', 'default'].includes(statusClass(status) ?? '');
}

/** Names listed in `required`, through `allOf` and local `$ref`s. */
function collectRequired(document: Document, schema: unknown, path: JsonPath, depth = 0): Set<string> {
  const result = new Set<string>();
  const resolved = resolve(document, schema, path);
  if (!isObject(resolved.value)) return result;
  if (depth > MAX_SCHEMA_DEPTH) {
    noteLimit(document, resolved.path, `\`allOf\` nested more than ${MAX_SCHEMA_DEPTH} deep`);
    return result;
  }
  const value = resolved.value;
  if (isArray(value.required)) for (const name of value.required) if (typeof name === 'string') result.add(name);
  if (isArray(value.allOf)) {
    value.allOf.forEach((sub, i) => {
      for (const name of collectRequired(document, sub, [...resolved.path, 'allOf', i], depth + 1)) result.add(name);
    });
  }
  return result;
}

/** The declared JSON types of a property (empty when it declares none, or is an external reference). */
function propertyTypes(document: Document, entry: { schema: unknown; path: JsonPath } | undefined): string[] {
  if (!entry) return [];
  return schemaTypes(effectiveSchema(document, entry.schema, entry.path).value);
}

function name(path: JsonPath): string {
  if (path.length === 3 && path[0] === 'components' && path[1] === 'schemas') return `\`${String(path[2])}\``;
  // An inline body schema: `paths/<path>/<method>/responses/<status>/content/<media type>/schema`.
  if (path.length === 8 && path[0] === 'paths' && path[3] === 'responses' && path[7] === 'schema') {
    return `The ${String(path[4])} body schema of \`${String(path[2]).toUpperCase()} ${String(path[1])}\``;
  }
  return `The schema at \`${printPath(path)}\``;
}

const PROBLEM_SHAPE =
  '`type` (string, required), `title` (string), `status` (integer), `detail` (string) and `instance` (string), plus extensions such as `traceId`';

/** True for the older catalogue error object: `code` (integer) and `message` (string). */
function isOlderErrorObject(document: Document, members: Map<string, { schema: unknown; path: JsonPath }>): boolean {
  if (!members.has('code') || !members.has('message')) return false;
  const code = propertyTypes(document, members.get('code'));
  const message = propertyTypes(document, members.get('message'));
  return (
    (code.length === 0 || code.includes('integer') || code.includes('number')) &&
    (message.length === 0 || message.includes('string'))
  );
}

interface State {
  seen: Set<string>;
  /** Definitions reported as not Problem Details (or as the older object). */
  failed: Set<string>;
  problems: Problem[];
  /** Schemas (by pointer) that are also a 2xx body, with the operation that answers with one. */
  success: Map<string, string>;
}

/** True for `allOf: [{ $ref: ... }, ...]`: a composition that inherits from a named schema. */
function composesReference(value: Schema): boolean {
  return isArray(value.allOf) && value.allOf.some((part) => isRef(part));
}

function checkSchema(document: Document, schema: unknown, path: JsonPath, state: State, depth = 0): void {
  const { seen, failed, problems } = state;
  const effective = effectiveSchema(document, schema, path);
  const value = effective.value;
  // An external or broken reference: platform-openapi-valid's business.
  if (!isObject(value)) return;
  if (depth > MAX_SCHEMA_DEPTH) {
    noteLimit(document, effective.path, `an error schema's parts nested more than ${MAX_SCHEMA_DEPTH} deep`);
    return;
  }
  const key = encodePointer(effective.path);
  if (seen.has(key)) return;
  seen.add(key);
  const label = name(effective.path);
  // A composition of an error schema already reported (`allOf: [{ $ref: Failure }, { ... }]`) is fixed by fixing that schema.
  const allOf = value.allOf;
  if (
    composesReference(value) &&
    isArray(allOf) &&
    allOf.some((part) => isRef(part) && failed.has(encodePointer(effectiveSchema(document, part, []).path)))
  )
    return;
  const fail = (problem: Problem) => {
    problems.push(problem);
    failed.add(key);
  };

  // Alternatives (`oneOf: [Problem, ValidationProblem]`): each must be Problem Details.
  const alternatives = (['oneOf', 'anyOf'] as const).find((k) => {
    const branches = value[k];
    return isArray(branches) && branches.length > 1;
  });
  const branches = alternatives && value[alternatives];
  if (alternatives && isArray(branches) && value.properties === undefined && value.allOf === undefined) {
    branches.forEach((branch, i) =>
      checkSchema(document, branch, [...effective.path, alternatives, i], state, depth + 1),
    );
    return;
  }

  const members = collectProperties(document, value, effective.path);
  if (members.has('type')) {
    const flaws: string[] = [];
    const required = collectRequired(document, value, effective.path);
    const typeTypes = propertyTypes(document, members.get('type'));
    if (typeTypes.length > 0 && !typeTypes.includes('string'))
      flaws.push(
        `\`type\` is ${show(typeTypes.join(' or '))}; make it a string (a URI reference identifying the problem type)`,
      );
    if (!required.has('type')) flaws.push('`type` is not required; add it to `required`');
    for (const member of ['title', 'detail', 'instance']) {
      const types = propertyTypes(document, members.get(member));
      if (types.length > 0 && !types.includes('string'))
        flaws.push(`\`${member}\` is ${show(types.join(' or '))}; make it a string`);
    }
    const statusTypes = propertyTypes(document, members.get('status'));
    if (statusTypes.length > 0 && !statusTypes.includes('integer') && !statusTypes.includes('number'))
      flaws.push(`\`status\` is ${show(statusTypes.join(' or '))}; make it an integer (the HTTP status)`);
    if (flaws.length > 0)
      fail({ message: `${label} is not valid Problem Details (RFC 7807): ${flaws.join('; ')}.`, path: effective.path });
    return;
  }

  if (isOlderErrorObject(document, members)) {
    fail({
      message: `${label} is the older catalogue error object (\`code\`, \`message\`${members.has('errors') ? ', `errors`' : ''}); move to Problem Details (RFC 7807): ${PROBLEM_SHAPE}.`,
      path: effective.path,
      severity: 'warn',
    });
    return;
  }
  const inner = members.get('error');
  if (members.size === 1 && inner) {
    const innerSchema = effectiveSchema(document, inner.schema, inner.path);
    if (
      isObject(innerSchema.value) &&
      isOlderErrorObject(document, collectProperties(document, innerSchema.value, innerSchema.path))
    ) {
      fail({
        message: `${label} is the older catalogue error object wrapped in \`error\` (\`{ error: { code, message, errors } }\`); move to Problem Details (RFC 7807): ${PROBLEM_SHAPE}.`,
        path: effective.path,
        severity: 'warn',
      });
      return;
    }
  }

  const types = schemaTypes(value);
  const what =
    types.length > 0 && !types.includes('object')
      ? `is ${show(types.join(' or '))}, not an object`
      : members.size > 0
        ? `has no \`type\` member (it has ${[...members.keys()]
            .slice(0, 5)
            .map((m) => `\`${m}\``)
            .join(', ')}${members.size > 5 ? ', ...' : ''})`
        : 'declares no members';
  // A schema that is a success body too (issue 37): rewriting it as Problem Details would break the
  // success body, so the error responses need a schema of their own.
  const successOf = state.success.get(key);
  if (successOf !== undefined) {
    fail({
      message: `${label} describes an error body but is not Problem Details (RFC 7807): it ${what}; it is also the success body of ${successOf}, so leave it as it is and give the error responses a Problem Details schema of their own: ${PROBLEM_SHAPE}.`,
      path: effective.path,
    });
    return;
  }
  fail({
    message: `${label} describes an error body but is not Problem Details (RFC 7807): it ${what}; describe it with ${PROBLEM_SHAPE}.`,
    path: effective.path,
  });
}

/** Quotes a media type key, or says that it is none (generators leave keys such as a bare word). */
function showMediaType(key: string): string {
  return MEDIA_TYPE.test(key) ? show(key) : 'a key that is not a media type (`type/subtype`)';
}

export default defineRule({
  id: 'platform-problem-schema',
  severity: 'error',
  category: 'errors',
  source: { document: 'seed', section: 'Errors 2-3' },
  description:
    'The schema of an error response body is RFC 7807 Problem Details (the older catalogue error object is a warning).',
  check(document) {
    const success = new Map<string, string>();
    for (const info of mediaTypes(document)) {
      if (info.kind !== 'response' || info.media.schema === undefined) continue;
      if (!info.statuses.some((status) => statusClass(status) === '2')) continue;
      const key = encodePointer(effectiveSchema(document, info.media.schema, [...info.path, 'schema']).path);
      const op = info.operations[0];
      if (!success.has(key) && op) success.set(key, `\`${op.method.toUpperCase()} ${op.pathKey}\``);
    }
    const state: State = { seen: new Set(), failed: new Set(), problems: [], success };
    const compositions: Array<{ schema: unknown; path: JsonPath }> = [];
    for (const info of mediaTypes(document)) {
      if (info.kind !== 'response' || !info.statuses.some(isErrorStatus) || !mayBeJson(info.mediaType)) continue;
      // OPTIONS (CORS preflight, `Allow`) is HTTP plumbing answered by the server or gateway: every error-response rule skips it alike.
      if (info.operations.length > 0 && info.operations.every((op) => op.method === 'options')) continue;
      if (info.media.schema === undefined) {
        state.problems.push({
          message: `The error body ${showMediaType(info.mediaType)} (${info.statuses.filter(isErrorStatus).join(', ')}) has no schema; give it a Problem Details schema: ${PROBLEM_SHAPE}.`,
          path: info.path,
        });
        continue;
      }
      const path = [...info.path, 'schema'];
      const effective = effectiveSchema(document, info.media.schema, path).value;
      // Named error schemas first, so that compositions of them can defer to their findings.
      if (isObject(effective) && composesReference(effective)) compositions.push({ schema: info.media.schema, path });
      else checkSchema(document, info.media.schema, path, state);
    }
    for (const { schema, path } of compositions) checkSchema(document, schema, path, state);
    return state.problems;
  },
});
