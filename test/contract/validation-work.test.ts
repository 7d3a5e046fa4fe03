/**
 * Issue 34, outside attack o34r14 (BRK-1, BRK-2, and the run budget), over real HTTP through
 * `main`, and the measure itself (src/contract/schema-work.ts):
 *
 * - BRK-1: a response schema that is a chain of 30 `{oneOf: [$ref E(i+1), $ref E(i+1)]}`: ajv
 *   checking the server's `{}` applied 2³⁰ schemas, reached 4.7 GB and died with exit 134 and no
 *   finding. Checking an answer now takes at most `MAX_VALIDATION_WORK` schema applications,
 *   counted before ajv runs; past it the answer is a contract-limit-reached error.
 * - BRK-2: the same through `allOf` wrappers and a `discriminator` mapping.
 * - `--max-run-time 30` ended at 53 s: every operation's inputs were made before the first check.
 *   The budget is checked while they are made, and between the generators' draws.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_VALIDATION_WORK, ValidationWork } from '../../src/contract/schema-work.js';
import { vottur, votturInProcess } from '../cli/run.js';
import { answeringServer } from './fixtures/refusing-server.js';

// Answers 200 `{}` to anything, as the attacker's server did.
const server = answeringServer('vottur-o34r14-', 200, 'application/json', {});
// Answers an object nested 24 levels deep under `a`.
const deep: Record<string, unknown> = {};
let inner = deep;
for (let i = 0; i < 24; i++) inner = inner.a = {};
const deepServer = answeringServer('vottur-o34r14d-', 200, 'application/json', deep);

const R = '#/components/schemas/';
const ref = (name: string) => ({ $ref: `${R}${name}` });

/** A chain of `levels` schemas, each made by `level` from the name of the next, ending in `last`. */
function chain(levels: number, level: (next: string) => object, last: object = { type: 'object' }) {
  const schemas: Record<string, object> = { [`E${levels}`]: last };
  for (let i = 0; i < levels; i++) schemas[`E${i}`] = level(`E${i + 1}`);
  return schemas;
}

const discriminated = (levels: number) => {
  const schemas: Record<string, object> = {
    [`E${levels}`]: { type: 'object', required: ['t'], properties: { t: { type: 'string' } } },
  };
  for (let i = 0; i < levels; i++) {
    schemas[`E${i}`] = {
      oneOf: [ref(`E${i + 1}`), ref(`F${i + 1}`)],
      discriminator: { propertyName: 't', mapping: { a: `${R}E${i + 1}`, b: `${R}F${i + 1}` } },
    };
    schemas[`F${i + 1}`] = { allOf: [ref(`E${i + 1}`)] };
  }
  return schemas;
};

function document(schemas: Record<string, object>, version = '3.0.3') {
  return { openapi: version, info: { title: 'T', version: '1.0.0' }, paths: {}, components: { schemas } };
}

