/**
 * An operation's inputs as the generated phases vary them — each parameter and the JSON body,
 * with its flattened schema and the value the examples (or `--data`) give — computed once per
 * operation, and the request builder that turns values for them into an HTTP request.
 */
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { dataFor, dataValue, REQUEST_BODY_KEY, type ContractData } from '../data.js';
import type { ContractDescription, OperationModel, ParameterModel } from '../description.js';
import { validValue } from '../generate/cases.js';
import type { GeneratedInput } from '../generate/fuzz.js';
import { flattenSchema } from '../generate/schema.js';
import type { HttpRequest } from '../http.js';
import { requestUrl } from '../url.js';

export interface Input extends GeneratedInput {
  parameter?: ParameterModel;
  /** The value the examples (or --data) give, else one made from the schema. */
  base: unknown;
  present: boolean;
}

/** `Accept`, `Content-Type` and `Authorization` header parameters are not inputs (OpenAPI ignores them). */
const IGNORED_HEADERS = ['accept', 'content-type', 'authorization'];

export function operationInputs(
  description: ContractDescription,
  op: OperationModel,
  data: ContractData | undefined,
): Input[] {
  const given = dataFor(data, op)?.positive;
  const inputs: Input[] = [];
  for (const parameter of op.parameters) {
    if (parameter.in === 'header' && IGNORED_HEADERS.includes(parameter.name.toLowerCase())) continue;
    if (parameter.in === 'cookie') continue;
    const schema = flattenSchema(description.data, parameter.schema ?? {}, parameter.name);
    const supplied = dataValue(given, parameter);
    const example = parameter.parameter.example;
    const present = supplied.found || example !== undefined || parameter.required;
    const base = supplied.found ? supplied.value : example !== undefined ? example : validValue(schema);
    inputs.push({
      key: `${parameter.in}:${parameter.name}`,
      required: parameter.required,
      schema,
      parameter,
      base,
      present,
    });
  }
  const body = op.requestBody;
  if (body && isObject(body.body.content)) {
    const content = body.body.content;
    const mediaType = Object.keys(content).find((type) => /json/i.test(type));
    if (mediaType !== undefined) {
      const media: unknown = content[mediaType];
      const field = (key: string): unknown => (isObject(media) ? media[key] : undefined);
      const schema = flattenSchema(description.data, field('schema') ?? {});
      const supplied =
        given && Object.prototype.hasOwnProperty.call(given, REQUEST_BODY_KEY) ? given[REQUEST_BODY_KEY] : undefined;
      inputs.push({
        key: 'body',
        required: body.required,
        schema,
        base: supplied ?? field('example') ?? validValue(schema),
        present: true,
      });
    }
  }
  return inputs;
}

/** The values of the request built from the examples: every input that is sent there. */
export function baseValues(inputs: readonly Input[]): Record<string, unknown> {
  return Object.fromEntries(inputs.filter((input) => input.present).map((input) => [input.key, input.base]));
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * A header value HTTP can carry (RFC 9110: visible ASCII, spaces and tabs inside): anything else —
 * non-ASCII letters, control characters — percent-encoded, as the platform's `X-Param-*` headers
 * carry identifiers.
 */
export function headerValue(value: unknown): string {
  const text = Array.isArray(value) ? value.map(scalar).join(',') : scalar(value);
  return text
    .replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c))
    .replace(/%20/g, ' ')
    .trim();
}

/**
 * The request for these values of the operation's inputs (an input without a value is left out):
 * path parameters percent-encoded in the path, query parameters form-encoded (arrays exploded),
 * header parameters as `headerValue` writes them, the body as JSON; `Accept` lists the documented
 * media types.
 */
export function buildRequest(
  server: URL,
  op: OperationModel,
  inputs: readonly Input[],
  values: Record<string, unknown>,
  credentials: Record<string, string>,
): HttpRequest {
  let pathname = op.pathKey;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...credentials };
  let body: string | undefined;
  for (const input of inputs) {
    if (!Object.prototype.hasOwnProperty.call(values, input.key)) continue;
    const value = values[input.key];
    const parameter = input.parameter;
    if (!parameter) {
      body = JSON.stringify(value);
      continue;
    }
    switch (parameter.in) {
      case 'path':
        pathname = pathname
          .split(`{${parameter.name}}`)
          .join(encodeURIComponent(Array.isArray(value) ? value.map(scalar).join(',') : scalar(value)));
        break;
      case 'query':
        if (Array.isArray(value)) for (const item of value) query.append(parameter.name, scalar(item));
        else query.append(parameter.name, scalar(value));
        break;
      case 'header':
        headers[parameter.name] = headerValue(value);
        break;
      case 'cookie':
        // Never an input: cookie parameters are left out when the inputs are made.
        break;
    }
  }
  const accept = [...new Set(op.responses.flatMap((r) => Object.keys(r.content)))];
  if (accept.length) headers.Accept = accept.join(', ');
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return {
    method: op.method,
    url: requestUrl(server, pathname, query.toString()),
    headers,
    ...(body !== undefined ? { body } : {}),
  };
}
