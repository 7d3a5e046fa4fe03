/**
 * An operation's inputs as the generated phases vary them — each parameter and the request body,
 * with its flattened schema (read as a request: `readOnly` properties left out) and the value the
 * examples (or `--data`) give — computed once per operation, and the values for them turned into
 * an HTTP request by the one request writer (../request.ts) the planned requests use too.
 */
import { isObject } from '../../../rulesets/lib/openapi/types.js';
import { dataFor, type ContractData } from '../data.js';
import type { ContractDescription, OperationModel, ParameterModel } from '../description.js';
import { validValue } from '../generate/cases.js';
import type { GeneratedInput } from '../generate/fuzz.js';
import { carriedBy, flattenSchema, nonEmpty, type FlatSchema } from '../generate/schema.js';
import type { HttpRequest } from '../http.js';
import { drawVerified, schemaVerifier, type Verifier } from '../generate/verify.js';
import { candidateValues } from '../generate/candidates.js';
import type { JsonPath } from '../../../rulesets/lib/rule.js';
import { positiveValues } from '../plan.js';
import { carriedAlphabet, lostInTransit, pickMediaType, writeRequest } from '../request.js';
import { requestUrl } from '../url.js';

export { headerValue } from '../request.js';

export interface Input extends GeneratedInput {
  parameter?: ParameterModel;
  /** For the body: the media type it is sent in. */
  mediaType?: string;
  /** The value the examples (or --data) give, else one made from the schema. */
  base: unknown;
  present: boolean;
  /** Where the input's schema is in the description (a contract-generation-limit finding points there). */
  schemaPath: JsonPath;
  /**
   * Why the generated `base` is no value ajv accepts (no draw of `MAX_REDRAWS` was): a request
   * carrying it is not sent as known valid. Undefined when it is accepted, or given by the examples.
   */
  baseRefused?: string;
}

/** `Accept`, `Content-Type` and `Authorization` header parameters are not inputs (OpenAPI ignores them). */
const IGNORED_HEADERS = ['accept', 'content-type', 'authorization'];

export function operationInputs(
  description: ContractDescription,
  op: OperationModel,
  data: ContractData | undefined,
): Input[] {
  const positive = positiveValues(description.data, op, dataFor(data, op)?.positive);
  const inputs: Input[] = [];
  for (const parameter of op.parameters) {
    if (parameter.in === 'header' && IGNORED_HEADERS.includes(parameter.name.toLowerCase())) continue;
    const { schema, schemaPath } = parameterSchema(description, parameter);
    const found = positive.values.has(parameter);
    inputs.push(
      verified(
        description,
        {
          key: `${parameter.in}:${parameter.name}`,
          required: parameter.required,
          schema,
          schemaPath,
          parameter,
          base: found ? positive.values.get(parameter) : validValue(schema),
          present: found || parameter.required,
        },
        !found,
      ),
    );
  }
  const body = op.requestBody;
  if (body && isObject(body.body.content)) {
    const content = body.body.content;
    const mediaType = positive.body?.mediaType ?? pickMediaType(Object.keys(content));
    if (mediaType !== undefined) {
      const media: unknown = content[mediaType];
      const schema = flattenSchema(description.data, (isObject(media) ? media.schema : undefined) ?? {});
      inputs.push(
        verified(
          description,
          {
            key: 'body',
            required: body.required,
            schema,
            schemaPath: [...body.path, 'content', mediaType, 'schema'],
            mediaType,
            base: positive.body ? positive.body.value : validValue(schema),
            present: true,
          },
          !positive.body,
        ),
      );
    }
  }
  return inputs;
}

/**
 * A parameter's schema (of its `content` media type when it has one instead). An empty value is
 * refused where OpenAPI refuses it: a query parameter without `allowEmptyValue`, a path segment.
 */
