/**
 * The planned requests: for every operation, the values of the request built from the
 * description's examples (or `--data` values), then each probe of `probes/` in turn — the request
 * from the examples, an identifier that does not exist, a malformed one, no credentials, a token
 * without the scope — plans its requests from them. This module finds the values, the identifiers
 * and how a request is written (parameter styles, body, `Accept`); what each probe sends is in its
 * own file.
 *
 * A value that cannot be derived is never guessed silently: it becomes a
 * `contract-missing-example` finding, and the requests that needed it are not sent.
 */
import { allOfLayers } from '../../rulesets/lib/openapi/flatten.js';
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { isObject } from '../../rulesets/lib/openapi/types.js';
import type { JsonPath, OpenApiDocument } from '../../rulesets/lib/rule.js';
import type { Finding } from '../report/finding.js';
import { hasValidCheckDigit, isNationalIdParameter, placeholderForHeader } from './conventions.js';
import { dataFor, dataKey, dataValue, REQUEST_BODY_KEY, type ContractData, type DataValues } from './data.js';
import type { ContractDescription, OperationModel, ParameterModel } from './description.js';
import { contractFinding } from './finding.js';
import { methodAllowed } from './http.js';
import { flattenSchema, withoutOmitted } from './generate/schema.js';
import { lostInTransit, pickMediaType, writeRequest } from './request.js';
import { schemaVerifier } from './generate/verify.js';
import { candidateValues } from './generate/candidates.js';
import { PROBES, type PlannedRequest, type ProbeKind } from './probes/index.js';
import type { IdentifierParameter, Probe, RequestCredentials, ReplacedIdentifier, Values } from './probes/probe.js';

export type { PlannedRequest, ProbeKind } from './probes/index.js';

export interface Plan {
  requests: PlannedRequest[];
  findings: Finding[];
}

export interface PlanOptions {
  data?: ContractData;
  /** --allow-unsafe-methods: without it nothing is sent for a POST, PUT, PATCH or DELETE. */
  allowUnsafeMethods?: boolean;
}

export function planRequests(description: ContractDescription, options: PlanOptions = {}): Plan {
  const requests: PlannedRequest[] = [];
  const findings: Finding[] = [];
  const knownIdentifiers = knownIdentifierValues(description.data, options.data);
  for (const op of description.operations) {
    const opData = dataFor(options.data, op);
    const positive = positiveValues(description.data, op, opData?.positive);
    // The severity says what was left untested (issue 34, N4): a value ajv accepts was still
    // found for the input (a candidate composed past the depth) — only the schema examples below
    // the depth are not read, a warning; else the input's value is cut short or not made, an error.
    for (const { path, found } of positive.limited)
      findings.push(
        contractFinding('contract-generation-limit', description.displayPath, {
          op,
          path,
          message: found
            ? `an input of ${op.label}: its schema nests deeper than ${MAX_EXAMPLE_DEPTH} levels, the depth the examples phase composes a value from schema examples: a value its schema accepts was made without the examples below`
            : `an input of ${op.label}: its schema nests deeper than ${MAX_EXAMPLE_DEPTH} levels, the depth the examples phase composes a value from schema examples: the value is cut short or not made`,
          ...(found ? { severity: 'warn' as const } : {}),
        }),
      );
    for (const missing of positive.missing) {
      findings.push(
        contractFinding('contract-missing-example', description.displayPath, {
          op,
          path: missing.path,
          message: methodAllowed(op.method, options.allowUnsafeMethods)
            ? `${op.label}: no value for the ${missing.what}, so the examples phase sends none of its planned requests (the probes, Dredd's replay; the generated phases make values from the schema); add an example to the description, or give one in --data under ${dataKey(op)}.positive.${missing.key}`
            : `${op.label}: no value for the ${missing.what}; nothing is sent for it in this run (${op.method} is not sent without --allow-unsafe-methods), and with it the examples phase would send none of its planned requests; add an example to the description, or give one in --data under ${dataKey(op)}.positive.${missing.key}`,
        }),
      );
    }
    if (positive.missing.length > 0) continue;
    const identifiers = identifierParameters(op, positive.values);
    for (const probe of PROBES) {
      const planned = probe.plan<PlannedRequest>({
        description,
        op,
        ...(opData ? { data: opData } : {}),
        values: positive.values,
        identifiers,
        knownIdentifiers,
        request: (values, credentials, identifier) =>
          buildRequest(op, probe, values, positive.body, credentials, identifier),
        missing: (path, message) =>
          contractFinding('contract-missing-example', description.displayPath, { op, path, message }),
      });
      requests.push(...planned.requests.map((request) => ({ ...request, built: positive.built })));
      findings.push(...(planned.findings ?? []));
    }
  }
  return { requests, findings };
}

