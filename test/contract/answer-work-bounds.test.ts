/**
 * Issue 34 (o34r15 item 2), over real HTTP: a hostile server's answer whose check grows with the
 * answer itself — `uniqueItems` over objects compares every pair of items (ajv's is O(n²)), a long
 * `pattern` against a long string is the pattern's length times the string's — is measured before
 * ajv runs (schema-work.ts `valueSizedWork`); past the bound the body is not checked and the run
 * says so (contract-limit-reached).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { answeringServer } from './fixtures/refusing-server.js';
import { ValidationWork } from '../../src/contract/schema-work.js';

const manyObjects = answeringServer(
  'vottur-o34r16a-',
  200,
  'application/json',
  Array.from({ length: 20_000 }, (_, i) => ({ a: i })),
);
const longString = answeringServer('vottur-o34r16b-', 200, 'application/json', { s: 'a'.repeat(1_000_000) });

type Found = Array<{ ruleId: string; severity: string; message: string; path: Array<string | number> }>;

async function run(server: typeof manyObjects, name: string, schema: object): Promise<Found> {
  const file = join(server.folder, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1.0.0' },
      paths: {
        '/v1/x': {
          get: {
            operationId: 'x',
            responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
          },
        },
      },
    }),
  );
  const { stdout, stderr } = await votturInProcess([
    'test',
    file,
    '--server',
    server.url,
    '--bearer',
    'SECRETTOKEN123456',
    '--phases',
    'examples',
    '--no-dredd',
    '-f',
    'json',
  ]);
  expect(stderr).not.toContain('unexpected failure');
  return (JSON.parse(stdout) as { findings: Found }).findings;
}

const limitFinding = expect.objectContaining({
  ruleId: 'contract-limit-reached',
  message: expect.stringMatching(
    /^GET \/v1\/x .*answered 200: the body was not checked against the schema for GET \/v1\/x 200 application\/json: checking it takes more than 1,000,000 schema applications .*uniqueItems' comparisons/,
  ) as unknown,
  path: ['paths', '/v1/x', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
});

describe('answers whose check grows with the answer are bounded before ajv runs', () => {
  it('uniqueItems over 20,000 objects is not checked, and says so', async () => {
    const findings = await run(manyObjects, 'unique', { type: 'array', uniqueItems: true, items: { type: 'object' } });
    expect(findings).toContainEqual(limitFinding);
  });

  it('a 200-character pattern against a 1,000,000-character string is not checked, and says so', async () => {
    const pattern = `^(${Array.from({ length: 66 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('|')})*$`;
    expect(pattern.length).toBeGreaterThan(130);
    const findings = await run(longString, 'pattern', {
      type: 'object',
      properties: { s: { type: 'string', pattern } },
    });
    expect(findings).toContainEqual(limitFinding);
  });

  it('a few unique objects, uniqueItems over scalars, and a short pattern stay within the bound', () => {
    const document = { openapi: '3.0.3', paths: {} };
    const work = new ValidationWork(document);
    const objects = Array.from({ length: 100 }, (_, i) => ({ a: i }));
    expect(work.within({ type: 'array', uniqueItems: true, items: { type: 'object' } }, objects)).toBe(true);
    const scalars = Array.from({ length: 100_000 }, (_, i) => i);
    expect(work.within({ type: 'array', uniqueItems: true, items: { type: 'integer' } }, scalars)).toBe(true);
    // Without a scalar `items` type ajv compares every pair even of scalars.
    expect(work.within({ type: 'array', uniqueItems: true }, scalars)).toBe(false);
    expect(work.within({ type: 'string', pattern: '^[a-z]+$' }, 'a'.repeat(100_000))).toBe(true);
  });
});
