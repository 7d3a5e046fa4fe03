/**
 * Issue 36, V2: Dredd's transaction for `application/xml` is another request (its Accept selects
 * the representation): its failure leads its own cause, and is not filed as `related` under a
 * finding on vottur's JSON request to the same URL (whose severity it raised to error).
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

it('a Dredd failure with Accept: application/xml leads on its own; the JSON finding keeps its severity', async () => {
  // Like fastify-openapi-glue's petstore: JSON whatever the Accept header asks for.
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"id":1,"name":"Lassie"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const schema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
  const file = join(await mkdtemp(join(tmpdir(), 'vottur-dredd-causes-')), 'pets.json');
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'pets', version: '1' },
      paths: {
        '/pets/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
            responses: {
              '200': {
                description: 'a pet',
                content: { 'application/json': { schema }, 'application/xml': { schema } },
              },
            },
          },
        },
      },
    }),
  );
  const report = await runContractTests({
    description: file,
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    phases: 'examples',
  });
  const xml = report.findings.filter((f) => f.ruleId === 'contract-dredd' && f.message.includes('application/xml'));
  expect(xml).toHaveLength(1);
  const timestamp = report.findings.find((f) => f.ruleId === 'contract-created-timestamp');
  expect(timestamp).toBeDefined();
  expect(timestamp?.severity).toBe('warn');
  expect((timestamp?.related ?? []).some((r) => r.ruleId === 'contract-dredd')).toBe(false);
});
