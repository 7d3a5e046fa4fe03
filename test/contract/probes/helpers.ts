/**
 * What the probe tests share: a description loaded from YAML text, the planned requests of one
 * probe, the context an answer is judged in, and answers.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  loadContractDescription,
  type ContractDescription,
  type OperationModel,
} from '../../../src/contract/description.js';
import type { HttpOutcome, HttpResponse } from '../../../src/contract/http.js';
import { planRequests, type PlannedRequest, type ProbeKind } from '../../../src/contract/plan.js';
import type { ExpectationContext } from '../../../src/contract/probes/probe.js';
import { SchemaValidators } from '../../../src/contract/validate/index.js';

/** A description from YAML text (written to a temporary folder, removed again). */
export async function describeYaml(yaml: string): Promise<ContractDescription> {
  const folder = await mkdtemp(join(tmpdir(), 'vottur-probe-'));
  try {
    await writeFile(join(folder, 'api.yaml'), yaml);
    return await loadContractDescription(join(folder, 'api.yaml'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export function operation(description: ContractDescription, operationId: string): OperationModel {
  const op = description.operations.find((candidate) => candidate.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return op;
}

/** The requests `kind` planned for an operation. */
export function plannedBy(description: ContractDescription, kind: ProbeKind, operationId: string): PlannedRequest[] {
  return planRequests(description).requests.filter(
    (request) => request.kind === kind && request.op.operationId === operationId,
  );
}

/** The one request `kind` planned for an operation. */
export function onePlannedBy(description: ContractDescription, kind: ProbeKind, operationId: string): PlannedRequest {
  const [request, ...more] = plannedBy(description, kind, operationId);
  if (!request || more.length > 0)
    throw new Error(`${kind} planned ${more.length + (request ? 1 : 0)} requests for ${operationId}, not one`);
  return request;
}

/** The context the answer to `planned` is judged in, as the runner builds it. */
export function contextFor(
  description: ContractDescription,
  planned: PlannedRequest,
  options: { hasCredentials?: boolean } = {},
): ExpectationContext {
  const target = `${planned.pathname}${planned.query ? `?${planned.query}` : ''}`;
  return {
    description,
    validators: new SchemaValidators(description),
    op: planned.op,
    exchange: `${planned.method} ${target}`,
    request: { method: planned.method, url: `http://127.0.0.1:3000${target}` },
    probe: 'the probe',
    hasCredentials: options.hasCredentials ?? true,
  };
}

export function answer(status: number, body = '', contentType?: string): HttpResponse {
  return { status, headers: new Headers(contentType ? { 'content-type': contentType } : {}), body, truncated: false };
}

export function answered(status: number): HttpOutcome {
  return { ok: true, response: answer(status), url: new URL('http://127.0.0.1:3000/'), durationMs: 1 };
}

/**
 * getUser: secured with a scope, a national identifier in the path and one in the query, 200 and
 * 204 documented. replaceUser: a POST. getPublic: no security, a uuid. getWithBearer: secured, no scope.
 */
export const USERS = `openapi: 3.0.3
info: { title: Users, version: 1.0.0 }
security:
  - oauth: [read:users]
paths:
  /v1/users/{nationalId}:
    get:
      operationId: getUser
      parameters:
        - { name: nationalId, in: path, required: true, schema: { type: string }, example: '0101302989' }
        - { name: toNationalId, in: query, schema: { type: string }, example: '1403552329' }
        - { name: code, in: query, schema: { type: string }, example: abc }
      responses:
        '200':
          description: The user.
          content:
            application/json:
              schema: { type: object }
        '204': { description: No such user. }
    post:
      operationId: replaceUser
      parameters:
        - { name: nationalId, in: path, required: true, schema: { type: string }, example: '0101302989' }
      responses:
        '204': { description: Replaced. }
  /v1/public/{id}:
    get:
      operationId: getPublic
      security: []
      parameters:
        - { name: id, in: path, required: true, schema: { type: string, format: uuid }, example: 11111111-1111-4111-8111-111111111111 }
      responses:
        '200': { description: ok }
  /v1/bearer:
    get:
      operationId: getWithBearer
      security:
        - bearer: []
      responses:
        '200': { description: ok }
components:
  securitySchemes:
    oauth:
      type: oauth2
      flows:
        clientCredentials:
          tokenUrl: https://example.is/token
          scopes:
            read:users: Read users
    bearer:
      type: http
      scheme: bearer
`;