// ---------------------------------------------------------------------------------------------
// Values

interface Missing {
  what: string;
  key: string;
  path: JsonPath;
}

export interface PositiveValues {
  values: Values;
  body?: { mediaType: string; value: unknown };
  missing: Missing[];
  /** Where a value composed from schema examples was cut short (or not made) at MAX_EXAMPLE_DEPTH. */
  /** Inputs whose schema lay deeper than MAX_EXAMPLE_DEPTH, and whether a value ajv accepts was found for them still. */
  limited: Array<{ path: JsonPath; found: boolean }>;
  /** Where the values came from, in words (`the description's examples`, `--data`, what was derived). */
  built: string;
}

/** The sources of a request's values, in words: "built from …" says exactly these. */
function builtFrom(example: number, supplied: number, derived: readonly string[]): string {
  const parts = [
    ...(example > 0 || (supplied === 0 && derived.length === 0) ? ["the description's examples"] : []),
    ...(supplied > 0 ? ['--data values'] : []),
    ...(derived.length > 0 ? [`values derived from the schema for the ${derived.join(', ')} (no example given)`] : []),
  ];
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : (parts[0] ?? '');
}

export function positiveValues(
  document: OpenApiDocument,
  op: OperationModel,
  given: DataValues | undefined,
): PositiveValues {
  const values = new Map<ParameterModel, unknown>();
  const missing: Missing[] = [];
  const limited: PositiveValues['limited'] = [];
  const derived: string[] = [];
  let fromExamples = 0;
  let fromData = 0;
  for (const parameter of op.parameters) {
    if (isIgnoredHeader(parameter)) continue;
    const supplied = dataValue(given, parameter);
    if (supplied.found) {
      values.set(parameter, supplied.value);
      fromData++;
      continue;
    }
    const example = parameterExample(document, parameter);
    if (example.limited) limited.push({ path: parameter.path, found: example.found });
    if (example.found) {
      values.set(parameter, example.value);
      if (example.derived) derived.push(`${parameter.in} parameter ${parameter.name}`);
      else fromExamples++;
      continue;
    }
    if (parameter.required)
      missing.push({ what: `${parameter.in} parameter ${parameter.name}`, key: parameter.name, path: parameter.path });
  }
  let body: PositiveValues['body'];
  if (op.requestBody) {
    const content = isObject(op.requestBody.body.content) ? op.requestBody.body.content : {};
    const mediaType = pickMediaType(Object.keys(content));
    if (given && Object.prototype.hasOwnProperty.call(given, REQUEST_BODY_KEY)) {
      body = { mediaType: mediaType ?? 'application/json', value: given[REQUEST_BODY_KEY] };
      fromData++;
    } else if (mediaType) {
      const media = content[mediaType];
      const mediaPath = [...op.requestBody.path, 'content', mediaType];
      const example = mediaExample(document, media, mediaPath);
      if (example.limited) limited.push({ path: mediaPath, found: example.found });
      if (example.found) {
        body = { mediaType, value: requestValue(document, media, example.value) };
        if (example.derived) derived.push('request body');
        else fromExamples++;
      } else if (op.requestBody.required)
        missing.push({ what: `request body (${mediaType})`, key: REQUEST_BODY_KEY, path: mediaPath });
    } else if (op.requestBody.required) {
      missing.push({
        what: 'request body (no media type is documented)',
        key: REQUEST_BODY_KEY,
        path: op.requestBody.path,
      });
    }
  }
  return { values, ...(body ? { body } : {}), missing, limited, built: builtFrom(fromExamples, fromData, derived) };
}

/** A body example as it is sent: its `readOnly` members (an `id` the server assigns) left out. */
function requestValue(document: OpenApiDocument, media: unknown, value: unknown): unknown {
  return isObject(media) ? withoutOmitted(value, flattenSchema(document, media.schema ?? {})) : value;
}

/** `Accept`, `Content-Type` and `Authorization` header parameters are ignored (OpenAPI says so). */
function isIgnoredHeader(parameter: ParameterModel): boolean {
  return (
    parameter.in === 'header' && ['accept', 'content-type', 'authorization'].includes(parameter.name.toLowerCase())
  );
}

interface Found {
  found: boolean;
  value?: unknown;
  /** True when (part of) the value is no example: a `const`, `default` or `enum` value, a candidate, an object with no example. */
  derived?: boolean;
  /** True when a schema lay deeper than MAX_EXAMPLE_DEPTH: the value is cut short, or was not made for that. */
  limited?: boolean;
}

const NOT_FOUND: Found = { found: false };
const LIMITED: Found = { found: false, limited: true };

/** How deep (`items`, `properties`, one-branch `allOf`/`oneOf`/`anyOf`) a request value is composed from schema examples. */
export const MAX_EXAMPLE_DEPTH = 12;

