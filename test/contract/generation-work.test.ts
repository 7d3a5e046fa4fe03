/**
 * Issue 34, outside attack o34r13 (N1, N2), over real HTTP through `main`: schemas that are small
 * to write but whose expansion is exponential, each a POST's required JSON body.
 *
 * - N1: a chain E0…E29, each `{anyOf|oneOf|allOf: [$ref E(i+1), $ref E(i+1)]}` (or 8 refs), an
 *   array chain of `minItems: 8`, an object chain of `minProperties: 8`: the node budget of
 *   flattening counted properties but not branches repeated through `$ref`, nor the copies
 *   `minItems`/`minProperties` make; the run reached 4 GB (ajv, openapi-sampler, fast-check) or
 *   printed nothing for 120 s. One work bound (schema.ts `MAX_GENERATION_WORK`,
 *   `MAX_VALUE_NODES`) now covers all of it: past it the input is a contract-generation-limit.
 * - N2: `--max-run-time 20` did not stop such a run: generation is now bounded, so the run reaches
 *   its requests (and the budget's checks between them) in seconds.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { answeringServer } from './fixtures/refusing-server.js';

// Answers 200 `{}` to anything, as the attacker's server did.
const server = answeringServer('vottur-o34r13-', 200, 'application/json', {});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A description of one `POST /v1/x` whose required JSON body is `$ref` to `root`. */
async function describeAs(name: string, schemas: Record<string, object>, root: string): Promise<string> {
  const file = join(server.folder, `${name}.json`);
  const post = {
    operationId: 'p',
    requestBody: { required: true, content: { 'application/json': { schema: ref(root) } } },
    responses: {
      '201': { description: 'ok', content: { 'application/json': { schema: { type: 'object' }, example: {} } } },
    },
  };
  await writeFile(
    file,
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'T', version: '1.0.0' },
      paths: { '/v1/x': { post } },
      components: { schemas },
    }),
  );
  return file;
}

/** A chain of `levels` schemas, each made by `level` from the name of the next, ending in `last`. */
function chain(levels: number, level: (next: string) => object, last: object): Record<string, object> {
  const schemas: Record<string, object> = { [`E${levels}`]: last };
  for (let i = 0; i < levels; i++) schemas[`E${i}`] = level(`E${i + 1}`);
  return schemas;
}

const leaf = { type: 'object', required: ['a'], properties: { a: { type: 'string' } } };

const shapes: Array<[string, Record<string, object>]> = [
  ['anyOf of 2 refs, 30 levels', chain(30, (next) => ({ anyOf: [ref(next), ref(next)] }), leaf)],
  ['oneOf of 2 refs, 30 levels', chain(30, (next) => ({ oneOf: [ref(next), ref(next)] }), leaf)],
  ['allOf of 2 refs, 30 levels', chain(30, (next) => ({ allOf: [ref(next), ref(next)] }), leaf)],
  ['allOf of 8 refs, 30 levels', chain(30, (next) => ({ allOf: Array.from({ length: 8 }, () => ref(next)) }), leaf)],
  [
    'arrays of minItems 8, 12 levels',
    chain(12, (next) => ({ type: 'array', minItems: 8, maxItems: 8, items: ref(next) }), {
      type: 'string',
      minLength: 8,
    }),
  ],
  [
    'objects of minProperties 8, 12 levels',
    chain(12, (next) => ({ type: 'object', minProperties: 8, additionalProperties: ref(next) }), { type: 'string' }),
  ],
];

async function gatedRun(file: string, ...more: string[]) {
  const started = Date.now();
  const run = await votturInProcess([
    'test',
    file,
    '--server',
    server.url,
    '--bearer',
    'X',
    '--gate',
    '--allow-unsafe-methods',
    ...more,
    '-f',
    'json',
  ]);
  expect(run.stderr).not.toContain('unexpected failure');
  const report = JSON.parse(run.stdout) as { findings: Array<{ ruleId: string; severity: string; message: string }> };
  return { code: run.code, report, seconds: (Date.now() - started) / 1000 };
}

describe('one work bound for generation (o34r13 N1)', () => {
  shapes.forEach(([shape, schemas], index) => {
    it(`${shape}: a contract-generation-limit error within seconds`, async () => {
      const file = await describeAs(`shape${index}`, schemas, 'E0');
      const { code, report, seconds } = await gatedRun(file, '--max-examples', '5');
      expect(seconds).toBeLessThan(20);
      expect(code).toBe(1);
      const limits = report.findings.filter((f) => f.ruleId === 'contract-generation-limit');
      expect(limits.length).toBeGreaterThan(0);
      expect(limits.every((f) => f.severity === 'error')).toBe(true);
      expect(limits.map((f) => f.message).join('\n')).toMatch(/more than 2,000 members|more than 20,000 nodes/);
    }, 40_000);
  });

  it('two optional properties per level through $ref, 30 levels: Dredd is not given the 2³⁰ expansion', async () => {
    const schemas = chain(30, (next) => ({ type: 'object', properties: { a: ref(next), b: ref(next) } }), leaf);
    const file = await describeAs('props', schemas, 'E0');
    const { seconds } = await gatedRun(file, '--max-examples', '5');
    expect(seconds).toBeLessThan(20);
  }, 40_000);
});

describe('--max-run-time over such a schema (o34r13 N2)', () => {
  it('the run ends well within its budget: generation always returns', async () => {
    const [, schemas] = shapes[4];
    const file = await describeAs('budgeted', schemas, 'E0');
    const { code, report, seconds } = await gatedRun(file, '--max-run-time', '20');
    expect(seconds).toBeLessThan(20);
    expect(code).toBe(1);
    expect(report.findings.some((f) => f.ruleId === 'contract-generation-limit')).toBe(true);
  }, 40_000);
});
