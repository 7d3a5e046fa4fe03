/**
 * Issue 34, attack r16 B4: a 1.2 MB example against `{type: array, uniqueItems: true}` of objects
 * took `lint --gate` 148 s, as ajv compares object items pair by pair. The work of validating an
 * example is now measured before ajv runs (rulesets/lib/openapi/example-work.ts); past
 * EXAMPLE_WORK the example is not checked, and the bound is a `vottur-walk-limit` error there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDocument } from '../../src/lint/lint.js';
import type { Finding } from '../../src/report/finding.js';
import { exampleWork, valueSizedWork } from '../../rulesets/lib/openapi/example-work.js';
import type { Document } from '../../rulesets/lib/openapi/types.js';

const dir = mkdtempSync(join(tmpdir(), 'vottur-example-work-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A description whose response example is `example`, against a `$ref`'d schema. */
function described(schema: unknown, example: unknown): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'T', version: '1.0.0', description: 'd' },
    paths: {
      '/v1/things': {
        get: {
          operationId: 'list',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' }, example } },
            },
          },
        },
      },
    },
    components: { schemas: { Body: schema } },
  });
}

async function lint(name: string, schema: unknown, example: unknown): Promise<Finding[]> {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, described(schema, example));
  return (await lintDocument(file, { cwd: dir })).findings;
}

const EXAMPLE_PATH = ['paths', '/v1/things', 'get', 'responses', '200', 'content', 'application/json', 'example'];
const uniqueObjects = { type: 'array', uniqueItems: true, items: { type: 'object' } };
/** `count` objects, the last a copy of the first (the example is invalid). */
const objects = (count: number) => [...Array.from({ length: count - 1 }, (_, i) => ({ a: i })), { a: 0 }];

describe('an example too costly to validate', () => {
  it('4,000 objects under `uniqueItems`: not checked, a vottur-walk-limit error on the example', async () => {
    const findings = await lint('unique-many', uniqueObjects, objects(4_000));
    const limit = findings.filter((finding) => finding.ruleId === 'vottur-walk-limit');
    expect(limit).toHaveLength(1);
    expect(limit[0]?.path).toEqual(EXAMPLE_PATH);
    expect(limit[0]?.message).toContain(
      'did not follow an example whose validation would take more than 500,000 steps',
    );
    expect(findings.filter((finding) => finding.ruleId === 'platform-example-valid')).toEqual([]);
  });

  it('a 300-character pattern over a 200,000-character string: not checked, a vottur-walk-limit error', async () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: `^${'a?'.repeat(149)}$` } } };
    const findings = await lint('pattern-long', schema, { s: 'b'.repeat(200_000) });
    const limit = findings.filter((finding) => finding.ruleId === 'vottur-walk-limit');
    expect(limit.map((finding) => finding.path)).toEqual([EXAMPLE_PATH]);
  });

  it('100 objects under `uniqueItems`: checked, the duplicate reported, no limit', async () => {
    const findings = await lint('unique-few', uniqueObjects, objects(100));
    expect(findings.filter((finding) => finding.ruleId === 'vottur-walk-limit')).toEqual([]);
    const invalid = findings.filter((finding) => finding.ruleId === 'platform-example-valid');
    expect(invalid.map((finding) => finding.path)).toEqual([EXAMPLE_PATH]);
    expect(invalid[0]?.message).toMatch(/does not match its schema.*duplicate/i);
  });
});

describe('exampleWork', () => {
  const document = JSON.parse(described(uniqueObjects, [])) as Document;
  it('charges n² / 2 pairs for objects, each with its key listing, n for hashed items, and stops at its limit', () => {
    // One key per item: each pair lists two keys (o34r18 B11), a tenth of an application each.
    expect(valueSizedWork(uniqueObjects, objects(101))).toBeCloseTo(((101 * 100) / 2 / 10) * (1 + 2 / 10));
    expect(valueSizedWork({ uniqueItems: true, items: { type: 'string' } }, ['a', 'b', 'c'])).toBe(3);
    const ref = { $ref: '#/components/schemas/Body' };
    expect(exampleWork(document, ref, ['x'], objects(101), 1e9)).toBeGreaterThan(500);
    expect(exampleWork(document, ref, ['x'], objects(4_000), 1_000)).toBe(Number.POSITIVE_INFINITY);
  });
});