describe('the measure of checking a value (schema-work.ts)', () => {
  const within = (schemas: Record<string, object>, value: unknown, version?: string) =>
    new ValidationWork(document(schemas, version)).within(ref('E0'), value);

  const attacks: Array<[string, Record<string, object>, string?]> = [
    ['oneOf of 2 refs, 30 levels (BRK-1)', chain(30, (n) => ({ oneOf: [ref(n), ref(n)] }))],
    ['anyOf of 2 refs, 30 levels', chain(30, (n) => ({ anyOf: [ref(n), ref(n)] }))],
    ['allOf of 2 refs, 30 levels', chain(30, (n) => ({ allOf: [ref(n), ref(n)] }))],
    ['oneOf through allOf wrappers and a discriminator mapping, 30 levels (BRK-2)', discriminated(30)],
    ['if/then/else, 30 levels', chain(30, (n) => ({ if: ref(n), then: ref(n), else: ref(n) }))],
    ['not not, twice, 30 levels', chain(30, (n) => ({ allOf: [{ not: { not: ref(n) } }, { not: ref(n) }] }))],
    ['dependentSchemas, 30 levels', chain(30, (n) => ({ dependentSchemas: { a: ref(n), b: ref(n) } })), '3.1.0'],
    [
      '$dynamicRef to $dynamicAnchor, 30 levels',
      anchored(30, '$dynamicAnchor', (n) => `#${n}`, '$dynamicRef'),
      '3.1.0',
    ],
    ['$ref to $anchor, 30 levels', anchored(30, '$anchor', (n) => `#${n}`, '$ref'), '3.1.0'],
    ['$ref to $id, 30 levels', anchored(30, '$id', (n) => `https://x.example/${n}`, '$ref'), '3.1.0'],
  ];
  for (const [name, schemas, version] of attacks)
    it(`${name}: past the bound for {}, measured in milliseconds`, () => {
      const started = Date.now();
      expect(within(schemas, {}, version)).toBe(false);
      expect(Date.now() - started).toBeLessThan(1_000);
    });

  it('members: 2 schemas per level on the same member are past the bound only for a value that deep', () => {
    const schemas = chain(24, (n) => ({ type: 'object', properties: { a: { oneOf: [ref(n), ref(n)] } } }));
    expect(within(schemas, {})).toBe(true);
    expect(within(schemas, deep)).toBe(false);
    const measure = new ValidationWork(document(schemas));
    expect(measure.alongValue(ref('E0'), { a: { a: {} } })).toBeLessThan(100);
  });

  it('patternProperties, additionalProperties and unevaluatedProperties count on every member', () => {
    for (const keyword of ['patternProperties', 'additionalProperties', 'unevaluatedProperties']) {
      const schemas = chain(24, (n) =>
        keyword === 'patternProperties'
          ? { patternProperties: { '^a': ref(n), '^b': ref(n) } }
          : { allOf: [{ [keyword]: ref(n) }, { [keyword]: ref(n) }] },
      );
      expect(within(schemas, deep, '3.1.0'), keyword).toBe(false);
    }
  });

  it('items, prefixItems and contains count on every item they reach', () => {
    let value: unknown = [];
    for (let i = 0; i < 24; i++) value = [value];
    const schemas = chain(24, (n) => ({ prefixItems: [ref(n)], items: ref(n), contains: ref(n) }));
    expect(within(schemas, value, '3.1.0')).toBe(false);
    expect(within(schemas, [], '3.1.0')).toBe(true);
  });

  it('ordinary recursive schemas are linear in the depth, and within the bound', () => {
    const tree = {
      E0: { type: 'object', properties: { left: ref('E0'), right: ref('E0'), children: { items: ref('E0') } } },
    };
    const measure = new ValidationWork(document(tree));
    expect(measure.of(ref('E0'))).toBeLessThan(1_000);
    const json = {
      E0: { oneOf: [{ type: 'string' }, { type: 'number' }, ref('O'), ref('A')] },
      O: { type: 'object', additionalProperties: ref('E0') },
      A: { type: 'array', items: ref('E0') },
    };
    expect(new ValidationWork(document(json)).of(ref('E0'))).toBeLessThan(2_000);
    // A large ordinary answer: 20,000 objects of 5 members.
    const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: 'n', tags: ['a'], a: true, b: null }));
    const list = {
      E0: { type: 'object', properties: { data: { type: 'array', items: ref('Row') } } },
      Row: {
        allOf: [ref('Base'), { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }],
      },
      Base: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    };
    expect(within(list, { data: rows })).toBe(true);
  });

  it('an in-place cycle is counted once where it closes, and the measure ends', () => {
    const cycle = { E0: { anyOf: [ref('E0'), ref('B')] }, B: { oneOf: [ref('E0'), { type: 'string' }] } };
    expect(within(cycle, {})).toBe(true);
    expect(Number.isFinite(new ValidationWork(document(cycle)).of(ref('E0')))).toBe(true);
  });

  it('the bound is a million schema applications', () => {
    expect(MAX_VALIDATION_WORK).toBe(1_000_000);
  });
});

/** A chain reached by `keyword` (`$ref`, `$dynamicRef`) to schemas named by `name` under `declares`. */
function anchored(
  levels: number,
  declares: string,
  name: (level: string) => string,
  keyword: string,
): Record<string, object> {
  const schemas: Record<string, object> = {};
  for (let i = 0; i <= levels; i++) {
    const id = declares === '$id' ? name(`E${i}`) : `E${i}`;
    const next = name(`E${i + 1}`);
    schemas[`E${i}`] =
      i === levels
        ? { [declares]: id, type: 'object' }
        : { [declares]: id, oneOf: [{ [keyword]: next }, { [keyword]: next }] };
  }
  return schemas;
}

