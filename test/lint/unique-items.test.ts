/**
 * Issue 34, B13: the structural validators (ajv standalone code shipped by
 * @stoplight/spectral-rulesets) checked `uniqueItems` pairwise, before any rule: 100,000 `tags`
 * took 151 s and 40,000 parameters of one operation 106 s, with no limit finding. Each pairwise
 * loop is rewritten to one pass over canonical keys (rulesets/lib/oas-schema.ts); growth is
 * measured by bench/scaling.ts (`--tags`, `--parameters`). Here: no pairwise loop is left, the
 * findings are ajv's own for any array, and the attack's input gives its finding over the CLI.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueItemsRewrite, validateOpenApiStructure } from '../../rulesets/lib/oas-schema.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';
import type { Finding } from '../../src/report/finding.js';
import { votturInProcess } from '../cli/run.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-unique-items-'));
mkdirSync(join(dir, '.git'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Validator = ((data: unknown) => boolean) & {
  errors?: Array<{ keyword: string; instancePath: string; message?: string }> | null;
};
/** The validators as shipped, with ajv's pairwise loops. */
const shipped = createRequire(import.meta.url)('@stoplight/spectral-rulesets/dist/oas/schemas/validators.js') as Record<
  'oas3_0' | 'oas3_1',
  Validator
>;

describe('uniqueItems in the structural validation (B13)', () => {
  it('no pairwise loop is left in the validators vottur runs', () => {
    expect(uniqueItemsRewrite.rewritten).toBeGreaterThan(0);
    expect(uniqueItemsRewrite.remaining).toBe(0);
  });

  it('over the CLI: 100,000 tags with one repeated give the duplicate finding (151 s before)', async () => {
    const tags = Array.from({ length: 100_000 }, (_, i) => ({ name: `t${i}` }));
    tags.push({ name: 't5' });
    writeFileSync(
      join(dir, 'tags.json'),
      JSON.stringify({ openapi: '3.0.3', info: { title: 'S', version: '1.0.0', description: 'x' }, paths: {}, tags }),
    );
    const result = await votturInProcess(['lint', 'tags.json', '--gate', '-f', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings;
    expect(findings.map((f) => f.message)).toContain(
      'Not valid OpenAPI 3.0: "tags" property must not have duplicate items (items ## 5 and 100000 are identical).',
    );
  });

  it('for any tags, parameters and security lists: the same uniqueItems findings as ajv`s pairwise check', () => {
    // Few distinct values, so duplicates are common; objects in any key order.
    const scalar = fc.constantFrom<unknown>('a', 'b', 0, -0, 1, true, null, 'x-y');
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('name', 'in', 'x-a', 'b'), tie('value'), { maxKeys: 3, noNullPrototype: true }),
      ),
    })).value;
    const tag = fc.record({ name: fc.constantFrom('p', 'q', 'r') }, { requiredKeys: [] }).chain((base) =>
      fc
        .dictionary(fc.constantFrom('x-a', 'x-b', 'description'), value, { maxKeys: 2, noNullPrototype: true })
        .map((extra) => ({
          ...extra,
          ...base,
        })),
    );
    const parameter = fc.record({
      name: fc.constantFrom('a', 'b'),
      in: fc.constantFrom('query', 'header'),
      schema: fc.constantFrom({ type: 'string' }, { type: 'integer' }),
    });
    fc.assert(
      fc.property(
        fc.constantFrom('3.0.3', '3.1.0'),
        fc.array(tag, { maxLength: 12 }),
        fc.array(parameter, { maxLength: 10 }),
        fc.array(
          fc.dictionary(fc.constantFrom('k', 'o'), fc.array(scalar, { maxLength: 3 }), {
            maxKeys: 2,
            noNullPrototype: true,
          }),
          {
            maxLength: 6,
          },
        ),
        (openapi, tags, parameters, security) => {
          // As a parser gives it: plain objects (fast-check may make null-prototype ones, which ajv's `equal` cannot read).
          const document: unknown = JSON.parse(
            JSON.stringify({
              openapi,
              info: { title: 'T', version: '1' },
              tags,
              security,
              paths: { '/a': { get: { parameters, responses: { '200': { description: 'ok' } } } } },
            }),
          );
          const validator = openapi.startsWith('3.1') ? shipped.oas3_1 : shipped.oas3_0;
          validator(document);
          const expected = (validator.errors ?? [])
            .filter((error) => error.keyword === 'uniqueItems')
            .map((error) => `${error.instancePath} ${error.message ?? ''}`.replace(/NOT/g, 'not'));
          const found = validateOpenApiStructure(document as Document)
            .filter((problem) => problem.message.includes('duplicate items'))
            .map(
              (problem) =>
                `/${problem.path.map((segment) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')} ${problem.message.replace(/^"[^"]*" property /, '')}`,
            );
          expect(found.map((line) => line.replace(/^\/ /, ' '))).toEqual(expected);
        },
      ),
      { numRuns: 300, seed: 34_13 },
    );
  });
});