/** The value of an OpenAPI `examples` map's first entry that has one (`$ref`s followed). */
function firstExampleValue(document: OpenApiDocument, examples: unknown, path: JsonPath): Found {
  if (!isObject(examples)) return NOT_FOUND;
  for (const key of Object.keys(examples)) {
    const example = resolve(document, examples[key], [...path, key]).value;
    if (isObject(example) && example.value !== undefined) return { found: true, value: example.value };
  }
  return NOT_FOUND;
}

function parameterExample(document: OpenApiDocument, parameter: ParameterModel): Found {
  const p = parameter.parameter;
  if (p.example !== undefined) return { found: true, value: p.example };
  const fromExamples = firstExampleValue(document, p.examples, [...parameter.path, 'examples']);
  if (fromExamples.found) return fromExamples;
  if (isObject(p.content)) {
    for (const mediaType of Object.keys(p.content)) {
      const found = mediaExample(document, p.content[mediaType], [...parameter.path, 'content', mediaType]);
      if (found.found)
        return {
          ...found,
          value: typeof found.value === 'string' ? found.value : JSON.stringify(found.value),
        };
    }
  }
  const path = [...parameter.path, 'schema'];
  return checkedDerived(document, schemaExample(document, p.schema, path, false), path, p.schema, parameter);
}

function mediaExample(document: OpenApiDocument, media: unknown, path: JsonPath): Found {
  if (!isObject(media)) return NOT_FOUND;
  if (media.example !== undefined) return { found: true, value: media.example };
  const fromExamples = firstExampleValue(document, media.examples, [...path, 'examples']);
  if (fromExamples.found) return fromExamples;
  return checkedDerived(
    document,
    schemaExample(document, media.schema, [...path, 'schema'], true),
    [...path, 'schema'],
    media.schema,
  );
}

/**
 * A value built from the schema (no example was given) as ajv judges it (issue 34, attack B1): the
 * schema's first enum value or its properties' examples may break its `not`, `if`/`then` or
 * `oneOf`. A value ajv refuses (or that HTTP would change on the way, request.ts `lostInTransit`)
 * is replaced by the first candidate (generate/candidates.ts) ajv accepts; without one, no value is
 * derived, and the plan says so (contract-missing-example) as for any value it cannot derive.
 */
function checkedDerived(
  document: OpenApiDocument,
  found: Found,
  path: JsonPath,
  schema: unknown,
  parameter?: ParameterModel,
): Found {
  // Not made for the depth: a candidate (one composed past it, candidates.ts) may still be.
  if (!found.found && !found.limited) return found;
  const flat = flattenSchema(document, schema ?? {}, parameter?.name);
  const ajv = schemaVerifier(document, path, flat);
  if (ajv === undefined) return found;
  const verify = (value: unknown) =>
    (parameter === undefined ? undefined : lostInTransit(parameter, value)) === undefined && ajv(value) === true;
  if (found.found && verify(found.value)) return found;
  const replacement = candidateValues(document, path, flat).find(verify);
  if (replacement !== undefined)
    return { found: true, value: replacement, derived: true, ...(found.limited ? { limited: true } : {}) };
  return found.limited ? LIMITED : NOT_FOUND;
}

/**
 * A value the schema itself gives: `example`, the first of `examples`, `const`, `default`, the
 * first `enum` value; for bodies (`compose`) also an object built from its properties' examples.
 */