async function describeAs(
  folder: string,
  name: string,
  schemas: Record<string, object>,
  response: object,
  extra: object = {},
): Promise<string> {
  const file = join(folder, `${name}.json`);
  const post = {
    operationId: 'p',
    responses: { '200': { description: 'ok', content: { 'application/json': { schema: response } } } },
    ...extra,
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

async function gatedRun(url: string, file: string, ...more: string[]) {
  return runOf(votturInProcess, url, file, ...more);
}

/**
 * The same run in a child process, killed after 30 s and held to 512 MB: before the bound such a
 * run never returned (ajv's one synchronous call), which no timeout of vitest's can stop in-process.
 */
async function boundedRun(url: string, file: string, ...more: string[]) {
  return runOf(
    (args) => vottur(args, { timeoutMs: 30_000, env: { NODE_OPTIONS: '--max-old-space-size=512' } }),
    url,
    file,
    ...more,
  );
}

async function runOf(
  how: (args: string[]) => Promise<{ code: number | null; stdout: string; stderr: string }>,
  url: string,
  file: string,
  ...more: string[]
) {
  const started = Date.now();
  const run = await how([
    'test',
    file,
    '--server',
    url,
    '--bearer',
    'X',
    '--gate',
    '--allow-unsafe-methods',
    '--max-examples',
    '5',
    ...more,
    '-f',
    'json',
  ]);
  expect(run.stderr).not.toContain('unexpected failure');
  expect(run.code, run.stderr.slice(-300)).not.toBeNull();
  const report = JSON.parse(run.stdout) as { findings: Array<{ ruleId: string; severity: string; message: string }> };
  return { code: run.code, report, seconds: (Date.now() - started) / 1000 };
}

describe('an answer past the bound is not checked by ajv, and says so (o34r14 BRK-1, BRK-2)', () => {
  // 21 levels: 2²¹ applications, past the bound, yet small enough for ajv to finish before the fix
  // (it then reported the oneOf's failure as contract-schema, and no limit).
  const shapes: Array<[string, Record<string, object>]> = [
    ['oneOf of 2 refs', chain(21, (n) => ({ oneOf: [ref(n), ref(n)] }))],
    ['oneOf through allOf wrappers and a discriminator mapping', discriminated(20)],
  ];
  shapes.forEach(([shape, schemas], index) => {
    it(`${shape}: a contract-limit-reached error naming the operation and the bound`, async () => {
      const file = await describeAs(server.folder, `answer${index}`, schemas, ref('E0'));
      const { code, report, seconds } = await boundedRun(server.url, file);
      expect(seconds).toBeLessThan(25);
      expect(code).toBe(1);
      const limits = report.findings.filter((f) => f.ruleId === 'contract-limit-reached');
      expect(limits.length).toBeGreaterThan(0);
      expect(limits.every((f) => f.severity === 'error')).toBe(true);
      expect(limits[0]?.message).toContain(
        'POST /v1/x answered 200: the body was not checked against the schema for POST /v1/x 200 application/json',
      );
      expect(limits[0]?.message).toContain('more than 1,000,000 schema applications');
      // ajv never ran on it: no schema error of the oneOf.
      expect(report.findings.filter((f) => f.ruleId === 'contract-schema')).toEqual([]);
    }, 45_000);
  });

  it('a schema whose branches multiply through a member: checked for `{}`, the limit for a deep answer', async () => {
    const schemas = chain(24, (n) => ({ type: 'object', properties: { a: { oneOf: [ref(n), ref(n)] } } }));
    const flat = await describeAs(server.folder, 'members', schemas, ref('E0'));
    const plain = await boundedRun(server.url, flat);
    expect(plain.report.findings.filter((f) => f.ruleId === 'contract-limit-reached')).toEqual([]);
    const nested = await describeAs(deepServer.folder, 'members', schemas, ref('E0'));
    const { report } = await boundedRun(deepServer.url, nested);
    expect(report.findings.filter((f) => f.ruleId === 'contract-limit-reached').length).toBeGreaterThan(0);
  }, 90_000);
});

describe('--max-run-time holds while inputs are made (o34r14)', () => {
  it('operations whose inputs take long to make: the run ends within a small margin of its budget', async () => {
    // Each body's pattern is matched, in linear time, by every value drawn for it: about a second per operation.
    const pattern = `^${'[a-z]{1,9}'.repeat(60)}$`;
    const paths: Record<string, object> = {};
    for (let i = 0; i < 12; i++)
      paths[`/v1/x${i}`] = {
        post: {
          operationId: `p${i}`,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['a'], properties: { a: { type: 'string', pattern } } },
              },
            },
          },
          responses: { '201': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      };
    const file = join(server.folder, 'slow-inputs.json');
    await writeFile(file, JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0' }, paths }));
    // The first in-process run loads vottur's modules: not part of the run's time.
    const trivial = join(server.folder, 'trivial.json');
    await writeFile(trivial, JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0' }, paths: {} }));
    await votturInProcess(['test', trivial, '--server', server.url, '--bearer', 'X', '-q']);
    const { code, report, seconds } = await gatedRun(server.url, file, '--max-run-time', '2');
    expect(code).toBe(1);
    expect(report.findings.map((f) => f.ruleId)).toContain('contract-run-budget');
    expect(seconds).toBeLessThan(5);
  }, 60_000);
});
