/**
 * Issue 34, o34r17 B9, over real HTTP: an answer of many objects checked against `items: {enum:
 * [many objects]}` made ajv deep-compare every item with every entry (3,000 × 3,000 objects of 40
 * keys: ~60 s on one answer, 39.9 s under `--max-run-time 10`, "1 of 1 operation passes"). The
 * comparisons are now charged in the validation work (schema-work.ts, `equalityWork` shared with
 * lint); past the bound the body is not checked and contract-limit-reached fails the operation.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { votturInProcess } from '../cli/run.js';
import { answeringServer } from './fixtures/refusing-server.js';
import { ValidationWork } from '../../src/contract/schema-work.js';

/** `count` objects of `keys` keys, alike but for `k0` (the key fast-deep-equal compares last). */
function entries(count: number, keys: number): Array<Record<string, number>> {
  return Array.from({ length: count }, (_, i) =>
    Object.fromEntries(Array.from({ length: keys }, (_, k) => [`k${k}`, k === 0 ? i : 0])),
  );
}

const list = entries(500, 20);
const server = answeringServer(
  'vottur-o34r17-enum-',
  200,
  'application/json',
  Array.from({ length: 500 }, () => list.at(-1)),
);

type Found = Array<{ ruleId: string; severity: string; message: string; path: Array<string | number> }>;

describe('an answer checked against an enum of many objects (o34r17 B9)', () => {
  it('500 objects of 20 keys against 500 entries under --max-run-time: not checked, contract-limit-reached', async () => {
    const file = join(server.folder, 'enum.json');
    await writeFile(
      file,
      JSON.stringify({
        openapi: '3.1.0',
        info: { title: 'T', version: '1.0.0' },
        paths: {
          '/v1/x': {
            get: {
              operationId: 'x',
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'array', items: { enum: list } } } },
                },
              },
            },
          },
        },
      }),
    );
    const { code, stdout, stderr } = await votturInProcess([
      'test',
      file,
      '--server',
      server.url,
      '--bearer',
      'SECRETTOKEN123456',
      '--phases',
      'examples',
      '--no-dredd',
      '--max-run-time',
      '10',
      '-f',
      'json',
    ]);
    expect(stderr).not.toContain('unexpected failure');
    const findings = (JSON.parse(stdout) as { findings: Found }).findings;
    expect(findings).toContainEqual(
      expect.objectContaining({
        ruleId: 'contract-limit-reached',
        severity: 'error',
        message: expect.stringMatching(
          /^GET \/v1\/x .*answered 200: the body was not checked against the schema for GET \/v1\/x 200 application\/json: checking it takes more than 1,000,000 schema applications .*an enum's or const's comparisons counted too/,
        ) as unknown,
        path: ['paths', '/v1/x', 'get', 'responses', '200', 'content', 'application/json', 'schema'],
      }),
    );
    expect(findings.map((finding) => finding.ruleId)).not.toContain('contract-run-budget');
    expect(code).not.toBe(0);
  }, 60_000);

  it('a short answer against a few objects, and scalars against a scalar enum, stay within the bound', () => {
    const work = new ValidationWork({ openapi: '3.1.0', paths: {} });
    const few = entries(20, 20);
    expect(work.within({ type: 'array', items: { enum: few } }, few)).toBe(true);
    const strings = Array.from({ length: 50 }, (_, i) => `s${i}`);
    expect(
      work.within(
        { type: 'array', items: { enum: strings } },
        Array.from({ length: 10_000 }, () => 's0'),
      ),
    ).toBe(true);
    expect(
      work.within(
        { type: 'array', items: { enum: list } },
        Array.from({ length: 500 }, () => list.at(-1)),
      ),
    ).toBe(false);
  });
});
