/**
 * Shared by the reference-service tests: starting the service, getting tokens from its dev
 * issuer, calling it over real HTTP, and validating bodies against its own description.
 */
import { readFileSync } from 'node:fs';
import { openapiSchemaToJsonSchema } from '@openapi-contrib/openapi-schema-to-json-schema';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { referenceDescriptionPath } from '../../src/reference/description.js';
import type { RunningReferenceService } from '../../src/reference/service.js';
import type { Parsed } from '../values.js';

const addFormats = addFormatsModule.default;

export const EXAMPLE_USER = '0101302989';
export const EXAMPLE_FROM_USER = '1403552329';
/** In profiles.json, `isRestricted: true`, with an e-mail address and a phone number. */
export const RESTRICTED_USER = '0901011290';
/** Valid identifiers (right check digit) that no profile has. */
export const UNKNOWN_USER = '1203894599';
export const UNKNOWN_USER_2 = '2412694349';
/** Ten digits whose check digit is wrong (0101302989 has 8 there). */
export const BAD_CHECK_DIGIT = '0101302979';

export interface Answer {
  status: number;
  headers: Headers;
  contentType: string;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: Parsed;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function call(service: RunningReferenceService, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${service.baseUrl}${path}`, { headers, signal: options.signal });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    status: response.status,
    headers: response.headers,
    contentType: response.headers.get('content-type') ?? '',
    text,
    json,
  };
}

/** A client-credentials token from the service's dev issuer; `scope: null` asks for no scope at all. */
export async function getToken(
  service: RunningReferenceService,
  scope: string | null = service.scope,
): Promise<string> {
  const response = await requestToken(service, { scope });
  if (response.status !== 200)
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(response.body)}`);
  return (response.body as { access_token: string }).access_token;
}

export async function requestToken(
  service: RunningReferenceService,
  options: { scope?: string | null; clientId?: string; clientSecret?: string; grantType?: string; inBody?: boolean },
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!service.tokenUrl) throw new Error('the service has no token URL');
  const clientId = options.clientId ?? service.clientId!;
  const clientSecret = options.clientSecret ?? service.clientSecret!;
  const form = new URLSearchParams({ grant_type: options.grantType ?? 'client_credentials' });
  const scope = options.scope === undefined ? service.scope : options.scope;
  if (scope !== null) form.set('scope', scope);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (options.inBody) {
    form.set('client_id', clientId);
    form.set('client_secret', clientSecret);
  } else {
    headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
  }
  const response = await fetch(service.tokenUrl, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export function loadDescription(): Record<string, Parsed> {
  return parse(readFileSync(referenceDescriptionPath(), 'utf8')) as Record<string, Parsed>;
}

/** Validators for the description's component schemas, converted from OpenAPI 3.0 to JSON Schema. */
export function schemaValidators(document = loadDescription()): (name: string) => ValidateFunction {
  const schemas: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(document.components.schemas as Record<string, object>)) {
    const converted = openapiSchemaToJsonSchema(schema as never) as Record<string, unknown>;
    delete converted.$schema;
    schemas[name] = converted;
  }
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'urn:vottur:reference', components: { schemas } });
  const cache = new Map<string, ValidateFunction>();
  return (name) => {
    const cached = cache.get(name);
    if (cached) return cached;
    if (!(name in schemas)) throw new Error(`no component schema ${name}`);
    const validate = ajv.compile({ $ref: `urn:vottur:reference#/components/schemas/${name}` });
    cache.set(name, validate);
    return validate;
  };
}

/** Asserts-by-return: the ajv errors of a value against a component schema, `[]` when it fits. */
export function schemaErrors(validator: (name: string) => ValidateFunction, name: string, value: unknown): string[] {
  const validate = validator(name);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
}

export function isProblem(answer: Answer, status: number): boolean {
  return (
    answer.status === status &&
    answer.contentType.startsWith('application/problem+json') &&
    typeof answer.json === 'object' &&
    answer.json !== null &&
    typeof answer.json.type === 'string' &&
    answer.json.status === status
  );
}
