/**
 * Issue 36, an outside try on two maintained npm servers (LoopBack 4's Todo example,
 * fastify-openapi-glue's Petstore), reproduced over real HTTP with the smallest server that answers
 * the same way:
 * - L-1: a `contract-schema` error (a member the schema requires missing from a generated request's
 *   answer) never hides under a `contract-created-timestamp` lead from another request;
 * - L-2 / M4: an operation without inputs whose example request got a 500 is led by
 *   `contract-server-error`, not by what its body's shape broke;
 * - L-3: the same kind of 500 is led the same way on every operation, whichever probe met it.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';
import type { Finding } from '../../src/report/finding.js';

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

async function serve(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function descriptionFile(description: object): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'vottur-foreign-answers-')), 'api.json');
  await writeFile(file, JSON.stringify(description));
  return file;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

const leads = (findings: readonly Finding[], operation: string) =>
  findings.filter((f) => f.operation === operation).map((f) => f.ruleId);

describe('an outside try (issue 36)', () => {
  it('L-1: a schema error of a generated answer leads on its own, beside the created-timestamp lead of the example', async () => {
    const todo = {
      type: 'object',
      required: ['title'],
      properties: { id: { type: 'number' }, title: { type: 'string' }, desc: { type: 'string' } },
    };
    const server = await serve((request, response) =>
      // Like LoopBack with `fields`: the example's answer is whole, any other lacks the required title.
      request.url === '/todos/1'
        ? json(response, 200, { id: 1, title: 'a', desc: 'b' })
        : json(response, 200, { id: 2, desc: 'b' }),
    );
    const report = await runContractTests({
      description: await descriptionFile({
        openapi: '3.0.3',
        info: { title: 'todos', version: '1' },
        paths: {
          '/todos/{id}': {
            get: {
              operationId: 'findTodoById',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'number' }, example: 1 }],
              responses: { '200': { description: 'a todo', content: { 'application/json': { schema: todo } } } },
            },
          },
        },
      }),
      server,
      seed: 1,
      maxExamples: 5,
      dredd: false,
    });
    const operation = 'GET /todos/{id}';
    expect(leads(report.findings, operation)).toContain('contract-created-timestamp');
    expect(leads(report.findings, operation)).toContain('contract-schema');
    const timestamp = report.findings.find(
      (f) => f.operation === operation && f.ruleId === 'contract-created-timestamp',
    );
    // The example's answer lacks only createdTimestamp: a warning, with no schema error as its evidence.
    expect(timestamp?.severity).toBe('warn');
    expect(timestamp?.related?.map((r) => r.ruleId) ?? []).not.toContain('contract-schema');
  });

  const notImplemented = (response: ServerResponse) =>
    json(response, 500, { statusCode: 500, error: 'Internal Server Error', message: 'Operation not implemented' });

  it('L-2 / M4: an operation without inputs whose example got a 500 is a server error', async () => {
    const server = await serve((_request, response) => notImplemented(response));
    const report = await runContractTests({
      description: await descriptionFile({
        openapi: '3.0.3',
        info: { title: 'petstore', version: '1' },
        paths: {
          '/user/logout': { get: { operationId: 'logoutUser', responses: { default: { description: 'ok' } } } },
        },
      }),
      server,
      seed: 1,
      maxExamples: 5,
    });
    expect(leads(report.findings, 'GET /user/logout')).toEqual(['contract-server-error']);
    const lead = report.findings.find((f) => f.operation === 'GET /user/logout');
    expect(lead?.related?.map((r) => r.ruleId)).toEqual(expect.arrayContaining(['contract-problem-details']));
  });

  it('L-3: without credentials, a 500 is led by contract-server-error on every secured operation', async () => {
    const server = await serve((_request, response) => notImplemented(response));
    const answers = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } };
    const report = await runContractTests({
      description: await descriptionFile({
        openapi: '3.0.3',
        info: { title: 'petstore', version: '1' },
        components: { securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'api_key' } } },
        security: [{ api_key: [] }],
        paths: {
          '/store/inventory': { get: { operationId: 'getInventory', responses: answers } },
          '/pet/findByStatus': {
            get: {
              operationId: 'findPetsByStatus',
              parameters: [
                {
                  name: 'status',
                  in: 'query',
                  required: true,
                  schema: { type: 'string', enum: ['available', 'sold'] },
                },
              ],
              responses: answers,
            },
          },
        },
      }),
      server,
      seed: 1,
      maxExamples: 5,
      dredd: false,
    });
    for (const operation of ['GET /store/inventory', 'GET /pet/findByStatus']) {
      expect(leads(report.findings, operation), operation).toEqual(['contract-server-error']);
    }
  });

  it('A2–A4: an unsafe operation without an example is not tested because of its method, and says so', async () => {
    const server = await serve((_request, response) => json(response, 200, { count: 1 }));
    const report = await runContractTests({
      description: await descriptionFile({
        openapi: '3.0.3',
        info: { title: 'todos', version: '1' },
        paths: {
          '/todos/{id}': {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'number' } }],
            put: { operationId: 'replaceTodo', responses: { '204': { description: 'replaced' } } },
            delete: { operationId: 'deleteTodo', responses: { '204': { description: 'deleted' } } },
          },
        },
      }),
      server,
      seed: 1,
      maxExamples: 5,
      dredd: false,
    });
    for (const method of ['PUT', 'DELETE']) {
      const operation = `${method} /todos/{id}`;
      const missing = report.findings.find((f) => f.operation === operation && f.ruleId === 'contract-missing-example');
      expect(missing?.message, operation).toMatch(
        new RegExp(`nothing is sent for it in this run \\(${method} is not sent without --allow-unsafe-methods\\)`),
      );
      expect(missing?.message, operation).not.toMatch(/generated phases make values/);
      expect(report.operations?.find((o) => o.operation === operation)?.notTested, operation).toBe(
        `${method} is not sent without --allow-unsafe-methods`,
      );
    }
  });

  it('M3: with credentials given, a secured operation without an example is still asked without them', async () => {
    const asked: Array<{ url: string; key: string | undefined }> = [];
    const server = await serve((request, response) => {
      asked.push({ url: request.url ?? '', key: request.headers['api_key'] as string | undefined });
      // Like the Petstore example: the declared api_key is never checked.
      json(response, 200, { id: 1, name: 'Lassie', photoUrls: [] });
    });
    const report = await runContractTests({
      description: await descriptionFile({
        openapi: '3.0.3',
        info: { title: 'petstore', version: '1' },
        components: { securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'api_key' } } },
        paths: {
          '/pet/{petId}': {
            get: {
              operationId: 'getPetById',
              security: [{ api_key: [] }],
              parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } }],
              responses: {
                '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } },
              },
            },
          },
        },
      }),
      server,
      auth: { headers: ['api_key: special-key'] },
      seed: 1,
      maxExamples: 5,
      dredd: false,
    });
    expect(asked.some((a) => a.key === undefined)).toBe(true);
    const lead = report.findings.find(
      (f) => f.operation === 'GET /pet/{petId}' && f.ruleId === 'contract-auth-required',
    );
    expect(lead?.message).toMatch(/answered 200 without credentials/);
  });

  it('FP-1: a count (every member a number) is no data object, so it needs no createdTimestamp', async () => {
    const server = await serve((request, response) =>
      request.url?.startsWith('/todos/count')
        ? json(response, 200, { count: 4 })
        : json(response, 200, { id: 1, title: 'a' }),
    );
    const schema = { type: 'object' };
    const ok = { '200': { description: 'ok', content: { 'application/json': { schema } } } };
    const report = await runContractTests({
      description: await descriptionFile({
        openapi: '3.0.3',
        info: { title: 'todos', version: '1' },
        paths: {
          '/todos/count': { get: { operationId: 'countTodos', responses: ok } },
          '/todos/{id}': {
            get: {
              operationId: 'findTodoById',
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'number' }, example: 1 }],
              responses: ok,
            },
          },
        },
      }),
      server,
      seed: 1,
      maxExamples: 5,
      dredd: false,
    });
    expect(leads(report.findings, 'GET /todos/count')).toEqual([]);
    expect(leads(report.findings, 'GET /todos/{id}')).toContain('contract-created-timestamp');
  });

  it('M1: a free-form object parameter is sent with members of every shape, not only {}', async () => {
    const wheres: string[] = [];
    const hasNullInArray = (value: unknown): boolean =>
      Array.isArray(value)
        ? value.some((item) => item === null || hasNullInArray(item))
        : typeof value === 'object' && value !== null && Object.values(value).some(hasNullInArray);
    const server = await serve((request, response) => {
      const where = new URL(request.url ?? '/', 'http://h').searchParams.get('where');
      if (where !== null) wheres.push(where);
      let parsed: unknown;
      try {
        parsed = where === null ? {} : JSON.parse(where);
      } catch {
        return json(response, 400, { error: 'not JSON' });
      }
      // Like LoopBack's `{"or": [null]}`: a null in an array of the where clause is a TypeError.
      if (hasNullInArray(parsed)) return json(response, 500, { error: { statusCode: 500 } });
      json(response, 200, { count: 4 });
    });
    const report = await runContractTests({
      description: await descriptionFile({
        openapi: '3.0.3',
        info: { title: 'todos', version: '1' },
        paths: {
          '/todos/count': {
            get: {
              operationId: 'countTodos',
              parameters: [
                {
                  name: 'where',
                  in: 'query',
                  content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
                },
              ],
              responses: {
                '200': {
                  description: 'count',
                  content: {
                    'application/json': { schema: { type: 'object', properties: { count: { type: 'number' } } } },
                  },
                },
              },
            },
          },
        },
      }),
      server,
      seed: 1,
      dredd: false,
    });
    expect(wheres.filter((where) => where !== '{}').length).toBeGreaterThan(0);
    const lead = report.findings.find(
      (f) => f.operation === 'GET /todos/count' && f.ruleId === 'contract-server-error',
    );
    expect(lead?.message).toMatch(/query:where an object with members of any shape/);
  });
});