function schemaExample(document: OpenApiDocument, schema: unknown, path: JsonPath, compose: boolean, depth = 0): Found {
  const resolved = resolve(document, schema, path);
  const s = resolved.value;
  if (!isObject(s)) return NOT_FOUND;
  if (depth > MAX_EXAMPLE_DEPTH) return LIMITED;
  if (s.example !== undefined) return { found: true, value: s.example };
  if (Array.isArray(s.examples) && s.examples.length > 0) return { found: true, value: s.examples[0] };
  if (s.const !== undefined) return { found: true, value: s.const, derived: true };
  if (s.default !== undefined) return { found: true, value: s.default, derived: true };
  if (Array.isArray(s.enum) && s.enum.length > 0) return { found: true, value: s.enum[0], derived: true };
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (Array.isArray(s[key]) && s[key].length === 1)
      return schemaExample(document, s[key][0], [...resolved.path, key, 0], compose, depth + 1);
  }
  if (!compose) return NOT_FOUND;
  if (isObject(s.properties) || Array.isArray(s.allOf)) {
    const out: Record<string, unknown> = {};
    const limitedNames = new Set<string>();
    let derived = false;
    // Names as `in` reads them (a property key is a string).
    const required = new Set<string>(Array.isArray(s.required) ? s.required.map(String) : []);
    // A read-only property is never sent, and `required` on it applies to answers only.
    const readOnly = new Set<string>();
    // The schema and its `allOf` parts, as the shared allOf walk gives them (rulesets/lib/openapi/flatten.ts).
    for (const part of allOfLayers(document, s, resolved.path)) {
      if (Array.isArray(part.schema.required)) for (const name of part.schema.required) required.add(String(name));
      if (!isObject(part.schema.properties)) continue;
      for (const [name, propertySchema] of Object.entries(part.schema.properties)) {
        const propertyPath = [...part.path, 'properties', name];
        if (allOfLayers(document, propertySchema, propertyPath).some((layer) => layer.schema.readOnly === true)) {
          readOnly.add(name);
          continue;
        }
        const found = schemaExample(document, propertySchema, propertyPath, true, depth + 1);
        if (found.found) out[name] = found.value;
        if (found.found && found.derived) derived = true;
        if (found.limited) limitedNames.add(name);
      }
    }
    // An optional property cut short is left out (a recursive `next` stops there, validly): only a
    // required one makes the value limited.
    for (const name of limitedNames) if (!required.has(name)) delete out[name];
    const limited = [...limitedNames].some((name) => required.has(name));
    for (const name of required) if (!(name in out) && !readOnly.has(name)) return limited ? LIMITED : NOT_FOUND;
    // Made of no example at all (no property has one): derived, as a value of its own.
    if (Object.keys(out).length === 0) derived = true;
    return { found: true, value: out, ...(limited ? { limited } : {}), ...(derived ? { derived } : {}) };
  }
  if (s.type === 'array' && s.items !== undefined) {
    const item = schemaExample(document, s.items, [...resolved.path, 'items'], true, depth + 1);
    if (!item.found) return item.limited ? LIMITED : NOT_FOUND;
    return {
      found: true,
      value: [item.value],
      ...(item.limited ? { limited: true } : {}),
      ...(item.derived ? { derived: true } : {}),
    };
  }
  return NOT_FOUND;
}

/** Every ten-digit string in the description and the data: an identifier that must not exist differs from them all. */
function knownIdentifierValues(document: OpenApiDocument, data: ContractData | undefined): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown, depth: number) => {
    if (depth > 64) return;
    if (typeof node === 'string') {
      if (/^\d{6}-?\d{4}$/.test(node)) found.add(node.replace('-', ''));
    } else if (Array.isArray(node)) node.forEach((item) => walk(item, depth + 1));
    else if (isObject(node)) for (const value of Object.values(node)) walk(value, depth + 1);
  };
  walk(document, 0);
  walk(data, 0);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Identifiers

/**
 * The parameters that identify something: path parameters, `X-Param-*` headers (the platform's
 * form for a sensitive path identifier), and national identifiers in the query or headers.
 * Resource identifiers come in the order they appear in the path.
 */
function identifierParameters(op: OperationModel, values: Values): IdentifierParameter[] {
  const result: Array<IdentifierParameter & { order: number }> = [];
  for (const parameter of op.parameters) {
    const placeholder = parameter.in === 'header' ? placeholderForHeader(parameter.name) : undefined;
    const resource = parameter.in === 'path' || placeholder !== undefined;
    const value = values.get(parameter);
    const nationalId =
      isNationalIdParameter(parameter.name) ||
      (typeof value === 'string' && hasValidCheckDigit(value) && parameter.schema?.format === undefined);
    if (!resource && !(nationalId && (parameter.in === 'query' || parameter.in === 'header'))) continue;
    const schema = parameter.schema ?? {};
    const type: unknown = Array.isArray(schema.type) ? schema.type.find((t: unknown) => t !== 'null') : schema.type;
    const kind: IdentifierParameter['kind'] = nationalId
      ? 'nationalId'
      : schema.format === 'uuid'
        ? 'uuid'
        : type === 'integer'
          ? 'integer'
          : 'string';
    const key = parameter.in === 'path' ? `{${parameter.name}}` : placeholder;
    const position = key ? op.pathKey.toLowerCase().indexOf(key.toLowerCase()) : -1;
    result.push({ parameter, kind, resource, order: position === -1 ? Number.MAX_SAFE_INTEGER : position });
  }
  return result.sort((a, b) => a.order - b.order).map(({ order: _order, ...rest }) => rest);
}

// ---------------------------------------------------------------------------------------------
// Building requests

function buildRequest(
  op: OperationModel,
  probe: Probe<ProbeKind>,
  values: Values,
  body: PositiveValues['body'],
  credentials: RequestCredentials,
  identifier?: ReplacedIdentifier,
): PlannedRequest {
  const written = writeRequest(op, values, body);
  return {
    kind: probe.id,
    op,
    ...written,
    credentials,
    ...(identifier ? { identifier } : {}),
    expectation: probe.expectation,
  };
}
