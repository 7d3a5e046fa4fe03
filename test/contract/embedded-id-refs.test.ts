/**
 * A `$ref` inside an embedded `$id` resource is resolved against that resource's base URI (JSON
 * Schema 2020-12, 8.2.1), in every place vottur resolves references itself (issue 34 left-overs,
 * item 5): lint's views (`resolve`), the contract's measure of validation work (`IdIndex`), and the
 * loader, which rewrote such a `$ref` into a document pointer that ajv, reading it against the
 * resource's base, could not resolve (so no answer was checked against the schema). Real HTTP for
 * the contract.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from '../../rulesets/lib/openapi/resolve.js';
import { IdIndex, schemaLinks } from '../../src/contract/schema-work.js';
import { votturInProcess } from '../cli/run.js';

/** `Strict` embeds its own resource; the document has a schema at the same pointer, of another type. */
const document = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1.0.0' },
  paths: {},
  $defs: { name: { type: 'integer' } },
  components: {
    schemas: {
      Strict: {
        $id: 'https://example.is/strict',
        $defs: { name: { type: 'string' }, tag: { $anchor: 'tag', type: 'boolean' } },
        type: 'object',
        properties: { name: { $ref: '#/$defs/name' }, tag: { $ref: '#tag' } },
      },
    },
  },
};
const strict = document.components.schemas.Strict;

describe('a $ref under an embedded $id', () => {
  it("is resolved by lint's views against the resource, not the document", () => {
    const at = ['components', 'schemas', 'Strict', 'properties', 'name'];
    const found = resolve(document, strict.properties.name, at);
    expect(found.value).toBe(strict.$defs.name);
    expect(found.path).toEqual(['components', 'schemas', 'Strict', '$defs', 'name']);
  });

  it('is resolved by the measure of validation work against the resource, pointers and anchors alike', () => {
    const ids = new IdIndex(document);
    expect(schemaLinks(document, strict.properties.name, ids).inPlace).toEqual([strict.$defs.name]);
    expect(schemaLinks(document, strict.properties.tag, ids).inPlace).toEqual([strict.$defs.tag]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'vottur-embedded-id-'));
let base = '';
let close: () => Promise<void> = () => Promise.resolve();
beforeAll(async () => {
  const { $defs: _decoy, ...served } = document;
  writeFileSync(
    join(dir, 'api.json'),
    JSON.stringify({
      ...served,
      paths: {
        '/v1/x': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { $ref: '#/components/schemas/Strict' },
                    example: { name: 'a', tag: true },
                  },
                },
              },
            },
          },
        },
      },
    }),
  );
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"name":5,"tag":true}');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((done) => server.close(() => done()));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a description whose $ref stands under an embedded $id, linted', () => {
  it('has the reference followed into its resource, and no dangling-reference finding (the loader keeps it as written)', async () => {
    const result = await votturInProcess(['lint', 'api.json', '-f', 'json'], { cwd: dir, timeoutMs: 60_000 });
    const report = JSON.parse(result.stdout) as { findings: Array<{ ruleId: string; message: string }> };
    expect(report.findings.filter((f) => f.ruleId === 'platform-openapi-valid')).toEqual([]);
    expect(report.findings.map((f) => f.message)).toContain(
      'Property `name` refers to components.schemas.Strict.$defs.name, which has no `description`; describe that schema or the property.',
    );
  });
});

describe('an answer checked against a schema whose $ref stands under an embedded $id', () => {
  it('is checked against the schema the reference names in its resource', async () => {
    const result = await votturInProcess(
      ['test', 'api.json', '--server', base, '--no-dredd', '--phases', 'examples', '-f', 'json', '-o', 'out.json'],
      { cwd: dir, timeoutMs: 60_000 },
    );
    // The schema error may stand as evidence under another finding: read the whole report.
    const json = readFileSync(join(dir, 'out.json'), 'utf8');
    expect(json, result.stderr).not.toMatch(/could not be compiled/);
    expect(json).toContain('GET /v1/x answered 200: `/name` is `5` (an integer); expected string');
  });
});
