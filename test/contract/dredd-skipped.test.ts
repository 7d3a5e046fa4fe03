/**
 * Issue 36, V7: the "dredd: skipped" line listed one entry per media type without the media type
 * ("POST /pet 405; POST /pet 405"): each entry now names it, so no entry repeats.
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

it('the dredd: skipped line names each transaction once, with its media type', async () => {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"id":1}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  const schema = { type: 'object' };
  const both = { 'application/json': { schema }, 'application/xml': { schema } };
  const file = join(await mkdtemp(join(tmpdir(), 'vottur-dredd-skip-')), 'pets.json');
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'pets', version: '1' },
      paths: {
        '/pets/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 1 }],
            responses: { '200': { description: 'a pet', content: both }, '405': { description: 'no', content: both } },
          },
        },
      },
    }),
  );
  const notes: string[] = [];
  await runContractTests({
    description: file,
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    phases: 'examples',
    onProgress: (m) => notes.push(m),
  });
  const line = notes.find((n) => n.startsWith('dredd: skipped') && n.includes('405'));
  expect(line).toBeDefined();
  const entries = /\(([^)]*)\)/.exec(line ?? '')?.[1].split('; ') ?? [];
  expect(entries).toEqual(['GET /pets/{id} 405 application/json', 'GET /pets/{id} 405 application/xml']);
});
