/**
 * Issue 34, outside attack o34r12 (B3, B4, B12, B13), over real HTTP through `main`:
 *
 * - B3: a description whose only operations are not sent (POST without --allow-unsafe-methods,
 *   TRACE) passed `test --gate` with "Coverage 0% … ✔ No problems found … Score 0/100 (F)", exit 0.
 *   An operation left untested is a `contract-operation-untested` finding: an error under a policy
 *   (the gated run fails); without one a warning (no format shows "no problems" beside it).
 * - B4: 12 levels of 8 required properties each `$ref`ing the next ran the coverage and fuzz
 *   phases past 60 s and 3 GB: flattening has a node budget, reached as contract-generation-limit.
 * - B12: 3,000 trivial operations kept a gated run fuzzing past 90 s: the run has a request and a
 *   time budget (`--max-requests`, `--max-run-time`), reached as a `contract-run-budget` error.
 * - B13: a path parameter `{type: string, enum: []}` (ajv will not compile it) was sent 107
 *   values as valid input: a schema that accepts no value is contract-generation-limit, as `not: {}` is.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { answeringServer } from './fixtures/refusing-server.js';

// Answers 200 `{}` to anything, as the attacker's server did.
const server = answeringServer('vottur-o34r12-', 200, 'application/json', {});

type Found = Array<{ ruleId: string; severity: string; message: string }>;
interface JsonReport {
  findings: Found;
  gate?: { passed: boolean };
}

async function describeAs(name: string, paths: object, components: object = {}): Promise<string> {
  const file = join(server.folder, `${name}.json`);
  await writeFile(
    file,
    JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1.0.0' }, paths, components }),
  );
  return file;
}

const created = {
  '201': {
    description: 'created',
    content: { 'application/json': { schema: { type: 'object' }, example: {} } },
  },
};
const body = {
  required: true,
  content: { 'application/json': { schema: { type: 'object' }, example: { a: 1 } } },
};

async function test(file: string, ...more: string[]) {
  const json = await votturInProcess([
    'test',
    file,
    '--server',
    server.url,
    '--bearer',
    'SECRETTOKEN123456',
    ...more,
    '-f',
    'json',
  ]);
  const stylish = await votturInProcess([
    'test',
    file,
    '--server',
    server.url,
    '--bearer',
    'SECRETTOKEN123456',
    ...more,
    '-q',
  ]);
  expect(json.stderr).not.toContain('unexpected failure');
  return {
    code: json.code,
    report: JSON.parse(json.stdout) as JsonReport,
    stylish: stylish.stdout,
    stylishCode: stylish.code,
  };
}

describe('an operation left untested is a finding (o34r12 B3)', () => {
  for (const [method, name] of [
    ['post', 'POST without --allow-unsafe-methods'],
    ['trace', 'TRACE'],
  ] as const) {
    it(`a description whose only operation is ${name} fails the gated run`, async () => {
      const file = await describeAs(`only-${method}`, {
        '/v1/things': { [method]: { operationId: 'things', requestBody: body, responses: created } },
      });
      const { code, report, stylish, stylishCode } = await test(file, '--gate');
      expect(code).toBe(1);
      expect(stylishCode).toBe(1);
      expect(report.gate?.passed).toBe(false);
      const untested = report.findings.filter((f) => f.ruleId === 'contract-operation-untested');
      expect(untested).toHaveLength(1);
      expect(untested[0]?.severity).toBe('error');
      expect(untested[0]?.message).toContain('was not tested');
      // No ✔ beside a failing F.
      expect(stylish).not.toContain('✔');
      expect(stylish).toContain('Score 0/100 (F)');
    });
  }

  it('without a policy the untested operation is a warning: no format shows a pass, the exit code as before', async () => {
    const file = await describeAs('only-post-free', {
      '/v1/things': { post: { operationId: 'things', requestBody: body, responses: created } },
    });
    const { code, report, stylish } = await test(file);
    expect(code).toBe(0);
    const untested = report.findings.filter((f) => f.ruleId === 'contract-operation-untested');
    expect(untested).toHaveLength(1);
    expect(untested[0]?.severity).toBe('warn');
    expect(untested[0]?.message).toMatch(/^POST \/v1\/things was not tested: .*unsafe/);
    expect(stylish).toContain('1 operation not tested');
    expect(stylish).toContain('Score 0/100 (F)');
    expect(stylish).not.toContain('No problems found');
    expect(stylish).not.toContain('✔');
    // The formats that print a verdict: it passes (exit 0), never with a bare passing mark. One
    // run writes them all (issue 35: a contract suite per format was six runs of the same test).
    const formats = ['markdown', 'html', 'github', 'junit', 'sarif', 'gitlab'];
    const out = await votturInProcess(
      [
        'test',
        file,
        '--server',
        server.url,
        '--bearer',
        'SECRETTOKEN123456',
        ...formats.flatMap((format) => ['-f', format, '-o', `only-post-free.${format}.out`]),
      ],
      { cwd: server.folder },
    );
    for (const format of formats) {
      const text = readFileSync(join(server.folder, `only-post-free.${format}.out`), 'utf8');
      expect(out.code, format).toBe(0);
      expect(text, format).toContain('contract-operation-untested');
      expect(text, format).not.toMatch(/✅|✔|No problems found|The run passes\./);
      if (format === 'markdown' || format === 'html')
        expect(text, format).toContain('The run passes, but 1 of 1 operation was not tested.');
    }
  });

  it('a tested operation gives no such finding', async () => {
    const file = await describeAs('tested-get', {
      '/v1/things': { get: { operationId: 'things', responses: { '200': created['201'] } } },
    });
    const { report } = await test(file, '--gate', '--phases', 'examples', '--no-dredd');
    expect(report.findings.filter((f) => f.ruleId === 'contract-operation-untested')).toEqual([]);
  });
});

describe('the run-wide budget (o34r12 B12)', () => {
  it('past --max-requests nothing more is sent, and contract-run-budget fails the gated run', async () => {
    const paths = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [
        `/v1/r${i}`,
        {
          get: {
            operationId: `r${i}`,
            parameters: [{ name: 'q', in: 'query', schema: { type: 'string', maxLength: 5 } }],
            responses: { '200': created['201'] },
          },
        },
      ]),
    );
    const file = await describeAs('many', paths);
    const before = server.received;
    const json = await votturInProcess([
      'test',
      file,
      '--server',
      server.url,
      '--gate',
      '--no-dredd',
      '--max-requests',
      '60',
      '-f',
      'json',
    ]);
    expect(json.code).toBe(1);
    expect(server.received - before).toBeLessThanOrEqual(60);
    const report = JSON.parse(json.stdout) as JsonReport;
    expect(report.gate?.passed).toBe(false);
    const spent = report.findings.filter((f) => f.ruleId === 'contract-run-budget');
    expect(spent).toHaveLength(1);
    expect(spent[0]?.severity).toBe('error');
    expect(spent[0]?.message).toContain('request budget of 60 requests (--max-requests)');
  });

  it('--max-requests and --max-run-time take whole numbers only', async () => {
    const file = await describeAs('one', { '/v1/x': { get: { responses: { '200': created['201'] } } } });
    for (const option of ['--max-requests', '--max-run-time']) {
      const result = await votturInProcess(['test', file, '--server', server.url, option, '0']);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(option);
    }
  });
});

describe('generation has a node budget (o34r12 B4)', () => {
  it('12 levels of 8 required properties end in seconds with a contract-generation-limit error', async () => {
    const schemas: Record<string, object> = { B12: { type: 'string' } };
    for (let level = 0; level < 12; level++)
      schemas[`B${level}`] = {
        type: 'object',
        required: Array.from({ length: 8 }, (_, i) => `p${i}`),
        properties: Object.fromEntries(
          Array.from({ length: 8 }, (_, i) => [`p${i}`, { $ref: `#/components/schemas/B${level + 1}` }]),
        ),
      };
    const file = await describeAs(
      'wide',
      {
        '/v1/x': {
          get: {
            parameters: [
              {
                name: 'f',
                in: 'query',
                required: true,
                style: 'deepObject',
                explode: true,
                schema: { $ref: '#/components/schemas/B0' },
              },
            ],
            responses: { '200': created['201'] },
          },
        },
      },
      { schemas },
    );
    const started = Date.now();
    const { code, report } = await test(
      file,
      '--gate',
      '--no-dredd',
      '--phases',
      'coverage,fuzz',
      '--max-examples',
      '5',
    );
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(code).toBe(1);
    const limits = report.findings.filter((f) => f.ruleId === 'contract-generation-limit');
    expect(limits.map((f) => f.message).join('\n')).toContain('more than 2,000 members');
    expect(limits.every((f) => f.severity === 'error')).toBe(true);
  }, 120_000);
});

describe('a schema that accepts no value (o34r12 B13)', () => {
  for (const [name, schema] of [
    ['enum: []', { type: 'string', enum: [] }],
    ['enum: [] under allOf', { allOf: [{ type: 'string' }, { enum: [] }] }],
  ] as const) {
    it(`a path parameter of ${name} is contract-generation-limit, its values never sent as valid`, async () => {
      const file = await describeAs(`none-${name.replace(/\W+/g, '-')}`, {
        '/v1/x/{id}': {
          get: {
            parameters: [{ name: 'id', in: 'path', required: true, schema }],
            responses: { '200': created['201'] },
          },
        },
      });
      const { code, report } = await test(file, '--gate', '--no-dredd', '--max-examples', '5');
      expect(code).toBe(1);
      const limits = report.findings.filter((f) => f.ruleId === 'contract-generation-limit');
      expect(limits.map((f) => f.message).join('\n')).toContain('enum is empty');
      expect(report.findings.filter((f) => f.ruleId === 'contract-positive-data-accepted')).toEqual([]);
    });
  }
});
