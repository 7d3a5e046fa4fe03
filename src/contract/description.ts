/**
 * The description as the contract tests see it: loaded and bundled by the linter's loader (so a
 * description reads the same in `vottur lint` and `vottur test`), checked to be OpenAPI 3.0 or
 * 3.1 — a Swagger 2.0 description is converted as `vottur lint` converts it (src/lint/swagger.ts),
 * its findings placed on the original's lines — and broken down into operations with their
 * parameters, responses and security.
 */
import { shownPath } from '../report/source.js';
import { CouldNotRunError } from '../errors.js';
import { isRemote, loadDescription, STDIN, type LoadedDescription, type LoadOptions } from '../lint/load.js';
import { memberPosition, type Position } from '../lint/member-position.js';
import { convertedSwagger, isSwagger2 } from '../lint/swagger.js';
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { HTTP_METHODS, isObject } from '../../rulesets/lib/openapi/types.js';
import {
  effectiveSecurity,
  operationParameters,
  operations as listOperations,
  requiresSecurity,
  type OperationInfo,
} from '../../rulesets/lib/openapi/views.js';
import type { JsonPath, OpenApiDocument } from '../../rulesets/lib/rule.js';
import { operationSecurity, type SecurityAlternatives } from './security.js';
import { cwdOf } from '../runtime/process-defaults.js';

/**
 * An object of the description as it was parsed: its members are whatever the YAML or JSON held,
 * so each is checked where it is read.
 */
export type DescriptionObject = Record<string, unknown>;

const PARAMETER_LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
export type ParameterLocation = (typeof PARAMETER_LOCATIONS)[number];

function isParameterLocation(value: unknown): value is ParameterLocation {
  return PARAMETER_LOCATIONS.some((location) => location === value);
}

export interface ParameterModel {
  name: string;
  in: ParameterLocation;
  required: boolean;
  parameter: DescriptionObject;
  /** The parameter's schema, `$ref`s followed (undefined when it has none). */
  schema?: DescriptionObject;
  /** Where the parameter is defined in the description. */
  path: JsonPath;
}

export interface ResponseModel {
  /** The status key as written: `200`, `4XX`, `default`. */
  status: string;
  response: DescriptionObject;
  /** Where the response is defined. */
  path: JsonPath;
  /** Media type key → its object, e.g. `application/json` → `{ schema }`. */
  content: Record<string, DescriptionObject>;
}

export interface OperationModel {
  info: OperationInfo;
  method: string;
  pathKey: string;
  /** `GET /v2/users/{nationalId}` */
  label: string;
  operationId?: string;
  /** Where the operation is in the description. */
  path: JsonPath;
  parameters: ParameterModel[];
  requestBody?: { body: DescriptionObject; path: JsonPath; required: boolean };
  responses: ResponseModel[];
  /** True when every security requirement of the operation needs credentials. */
  secured: boolean;
  /** OAuth2 / OpenID Connect scopes the operation's requirements name. */
  scopes: string[];
  /** Its security requirements: alternatives, each a combination of schemes (security.ts). */
  security: SecurityAlternatives;
}

export interface ContractDescription {
  /** As shown in reports: relative to the working directory when inside it, else absolute (see shownPath). */
  displayPath: string;
  absolutePath: string;
  data: OpenApiDocument;
  openapi: '3.0' | '3.1';
  title?: string;
  version?: string;
  operations: OperationModel[];
  /**
   * Where a path starts in the description's own file, as written (the key it names): undefined
   * when that file has nothing there (a node that came from another file through a `$ref`) or the
   * description is a URL or standard input. Only the nodes on the path are visited.
   */
  positionOf(path: JsonPath): Position | undefined;
}

