/**
 * Issue 36, V7: `contract-example-succeeds` says where the request's values came from. "Built from
 * the description's examples" was said of a request whose values the description gives no example
 * for (a body synthesised from a schema with no required property, an `enum`'s first value).
 * Real HTTP: a server that refuses every request.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { runContractTests } from '../../src/contract/index.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const DESCRIPTION = {
  openapi: '3.0.3',
  info: { title: 'orders', version: '1' },
  paths: {
    '/orders': {
      get: {
        operationId: 'listOrders',
        parameters: [
          { name: 'shop', in: 'query', required: true, schema: { type: 'string' }, example: 'reykjavik' },
          { name: 'status', in: 'query', required: true, schema: { type: 'string', enum: ['placed', 'approved'] } },
        ],
        responses: {
          '200': { description: 'orders', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/store/order': {
      // As the Petstore's: a body schema with no required property and no example.
      post: {
        operationId: 'placeOrder',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { type: 'object', properties: { quantity: { type: 'integer' }, complete: { type: 'boolean' } } },
            },
          },
        },
        responses: {
          '200': { description: 'placed', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
    '/orders/{id}': {
      get: {
        operationId: 'getOrder',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 7 }],
        responses: {
          '200': { description: 'an order', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
};

it("says 'built from the description's examples' only of values that are examples", async () => {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(400, { 'content-type': 'application/problem+json' });
    response.end('{"type":"about:blank","title":"Bad Request","status":400}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const file = join(await mkdtemp(join(tmpdir(), 'vottur-provenance-')), 'orders.json');
  await writeFile(file, JSON.stringify(DESCRIPTION));
  const report = await runContractTests({
    description: file,
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    phases: 'examples',
    dredd: false,
    allowUnsafeMethods: true,
  });
  // Leading or related (the undocumented 400 leads): every contract-example-succeeds message.
  const messages = [...report.findings, ...report.findings.flatMap((f) => f.related ?? [])]
    .filter((f) => f.ruleId === 'contract-example-succeeds')
    .map((f) => f.message ?? '');
  const succeeds = (label: string) => messages.find((message) => message.startsWith(`${label},`));
  expect(succeeds('GET /orders?shop=reykjavik&status=placed')).toContain(
    "built from the description's examples and values derived from the schema for the query parameter status (no example given), answered 400",
  );
  expect(succeeds('POST /store/order')).toContain(
    'built from values derived from the schema for the request body (no example given), answered 400',
  );
  expect(succeeds('GET /orders/7')).toContain("built from the description's examples, answered 400");
});