function parameterSchema(
  description: ContractDescription,
  parameter: ParameterModel,
): { schema: FlatSchema; schemaPath: JsonPath } {
  let schema: unknown = parameter.schema;
  let schemaPath: JsonPath = [...parameter.path, 'schema'];
  const content = parameter.parameter.content;
  if (schema === undefined && isObject(content)) {
    const [mediaType, media] = Object.entries(content)[0] ?? [];
    schema = isObject(media) ? media.schema : undefined;
    if (mediaType !== undefined) schemaPath = [...parameter.path, 'content', mediaType, 'schema'];
  }
  const flat = flattenSchema(description.data, schema ?? {}, parameter.name);
  const emptyAllowed = parameter.in === 'query' && parameter.parameter.allowEmptyValue === true;
  const alphabet = carriedAlphabet(parameter);
  const carried = alphabet === undefined ? flat : carriedBy(flat, alphabet);
  return {
    schema: (parameter.in === 'query' || parameter.in === 'path') && !emptyAllowed ? nonEmpty(carried) : carried,
    schemaPath,
  };
}

/** The seed of the draws that replace a generated base value ajv refuses: the same description, the same values. */
const BASE_SEED = 34;

/**
 * The input with its verifier (ajv, verify.ts) of the value as the server receives it (a value HTTP
 * changes on the way, request.ts `lostInTransit`, is none the schema accepts), the other candidates
 * it accepts (candidates.ts), and its generated base value checked by it: a value ajv refuses is
 * drawn again, then replaced by a candidate; when none passes, `baseRefused` says why. A base the
 * examples (or --data) give is theirs, as the examples phase sends it.
 */
function verified(description: ContractDescription, input: Input, generatedBase: boolean): Input {
  const ajv = schemaVerifier(description.data, input.schemaPath, input.schema);
  if (ajv === undefined) return input;
  const { parameter } = input;
  const lost = parameter === undefined ? undefined : (value: unknown) => lostInTransit(parameter, value);
  const verify: Verifier = lost === undefined ? ajv : (value) => lost(value) ?? ajv(value);
  const known = candidateValues(description.data, input.schemaPath, input.schema)
    .filter((value) => verify(value) === true)
    .slice(0, MAX_KNOWN);
  const out: Input = { ...input, verify, known, ...(lost ? { lost } : {}) };
  if (!generatedBase) return out;
  const verdict = verify(input.base);
  if (verdict === true) return out;
  const drawn = drawVerified(input.schema, verify, BASE_SEED, known);
  if ('value' in drawn) return { ...out, base: drawn.value };
  return { ...out, baseRefused: drawn.why };
}

/** Verified candidates kept per input (what the fuzz phase's draws fall back on). */
const MAX_KNOWN = 8;

/** The values of the request built from the examples: every input that is sent there. */
export function baseValues(inputs: readonly Input[]): Record<string, unknown> {
  return Object.fromEntries(inputs.filter((input) => input.present).map((input) => [input.key, input.base]));
}

/**
 * The request for these values of the operation's inputs (an input without a value is left out),
 * written by the one request writer (../request.ts), with the credentials' headers.
 */
export function buildRequest(
  server: URL,
  op: OperationModel,
  inputs: readonly Input[],
  values: Record<string, unknown>,
  credentials: Record<string, string>,
): HttpRequest {
  const parameters: Array<[ParameterModel, unknown]> = [];
  let body: { mediaType: string; value: unknown } | undefined;
  for (const input of inputs) {
    if (!Object.prototype.hasOwnProperty.call(values, input.key)) continue;
    if (input.parameter) parameters.push([input.parameter, values[input.key]]);
    else body = { mediaType: input.mediaType ?? 'application/json', value: values[input.key] };
  }
  const written = writeRequest(op, parameters, body);
  return {
    method: written.method,
    url: requestUrl(server, written.pathname, written.query),
    headers: { ...written.headers, ...credentials },
    ...(written.body !== undefined ? { body: written.body } : {}),
  };
}