export async function loadContractDescription(
  file: string,
  options: { cwd?: string; allowRemoteRefs?: boolean; loaded?: LoadedDescription; stdin?: LoadOptions['stdin'] } = {},
): Promise<ContractDescription> {
  const cwd = cwdOf(options);
  const loaded =
    options.loaded ??
    (await loadDescription(file, {
      cwd,
      allowRemoteRefs: options.allowRemoteRefs,
      ...(options.stdin ? { stdin: options.stdin } : {}),
    }));
  // Reports point into a local file only: a URL or standard input has no lines to show.
  const root = file === STDIN || isRemote(loaded.rootUri) ? undefined : loaded.files.get(loaded.rootUri);
  const displayPath = /^https?:/.test(loaded.rootUri) ? loaded.rootUri : shownPath(cwd, loaded.rootUri);
  // The loader refuses a document whose top level is not an object; this says so to the compiler.
  const original: OpenApiDocument = isObject(loaded.data) ? loaded.data : {};
  const swagger = isSwagger2(original)
    ? await convertedSwagger(parameterListsResolved(original, displayPath))
    : undefined;
  if (swagger instanceof Error)
    throw new CouldNotRunError(
      `${displayPath} is Swagger 2.0 and could not be converted to OpenAPI 3.0 (${swagger.message}); fix what \`vottur lint\` reports on it, or convert it yourself`,
    );
  // A parameters list that is not a list would be dropped in silence: resolved, or said.
  const data: OpenApiDocument = parameterListsResolved(swagger ? swagger.data : original, displayPath);
  const version = typeof data.openapi === 'string' ? data.openapi : undefined;
  if (!version || !/^3\.[01](\.|$)/.test(version)) {
    const found = version
      ? `openapi: ${version}`
      : typeof data.swagger === 'string'
        ? `swagger: ${data.swagger}`
        : 'no openapi field';
    throw new CouldNotRunError(
      `${displayPath} is not an OpenAPI 3.0 or 3.1 (or Swagger 2.0) description (${found}); vottur test needs one`,
    );
  }
  if (!isObject(data.paths))
    throw new CouldNotRunError(`${displayPath} has no paths object, so there is nothing to test`);
  const operations = listOperations(data).map((op) => operationModel(data, op));
  if (operations.length === 0)
    throw new CouldNotRunError(`${displayPath} describes no operations under paths, so there is nothing to test`);
  return {
    displayPath,
    absolutePath: loaded.rootUri,
    data,
    openapi: version.startsWith('3.1') ? '3.1' : '3.0',
    ...(isObject(data.info) && typeof data.info.title === 'string' ? { title: data.info.title } : {}),
    ...(isObject(data.info) && typeof data.info.version === 'string' ? { version: data.info.version } : {}),
    operations,
    // A converted node is placed where its cause is written in the original Swagger 2.0.
    positionOf: (path) => (root ? memberPosition(root, swagger ? swagger.originOf(path).path : path) : undefined),
  };
}

/**
 * The `parameters` of each path item and operation as lists: a `$ref` to a list (Swagger 2.0
 * descriptions write `parameters: {$ref: '#/definitions/filters'}`, which swagger-parser and
 * servers accept) is replaced by that list, in a copy; the converter would drop it, and with it
 * every parameter. Anything else that is not a list stops the run in one line.
 */
function parameterListsResolved(document: OpenApiDocument, displayPath: string): OpenApiDocument {
  if (!isObject(document.paths)) return document;
  let copy: OpenApiDocument | undefined;
  for (const [pathKey, item] of Object.entries(document.paths)) {
    if (!isObject(item)) continue;
    const owners: Array<[string | undefined, Record<string, unknown>]> = [[undefined, item]];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (isObject(op)) owners.push([method, op]);
    }
    for (const [method, owner] of owners) {
      const list = owner.parameters;
      if (list === undefined || Array.isArray(list)) continue;
      const target = isObject(list) && typeof list.$ref === 'string' ? resolve(document, list, []).value : undefined;
      const label = method === undefined ? `path ${pathKey}` : `${method.toUpperCase()} ${pathKey}`;
      if (!Array.isArray(target))
        throw new CouldNotRunError(
          `${displayPath}: the parameters of ${label} are not a list${isObject(list) && typeof list.$ref === 'string' ? ` (${list.$ref} is not one)` : ''}, so they cannot be read; write them as a list`,
        );
      copy ??= structuredClone(document);
      const copiedItem = (copy.paths as Record<string, Record<string, unknown>>)[pathKey];
      const copiedOwner = method === undefined ? copiedItem : (copiedItem?.[method] as Record<string, unknown>);
      if (copiedOwner) copiedOwner.parameters = structuredClone(target);
    }
  }
  return copy ?? document;
}

