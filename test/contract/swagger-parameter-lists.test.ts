/**
 * Issue 36, V6: Swagger 2.0 `parameters: {$ref: '#/definitions/pet-filters'}` (a $ref to a list,
 * as swagger-express-middleware's PetStore.yaml writes it) was dropped in silence by the
 * conversion: every query filter of GET /pets went untested. Now resolved, over real HTTP.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContractDescription } from '../../src/contract/description.js';
import { runContractTests } from '../../src/contract/index.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

const SWAGGER = {
  swagger: '2.0',
  info: { title: 'pets', version: '1' },
  consumes: ['application/json'],
  produces: ['application/json'],
  definitions: {
    pet: { type: 'object', properties: { name: { type: 'string' } } },
    'pet-filters': [
      { name: 'type', in: 'query', required: false, type: 'string', enum: ['cat', 'dog'] },
      { name: 'age', in: 'query', required: false, type: 'integer' },
    ],
  },
  paths: {
    '/pets': {
      get: {
        operationId: 'findPets',
        parameters: { $ref: '#/definitions/pet-filters' },
        responses: {
          default: { description: 'pets', schema: { type: 'array', items: { $ref: '#/definitions/pet' } } },
        },
      },
    },
  },
};

async function file(document: object): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'vottur-swagger-')), 'pets.json');
  await writeFile(path, JSON.stringify(document));
  return path;
}

describe('Swagger 2.0 parameters written as a $ref to a list (issue 36, V6)', () => {
  it('are read, and the generated requests vary them', async () => {
    const description = await loadContractDescription(await file(SWAGGER));
    expect(description.operations[0].parameters.map((p) => p.name)).toEqual(['type', 'age']);
    const queries: string[] = [];
    const server = createServer((request, response) => {
      queries.push(new URL(request.url ?? '/', 'http://x').search);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"items":[]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const report = await runContractTests({
      description: await file(SWAGGER),
      server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      phases: 'coverage',
      dredd: false,
      seed: 1,
    });
    expect(report.coverage?.operations[0].inputs.total).toBe(2);
    expect(queries.some((q) => q.includes('age='))).toBe(true);
  });

  it('a parameters entry that is not a list and no $ref to one stops the run in one line', async () => {
    const broken = structuredClone(SWAGGER);
    (broken.paths['/pets'].get as { parameters: unknown }).parameters = { $ref: '#/definitions/pet' };
    await expect(loadContractDescription(await file(broken))).rejects.toThrow(
      /the parameters of GET \/pets are not a list \(#\/definitions\/pet is not one\)/,
    );
  });
});
