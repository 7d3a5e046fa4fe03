/**
 * Changes that look like nothing and mean something to a client (attack o34r15 B11): an OpenAPI
 * 3.2 additional method whose case changed is another method; a 3.0 description moved to 3.1 with
 * `nullable: true` kept no longer allows null (3.1 has no `nullable`); a query parameter that
 * allows reserved characters unencoded is serialised differently.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffDescriptions } from '../../src/diff/index.js';

const folder = mkdtempSync(join(tmpdir(), 'vottur-diff-meaning-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test documents are edited freely

function description(openapi: string): Doc {
  return {
    openapi,
    info: { title: 'M', version: '1.0.0', description: 'x' },
    paths: {
      '/items': {
        get: {
          operationId: 'list',
          parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
            },
          },
        },
        put: {
          operationId: 'put',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
          responses: { '204': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: { Item: { type: 'object', properties: { n: { type: 'integer', nullable: true } } } },
    },
  };
}

let n = 0;
async function diff(base: Doc, mutate: (d: Doc) => void) {
  const revision = structuredClone(base);
  mutate(revision);
  const dir = join(folder, String(n++));
  mkdirSync(dir);
  writeFileSync(join(dir, 'base.json'), JSON.stringify(base));
  writeFileSync(join(dir, 'rev.json'), JSON.stringify(revision));
  const report = await diffDescriptions(join(dir, 'base.json'), join(dir, 'rev.json'));
  return report.findings
    .filter((f) => f.ruleId.startsWith('diff-'))
    .map((f) => [f.ruleId, f.pointer, f.message.replace(/ \(base: .*\)$/, '')]);
}

describe('what a change means to a client', () => {
  it("OpenAPI 3.2: an additional operation's method in another case is another method", async () => {
    const base = description('3.2.0');
    base.paths['/items'].additionalOperations = {
      PURGE: { operationId: 'purge', responses: { '204': { description: 'ok' } } },
    };
    const found = await diff(base, (d) => {
      const items = d.paths['/items'];
      items.additionalOperations = { purge: items.additionalOperations.PURGE };
    });
    expect(found.map((f) => f.slice(0, 2))).toEqual([
      ['diff-operation-removed', '/paths/~1items'],
      ['diff-operation-added', '/paths/~1items/additionalOperations/purge'],
    ]);
    expect(found.map((f) => f[2])).toEqual([
      'operation PURGE /items was removed without first being deprecated',
      'operation purge /items was added',
    ]);
    // A fixed method written as an additional one is that method's operation: no change.
    const fixed = description('3.2.0');
    expect(
      await diff(fixed, (d) => {
        const items = d.paths['/items'];
        items.additionalOperations = { GET: items.get };
        delete items.get;
      }),
    ).toEqual([]);
  });

  it('3.0 → 3.1 with nullable: true kept: null is no longer allowed', async () => {
    const found = await diff(description('3.0.3'), (d) => (d.openapi = '3.1.0'));
    expect(found).toEqual([
      [
        'diff-request-body-nullable-removed',
        '/components/schemas/Item/properties/n',
        'request body (application/json) property n may no longer be null',
      ],
      [
        'diff-response-body-nullable-removed',
        '/components/schemas/Item/properties/n',
        'response 200 (application/json) property n may no longer be null',
      ],
    ]);
    // And back: 3.1's ignored nullable becomes 3.0's keyword.
    const back = await diff({ ...description('3.0.3'), openapi: '3.1.0' }, (d) => (d.openapi = '3.0.3'));
    expect(back.map((f) => f[0])).toEqual(['diff-request-body-nullable-added', 'diff-response-body-nullable-added']);
  });

  it('allowReserved added to a query parameter changes how it is serialised', async () => {
    const found = await diff(description('3.0.3'), (d) => (d.paths['/items'].get.parameters[0].allowReserved = true));
    expect(found).toEqual([
      [
        'diff-request-parameter-style-changed',
        '/paths/~1items/get/parameters/0',
        'query parameter q is serialised as form, explode, reserved characters unencoded, was form, explode',
      ],
    ]);
  });

  it('a parameter moved from schema to content, or to another media type, is serialised differently (o34r16 B6)', async () => {
    const asJson = (d: Doc) => {
      const parameter = d.paths['/items'].get.parameters[0];
      delete parameter.schema;
      parameter.content = { 'application/json': { schema: { type: 'string' } } };
    };
    expect((await diff(description('3.0.3'), asJson)).map((f) => [f[0], f[2]])).toEqual([
      [
        'diff-request-parameter-style-changed',
        'query parameter q is serialised as application/json, was form, explode',
      ],
    ]);
    const base = description('3.0.3');
    asJson(base);
    const found = await diff(base, (d) => {
      d.paths['/items'].get.parameters[0].content = { 'text/plain': { schema: { type: 'string' } } };
    });
    expect(found.map((f) => [f[0], f[2]])).toContainEqual([
      'diff-request-parameter-style-changed',
      'query parameter q is serialised as text/plain, was application/json',
    ]);
  });

  it('a response header moved from schema to content is compared by the content’s schema (o34r16 B6)', async () => {
    const base = description('3.0.3');
    base.paths['/items'].get.responses['200'].headers = { ETag: { schema: { type: 'string' } } };
    const found = await diff(base, (d) => {
      d.paths['/items'].get.responses['200'].headers.ETag = {
        content: { 'application/json': { schema: { type: 'integer' } } },
      };
    });
    expect(found.map((f) => [f[0], f[2]])).toEqual([
      [
        'diff-response-header-type-changed',
        'the type of header ETag of the response 200 changed from string to integer',
      ],
    ]);
  });
});