function operationModel(document: OpenApiDocument, op: OperationInfo): OperationModel {
  const parameters: ParameterModel[] = [];
  for (const { parameter, path } of operationParameters(document, op)) {
    const { name, in: location } = parameter;
    if (typeof name !== 'string' || !isParameterLocation(location)) continue;
    const schema =
      parameter.schema !== undefined ? resolve(document, parameter.schema, [...path, 'schema']).value : undefined;
    parameters.push({
      name,
      in: location,
      required: location === 'path' || parameter.required === true,
      parameter,
      ...(isObject(schema) ? { schema } : {}),
      path,
    });
  }
  let requestBody: OperationModel['requestBody'];
  if (op.operation.requestBody !== undefined) {
    const body = resolve(document, op.operation.requestBody, [...op.path, 'requestBody']);
    if (isObject(body.value))
      requestBody = { body: body.value, path: body.path, required: body.value.required === true };
  }
  const responses: ResponseModel[] = [];
  if (isObject(op.operation.responses)) {
    for (const status of Object.keys(op.operation.responses)) {
      if (status.startsWith('x-')) continue;
      const resolved = resolve(document, op.operation.responses[status], [...op.path, 'responses', status]);
      if (!isObject(resolved.value)) continue;
      const content: Record<string, DescriptionObject> = {};
      if (isObject(resolved.value.content)) {
        for (const [mediaType, media] of Object.entries(resolved.value.content))
          if (isObject(media)) content[mediaType] = media;
      }
      responses.push({ status, response: resolved.value, path: resolved.path, content });
    }
  }
  return {
    info: op,
    method: op.method.toUpperCase(),
    pathKey: op.pathKey,
    label: `${op.method.toUpperCase()} ${op.pathKey}`,
    ...(typeof op.operation.operationId === 'string' ? { operationId: op.operation.operationId } : {}),
    path: op.path,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    secured: requiresSecurity(document, op),
    scopes: requiredScopes(document, op),
    security: operationSecurity(document, op),
  };
}

function requiredScopes(document: OpenApiDocument, op: OperationInfo): string[] {
  const scopes = new Set<string>();
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  for (const requirement of effectiveSecurity(document, op) ?? []) {
    if (!isObject(requirement)) continue;
    for (const [name, list] of Object.entries(requirement)) {
      const scheme = resolve(document, schemes[name], ['components', 'securitySchemes', name]).value;
      if (!isObject(scheme) || (scheme.type !== 'oauth2' && scheme.type !== 'openIdConnect')) continue;
      if (Array.isArray(list)) for (const scope of list) if (typeof scope === 'string' && scope) scopes.add(scope);
    }
  }
  return [...scopes];
}

/** The response documented for a status: exact key, then `4XX`-style range, then `default`. */
export function documentedResponse(op: OperationModel, status: number): ResponseModel | undefined {
  const exact = op.responses.find((r) => r.status === String(status));
  if (exact) return exact;
  const range = op.responses.find((r) => r.status.toUpperCase() === `${String(status).charAt(0)}XX`);
  return range ?? op.responses.find((r) => r.status === 'default');
}

/** Documented success statuses (2xx keys; `2XX` counts as 200). */
export function successStatuses(op: OperationModel): number[] {
  return op.responses
    .filter((r) => /^2(\d\d|XX)$/i.test(r.status))
    .map((r) => (/XX$/i.test(r.status) ? 200 : Number(r.status)));
}
